/**
 * What a batch keeps in its output folder, which submitter and workers share: the manifest (its
 * files, in input order, and the options) and one result file per processed file. Redis holds
 * only the queue; the results and outputs live with the files they describe, so a batch can be
 * collected again from its folder.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileResult } from '../domain/fileResult.js';
import type { FileOutputNames } from '../pipeline/writeOutputs.js';
import type { RedactOptions } from '../pipeline/redactOptions.js';
import { writeFileAtomic } from '../shared/writeFileAtomic.js';

export const BATCH_DIR = '.finredact-queue';

export interface BatchFile {
  readonly index: number;
  readonly file: string;
  readonly relativePath: string;
  readonly names: FileOutputNames;
  /** The batch's other paths inside this file's folder, when it holds files (an e-mail, a zip). */
  readonly taken?: readonly string[];
  /** Listed but not queued (a hidden file): its result is written at submission. */
  readonly unprocessable?: { readonly status: 'skipped' | 'error'; readonly message: string };
}

export interface BatchManifest {
  readonly batchId: string;
  readonly created: string;
  readonly outDir: string;
  readonly options: RedactOptions;
  readonly files: readonly BatchFile[];
}

export function batchDir(outDir: string, batchId: string): string {
  return join(outDir, BATCH_DIR, batchId);
}

export function resultPath(outDir: string, batchId: string, index: number): string {
  return join(batchDir(outDir, batchId), 'results', `${index}.json`);
}

export async function writeManifest(manifest: BatchManifest): Promise<void> {
  await mkdir(join(batchDir(manifest.outDir, manifest.batchId), 'results'), { recursive: true });
  await writeFileAtomic(
    join(batchDir(manifest.outDir, manifest.batchId), 'manifest.json'),
    JSON.stringify(manifest),
  );
}

export async function readManifest(outDir: string, batchId: string): Promise<BatchManifest> {
  return JSON.parse(
    await readFile(join(batchDir(outDir, batchId), 'manifest.json'), 'utf8'),
  ) as BatchManifest;
}

/**
 * A file's results as stored — its own, then one for each file it holds (an e-mail's
 * attachments, an archive's files) — with what the reports need, not the candidates or page
 * geometry.
 */
export async function writeResult(
  outDir: string,
  batchId: string,
  index: number,
  results: readonly FileResult[],
  /** Names inside it that were redacted: read name → output name. */
  renamed: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  const kept = results.map(({ candidates: _candidates, fragments: _fragments, ...rest }) => rest);
  const stored: StoredResults = { results: kept, renamed: [...renamed] };
  await writeFileAtomic(resultPath(outDir, batchId, index), JSON.stringify(stored));
}

interface StoredResults {
  readonly results: readonly FileResult[];
  readonly renamed: readonly (readonly [string, string])[];
}

export async function readResult(
  outDir: string,
  batchId: string,
  index: number,
): Promise<StoredResults> {
  const stored = JSON.parse(await readFile(resultPath(outDir, batchId, index), 'utf8')) as
    FileResult | StoredResults;
  // A batch written before containers were opened on the queue stored one result per file.
  if (!('results' in stored)) return { results: [stored], renamed: [] };
  return stored;
}

/** The indexes whose result is written. */
export async function finishedIndexes(outDir: string, batchId: string): Promise<Set<number>> {
  const names = await readdir(join(batchDir(outDir, batchId), 'results')).catch(() => []);
  return new Set(names.flatMap((n) => (/^\d+\.json$/.test(n) ? [Number(n.slice(0, -5))] : [])));
}
