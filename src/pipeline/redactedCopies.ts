/**
 * Redacted copies (`--formats pdf,docx,sheets`): this module picks the writer for each result
 * (src/write), has src/verify check and read back what it wrote — in verify's rebuild loops, with
 * the run's one way to add findings (readBackAdditions) — writes the copy once it is clean, and
 * turns a failure into that file's error, so the batch goes on. The Office and CSV writers and
 * readers load when such a copy is first written: exceljs's reader alone was 0.4 s of a
 * one-page PDF's run here.
 */
import { basename } from 'node:path';
import { redactImage } from '../write/redactedImage.js';
import {
  redactPdf,
  type RedactedPdf,
  type RedactedPdfInput,
  type RedactedPdfOptions,
} from '../write/redactedPdf.js';
import { verifyRedactedPdf } from '../verify/verifyRedactedPdf.js';
import { builtAndReadByPixels, PixelLeakError } from '../verify/pixelRebuildLoop.js';
import { writeFileAtomic } from '../write/writeFileAtomic.js';
import {
  imagePixelProblems,
  pagesToVerify,
  pdfPixelProblems,
  pixelReadBack,
} from '../verify/verifyPixels.js';
import type { FileResult } from '../domain/fileResult.js';
import { readFile } from 'node:fs/promises';
import { MODEL_TYPES } from '../domain/entityTypes.js';
import type { RedactOptions } from './redactOptions.js';
import type { ReadBackFinding } from '../verify/readBack.js';
import { findingsAdder, type ReadBackOptions } from './readBackAdditions.js';
import { MAX_REBUILDS, rebuiltUntilClean, replacementsOf } from '../verify/rebuildLoop.js';
import { ValueIndex } from '../domain/valueMatching.js';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { redactedCopyExtension } from './copyExtension.js';
import { isWordCopied } from './copyExtension.js';

/** An Office copy that could not be written becomes that file's error; the batch goes on. */
function copyFailure(result: FileResult, what: string, error: unknown): FileResult {
  return {
    ...result,
    status: 'error',
    error: `${basename(result.file)}: the redacted ${what} was not written (${errorText(error)}); the other outputs for this file were written`,
  };
}

/** A finding that could not be redacted, in words that never hold the value. */
function readBackFailure(findings: readonly ReadBackFinding[], rebuilds: number): Error {
  const said = [...new Set(findings.map((f) => `${f.type} in ${f.where}`))].join('; ');
  const why =
    rebuilds < MAX_REBUILDS
      ? 'it is not in the text FinRedact read, so it could not be redacted'
      : `it was still there after ${MAX_REBUILDS} rebuilds`;
  return new Error(`reading the copy back found what is still personal: ${said}; ${why}`);
}

/**
 * An Office copy built, read back independently (src/verify), and rebuilt with what the reading
 * found added to the document (source `read-back`) until the reading finds nothing; the result
 * returned carries those additions (its spans and anonymised text), so every output agrees.
 */
async function builtAndReadBack(
  result: FileResult,
  kind: 'docx' | 'xlsx' | 'csv',
  build: (r: FileResult) => Promise<Uint8Array | string>,
  readBackWith: ReadBackOptions | undefined,
): Promise<{ result: FileResult; out: Uint8Array | string }> {
  const [{ refuseStrandedInCopy }, { readCopy }] = await Promise.all([
    import('../verify/strandedValues.js'),
    import('../verify/readCopy.js'),
  ]);
  const built = await rebuiltUntilClean(
    result,
    async (r) => {
      const out = await build(r);
      // A value the writer left (its StrandedValuesError) is added and the copy built again.
      await refuseStrandedInCopy(out, kind, r.spans);
      return out;
    },
    (out) =>
      readCopy(
        typeof out === 'string' ? Buffer.from(out, 'utf8') : out,
        kind,
        basename(result.file),
      ),
    findingsAdder(readBackWith),
    readBackWith,
  );
  if (built.left.length === 0) return built;
  // What only the model still reads as personal, in words the first pass read at the same place
  // and judged, is the model reading placeholders' new neighbours (on a long document each
  // rebuild's placeholders bring new words into its windows, so the rounds need not end): the
  // copy is written and the reviewer is told where to look. Anything else — a pattern, a
  // recognizer, a word the first pass never read — still fails the file.
  const rejudged = built.left.filter(
    (f) =>
      (f.source === 'ner' || f.source === 'propagated') &&
      MODEL_TYPES.has(f.type) &&
      occursIn(built.result.text, f.value),
  );
  if (rejudged.length < built.left.length) throw readBackFailure(built.left, built.rebuilds);
  const types = [...new Set(rejudged.map((f) => f.type))].join(', ');
  const warning = `after ${built.rebuilds} rebuilds the second reading's model still read ${rejudged.length} word${rejudged.length === 1 ? '' : 's'} of the copy as personal (${types}) that the first pass read in the same text and did not; the copy was written: check them in the anonymised text`;
  return { ...built, result: { ...built.result, warnings: [...built.result.warnings, warning] } };
}

