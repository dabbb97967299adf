/**
 * Writes a batch's outputs into `outDir`, each atomically: redacted copies first (a failure there
 * becomes that file's error, so it must be known before the reports are written), then
 * `anonymized/<relative path>.txt`, `detections.jsonl` and `Results.xlsx`, as `opts.formats` asks.
 * Output names follow outputPaths.ts, made unique within the batch.
 * Returns the results as reported (with those errors) and every path written.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { formatDetectionsJsonl } from '../write/detectionsJsonl.js';
import { ResultsWorkbook } from '../write/resultsWorkbook.js';
import { writeFileAtomic, writeStreamAtomic } from '../write/writeFileAtomic.js';
import type { FileResult } from '../domain/fileResult.js';
import {
  ANONYMIZED_DIR,
  DETECTIONS_JSONL,
  REDACTED_DIR,
  RESULTS_WORKBOOK,
  uniquePaths,
  withExtension,
} from './outputPaths.js';
import type { RedactOptions } from './redactOptions.js';
import { redactedCopyExtension, writeRedactedCopy } from './redactedCopies.js';

export interface WrittenOutputs {
  /** The results as reported: a failed redacted copy turns a result into an error. */
  readonly results: FileResult[];
  /** Absolute paths of every file written, in writing order. */
  readonly written: string[];
}

export type WriteProgress = (message: string) => void;

export function hasExtractedText(result: FileResult): boolean {
  return result.status === 'ok' || result.text.length > 0;
}

export async function writeOutputs(
  results: readonly FileResult[],
  outDir: string,
  opts: Pick<
    RedactOptions,
    | 'formats'
    | 'types'
    | 'dpi'
    | 'searchable'
    | 'verify'
    | 'placeholders'
    | 'labelBoxes'
    | 'keepImages'
    | 'keepComments'
  >,
  onProgress?: WriteProgress,
): Promise<WrittenOutputs> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  const reported = [...results];

  if (opts.formats.some((f) => f === 'pdf' || f === 'docx' || f === 'sheets')) {
    // A large CSV's copy was written while it was read.
    for (const r of reported) if (r.copyWritten && r.status === 'ok') written.push(r.copyWritten);
    const copies = reported.flatMap((result, index) => {
      if (result.copyWritten) return [];
      const extension = redactedCopyExtension(result, opts.formats);
      return extension ? [{ index, path: withExtension(result.relativePath, extension) }] : [];
    });
    const paths = uniquePaths(copies.map((c) => c.path));
    for (const [i, { index }] of copies.entries()) {
      const result = reported[index]!;
      const path = join(outDir, REDACTED_DIR, paths[i]!);
      onProgress?.(`writing redacted copy of ${result.relativePath}`);
      reported[index] = await writeRedactedCopy(result, path, opts);
      if (reported[index].status === 'ok') written.push(path);
    }
  }

  if (opts.formats.includes('txt')) {
    onProgress?.('writing anonymised text');
    // Every file whose text was extracted, including one whose redacted copy just failed.
    const texts = reported.filter(hasExtractedText);
    const paths = uniquePaths(texts.map((r) => withExtension(r.relativePath, '.txt')));
    for (const [i, result] of texts.entries()) {
      const path = join(outDir, ANONYMIZED_DIR, paths[i]!);
      await writeFileAtomic(path, result.anonymized);
      written.push(path);
    }
  }

  if (opts.formats.includes('json')) {
    const path = join(outDir, DETECTIONS_JSONL);
    await writeFileAtomic(path, formatDetectionsJsonl(reported));
    written.push(path);
  }

  if (opts.formats.includes('xlsx')) {
    onProgress?.('writing Results.xlsx');
    const path = join(outDir, RESULTS_WORKBOOK);
    await writeStreamAtomic(path, async (stream) => {
      const workbook = new ResultsWorkbook(opts.types, stream, opts.placeholders);
      for (const result of reported) workbook.add(result);
      await workbook.commit();
    });
    written.push(path);
  }

  return { results: reported, written };
}
