import os from 'node:os';
import type Tesseract from 'tesseract.js';

/** tesseract.js hands back the Node worker thread as `worker`; we use it only to ref/unref. */
interface ThreadHandle {
  ref(): void;
  unref(): void;
}

interface PooledWorker {
  readonly engine: Tesseract.Worker;
  /** The DPI last set on this worker, so parameters are sent only when they change. */
  dpi: number | undefined;
  /** Runs out while the worker sits idle; then the worker is terminated. */
  idleTimer?: NodeJS.Timeout;
}

/**
 * How long a worker may sit idle before it is terminated. Long enough to stay warm between the
 * files of a batch (a start costs about a second), short enough that a long-lived host (the
 * app's bridge) gets the memory back (each worker holds a wasm heap of 100–200 MB).
 */
export const DEFAULT_IDLE_MS = 30_000;

/** tesseract.js is loaded with the first worker, not with the pool: most runs never OCR. */
function ocrEngine(): Promise<typeof import('./ocrEngine.js')> {
  return import('./ocrEngine.js');
}

/**
 * A fixed-size pool of tesseract.js workers (one wasm engine per thread; each is single-threaded,
 * so one per core is the throughput optimum). Workers are created on first demand, kept warm
 * between files (start-up reads ~11 MB of traineddata), unref'd while idle so a forgotten pool
 * never keeps the process alive, and terminated after `idleMs` without work; `close()`
 * terminates them at once.
 */
export class OcrPool {
  private readonly idle: PooledWorker[] = [];
  private readonly all: PooledWorker[] = [];
  private readonly waiters: { resolve: (w: PooledWorker) => void; reject: (e: Error) => void }[] =
    [];
  private creating = 0;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly idleMs: number = DEFAULT_IDLE_MS,
  ) {
    if (!Number.isInteger(size) || size < 1)
      throw new Error(`OCR pool size must be ≥ 1, got ${size}`);
  }

  /** Number of workers started so far (≤ size). */
  get started(): number {
    return this.all.length + this.creating;
  }

  async withWorker<T>(dpi: number, job: (engine: Tesseract.Worker) => Promise<T>): Promise<T> {
    const worker = await this.acquire();
    try {
      if (worker.dpi !== dpi) {
        await worker.engine.setParameters((await ocrEngine()).engineParameters(dpi));
        worker.dpi = dpi;
      }
      return await job(worker.engine);
    } finally {
      this.release(worker);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('OCR pool is closed'));
    const workers = this.all.splice(0);
    for (const w of this.idle.splice(0)) clearTimeout(w.idleTimer);
    await Promise.all(workers.map((w) => w.engine.terminate().catch(() => undefined)));
  }

  private async acquire(): Promise<PooledWorker> {
    if (this.closed) throw new Error('OCR pool is closed');
    const ready = this.idle.pop();
    if (ready) {
      clearTimeout(ready.idleTimer);
      thread(ready).ref();
      return ready;
    }
    if (this.started < this.size) return this.start();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private async start(): Promise<PooledWorker> {
    this.creating += 1;
    try {
      const engine = await (await ocrEngine()).createOfflineWorker();
      const worker: PooledWorker = { engine, dpi: undefined };
      this.all.push(worker);
      return worker;
    } catch (error) {
      throw new Error(`could not start the OCR engine: ${String(error)}`, { cause: error });
    } finally {
      this.creating -= 1;
    }
  }

  private release(worker: PooledWorker): void {
    if (this.closed) {
      void worker.engine.terminate().catch(() => undefined);
      return;
    }
    const next = this.waiters.shift();
    if (next) {
      next.resolve(worker);
      return;
    }
    thread(worker).unref();
    this.idle.push(worker);
    worker.idleTimer = setTimeout(() => this.retire(worker), this.idleMs);
    worker.idleTimer.unref();
  }

  private retire(worker: PooledWorker): void {
    const idleAt = this.idle.indexOf(worker);
    if (idleAt < 0) return;
    this.idle.splice(idleAt, 1);
    this.all.splice(this.all.indexOf(worker), 1);
    void worker.engine.terminate().catch(() => undefined);
  }
}

function thread(worker: PooledWorker): ThreadHandle {
  return (worker.engine as unknown as { worker: ThreadHandle }).worker;
}

/** Pool size: one worker per core unless FINREDACT_OCR_WORKERS says otherwise. */
export function defaultPoolSize(): number {
  const fromEnv = Number(process.env.FINREDACT_OCR_WORKERS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(1, os.availableParallelism());
}

let shared: OcrPool | undefined;

/** The process-wide pool, created lazily so runs without scans never start an OCR worker. */
export function sharedOcrPool(): OcrPool {
  shared ??= new OcrPool(defaultPoolSize());
  return shared;
}

/** Terminates the OCR workers; call once when a run ends. Safe to call when OCR never ran. */
export async function closeOcr(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
