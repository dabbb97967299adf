/**
 * `finredact submit`: one job per input file on the queue, the batch's manifest in its output
 * folder. Options that need every file at once (`--propagate batch`, `--consistent batch`,
 * `--mapping`, `--rename`) are refused: queued files are processed apart, on any worker.
 */
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { Queue } from 'bullmq';
import { errorFileResult } from '../domain/fileResult.js';
import { UsageError } from '../domain/usageError.js';
import { collectInputs, pathsInsideContainers } from '../pipeline/collectInputs.js';
import { checkOutputLocation } from '../pipeline/checkOutputLocation.js';
import { checkEarlierOutputs } from '../pipeline/earlierOutputs.js';
import type { RedactOptions } from '../pipeline/redactOptions.js';
import { validateRedactOptions } from '../pipeline/runBatch.js';
import { plannedOutputNames } from '../pipeline/writeOutputs.js';
import { writeManifest, writeResult, type BatchFile } from './batchFiles.js';
import { QUEUE_NAME, queueConnection } from './queueConnection.js';
import { checkRedis, displayQueueUrl, quietErrorReporter } from './redisReach.js';
import { jobId, type JobSource, type QueueJobData } from './queueJob.js';

/** Files sent as bytes are kept in Redis until processed: a bound keeps its memory sane. */
export const MAX_SENT_BYTES = 64 * 1024 * 1024;

export interface SubmitOptions {
  readonly queueUrl: string;
  readonly outDir: string;
  readonly options: RedactOptions;
  /** `path`: workers read the file where it is (a shared folder); `bytes`: it travels in the job. */
  readonly send: 'path' | 'bytes';
  /** Tries per file before it is reported failed. */
  readonly attempts: number;
  /** Told once per outage if Redis goes away while jobs are being queued. */
  readonly onNotice?: (message: string) => void;
}

export interface SubmittedBatch {
  readonly batchId: string;
  readonly queued: number;
  readonly total: number;
}

export function checkQueueOptions(opts: RedactOptions): void {
  validateRedactOptions(opts);
  const batchWide = [
    opts.propagate === 'batch' ? '--propagate batch' : undefined,
    opts.consistent === 'batch' ? '--consistent batch' : undefined,
    opts.mappingFile !== undefined ? '--mapping' : undefined,
    opts.rename ? '--rename' : undefined,
  ].filter((o): o is string => o !== undefined);
  if (batchWide.length > 0) {
    throw new UsageError(
      `${batchWide.join(', ')} needs every file of the run at once; queued files are processed apart — use "finredact redact" for it`,
    );
  }
}

export async function submitBatch(
  inputs: readonly string[],
  { queueUrl, outDir: out, options, send, attempts, onNotice }: SubmitOptions,
): Promise<SubmittedBatch> {
  if (inputs.length === 0) throw new UsageError('no input files or folders given');
  checkQueueOptions(options);
  const connection = queueConnection(queueUrl);
  // Before anything is written: a wrong address is one line and exit 2, not a hang.
  await checkRedis(queueUrl);
  const outDir = resolve(out);
  for (const input of inputs) {
    await stat(input).catch(() => {
      throw new UsageError(`no such file or folder: ${input}`);
    });
  }
  await checkOutputLocation(outDir, inputs);
  await checkEarlierOutputs(outDir, options.overwrite ?? false);
  const collected = await collectInputs(inputs);
  const files = collected.filter((f) => resolve(f.file) !== resolve(options.recognizersFile ?? ''));
  if (files.length === 0) {
    throw new UsageError(`no files found in ${inputs.join(', ')} (hidden files are skipped)`);
  }
  const names = plannedOutputNames(
    files.map((f) => f.relativePath),
    options.formats,
  );
  const batchId = `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${randomUUID().slice(0, 8)}`;
  const inside = pathsInsideContainers(files.map((f) => f.relativePath));
  const batchFiles: BatchFile[] = files.map((f, index) => ({
    index,
    file: f.file,
    relativePath: f.relativePath,
    names: names[index]!,
    ...(inside.has(index) ? { taken: inside.get(index)! } : {}),
    ...(f.unprocessable ? { unprocessable: f.unprocessable } : {}),
  }));
  // The recognizers file was read here; workers get its contents, not its path.
  const {
    recognizersFile: _file,
    mappingFile: _mapping,
    overwrite: _overwrite,
    ...shared
  } = options;
  await writeManifest({
    batchId,
    created: new Date().toISOString(),
    outDir,
    options: shared,
    files: batchFiles,
  });
  for (const f of batchFiles) {
    if (f.unprocessable) {
      await writeResult(outDir, batchId, f.index, [
        errorFileResult(f, f.unprocessable.message, f.unprocessable.status),
      ]);
    }
  }
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection });
  queue.on(
    'error',
    quietErrorReporter(displayQueueUrl(queueUrl), (m) => onNotice?.(m)),
  );
  let queued = 0;
  try {
    const pending = batchFiles.filter((f) => !f.unprocessable);
    // A thousand jobs per round trip: a large archive is queued in minutes, not hours.
    for (let from = 0; from < pending.length; from += 1000) {
      const jobs = [];
      for (const f of pending.slice(from, from + 1000)) {
        jobs.push({
          name: 'redact',
          data: {
            batchId,
            index: f.index,
            outDir,
            file: f.file,
            relativePath: f.relativePath,
            names: f.names,
            ...(f.taken ? { taken: f.taken } : {}),
            source: await sourceOf(f.file, send),
            options: shared,
          },
          opts: {
            jobId: jobId(batchId, f.index),
            attempts,
            backoff: { type: 'exponential' as const, delay: 1000 },
            removeOnComplete: true,
            removeOnFail: false,
          },
        });
      }
      await queue.addBulk(jobs);
      queued += jobs.length;
    }
  } finally {
    await queue.close();
  }
  return { batchId, queued, total: batchFiles.length };
}

async function sourceOf(file: string, send: 'path' | 'bytes'): Promise<JobSource> {
  if (send === 'path') return { kind: 'path', path: file };
  const size = (await stat(file)).size;
  if (size > MAX_SENT_BYTES) {
    throw new UsageError(
      `${basename(file)} is ${(size / 1024 / 1024).toFixed(0)} MB; --send bytes takes files up to ${MAX_SENT_BYTES / 1024 / 1024} MB — put large files where the workers can read them and use --send path`,
    );
  }
  return { kind: 'bytes', name: basename(file), base64: (await readFile(file)).toString('base64') };
}
