/**
 * `finredact submit --wait`: follows a batch until every file is done or has failed for good,
 * then writes the batch's reports (Results.xlsx, detections.jsonl) from the per-file results in
 * input order. A file is done when its result is in the batch's folder; one that failed every
 * attempt is reported with the queue's error, like any bad file; one whose job is gone from the
 * queue without a result (Redis lost it) is reported as lost.
 */
import { Queue } from 'bullmq';
import { errorFileResult, type FileResult } from '../domain/fileResult.js';
import { writeFileNames } from '../pipeline/outputNames.js';
import { writeReports } from '../pipeline/writeOutputs.js';
import { finishedIndexes, readManifest, readResult } from './batchFiles.js';
import { QUEUE_NAME, queueConnection } from './queueConnection.js';
import { jobId, type QueueJobData } from './queueJob.js';
import { checkRedis, displayQueueUrl, quietErrorReporter } from './redisReach.js';

export interface BatchProgress {
  readonly done: number;
  readonly failed: number;
  readonly total: number;
}

export interface WaitOptions {
  readonly pollMs?: number;
  readonly onProgress?: (progress: BatchProgress) => void;
  /** Told once per outage while Redis is away; the wait goes on until it is back. */
  readonly onNotice?: (message: string) => void;
}

/** How many unfinished jobs are asked about per poll: a huge batch is walked a slice at a time. */
const STATES_PER_POLL = 500;

export async function waitForBatch(
  queueUrl: string,
  outDir: string,
  batchId: string,
  { pollMs = 500, onProgress, onNotice }: WaitOptions = {},
): Promise<{ results: FileResult[]; written: string[] }> {
  await checkRedis(queueUrl);
  const manifest = await readManifest(outDir, batchId);
  const total = manifest.files.length;
  const failed = new Map<number, string>();
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: queueConnection(queueUrl) });
  // A restart mid-batch is ridden out (the connection waits for Redis); the operator is told once.
  queue.on(
    'error',
    quietErrorReporter(displayQueueUrl(queueUrl), (m) => onNotice?.(m)),
  );
  try {
    let cursor = 0;
    for (;;) {
      const finished = await finishedIndexes(outDir, batchId);
      const open = manifest.files.filter((f) => !finished.has(f.index) && !failed.has(f.index));
      onProgress?.({ done: finished.size, failed: failed.size, total });
      if (open.length === 0) break;
      cursor = cursor % open.length;
      for (const f of open.slice(cursor, cursor + STATES_PER_POLL)) {
        const id = jobId(batchId, f.index);
        const state = await queue.getJobState(id);
        if (state === 'failed') {
          const job = await queue.getJob(id);
          failed.set(f.index, job?.failedReason ?? 'failed');
        } else if (state === 'unknown' && !(await finishedIndexes(outDir, batchId)).has(f.index)) {
          failed.set(f.index, 'its job is no longer in the queue and no result was written');
        }
      }
      cursor += STATES_PER_POLL;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  } finally {
    await queue.close();
  }
  const results: FileResult[] = [];
  const renamed = new Map<string, string>();
  for (const f of manifest.files) {
    const reason = failed.get(f.index);
    if (reason !== undefined) {
      results.push(
        errorFileResult(f, `${f.relativePath}: processing failed on the queue (${reason})`),
      );
      continue;
    }
    const stored = await readResult(outDir, batchId, f.index);
    results.push(...stored.results);
    for (const [from, to] of stored.renamed) renamed.set(from, to);
  }
  const written = await writeReports(results, outDir, manifest.options);
  if (renamed.size > 0) written.push(await writeFileNames(outDir, renamed));
  return { results, written };
}
