/**
 * The run's steps after its inputs are opened (`openInputs`), one way for `finredact redact`,
 * the app, the queue's worker and the service: `processRun` names the files inside containers,
 * processes every file (a large sheet streamed), spreads values as the policy says and applies
 * the placeholder mode; `exportRun` writes each file's copy and anonymised text, then the
 * archives and rebuilt e-mails; `writeRun` adds the reports (the CLI), `writeReviewedRun` names
 * and anonymises a reviewed run first (the app's export). A queue writes its reports once every
 * job is done.
 */
import type { Detector } from '../detect/engine.js';
import { errorFileResult, type FileResult } from '../domain/fileResult.js';
import type { MappingEntry } from '../domain/placeholderMode.js';
import { mapWithConcurrency } from '../shared/mapWithConcurrency.js';
import { anonymiseRun, loadFakesFor, type AnonymiseRunOptions } from './anonymiseRun.js';
import type { InputFile } from './collectInputs.js';
import { packContainers, type ContainerList } from './containers/containers.js';
import { largeSheetKind, processLargeSheet } from './largeSheets/largeSheets.js';
import {
  nameResults,
  nameRun,
  withNameValues,
  writeFileNames,
  type NamedRun,
} from './outputNames.js';
import { errorResult, processFile } from './processFile.js';
import { propagateAcrossRun } from './propagateAcrossRun.js';
import { readBackOptions } from './readBackAdditions.js';
import type { RedactOptions } from './redactOptions.js';
import {
  withReports,
  writeFileCopies,
  type WrittenOutputs,
  type FileCopies,
  type FileOutputNames,
  type WriteOptions,
  type WriteProgress,
} from './writeOutputs.js';

/** What processing tells as it goes, by the file's place in the run. */
export interface RunProgress {
  readonly collected?: (inputs: readonly InputFile[]) => void;
  readonly fileStart?: (index: number, input: InputFile) => void;
  readonly fileProgress?: (index: number, input: InputFile, message: string) => void;
  readonly fileDone?: (index: number, result: FileResult, done: number, total: number) => void;
}

export interface ProcessedRun {
  /** Every file's result, anonymised, in input order (containers before what they hold). */
  readonly results: FileResult[];
  readonly mapping: MappingEntry[];
  readonly named: NamedRun;
}

/** `outDir`: where a large sheet's copy is written as it is read. */
export async function processRun(
  given: readonly InputFile[],
  opened: ContainerList,
  detector: Detector,
  opts: RedactOptions,
  outDir: string,
  progress: RunProgress = {},
): Promise<ProcessedRun> {
  const named = await nameRun(given, opened, detector, opts.rename ?? false);
  progress.collected?.(named.inputs);
  const results = await processFiles(named.inputs, detector, opts, outDir, progress);
  const { results: anonymised, mapping } = anonymiseRun(
    propagateAcrossRun(withNameValues(named.sayNewNames(results), named.values), detector.policy),
    opts,
  );
  return { results: anonymised, mapping, named };
}

/**
 * Each file processed on its own, `opts.concurrency` at a time, every input in the results (an
 * unreadable one as its error): `processRun`'s step before the run-wide ones, and all the app's
 * job process needs, since it names, spreads and anonymises at export, after review. Without
 * `outDir` (the app, which writes at export) a large sheet is read whole, not streamed.
 */
export async function processFiles(
  files: readonly InputFile[],
  detector: Detector,
  opts: RedactOptions,
  outDir: string | undefined,
  progress: RunProgress = {},
): Promise<FileResult[]> {
  // A large sheet draws its fakes while it streams; the run draws the rest after.
  await loadFakesFor(opts);
  let done = 0;
  return mapWithConcurrency(files, opts.concurrency, async (input, index) => {
    progress.fileStart?.(index, input);
    const told = (message: string) => progress.fileProgress?.(index, input, message);
    const large =
      input.unprocessable || outDir === undefined ? undefined : await largeSheetKind(input.file);
    const result = input.unprocessable
      ? errorFileResult(input, input.unprocessable.message, input.unprocessable.status)
      : large && outDir !== undefined
        ? await processLargeSheet(large, input, detector, opts, outDir, told).catch(
            (error: unknown) => errorResult(input, error),
          )
        : await processFile(input, { detector }, opts, told).catch((error: unknown) =>
            errorResult(input, error),
          );
    done++;
    progress.fileDone?.(index, result, done, files.length);
    return result;
  });
}