/** Whether `value` occurs in `text` as whole words (case and spacing aside). */
function occursIn(text: string, value: string): boolean {
  const index = new ValueIndex<true>();
  index.add(value, true);
  return index.find(text).length > 0;
}

/**
 * A Word copy: each detection replaced in its runs (a .doc: in its paragraphs, written as .docx);
 * refused if a detected value remains.
 */
async function writeRedactedWordCopy(
  result: FileResult,
  outPath: string,
  opts: Pick<RedactOptions, 'keepImages' | 'keepComments'>,
  readBackWith?: ReadBackOptions,
): Promise<FileResult> {
  try {
    const original = await readFile(result.file);
    const { redactDocx } = await import('../write/redactedDocx.js');
    const built = await builtAndReadBack(
      result,
      'docx',
      async (r) =>
        result.kind === 'odt' || result.kind === 'rtf'
          ? (await import('../write/textDocx.js')).docxOfRedactedText(
              r.text,
              r.spans,
              replacementsOf(r),
            )
          : result.kind === 'doc'
            ? (await import('../write/redactedLegacyWord.js')).redactLegacyWord(
                original,
                r.text,
                r.spans,
                replacementsOf(r),
              )
            : redactDocx(original, r.text, r.spans, replacementsOf(r), {
                keepImages: opts.keepImages ?? false,
                comments: opts.keepComments ? 'redact' : 'remove',
              }),
      readBackWith,
    );
    await writeFileAtomic(outPath, built.out);
    return built.result;
  } catch (error) {
    return copyFailure(result, 'Word copy', error);
  }
}

/** A spreadsheet copy: each detection replaced in its cell; refused if a detected value remains. */
async function writeRedactedSheetCopy(
  result: FileResult,
  outPath: string,
  readBackWith?: ReadBackOptions,
): Promise<FileResult> {
  try {
    const bytes = await readFile(result.file);
    const [{ redactCsv, redactLegacyWorkbook, redactXlsx }, { decodeText }] = await Promise.all([
      import('../write/redactedSheet.js'),
      import('../extract/text/decodeText.js'),
    ]);
    const kind = result.kind === 'csv' ? 'csv' : 'xlsx';
    const built = await builtAndReadBack(
      result,
      kind,
      async (r) => {
        if (result.kind === 'xls')
          return redactLegacyWorkbook(bytes, r.text, r.spans, replacementsOf(r));
        if (kind === 'xlsx') return redactXlsx(bytes, r.text, r.spans, replacementsOf(r));
        const decoded = decodeText(bytes);
        if (!decoded.ok) throw new Error(decoded.reason);
        return redactCsv(decoded.text, r.text, r.spans, replacementsOf(r));
      },
      readBackWith,
    );
    await writeFileAtomic(outPath, built.out);
    return built.result;
  } catch (error) {
    return copyFailure(result, 'spreadsheet', error);
  }
}

/**
 * A PDF's redacted copy, checked by src/verify before it may be written: no detected value
 * extractable from any part, no metadata, the same pages.
 */
export async function verifiedRedactedPdf(
  input: RedactedPdfInput,
  opts: RedactedPdfOptions,
): Promise<RedactedPdf> {
  const redacted = await redactPdf(input, opts);
  await verifyRedactedPdf(
    redacted.bytes,
    { pageSizes: redacted.pageSizes, spans: input.spans },
    input.file,
  );
  return redacted;
}

