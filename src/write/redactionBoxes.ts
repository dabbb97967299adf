import type { Box, TextFragment } from '../domain/documentText.js';
import type { Span } from '../domain/span.js';
import { characterRange } from './glyphPlacement.js';
import type { InkExtent } from './inkWords.js';

/** How a copy's boxes look, for a PDF's copy and an image's alike. */
export interface CopyBoxStyle {
  /** With `--label-boxes`: what each span's box says (same order as `spans`). */
  readonly labels?: readonly string[];
  /** The boxes' fill (src/domain/boxStyle's dark fills); black by default. */
  readonly fill?: string;
}

/** A box to paint black, in page points with a top-left origin (the same space as fragment boxes). */
export interface RedactionBox {
  /** 1-based page number. */
  readonly page: number;
  readonly box: Box;
  /** Index into the spans array the box redacts, so tests and reports can tie boxes to spans. */
  readonly spanIndex: number;
}

/**
 * Extra cover around each slice, as a fraction of the line's thickness (a horizontal box's
 * height). Text-layer boxes run from 0.2 em below the baseline to 0.8 em above it
 * (src/extract/pdf/layoutPageText.ts) and OCR word boxes hug the ink; 0.15 more across the line
 * reaches accents and deep descenders while staying clear of the next line at ordinary
 * (1.15–1.2) line spacing. Along the line a little cover absorbs the error of estimating glyph
 * widths.
 */
const ACROSS_MARGIN = 0.15;
const ALONG_MARGIN = 0.12;
const MIN_MARGIN_PT = 1;
/** How far (in line heights) an inked word may sit from its estimated place and still be matched. */
const INK_MATCH_TOLERANCE = 1.5;

export interface RedactionBoxOptions {
  /** The extracted text the fragments index into; enables glyph-width and ink estimates. */
  readonly text?: string;
  /** Page rotation in degrees (pdf.js `page.rotate`); 0 when omitted. */
  readonly pageRotation?: (page: number) => number;
  /**
   * Where the words of a horizontal fragment are inked on the rendered page, left to right, in
   * points (see inkWords.ts); null when the page does not tell.
   */
  readonly inkWords?: (fragment: TextFragment) => readonly InkExtent[] | null;
}

/**
 * Boxes covering every span's characters: each fragment a span overlaps contributes the slice of
 * its box holding the overlapping characters, so a span over several lines (or several text
 * items) gets one box per fragment.
 *
 * Where a glyph sits inside a fragment is not known, only the fragment's box. When the rendered
 * page shows exactly as many inked words on the line as the fragment's text has, words are
 * matched to them one to one and whole words are covered exactly. Otherwise (and inside a word)
 * every estimate that could be right is covered:
 * - glyph spacing: evenly spaced characters (exact for monospaced fonts and OCR words) and
 *   Helvetica advance widths (close for proportional fonts; needs the document `text`);
 * - reading direction, which a box does not tell: a tall box is vertical text, read downwards or
 *   upwards, and on a page displayed upside down (rotation 180) a wide box may read right to
 *   left; both senses are covered then. Landscape pages whose text was drawn turned to read
 *   normally give wide boxes and are sliced left to right like upright pages.
 */
export function redactionBoxes(
  spans: readonly Span[],
  fragments: readonly TextFragment[],
  opts: RedactionBoxOptions = {},
): RedactionBox[] {
  const sorted = [...fragments].filter((f) => f.end > f.start).sort((a, b) => a.start - b.start);
  // Fragments never overlap in practice, but a prefix maximum of `end` keeps the binary search
  // correct even if one does.
  const maxEndUpTo: number[] = [];
  let runningMax = -Infinity;
  for (const f of sorted) {
    runningMax = Math.max(runningMax, f.end);
    maxEndUpTo.push(runningMax);
  }
  const inkOf = memoise(opts.inkWords);
  const boxes: RedactionBox[] = [];
  spans.forEach((span, spanIndex) => {
    const ofSpan: RedactionBox[] = [];
    for (let i = firstEndingAfter(maxEndUpTo, span.start); i < sorted.length; i++) {
      const fragment = sorted[i];
      if (fragment === undefined || fragment.start >= span.end) break;
      if (fragment.end <= span.start) continue;
      const from = Math.max(span.start, fragment.start);
      const to = Math.min(span.end, fragment.end);
      const rotation = opts.pageRotation?.(fragment.page) ?? 0;
      const box = sliceBox(fragment, from, to, opts.text, rotation, inkOf);
      ofSpan.push({ page: fragment.page, box, spanIndex });
    }
    boxes.push(...mergeAlongLines(ofSpan));
  });
  return boxes;
}

/**
 * A span drawn as several text items on one line (one item per word is common) becomes one bar:
 * separate boxes would leave slivers of paper between the words, which reads as a glitch.
 */
function mergeAlongLines(boxes: readonly RedactionBox[]): RedactionBox[] {
  const merged: RedactionBox[] = [];
  for (const next of boxes) {
    const last = merged[merged.length - 1];
    if (last !== undefined && sameLine(last, next)) {
      const x = Math.min(last.box.x, next.box.x);
      const y = Math.min(last.box.y, next.box.y);
      const right = Math.max(last.box.x + last.box.width, next.box.x + next.box.width);
      const bottom = Math.max(last.box.y + last.box.height, next.box.y + next.box.height);
      merged[merged.length - 1] = { ...last, box: { x, y, width: right - x, height: bottom - y } };
    } else {
      merged.push(next);
    }
  }
  return merged;
}