/** A run's containers as exporting needs them; `inputs` say where an opened file was found. */
export interface RunContainers extends ContainerList {
  readonly inputs?: readonly InputFile[];
}

/**
 * Each file's copy and anonymised text, then the containers' copies: the archives packed, each
 * e-mail rebuilt from its redacted text and its attachments' copies and read back. Results name
 * an attachment or an archived file where the user finds it: its scratch copy is gone when the
 * run ends.
 */
export async function exportRun(
  results: readonly FileResult[],
  { mails, archives, inputs = [] }: RunContainers,
  outDir: string,
  opts: WriteOptions & Pick<RedactOptions, 'seed'>,
  detector: Detector,
  onProgress?: WriteProgress,
  planned: ReadonlyMap<number, FileOutputNames> = new Map(),
): Promise<FileCopies> {
  const shown = new Map(inputs.flatMap((f) => (f.shownAs ? [[f.file, f.shownAs] as const] : [])));
  const shownWhereFound = (reported: readonly FileResult[]) =>
    reported.map((r) => {
      const where = shown.get(r.file);
      return where ? { ...r, file: where } : r;
    });
  const readBack = readBackOptions(detector, opts);
  return writeFileCopies(
    results,
    outDir,
    opts,
    onProgress,
    readBack,
    async (reported) => {
      if (!opts.formats.some((f) => f === 'pdf' || f === 'docx' || f === 'sheets'))
        return { results: shownWhereFound(reported), written: [] };
      const packed = await packContainers({ mails, archives }, reported, outDir, opts, readBack);
      return { results: shownWhereFound(packed.results), written: packed.written };
    },
    planned,
  );
}

/**
 * A whole run written, as `finredact redact` and the app's export write it: `exportRun`'s copies
 * and texts, then the reports (Results.xlsx, detections.jsonl) and, when names inside
 * containers were redacted, `file-names.csv` beside them. A queue writes its reports once every
 * job is done, so its worker calls `exportRun` alone.
 */
export async function writeRun(
  results: readonly FileResult[],
  containers: RunContainers,
  renamed: ReadonlyMap<string, string>,
  outDir: string,
  opts: WriteOptions & Pick<RedactOptions, 'seed'>,
  detector: Detector,
  onProgress?: WriteProgress,
): Promise<WrittenOutputs> {
  const files = await exportRun(results, containers, outDir, opts, detector, onProgress);
  const reported = await withReports(files, outDir, opts, onProgress);
  if (renamed.size === 0) return reported;
  return { ...reported, written: [...reported.written, await writeFileNames(outDir, renamed)] };
}

/**
 * A run processed file by file and reviewed before anything is written (the app), written as
 * `finredact redact` writes one: the names inside e-mails and archives read and redacted as the
 * CLI names them before processing, the placeholder mode applied over the run, then `writeRun`.
 */
export async function writeReviewedRun(
  reviewed: readonly FileResult[],
  opened: ContainerList,
  outDir: string,
  opts: WriteOptions & AnonymiseRunOptions,
  detector: Detector,
  onProgress?: WriteProgress,
): Promise<WrittenOutputs> {
  const named = await nameResults(reviewed, opened, detector);
  await loadFakesFor(opts);
  const { results } = anonymiseRun(named.results, opts);
  return writeRun(results, named.containers, named.renamed, outDir, opts, detector, onProgress);
}