/** Writes a PDF's checked copy to `outPath` (atomically); a copy that fails is never written. */
export async function writeRedactedPdf(
  input: RedactedPdfInput,
  outPath: string,
  opts: RedactedPdfOptions,
): Promise<{ pages: number; bytes: number }> {
  const redacted = await verifiedRedactedPdf(input, opts);
  await writeFileAtomic(outPath, redacted.bytes);
  return { pages: redacted.pages, bytes: redacted.bytes.length };
}

/** What the boxes of a copy look like: their fill, and the text over them if any. */
function boxStyleOf(
  r: FileResult,
  opts: Pick<RedactOptions, 'labelBoxes' | 'boxLabel' | 'boxFill'>,
): { labels?: readonly string[]; fill?: string } {
  const labels = opts.boxLabel
    ? r.spans.map(() => opts.boxLabel!)
    : opts.labelBoxes
      ? replacementsOf(r)
      : undefined;
  return { ...(labels ? { labels } : {}), ...(opts.boxFill ? { fill: opts.boxFill } : {}) };
}

/**
 * Writes the redacted copy of one PDF or image result to `outPath`, after reading it back by OCR
 * where `opts.verify` says (src/pipeline/verifyPixels.ts); returns the result — with what the
 * read-back added — or an error if the copy could not be written or a value stayed readable.
 */
export async function writeRedactedCopy(
  result: FileResult,
  outPath: string,
  opts: Pick<
    RedactOptions,
    | 'dpi'
    | 'searchable'
    | 'verify'
    | 'labelBoxes'
    | 'boxLabel'
    | 'boxFill'
    | 'keepImages'
    | 'keepComments'
  >,
  readBackWith?: ReadBackOptions,
): Promise<FileResult> {
  if (isWordCopied(result.kind)) return writeRedactedWordCopy(result, outPath, opts, readBackWith);
  if (result.kind === 'csv' || result.kind === 'xlsx' || result.kind === 'xls')
    return writeRedactedSheetCopy(result, outPath, readBackWith);
  const fragments = result.fragments ?? [];
  const readBackText = (r: FileResult) =>
    readBackWith ? pixelReadBack(readBackWith.detectors, replacementsOf(r)) : undefined;
  const buildPdf = async (r: FileResult, changed: ReadonlySet<number> | undefined) => {
    const redacted = await verifiedRedactedPdf(
      {
        file: r.file,
        pageInfo: r.pageInfo ?? [],
        fragments,
        spans: r.spans,
        anonymized: r.anonymized,
        text: r.text,
        ...boxStyleOf(r, opts),
        ...(r.areas ? { areas: r.areas } : {}),
      },
      { dpi: opts.dpi, searchable: opts.searchable },
    );
    const pages = pagesToVerify(
      r.pageInfo ?? [],
      opts.verify ?? 'pixels',
      (r.areas ?? []).map((a) => a.page),
    ).filter((p) => !changed || changed.has(p));
    readBackWith?.onProgress?.('reading the redacted copy back');
    const reading = await pdfPixelProblems(
      redacted.bytes,
      r.spans,
      pages,
      undefined,
      readBackText(r),
    );
    return { bytes: redacted.bytes, reading };
  };
  const buildImage = async (r: FileResult) => {
    const redacted = await redactImage({
      file: r.file,
      fragments,
      spans: r.spans,
      ...boxStyleOf(r, opts),
      ...(r.areas ? { areas: r.areas } : {}),
    });
    // An image's text always came from OCR, so its copy is always read back.
    readBackWith?.onProgress?.('reading the redacted copy back');
    const reading = await imagePixelProblems(
      redacted.png,
      r.spans,
      undefined,
      readBackText(r),
      (r.pageInfo ?? []).map((p) => p.height),
    );
    return { bytes: redacted.png, reading };
  };
  try {
    const built = await builtAndReadByPixels(
      result,
      result.kind === 'pdf' ? buildPdf : buildImage,
      findingsAdder(readBackWith),
      readBackWith,
    );
    await writeFileAtomic(outPath, built.bytes);
    return built.result;
  } catch (error) {
    return {
      ...result,
      status: 'error',
      error:
        error instanceof PixelLeakError
          ? `${basename(result.file)}: the redacted copy was not written, because reading it back by OCR found ${error.message}; the other outputs for this file were written — check this file by hand`
          : `${basename(result.file)}: the redacted copy could not be written (${errorText(error)}); the other outputs for this file were written`,
    };
  }
}
