/**
 * Writes a batch's outputs into `outDir`, each atomically: redacted copies first (a failure there
 * becomes that file's error, so it must be known before the reports are written), then
 * `anonymized/<relative path>.txt`, `detections.jsonl` and `Results.xlsx`, as `opts.formats` asks.
 * Output names follow outputPaths.ts, made unique within the batch.
 * Returns the results as reported (with those errors) and every path written.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { formatDetectionsJsonl } from '../write/detectionsJsonl.js';
import { writeFileAtomic, writeStreamAtomic } from '../write/writeFileAtomic.js';
import type { FileResult } from '../domain/fileResult.js';
import {
  DETECTIONS_JSONL,
  RESULTS_WORKBOOK,
  outputDirs,
  uniquePaths,
  withExtension,
} from './outputPaths.js';
import type { RedactOptions } from './redactOptions.js';
import { expectedTypeForExtension, isCopiedAsText } from '../extract/fileType.js';
import { extname } from 'node:path';
import { redactedCopyExtension } from './copyExtension.js';
import type { CopyStage, ReadBackOptions } from './readBackAdditions.js';

export interface WrittenOutputs {
  /** The results as reported: a failed redacted copy turns a result into an error. */
  readonly results: FileResult[];
  /** Absolute paths of every file written, in writing order. */
  readonly written: string[];
}

/** A message for a progress display; `files` once each file's outputs are written. */
export type WriteProgress = (
  message: string,
  files?: { readonly done: number; readonly of: number },
) => void;

export function hasExtractedText(result: FileResult): boolean {
  return result.status === 'ok' || result.text.length > 0;
}

export type WriteOptions = Pick<
  RedactOptions,
  | 'formats'
  | 'types'
  | 'dpi'
  | 'searchable'
  | 'verify'
  | 'placeholders'
  | 'labelBoxes'
  | 'boxLabel'
  | 'boxFill'
  | 'keepImages'
  | 'keepComments'
  | 'layout'
>;

/** Where one file's own outputs go, relative to their folders (unique within the batch). */
export interface FileOutputNames {
  readonly copy?: string;
  readonly text?: string;
}

/**
 * The names of each result's redacted copy and anonymised text (undefined where the formats ask
 * for none), made unique within the batch.
 */
export function fileOutputNames(
  results: readonly FileResult[],
  formats: WriteOptions['formats'],
): FileOutputNames[] {
  const names: { copy?: string; text?: string }[] = results.map(() => ({}));
  const copies = results.flatMap((result, index) => {
    if (result.copyWritten || !formats.some((f) => f === 'pdf' || f === 'docx' || f === 'sheets'))
      return [];
    const extension = redactedCopyExtension(result, formats);
    return extension ? [{ index, path: withExtension(result.relativePath, extension) }] : [];
  });
  uniquePaths(copies.map((c) => c.path)).forEach((path, i) => {
    names[copies[i]!.index]!.copy = path;
  });
  if (formats.includes('txt')) {
    // Every file whose text was extracted, including one whose redacted copy fails.
    const texts = results.flatMap((r, index) => (hasExtractedText(r) ? [{ r, index }] : []));
    uniquePaths(texts.map(({ r }) => withExtension(r.relativePath, '.txt'))).forEach((path, i) => {
      names[texts[i]!.index]!.text = path;
    });
  }
  return names;
}

/** What one file's outputs came to: the result as reported, and the paths written. */
export interface FileOutputs {
  /** A failed redacted copy turns the result into an error. */
  readonly result: FileResult;
  readonly copy?: string;
  readonly text?: string;
}

/** One file's redacted copy (a failure there becomes its error), then its anonymised text. */
export async function writeFileOutputs(
  result: FileResult,
  outDir: string,
  names: FileOutputNames,
  opts: WriteOptions,
  onProgress?: WriteProgress,
  readBackWith?: ReadBackOptions,
): Promise<FileOutputs> {
  let reported = result;
  // A large sheet's copy was written while it was read.
  let copy = result.copyWritten && result.status === 'ok' ? result.copyWritten : undefined;
  const dirs = outputDirs(outDir, opts.layout);
  if (names.copy) {
    const path = join(dirs.redacted, names.copy);
    onProgress?.(`writing redacted copy of ${result.relativePath}`);
    // Imported when a copy is written: the PDF, image and Office writers are not needed before.
    const { writeRedactedCopy } = await import('./redactedCopies.js');
    const told =
      readBackWith && onProgress
        ? {
            ...readBackWith,
            onProgress: (stage: CopyStage) => onProgress(`${stage}: ${result.relativePath}`),
          }
        : readBackWith;
    reported = await writeRedactedCopy(result, path, opts, told);
    if (reported.status === 'ok') copy = path;
  }
  let text: string | undefined;
  if (names.text && hasExtractedText(reported)) {
    text = join(dirs.anonymized, names.text);
    await writeFileAtomic(text, reported.anonymized);
  }
  return { result: reported, ...(copy ? { copy } : {}), ...(text ? { text } : {}) };
}

