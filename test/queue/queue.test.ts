/**
 * A batch through the queue: `finredact submit` + workers on a Redis server started here, against
 * `finredact redact` on the same generated files. Per-file outputs must be byte-identical and the
 * detections the same; a worker killed mid-batch (SIGKILL) or Redis restarted mid-batch (its
 * append-only file on) must still leave every file done or failed, none lost, none twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileResult } from '../../src/domain/fileResult.js';
import { DEFAULT_REDACT_OPTIONS, type RedactOptions } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { Queue } from 'bullmq';
import { finishedIndexes } from '../../src/queue/batchFiles.js';
import { QUEUE_NAME, queueConnection } from '../../src/queue/queueConnection.js';
import { jobId } from '../../src/queue/queueJob.js';
import { submitBatch } from '../../src/queue/submitBatch.js';
import { waitForBatch } from '../../src/queue/waitForBatch.js';
import { csvFixture } from '../../templates/office/sheetFixtures.js';
import { filesUnder, makeTempDir, type TempDir } from '../io/fixtures.js';
import { REDIS_MISSING, redisAvailable, RedisServer } from './redisServer.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'src/cli/main.ts');
// Patterns only: the model's results are the same through both paths, and it would only slow
// the test; verify 'pixels' keeps the PDFs' OCR read-back, the slow part a queue spreads.
const OPTIONS: RedactOptions = { ...DEFAULT_REDACT_OPTIONS, ner: false, concurrency: 1 };
const ZIP_DATE = new Date('2026-01-02T03:04:05Z');
const NAMED_IBAN = 'GB33BUKB20201555555555';

if (!redisAvailable) console.log(`queue tests skipped: ${REDIS_MISSING}`);

let dir: TempDir;
let redis: RedisServer;
const workers: ChildProcess[] = [];

/**
 * The generator's sample documents (text, PDF, Word), a client-list CSV and, with `containers`,
 * the demo e-mail with its attachments and a .zip holding a letter, a text and that e-mail.
 */
async function makeInputs(folder: string, copies = 1, containers = false): Promise<string> {
  const samples = join(ROOT, 'samples');
  const inDir = join(dir.path, folder);
  for (let c = 0; c < copies; c++) {
    for (const name of await readdir(samples)) {
      if (name.endsWith('.yaml') || (name.endsWith('.eml') && !containers)) continue;
      await dir.file(
        join(folder, c === 0 ? name : `copy${c}-${name}`),
        await readFile(join(samples, name)),
      );
    }
  }
  if (containers) {
    const zip = new JSZip();
    for (const name of ['invoice-en_GB.txt', 'engagement-letter-de.docx', 'client-email-en_GB.eml'])
      zip.file(`papers/${name}`, await readFile(join(samples, name)), { date: ZIP_DATE });
    // A name that gives a value away: redacted in the outputs, kept in file-names.csv.
    zip.file(`papers/${NAMED_IBAN}.txt`, 'Statement attached.', { date: ZIP_DATE });
    await dir.file(join(folder, 'papers.zip'), await zip.generateAsync({ type: 'nodebuffer' }));
  }
  await dir.file(join(folder, 'clients.csv'), csvFixture());
  return inDir;
}

function startWorker(url: string): ChildProcess & { done: Promise<void> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, 'worker', '--queue', url, '--lock-timeout', '2'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  ) as ChildProcess & { done: Promise<void> };
  let firstDone: () => void = () => undefined;
  child.done = new Promise((resolve) => (firstDone = resolve));
  child.stdout?.on('data', (d: Buffer) => {
    if (d.toString().includes('done ')) firstDone();
  });
  child.stderr?.resume();
  workers.push(child);
  return child;
}

async function stopWorkers(): Promise<void> {
  await Promise.all(
    workers.splice(0).map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.exitCode !== null || w.signalCode !== null) return resolve();
          w.once('exit', () => resolve());
          w.kill('SIGTERM');
        }),
    ),
  );
}

function submit(inputs: string, outDir: string, send: 'path' | 'bytes' = 'path', attempts = 3) {
  return submitBatch([inputs], { queueUrl: redis.url, outDir, options: OPTIONS, send, attempts });
}

async function summaryFiles(outDir: string): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(outDir, 'Results.xlsx'));
  return wb.getWorksheet('Summary')!.getColumn(1).values.slice(2).map(String);
}

function checkAccounted(results: readonly FileResult[], expected: number): void {
  expect(results).toHaveLength(expected);
  for (const r of results) expect(['ok', 'error']).toContain(r.status);
  expect(new Set(results.map((r) => r.relativePath)).size).toBe(expected);
}

beforeAll(async () => {
  dir = await makeTempDir();
  if (redisAvailable) redis = await RedisServer.start();
});
afterAll(async () => {
  await stopWorkers();
  await redis?.remove();
  await dir.remove();
});

