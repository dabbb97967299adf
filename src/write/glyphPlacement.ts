/**
 * Where characters sit inside a text fragment, when only the fragment's box is known. Two
 * estimates are made and the range covering both is returned, because the font is unknown:
 * evenly spaced characters (exact for monospaced fonts and OCR words) and Helvetica's advance
 * widths (close for most proportional fonts, and the usual font of generated documents).
 */
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import type { TextFragment } from '../domain/documentText.js';

/**
 * Where characters [from, to) start and end along the fragment, as fractions of its length;
 * `text` is the document text the fragment indexes into (without it, even spacing only).
 */
export function characterRange(
  fragment: TextFragment,
  from: number,
  to: number,
  text: string | undefined,
): [number, number] {
  const length = fragment.end - fragment.start;
  let lo = (from - fragment.start) / length;
  let hi = (to - fragment.start) / length;
  const fragmentText = text?.slice(fragment.start, fragment.end);
  if (fragmentText !== undefined && fragmentText.length === length) {
    // A combining mark is drawn over the letter before it and takes no room of its own: with
    // marks over every letter, counting them as characters put a value's end half a value early.
    if (MARK.test(fragmentText)) {
      const even = Array.from(fragmentText, (c) => (MARK.test(c) ? 0 : 1));
      if (even.length === length)
        [lo, hi] = widened([lo, hi], even, from - fragment.start, to - fragment.start);
    }
    const widths = Array.from(fragmentText, glyphWidth);
    // Array.from iterates code points; fall back to even spacing when surrogate pairs make the
    // widths no longer line up with UTF-16 offsets.
    if (widths.length === length) {
      [lo, hi] = widened([lo, hi], widths, from - fragment.start, to - fragment.start);
    }
  }
  return [lo, hi];
}

const MARK = /\p{M}/u;

/** `range` widened to where characters [from, to) lie when each is as wide as `widths` says. */
function widened(
  [lo, hi]: [number, number],
  widths: readonly number[],
  from: number,
  to: number,
): [number, number] {
  const total = widths.reduce((a, b) => a + b, 0);
  if (total <= 0) return [lo, hi];
  const before = sum(widths, 0, from);
  const through = before + sum(widths, from, to);
  return [Math.min(lo, before / total), Math.max(hi, through / total)];
}

function sum(values: readonly number[], from: number, to: number): number {
  let total = 0;
  for (let i = from; i < to; i++) total += values[i] ?? 0;
  return total;
}

// pdf-lib's StandardFonts and the embedder's FontNames are the same strings under two enum types.
const helvetica = StandardFontEmbedder.for(
  StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
);
const glyphWidths = new Map<string, number>();
/** Helvetica's average advance, used for characters outside its (WinAnsi) repertoire. */
const AVERAGE_WIDTH = 556;

function glyphWidth(char: string): number {
  if (MARK.test(char)) return 0;
  let width = glyphWidths.get(char);
  if (width === undefined) {
    try {
      width = helvetica.widthOfTextAtSize(char, 1000);
    } catch {
      width = AVERAGE_WIDTH;
    }
    glyphWidths.set(char, width);
  }
  return width;
}
