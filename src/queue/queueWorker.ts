/**
 * `finredact worker`: takes jobs from the queue and runs each through the same processing as
 * `finredact redact` (src/pipeline/processOne.ts), writing the file's outputs and its result
 * atomically into the batch's output folder. Processing is at-least-once: a job whose worker
 * died is taken again once its lock expires, and writes the same files again. A job that throws
 * (an output that cannot be written, say) is retried with backoff and, after its last attempt,
 * left failed with its error; a bad input file is not a failure but a result with its error.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, type Job } from 'bullmq';
import { detectionCount } from '../domain/fileResult.js';
import { createRunDetector, type RunDetector } from '../pipeline/createRunDetector.js';
import { processOne } from '../pipeline/processOne.js';
import type { RedactOptions } from '../pipeline/redactOptions.js';
import { writeResult } from './batchFiles.js';
import { QUEUE_NAME, queueConnection } from './queueConnection.js';
import { checkRedis, displayQueueUrl, quietErrorReporter } from './redisReach.js';
import type { QueueJobData, QueueJobResult } from './queueJob.js';

export interface WorkerOptions {
  readonly queueUrl: string;
  /** Jobs processed at once by this worker. */
  readonly concurrency: number;
  /** How long a job stays claimed by a worker that stopped answering before others take it. */
  readonly lockMs: number;
  /** The model's intra-op threads in this worker. */
  readonly modelThreads: number;
  readonly onEvent?: (event: WorkerEvent) => void;
}

export type WorkerEvent =
  | { readonly type: 'done'; readonly relativePath: string; readonly status: string }
  | {
      readonly type: 'failed';
      readonly relativePath: string;
      readonly error: string;
      readonly final: boolean;
    }
  | { readonly type: 'notice'; readonly message: string };

/** Detectors by the options that shape them: one per batch's settings, the last few kept. */
class DetectorCache {
  private readonly byKey = new Map<string, Promise<RunDetector>>();

  constructor(
    private readonly onNotice: (message: string) => void,
    private readonly threads: number,
  ) {}

  get(opts: RedactOptions): Promise<RunDetector> {
    const key = JSON.stringify([
      opts.types,
      opts.ner,
      opts.nerThreshold,
      opts.recognizers,
      opts.propagate,
    ]);
    let detector = this.byKey.get(key);
    if (!detector) {
      detector = createRunDetector({ ...opts, nerThreads: this.threads }, this.onNotice);
      this.byKey.set(key, detector);
      // Only forgotten, not closed: a job of that batch may still be using it, and the model
      // underneath is shared by every detector of the process (closed at shutdown).
      while (this.byKey.size > 3) this.byKey.delete(this.byKey.keys().next().value as string);
    }
    return detector;
  }

  async close(): Promise<void> {
    for (const d of this.byKey.values()) await (await d).close?.();
    this.byKey.clear();
  }
}

