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
    const widths = Array.from(fragmentText, glyphWidth);
    // Array.from iterates code points; fall back to even spacing when surrogate pairs make the
    // widths no longer line up with UTF-16 offsets.
    if (widths.length === length) {
      const total = widths.reduce((a, b) => a + b, 0);
      if (total > 0) {
        const before = sum(widths, 0, from - fragment.start);
        const through = before + sum(widths, from - fragment.start, to - fragment.start);
        lo = Math.min(lo, before / total);
        hi = Math.max(hi, through / total);
      }
    }
  }
  return [lo, hi];
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
