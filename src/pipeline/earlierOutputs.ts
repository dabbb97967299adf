/**
 * An output folder may already hold an earlier run's outputs. Writing a new Results.xlsx next to
 * an old run's anonymised and redacted files would mix two runs (and keep files of inputs that
 * are gone), so the CLI refuses unless told `--overwrite`, and then removes exactly what a run
 * owns — Results.xlsx, detections.jsonl, file-names.csv, anonymized/, redacted/, shareable/, and internal/ (earlier versions' split layout) — and
 * nothing else.
 */
import { access, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../domain/usageError.js';
import {
  ANONYMIZED_DIR,
  DETECTIONS_JSONL,
  FILE_NAMES_CSV,
  OLD_INTERNAL_DIR,
  REDACTED_DIR,
  RESULTS_WORKBOOK,
  SHAREABLE_DIR,
} from './outputPaths.js';

// Either layout's: a run in one replaces an earlier run in the other.
const OWNED = [
  RESULTS_WORKBOOK,
  DETECTIONS_JSONL,
  FILE_NAMES_CSV,
  ANONYMIZED_DIR,
  REDACTED_DIR,
  SHAREABLE_DIR,
  OLD_INTERNAL_DIR,
];

/** The run-owned names already present in `outDir`. */
export async function earlierOutputs(outDir: string): Promise<string[]> {
  const present = await Promise.all(
    OWNED.map((name) =>
      access(join(outDir, name)).then(
        () => name,
        () => undefined,
      ),
    ),
  );
  return present.filter((n): n is string => n !== undefined);
}

export async function checkEarlierOutputs(outDir: string, overwrite: boolean): Promise<void> {
  const found = await earlierOutputs(outDir);
  if (found.length === 0) return;
  if (!overwrite) {
    throw new UsageError(
      `${outDir} already holds the outputs of an earlier run (${found.join(', ')}); pass --overwrite to replace them, or choose another --out folder`,
    );
  }
  await clearEarlierOutputs(outDir);
}

export async function clearEarlierOutputs(outDir: string): Promise<void> {
  for (const name of OWNED) await rm(join(outDir, name), { recursive: true, force: true });
}