async function runJob(job: Job<QueueJobData>, detectors: DetectorCache): Promise<QueueJobResult> {
  const d = job.data;
  let file = d.file;
  let scratch: string | undefined;
  if (d.source.kind === 'bytes') {
    scratch = await mkdtemp(join(tmpdir(), 'finredact-job-'));
    file = join(scratch, d.source.name);
    await writeFile(file, Buffer.from(d.source.base64, 'base64'));
  }
  try {
    const detector = await detectors.get(d.options);
    // Results name the file the user submitted (and what it holds there), not this worker's copy.
    const { results, renamed } = await processOne(
      {
        file,
        relativePath: d.relativePath,
        shownAs: d.file,
        ...(d.taken ? { taken: d.taken } : {}),
      },
      detector,
      d.options,
      d.outDir,
      d.names,
    );
    await writeResult(d.outDir, d.batchId, d.index, results, renamed);
    return {
      status: results[0]!.status,
      detections: results.reduce((sum, r) => sum + detectionCount(r), 0),
    };
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}

export interface RunningWorker {
  /** Finishes the jobs in hand (others are left for other workers), then disconnects. */
  close(): Promise<void>;
  /** Jobs this worker is processing now. */
  inHand(): number;
}

/** How a stop ended: every job in hand finished and recorded, or some left for other workers. */
export type StopOutcome =
  | { readonly kind: 'finished' }
  | { readonly kind: 'dropped'; readonly jobs: number; readonly why: string };

/**
 * Stops a worker within `graceMs` whatever Redis does. While Redis answers, the jobs in hand get
 * that long to finish and be recorded; if Redis does not answer, or time runs out, they are
 * dropped: their locks expire and another worker takes them (at-least-once, same outputs).
 */
export async function stopWorker(
  worker: RunningWorker,
  queueUrl: string,
  graceMs: number,
  now: AbortSignal | undefined = undefined,
): Promise<StopOutcome> {
  const jobs = worker.inHand();
  const closed = worker.close().then(() => 'closed' as const);
  // Closing when Redis is gone would wait for it for ever; ask it once, briefly.
  const reachable = checkRedis(queueUrl, Math.min(2000, graceMs)).then(
    () => 'reachable' as const,
    (error: Error) => ({ unreachable: error.message }),
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), graceMs);
  });
  const forced = new Promise<'forced'>((resolve) => {
    if (now?.aborted) resolve('forced');
    now?.addEventListener('abort', () => resolve('forced'));
  });
  try {
    const first = await Promise.race([closed, reachable, deadline, forced]);
    if (first === 'closed') return { kind: 'finished' };
    if (typeof first === 'object') {
      // Closed at once with nothing in hand (nothing to record) is still a clean stop.
      const late = await Promise.race([closed, new Promise((r) => setTimeout(r, 200))]);
      if (late === 'closed') return { kind: 'finished' };
      return { kind: 'dropped', jobs, why: first.unreachable };
    }
    const then = await Promise.race([closed, deadline, forced]);
    if (then === 'closed') return { kind: 'finished' };
    return {
      kind: 'dropped',
      jobs: worker.inHand(),
      why: then === 'forced' ? 'stopped again before they finished' : 'they did not finish in time',
    };
  } finally {
    clearTimeout(timer);
  }
}

export async function startWorker(opts: WorkerOptions): Promise<RunningWorker> {
  const notice = (message: string) => opts.onEvent?.({ type: 'notice', message });
  await checkRedis(opts.queueUrl);
  // In hand from the moment a job is taken until Redis has recorded how it ended: a job whose
  // outputs are written but whose completion Redis never heard of is still in hand.
  const inHand = new Set<string | undefined>();
  const detectors = new DetectorCache(notice, opts.modelThreads);
  const worker = new Worker<QueueJobData, QueueJobResult>(
    QUEUE_NAME,
    (job) => runJob(job, detectors),
    {
      connection: queueConnection(opts.queueUrl),
      concurrency: opts.concurrency,
      lockDuration: opts.lockMs,
      stalledInterval: Math.max(500, Math.round(opts.lockMs / 2)),
      // A job whose worker died twice is still taken again; a third time it fails, reported.
      maxStalledCount: 2,
    },
  );
  worker.on('active', (job) => inHand.add(job.id));
  worker.on('completed', (job, result) => {
    inHand.delete(job.id);
    opts.onEvent?.({ type: 'done', relativePath: job.data.relativePath, status: result.status });
  });
  worker.on('failed', (job, error) => {
    if (!job) return;
    inHand.delete(job.id);
    opts.onEvent?.({
      type: 'failed',
      relativePath: job.data.relativePath,
      error: error.message,
      final: job.attemptsMade >= (job.opts.attempts ?? 1),
    });
  });
  worker.on('error', quietErrorReporter(displayQueueUrl(opts.queueUrl), notice));
  await worker.waitUntilReady();
  return {
    close: async () => {
      await worker.close();
      await detectors.close();
    },
    inHand: () => inHand.size,
  };
}
