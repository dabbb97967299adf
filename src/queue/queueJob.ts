/** One queued file: enough for any worker to process it and write its outputs. */
import type { FileOutputNames } from '../pipeline/writeOutputs.js';
import type { RedactOptions } from '../pipeline/redactOptions.js';

export type JobSource =
  /** A path every worker can read (a shared folder). */
  | { readonly kind: 'path'; readonly path: string }
  /** The file itself, for workers that cannot see the submitter's disk. */
  | { readonly kind: 'bytes'; readonly name: string; readonly base64: string };

export interface QueueJobData {
  readonly batchId: string;
  readonly index: number;
  readonly outDir: string;
  readonly file: string;
  readonly relativePath: string;
  readonly names: FileOutputNames;
  /** The batch's other paths inside this file's folder, when it holds files (an e-mail, a zip). */
  readonly taken?: readonly string[];
  readonly source: JobSource;
  readonly options: RedactOptions;
}

export interface QueueJobResult {
  readonly status: 'ok' | 'error' | 'skipped';
  readonly detections: number;
}

/** Job ids are the batch id and the file's index: adding a file twice adds it once. */
export function jobId(batchId: string, index: number): string {
  return `${batchId}-${index}`;
}
