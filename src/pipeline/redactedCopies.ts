/**
 * Redacted copies of PDFs and images (`--formats pdf`). The drawing is done by the PDF and image
 * redaction writers (src/write/redactedPdf.ts, src/write/redactedImage.ts); this module picks the
 * writer for each result, reads the copy back by OCR where it must (./verifyPixels.ts), and turns
 * a failure into that file's error, so the batch goes on.
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
import { refuseStrandedInCopy, StrandedValuesError } from '../verify/strandedValues.js';
import { writeFileAtomic } from '../write/writeFileAtomic.js';
import {
  imagePixelProblems,
  pagesToVerify,
  pdfPixelProblems,
  pixelReadBack,
  type PixelFinding,
  type PixelProblem,
  type PixelReading,
} from '../verify/verifyPixels.js';
import type { Box } from '../domain/documentText.js';
import type { ReviewArea } from '../domain/reviewDecisions.js';
import type { FileResult } from '../domain/fileResult.js';
import { readFile } from 'node:fs/promises';
import { redactDocx } from '../write/redactedDocx.js';
import { redactCsv, redactLegacyWorkbook, redactXlsx } from '../write/redactedSheet.js';
import { decodeText } from '../extract/text/decodeText.js';
import { entityTypeInfo, MODEL_TYPES } from '../domain/entityTypes.js';
import type { RedactOptions } from './redactOptions.js';
import { readCopy, type CopyReading } from '../verify/readCopy.js';
import { readBack, type ReadBackFinding } from '../verify/readBack.js';
import {
  notRejected,
  valueKey,
  withReadBackFindings,
  type ReadBackOptions,
} from './readBackAdditions.js';
import { ValueIndex } from '../domain/valueMatching.js';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { redactedCopyExtension } from './copyExtension.js';
import { isWordCopied } from './copyExtension.js';

/** What each span of a result is replaced by: its placeholder mode's, or its type's placeholder. */
function replacementsOf(result: FileResult): readonly string[] {
  return result.replacements ?? result.spans.map((s) => entityTypeInfo(s.type).placeholder);
}

/** An Office copy that could not be written becomes that file's error; the batch goes on. */
function copyFailure(result: FileResult, what: string, error: unknown): FileResult {
  return {
    ...result,
    status: 'error',
    error: `${basename(result.file)}: the redacted ${what} was not written (${errorText(error)}); the other outputs for this file were written`,
  };
}

/** Rebuilds after read-back findings (or values a writer stranded): twice at most. */
const MAX_REBUILDS = 2;

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

/**
 * The one loop every copy's second reading runs: build the copy, read it back independently
 * (`read`: what a reader of it sees), and rebuild with what the reading found added to the
 * document (source `read-back`), at most MAX_REBUILDS times. Returns the last copy, the result
 * it was built from, and what the last reading still found (empty when the copy is clean).
 */