/** Same page, mostly the same vertical extent, and no more than a line height apart. */
function sameLine(a: RedactionBox, b: RedactionBox): boolean {
  if (a.page !== b.page) return false;
  const overlap =
    Math.min(a.box.y + a.box.height, b.box.y + b.box.height) - Math.max(a.box.y, b.box.y);
  const height = Math.min(a.box.height, b.box.height);
  if (overlap < 0.7 * height) return false;
  const gap = Math.max(a.box.x, b.box.x) - Math.min(a.box.x + a.box.width, b.box.x + b.box.width);
  return gap < height;
}

function memoise(
  inkWords: RedactionBoxOptions['inkWords'],
): (fragment: TextFragment) => readonly InkExtent[] | null {
  const cache = new Map<TextFragment, readonly InkExtent[] | null>();
  return (fragment) => {
    if (inkWords === undefined) return null;
    let words = cache.get(fragment);
    if (words === undefined) {
      words = inkWords(fragment);
      cache.set(fragment, words);
    }
    return words;
  };
}

function firstEndingAfter(maxEndUpTo: readonly number[], offset: number): number {
  let lo = 0;
  let hi = maxEndUpTo.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((maxEndUpTo[mid] ?? Infinity) > offset) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function sliceBox(
  fragment: TextFragment,
  from: number,
  to: number,
  text: string | undefined,
  rotation: number,
  inkOf: (fragment: TextFragment) => readonly InkExtent[] | null,
): Box {
  const { box } = fragment;
  const length = fragment.end - fragment.start;
  const vertical = length > 1 && box.height > box.width;
  const upsideDown = ((rotation % 360) + 360) % 360 === 180;
  // Margins scale with the line's thickness: the box's short side for vertical text.
  const thickness = vertical ? box.width : box.height;
  const along = Math.max(MIN_MARGIN_PT, thickness * ALONG_MARGIN);
  const across = Math.max(MIN_MARGIN_PT, thickness * ACROSS_MARGIN);
  const inked = vertical || upsideDown ? null : inkExtent(fragment, from, to, text, inkOf);
  if (inked !== null) {
    return {
      x: inked[0] - along,
      y: box.y - across,
      width: inked[1] - inked[0] + 2 * along,
      height: box.height + 2 * across,
    };
  }
  let [lo, hi] = characterRange(fragment, from, to, text);
  if (vertical || upsideDown) [lo, hi] = [Math.min(lo, 1 - hi), Math.max(hi, 1 - lo)];
  if (vertical) {
    return {
      x: box.x - across,
      y: box.y + box.height * lo - along,
      width: box.width + 2 * across,
      height: box.height * (hi - lo) + 2 * along,
    };
  }
  return {
    x: box.x + box.width * lo - along,
    y: box.y - across,
    width: box.width * (hi - lo) + 2 * along,
    height: box.height + 2 * across,
  };
}

/**
 * Left and right x of characters [from, to) of a horizontal fragment from the page's ink, or
 * null when the inked words do not match the text's words one to one. A slice edge inside a
 * word is placed within that word's ink by the glyph estimates.
 */
function inkExtent(
  fragment: TextFragment,
  from: number,
  to: number,
  text: string | undefined,
  inkOf: (fragment: TextFragment) => readonly InkExtent[] | null,
): [number, number] | null {
  const fragmentText = text?.slice(fragment.start, fragment.end);
  if (fragmentText === undefined || fragmentText.length !== fragment.end - fragment.start)
    return null;
  const words = [...fragmentText.matchAll(/\S+/gu)].map((m) => ({
    start: fragment.start + m.index,
    end: fragment.start + m.index + m[0].length,
  }));
  // One word is the whole box already; the ink adds nothing.
  if (words.length < 2) return null;
  const ink = inkOf(fragment);
  if (ink === null || ink.length !== words.length) return null;
  // Equal counts can still pair the wrong runs (a word split in two where another pair merged):
  // every inked word must lie about where the glyph estimates put it.
  const { box } = fragment;
  const tolerance = INK_MATCH_TOLERANCE * box.height;
  const matches = words.every((word, i) => {
    const [lo, hi] = characterRange(fragment, word.start, word.end, text);
    const extent = ink[i];
    return (
      extent !== undefined &&
      extent.left >= box.x + box.width * lo - tolerance &&
      extent.right <= box.x + box.width * hi + tolerance
    );
  });
  if (!matches) return null;
  const first = words.findIndex((w) => w.end > from);
  const last = words.findLastIndex((w) => w.start < to);
  if (first === -1 || last === -1 || last < first) return null;
  const edge = (index: number): { word: TextFragment; left: number; right: number } | null => {
    const word = words[index];
    const extent = ink[index];
    if (word === undefined || extent === undefined) return null;
    const wordBox = { ...fragment.box, x: extent.left, width: extent.right - extent.left };
    return {
      word: { ...fragment, start: word.start, end: word.end, box: wordBox },
      left: extent.left,
      right: extent.right,
    };
  };
  const a = edge(first);
  const b = edge(last);
  if (a === null || b === null) return null;
  let left = a.left;
  if (from > a.word.start)
    left = a.left + (a.right - a.left) * characterRange(a.word, from, a.word.end, text)[0];
  let right = b.right;
  if (to < b.word.end)
    right = b.left + (b.right - b.left) * characterRange(b.word, b.word.start, to, text)[1];
  return [left, right];
}