/** The batch's reports: `detections.jsonl` and `Results.xlsx`, as the formats ask. */
export async function writeReports(
  results: readonly FileResult[],
  outDir: string,
  opts: WriteOptions,
  onProgress?: WriteProgress,
): Promise<string[]> {
  const { share } = outputDirs(outDir, opts.layout);
  // The reports that hold original values stay in the output folder itself.
  const internal = outDir;
  await mkdir(internal, { recursive: true });
  const written: string[] = [];
  if (opts.formats.includes('json')) {
    const path = join(internal, DETECTIONS_JSONL);
    await writeFileAtomic(path, formatDetectionsJsonl(results));
    written.push(path);
  }
  if (opts.formats.includes('xlsx')) {
    onProgress?.('writing Results.xlsx');
    // exceljs loads only for a run that writes the workbook (a quarter second of start-up).
    const { ResultsWorkbook } = await import('../write/resultsWorkbook.js');
    const books = [{ path: join(internal, RESULTS_WORKBOOK), shareable: false }];
    // The split layout's shareable part gets a workbook of its own, without original values.
    if (share !== internal) books.push({ path: join(share, RESULTS_WORKBOOK), shareable: true });
    for (const book of books) {
      await mkdir(dirname(book.path), { recursive: true });
      await writeStreamAtomic(book.path, async (stream) => {
        const workbook = new ResultsWorkbook(opts.types, stream, opts.placeholders, book.shareable);
        for (const result of results) workbook.add(result);
        await workbook.commit();
      });
      written.push(book.path);
    }
  }
  return written;
}

/** Each file's outputs as written: the results as reported, and the copies and texts written. */
export interface FileCopies {
  readonly results: FileResult[];
  readonly copies: string[];
  readonly texts: string[];
}

/** Each file's own outputs, then what `assemble` builds of them; no reports. */
export async function writeFileCopies(
  results: readonly FileResult[],
  outDir: string,
  opts: WriteOptions,
  onProgress?: WriteProgress,
  readBackWith?: ReadBackOptions,
  /**
   * Copies made of other copies once every file's are written (an e-mail with its attachments',
   * an archive of its files'), before the reports, so the reports say how they went.
   */
  assemble?: (results: FileResult[]) => Promise<{ results: FileResult[]; written: string[] }>,
  /** Names planned before processing for some results (a queue's file), by index. */
  planned: ReadonlyMap<number, FileOutputNames> = new Map(),
): Promise<FileCopies> {
  await mkdir(outDir, { recursive: true });
  const names = fileOutputNames(results, opts.formats);
  const copies: string[] = [];
  const texts: string[] = [];
  let reported: FileResult[] = [];
  for (const [i, result] of results.entries()) {
    const named = planned.get(i) ?? names[i]!;
    const out = await writeFileOutputs(result, outDir, named, opts, onProgress, readBackWith);
    onProgress?.(`${i + 1} of ${results.length} files written`, {
      done: i + 1,
      of: results.length,
    });
    reported.push(out.result);
    if (out.copy) copies.push(out.copy);
    if (out.text) texts.push(out.text);
  }
  if (assemble) {
    const assembled = await assemble(reported);
    reported = assembled.results;
    copies.push(...assembled.written);
  }
  return { results: reported, copies, texts };
}

/** A library user's whole write: every file's outputs, then the reports. */
export async function writeOutputs(
  results: readonly FileResult[],
  outDir: string,
  opts: WriteOptions,
  onProgress?: WriteProgress,
  readBackWith?: ReadBackOptions,
): Promise<WrittenOutputs> {
  const files = await writeFileCopies(results, outDir, opts, onProgress, readBackWith);
  return withReports(files, outDir, opts, onProgress);
}

/** The batch's reports after its files' outputs; every path, in the order a reader expects. */
export async function withReports(
  files: FileCopies,
  outDir: string,
  opts: WriteOptions,
  onProgress?: WriteProgress,
): Promise<WrittenOutputs> {
  const reports = await writeReports(files.results, outDir, opts, onProgress);
  return { results: files.results, written: [...files.copies, ...files.texts, ...reports] };
}

/**
 * The names a batch's files will get, planned before they are processed (a queue's files are
 * processed apart): each file's kind guessed from its extension, as it nearly always is.
 */
export function plannedOutputNames(
  relativePaths: readonly string[],
  formats: WriteOptions['formats'],
): FileOutputNames[] {
  return fileOutputNames(
    relativePaths.map((relativePath) => {
      const expected = expectedTypeForExtension(extname(relativePath).toLowerCase());
      const kind = isCopiedAsText(expected) ? 'txt' : expected;
      const planned: FileResult = {
        file: relativePath,
        relativePath,
        status: 'ok',
        ...(kind ? { kind } : {}),
        warnings: [],
        text: ' ',
        spans: [],
        anonymized: '',
      };
      return planned;
    }),
    formats,
  );
}