describe.skipIf(!redisAvailable)('the queue', () => {
  it('gives the same per-file outputs, byte for byte, and the same detections as redact, an e-mail with its attachments and an archive with its files too', async () => {
    const inputs = await makeInputs('same', 1, true);
    const reference = join(dir.path, 'out-redact');
    const direct = await runBatch([inputs], reference, OPTIONS);

    startWorker(redis.url);
    startWorker(redis.url);
    const queued = join(dir.path, 'out-queue');
    const batch = await submit(inputs, queued, 'path', 3);
    const { results } = await waitForBatch(redis.url, queued, batch.batchId, { pollMs: 200 });
    await stopWorkers();

    expect(results.map((r) => [r.relativePath, r.status])).toEqual(
      direct.map((r) => [r.relativePath, r.status]),
    );
    expect(results.map((r) => r.spans.map((s) => [s.start, s.end, s.type]))).toEqual(
      direct.map((r) => r.spans.map((s) => [s.start, s.end, s.type])),
    );
    const perFile = (await filesUnder(reference)).filter((f) => /^(anonymized|redacted)\//.test(f));
    expect(perFile.length).toBeGreaterThanOrEqual(10);
    expect((await filesUnder(queued)).filter((f) => /^(anonymized|redacted)\//.test(f))).toEqual(
      perFile,
    );
    for (const f of perFile) {
      expect(
        Buffer.compare(await readFile(join(reference, f)), await readFile(join(queued, f))),
        f,
      ).toBe(0);
    }
    expect(await summaryFiles(queued)).toEqual(await summaryFiles(reference));
    // The containers were opened, not answered with an error: their files were redacted, the
    // e-mail rebuilt with its attachments' copies, the archive repacked.
    expect(perFile).toEqual(
      expect.arrayContaining([
        'redacted/client-email-en_GB.eml',
        'redacted/papers.zip',
        'redacted/papers/papers/client-email-en_GB.eml',
      ]),
    );
    expect(
      perFile.filter((f) => f.startsWith('anonymized/client-email-en_GB/attachments/')),
    ).not.toHaveLength(0);
    expect(results.find((r) => r.relativePath === 'papers.zip')?.status).toBe('skipped');
    expect(perFile.some((f) => f.includes(NAMED_IBAN))).toBe(false);
    const names = await readFile(join(queued, 'file-names.csv'), 'utf8');
    expect(names).toContain(NAMED_IBAN);
    expect(names).toBe(await readFile(join(reference, 'file-names.csv'), 'utf8'));
    expect(results.filter((r) => r.relativePath.startsWith('papers/')).length).toBeGreaterThan(3);
  }, 240_000);

  it('loses no file and counts none twice when a worker is killed mid-batch', async () => {
    const inputs = await makeInputs('kill', 2);
    const out = join(dir.path, 'out-kill');
    const batch = await submit(inputs, out, 'bytes', 3);
    const doomed = startWorker(redis.url);
    startWorker(redis.url);
    await doomed.done;
    doomed.kill('SIGKILL');
    const { results } = await waitForBatch(redis.url, out, batch.batchId, { pollMs: 200 });
    await stopWorkers();
    checkAccounted(results, batch.total);
    // The killed worker's job was taken again once its lock expired: every file is redacted.
    expect(results.filter((r) => r.status !== 'ok').map((r) => r.error)).toEqual([]);
    const listed = await summaryFiles(out);
    expect(listed).toHaveLength(batch.total);
    expect(new Set(listed).size).toBe(batch.total);
  }, 240_000);

  it('completes a batch when Redis is restarted in the middle of it', async () => {
    const inputs = await makeInputs('restart', 2);
    const out = join(dir.path, 'out-restart');
    const batch = await submit(inputs, out, 'path', 3);
    const worker = startWorker(redis.url);
    await worker.done;
    await redis.restart();
    const { results } = await waitForBatch(redis.url, out, batch.batchId, { pollMs: 200 });
    await stopWorkers();
    checkAccounted(results, batch.total);
    expect(results.filter((r) => r.status !== 'ok').map((r) => r.error)).toEqual([]);
  }, 240_000);

  it('reports a file whose job failed every attempt like any bad file, with the error', async () => {
    const inputs = join(dir.path, 'failing');
    await dir.file('failing/note.txt', 'Write to jo.bloggs@example.org');
    const out = join(dir.path, 'out-failing');
    const batch = await submit(inputs, out, 'path', 2);
    // A file where the anonymised-text folder must be: that output cannot be written.
    await dir.file('out-failing/anonymized', 'not a folder');
    startWorker(redis.url);
    const { results } = await waitForBatch(redis.url, out, batch.batchId, { pollMs: 200 });
    await stopWorkers();
    expect(results.map((r) => r.status)).toEqual(['error']);
    expect(results[0]!.error).toMatch(
      /note\.txt: processing failed on the queue \(.*(ENOTDIR|EEXIST)/,
    );
    expect(await summaryFiles(out)).toEqual(['note.txt']);
  }, 120_000);

  it('lets a worker stopped with SIGTERM finish the job in hand', async () => {
    const inputs = join(dir.path, 'graceful');
    await dir.file(
      'graceful/letter.pdf',
      await readFile(join(ROOT, 'samples', 'tax-letter-en_US.pdf')),
    );
    const out = join(dir.path, 'out-graceful');
    const batch = await submit(inputs, out, 'path', 1);
    const worker = startWorker(redis.url);
    const queue = new Queue(QUEUE_NAME, { connection: queueConnection(redis.url) });
    try {
      for (let i = 0; i < 400; i++) {
        if ((await queue.getJobState(jobId(batch.batchId, 0))) === 'active') break;
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await queue.close();
    }
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The job was finished, not dropped: its result is there without another worker.
    expect([...(await finishedIndexes(out, batch.batchId))]).toEqual([0]);
    const { results } = await waitForBatch(redis.url, out, batch.batchId, { pollMs: 200 });
    expect(results.map((r) => r.status)).toEqual(['ok']);
  }, 120_000);
});
