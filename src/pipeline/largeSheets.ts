/**
 * Which inputs stream (CSVs from 1 MB, workbooks from 1 MB) and how: each is detected and its
 * redacted copy written a chunk at a time, in the run's placeholder mode, its values replaced
 * alike within the file.
 */
import { join } from 'node:path';
import type { Detector } from '../detect/engine.js';
import type { FileResult } from '../domain/fileResult.js';
import { runReplacements } from './anonymiseRun.js';
import { REDACTED_DIR, withExtension } from './outputPaths.js';
import type { ProcessInput } from './processFile.js';
import type { RedactOptions } from './redactOptions.js';

export async function largeSheetKind(file: string): Promise<'csv' | 'xlsx' | undefined> {
  // The streaming readers and writers (csv, exceljs, jszip) load only for a sheet.
  if (!/\.(csv|tsv|xlsx)$/i.test(file)) return undefined;
  if (await (await import('./largeCsv.js')).isLargeCsv(file)) return 'csv';
  if (await (await import('./largeXlsx.js')).isLargeXlsx(file)) return 'xlsx';
  return undefined;
}

export async function processLargeSheet(
  kind: 'csv' | 'xlsx',
  input: ProcessInput,
  detector: Detector,
  opts: RedactOptions,
  outDir: string,
  onProgress: (message: string) => void,
): Promise<FileResult> {
  const options = {
    detector,
    policy: detector.policy,
    columns: opts.columns ?? [],
    replacements: runReplacements(opts),
    relativePath: input.relativePath,
    onProgress,
  };
  const copy = opts.formats.includes('sheets')
    ? join(outDir, REDACTED_DIR, withExtension(input.relativePath, `.${kind}`))
    : undefined;
  return kind === 'csv'
    ? (await import('./largeCsv.js')).processLargeCsv(input, options, copy)
    : (await import('./largeXlsx.js')).processLargeXlsx(input, options, copy);
}
