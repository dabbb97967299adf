/**
 * The rebuild loop of a PDF or image copy, whose second reading is OCR of its pixels
 * (verifyPixels): what the reading finds is blacked out where it is drawn and added to the
 * document through the run's one `AddFindings`, and the changed pages are read again.
 */
import type { Box } from '../domain/documentText.js';
import type { FileResult } from '../domain/fileResult.js';
import type { ReviewArea } from '../domain/reviewDecisions.js';
import { ValueIndex } from '../domain/valueMatching.js';
import {
  MAX_REBUILDS,
  notRejected,
  valueKey,
  type AddFindings,
  type CopyReadBack,
} from './rebuildLoop.js';
import type { PixelFinding, PixelProblem, PixelReading } from './verifyPixels.js';
import { IBAN_HEAD } from '../domain/ibanShape.js';

const IBAN_LIKE = new RegExp(`^${IBAN_HEAD}[A-Z0-9 ]{11,}$`, 'u');

/** A copy that can be read where it should be black; no file is written for it. */
export class PixelLeakError extends Error {}

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
  addFindings: AddFindings,
): FileResult {
  const withSpans = addFindings(result, [...findings, ...misreadUnder(result, findings)]) ?? result;
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

/** The findings whose value the document's text holds (as whole words, any case or spacing). */
function heldInText(text: string, findings: readonly PixelFinding[]): Set<PixelFinding> {
  const index = new ValueIndex<PixelFinding>();
  for (const f of findings) index.add(f.value, f);
  return new Set(index.find(text, () => true).map((m) => m.tag));
}

/** Share of an OCR word's width (and of the lower box's height) a finding's box must cover. */
const UNDER_SHARE = 0.5;

/**
 * What the document's text holds where a finding is drawn, for findings whose value it does not
 * hold: the first reading misread the print ("DEBS 3704 …" for an IBAN the copy's reading checks
 * as "DE89 3704 …"), and the anonymised text would keep the misreading, an IBAN off by two
 * characters, though the copy is blacked out. The words under the finding's boxes are taken as
 * that finding's value, so the text outputs redact them too.
 */
function misreadUnder(result: FileResult, findings: readonly PixelFinding[]): PixelFinding[] {
  const fragments = result.fragments ?? [];
  if (fragments.length === 0) return [];
  const held = heldInText(result.text, findings);
  return findings
    .filter((f) => !held.has(f))
    .flatMap((f) => {
      const words = fragments
        .filter(
          (w) => w.page === f.page && w.end > w.start && f.boxes.some((b) => liesUnder(w.box, b)),
        )
        .sort((a, b) => a.start - b.start);
      const first = words[0];
      const last = words.at(-1);
      if (!first || !last) return [];
      const value = result.text.slice(first.start, last.end);
      // Words far apart in the text are not one value drawn in one place.
      return value.length <= 2 * f.value.length + 8 ? [{ ...f, value }] : [];
    });
}

/**
 * Whether a word's box lies under a finding's: most of the word's width, and most of the lower
 * box's height, since OCR boxes a word of the document by its line and a finding by its glyphs.
 */
function liesUnder(word: Box, finding: Box): boolean {
  const across =
    Math.min(word.x + word.width, finding.x + finding.width) - Math.max(word.x, finding.x);
  const down =
    Math.min(word.y + word.height, finding.y + finding.height) - Math.max(word.y, finding.y);
  return (
    across >= UNDER_SHARE * word.width &&
    down >= UNDER_SHARE * Math.min(word.height, finding.height)
  );
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
    (f.type === 'BANK_ACCOUNT' && IBAN_LIKE.test(f.value))
  );
}

/**
 * The model's score a finding in OCR'd copy text must reach. Measured on a utility bill and an
 * annual report of real-dev2: the model, reading OCR of copies cut by black boxes, proposed 120
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
  const held = heldInText(result.text, findings);
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
export async function builtAndReadByPixels(
  result: FileResult,
  build: (
    r: FileResult,
    changed: ReadonlySet<number> | undefined,
  ) => Promise<{ bytes: Uint8Array; reading: PixelReading }>,
  addFindings: AddFindings,
  readBackWith: CopyReadBack | undefined,
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
    let next = findings.length > 0 ? withPixelFindings(current, findings, addFindings) : current;
    if (problems.length > 0) next = withShownValuesCovered(next, problems);
    changed = new Set([
      ...findings.map((f) => f.page),
      ...problems.map((p) => p.page),
      ...pagesOfNewSpans(current, next),
    ]);
    current = next;
  }
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
