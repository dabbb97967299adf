/**
 * Which inputs stream (CSVs from 1 MB, workbooks from 1 MB) and how: each is detected and its
 * redacted copy written a chunk at a time, in the run's placeholder mode, its values replaced
 * alike within the file.
 */
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { expectedTypeForExtension } from '../../extract/fileType.js';
import type { Detector } from '../../detect/engine.js';
import type { FileResult } from '../../domain/fileResult.js';
import { runReplacements } from '../anonymiseRun.js';
import { outputDirs, withExtension } from '../outputPaths.js';
import type { ProcessInput } from '../processFile.js';
import type { RedactOptions } from '../redactOptions.js';

/**
 * CSVs and workbooks at least this large take the streaming path (1 MB: about 10,000 CSV rows,
 * some 30,000 short workbook rows).
 */
export const STREAM_SHEET_BYTES = 1024 * 1024;

/**
 * Whether a file streams, and as what. Decided from its name and size alone, so the streaming
 * readers and writers (csv, exceljs, jszip) load only for a sheet that streams.
 */
export async function largeSheetKind(file: string): Promise<'csv' | 'xlsx' | undefined> {
  // .xlsm, .xltx and .xltm are workbooks too: the copy, rebuilt from cells, is an .xlsx.
  const expected = expectedTypeForExtension(extname(file));
  const kind = expected === 'csv' || expected === 'xlsx' ? expected : undefined;
  if (kind === undefined) return undefined;
  try {
    return (await stat(file)).size >= STREAM_SHEET_BYTES ? kind : undefined;
  } catch {
    return undefined;
  }
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
    ? join(outputDirs(outDir, opts.layout).redacted, withExtension(input.relativePath, `.${kind}`))
    : undefined;
  return kind === 'csv'
    ? (await import('./largeCsv.js')).processLargeCsv(input, options, copy)
    : (await import('./largeXlsx.js')).processLargeXlsx(input, options, copy);
}