export async function rebuiltUntilClean<T>(
  result: FileResult,
  build: (r: FileResult) => Promise<T>,
  read: (out: T) => Promise<readonly CopyReading[]>,
  readBackWith: ReadBackOptions | undefined,
): Promise<{ result: FileResult; out: T; left: ReadBackFinding[]; rebuilds: number }> {
  let current = result;
  for (let round = 0; ; round++) {
    let out: T;
    try {
      readBackWith?.onProgress?.('writing the redacted copy');
      out = await build(current);
    } catch (error) {
      // A detected value the writer left at an occurrence the detection did not mark (a model's
      // word beside a span another merge kept): its occurrences join the document, and the copy
      // is built again, so a detected value never strands a copy.
      const next =
        error instanceof StrandedValuesError && round < MAX_REBUILDS
          ? withReadBackFindings(
              current,
              error.values.map((value) => ({
                where: 'the copy',
                type:
                  current.spans.find((s) => valueKey(s.text) === valueKey(value))?.type ?? 'NAME',
                value,
              })),
              readBackWith ?? {},
            )
          : undefined;
      if (!next) throw error;
      current = next;
      continue;
    }
    if (!readBackWith) return { result: current, out, left: [], rebuilds: round };
    readBackWith.onProgress?.('reading the redacted copy back');
    const left = notRejected(
      current,
      await readBack(await read(out), readBackWith.detectors, replacementsOf(current)),
    );
    const next =
      left.length > 0 && round < MAX_REBUILDS
        ? withReadBackFindings(current, left, readBackWith)
        : undefined;
    if (!next) return { result: current, out, left, rebuilds: round };
    current = next;
  }
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

/** A copy that can be read where it should be black; no file is written for it. */
class PixelLeakError extends Error {}

/** A blacked-out box is this much (points or pixels) larger than the words OCR boxed. */
const FINDING_MARGIN = 1.5;

/**
 * The result with what the pixel read-back found: the findings' words blacked out where the copy
 * shows them (as drawn areas, whatever the first reading held there), and every occurrence of
 * their values in the document's text added with source `read-back`, so the text outputs agree.
 */
function withPixelFindings(
  result: FileResult,
  findings: readonly PixelFinding[],
  opts: ReadBackOptions,
): FileResult {
  const withSpans = withReadBackFindings(result, findings, opts) ?? result;
  const areas = areasOver(findings);
  const where = [...new Set(findings.map((f) => `${f.type} in ${f.where}`))].join('; ');
  return {
    ...withSpans,
    areas: [...(result.areas ?? []), ...areas],
    warnings: [
      ...withSpans.warnings,
      `reading the redacted copy back by OCR found ${findings.length} value${findings.length === 1 ? '' : 's'} the detection had not redacted (${where}); blacked out in the copy and the copy read again`,
    ],
  };
}

/**
 * Identifiers whose check (mod 97, Luhn, an address's shape) makes OCR noise impossible to
 * mistake for one: found in a copy's pixels, they count even where the document's text lacks
 * them — that is print the first reading missed.
 */
function checkedIdentifier(f: PixelFinding): boolean {
  return (
    f.type === 'EMAIL' ||
    f.type === 'CREDIT_CARD' ||
    (f.type === 'BANK_ACCOUNT' && /^[A-Z]{2}\d{2}[A-Z0-9 ]{11,}$/.test(f.value))
  );
}

/**
 * The model's score a finding in OCR'd copy text must reach. Measured on real-dev2's Watercare
 * bill and Reliance report: the model, reading OCR of copies cut by black boxes, proposed 120
 * values over three readings — OCR's guesses at charts and photos ("Ay Fer", "OIL ano GAS") and
 * words it scored low in the document itself ("COVID", "Human", "India"), mostly under 0.9.
 */
const MODEL_SURE = 0.9;

/**
 * What the pixel read-back found that is worth acting on: a checked identifier wherever it is;
 * a value the document's text holds (the first pass read it and left it) that a validated
 * pattern or your recognizers find, or that the model finds with a score of MODEL_SURE or more
 * and had not already weighed in the document's own context (its candidates go down to score
 * 0). Anything else is OCR's guess at a chart, a logo or a stamp that the first reading did not
 * read as words either, or the model second-guessing itself on poorer context.
 */
function actionable(result: FileResult, findings: readonly PixelFinding[]): PixelFinding[] {
  const index = new ValueIndex<PixelFinding>();
  for (const f of findings) index.add(f.value, f);
  const held = new Set(index.find(result.text, () => true).map((m) => m.tag));
  // Two or three characters ("401", "Py") turn up in any page's OCR by chance.
  const long = (f: PixelFinding) => f.value.replace(/\s/g, '').length >= 4;
  const weighed = (result.candidates ?? [])
    .filter((c) => c.source === 'ner')
    .map((c) => valueKey(c.text));
  const model = (f: PixelFinding) => f.source === 'ner' || f.source === 'propagated';
  const trusted = (f: PixelFinding) =>
    !model(f) ||
    (f.score >= MODEL_SURE &&
      !weighed.some((c) => c.includes(valueKey(f.value)) || valueKey(f.value).includes(c)));
  return findings.filter((f) => checkedIdentifier(f) || (held.has(f) && long(f) && trusted(f)));
}

/** Black boxes over `boxes` (as OCR boxed the words), FINDING_MARGIN larger all round. */
function areasOver(placed: readonly { page: number; boxes: readonly Box[] }[]): ReviewArea[] {
  return placed.flatMap(({ page, boxes }) =>
    boxes.map((b) => ({
      page,
      box: {
        x: b.x - FINDING_MARGIN,
        y: b.y - FINDING_MARGIN,
        width: b.width + 2 * FINDING_MARGIN,
        height: b.height + 2 * FINDING_MARGIN,
      },
    })),
  );
}

/**
 * The result with first-pass values the copy still shows blacked out where OCR read them: the
 * text outputs already redact them, so only the copy's pixels change.
 */
function withShownValuesCovered(result: FileResult, problems: readonly PixelProblem[]): FileResult {
  const pages = [...new Set(problems.map((p) => p.page))].sort((a, b) => a - b);
  return {
    ...result,
    areas: [...(result.areas ?? []), ...areasOver(problems)],
    warnings: [
      ...result.warnings,
      `reading the redacted copy back by OCR found ${problems.length} detected value${problems.length === 1 ? '' : 's'} printed where the first reading had not placed ${problems.length === 1 ? 'it' : 'them'} (page${pages.length === 1 ? '' : 's'} ${pages.join(', ')}); blacked out in the copy and the copy read again`,
    ],
  };
}

/**
 * A PDF or image copy built and read back by OCR. A first-pass value still readable where OCR
 * can place it (print the first reading missed, such as a letterhead it read as noise) is blacked
 * out there, and what the second reading finds on its own likewise; the copy is rebuilt and read
 * again, at most twice. A value OCR cannot place, one still readable after it was blacked out,
 * or anything found in the last reading, fails the copy.
 */
async function builtAndReadByPixels(
  result: FileResult,
  build: (
    r: FileResult,
    changed: ReadonlySet<number> | undefined,
  ) => Promise<{ bytes: Uint8Array; reading: PixelReading }>,
  readBackWith: ReadBackOptions | undefined,
): Promise<{ result: FileResult; bytes: Uint8Array }> {
  let current = result;
  // After a rebuild only the pages it changed are read again: the others are the same pixels.
  let changed: ReadonlySet<number> | undefined;
  const seen = new Set<string>();
  const key = (f: PixelFinding) => `${f.type}\u0000${f.page}\u0000${f.value.toLowerCase()}`;
  const shownKey = (p: PixelProblem) => `${p.page}\u0000${p.message}`;
  for (let round = 0; ; round++) {
    readBackWith?.onProgress?.('writing the redacted copy');
    const { bytes, reading } = await build(current, changed);
    const problems = reading.problems;
    const unplaceable = problems.filter((p) => p.boxes.length === 0 || seen.has(shownKey(p)));
    if (unplaceable.length > 0 || (problems.length > 0 && round >= MAX_REBUILDS)) {
      const stuck = unplaceable.length > 0 ? unplaceable : problems;
      throw new PixelLeakError([...new Set(stuck.map((p) => p.message))].join('; '));
    }
    const findings = readBackWith
      ? actionable(current, notRejected(current, reading.findings))
      : [];
    if (findings.length === 0 && problems.length === 0) return { result: current, bytes };
    const persisting = findings.filter((f) => seen.has(key(f)));
    if (persisting.length > 0 || (findings.length > 0 && round >= MAX_REBUILDS)) {
      const stuck = persisting.length > 0 ? persisting : findings;
      const said = [...new Set(stuck.map((f) => `a ${f.type} in ${f.where}`))];
      throw new PixelLeakError(
        `${said.join('; ')} still readable after ${round === 1 ? 'a rebuild' : `${round} rebuilds`}`,
      );
    }
    for (const f of findings) seen.add(key(f));
    for (const p of problems) seen.add(shownKey(p));
    let next = findings.length > 0 ? withPixelFindings(current, findings, readBackWith!) : current;
    if (problems.length > 0) next = withShownValuesCovered(next, problems);
    changed = new Set([
      ...findings.map((f) => f.page),
      ...problems.map((p) => p.page),
      ...pagesOfNewSpans(current, next),
    ]);
    current = next;
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

/** Pages on which `next` redacts a span `previous` did not. */
function pagesOfNewSpans(previous: FileResult, next: FileResult): number[] {
  const had = new Set(previous.spans.map((s) => `${s.start}:${s.end}`));
  const added = next.spans.filter((s) => !had.has(`${s.start}:${s.end}`));
  return [
    ...new Set(
      (next.fragments ?? [])
        .filter((f) => added.some((s) => f.start < s.end && f.end > s.start))
        .map((f) => f.page),
    ),
  ];
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
