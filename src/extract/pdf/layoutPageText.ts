/**
 * Turns one page's pdf.js text items into reading-order text with line breaks, and a box per item.
 * Pure: pdf.js objects are reduced to `PdfTextItem` and a point-mapping function first.
 *
 * Reading order: we keep pdf.js's content-stream order for lines — producers draw blocks such as
 * "Bill to" / "Ship to" one after another, and sorting the whole page top-to-bottom would
 * interleave side-by-side blocks line by line and split addresses — but we start a new line
 * whenever the baseline moves (or pdf.js marks an end of line and the next item does not continue
 * to the right), and within one line we sort items left to right, because some producers emit
 * the words of a line out of order.
 *
 * Boxes: an item's box spans from 0.2 em below its baseline to 0.8 em above it (the ascent pdf.js's
 * own text layer assumes), across its advance width, mapped through the page viewport so the box
 * has a top-left origin in PDF points and follows page rotation and crop box offsets.
 */
import type { Box } from '../../domain/documentText.js';

export interface PdfTextItem {
  readonly str: string;
  /** pdf.js text-space-to-page matrix [a, b, c, d, e, f]; (e, f) is the baseline origin. */
  readonly transform: readonly number[];
  /** Advance width in page units. */
  readonly width: number;
  /** Font height in page units (0 for pdf.js's empty end-of-line markers). */
  readonly height: number;
  readonly hasEOL: boolean;
}

/** Maps a PDF user-space point to viewport space (top-left origin), e.g. viewport.convertToViewportPoint. */
export type PointMapper = (x: number, y: number) => readonly number[];

/** Offsets are relative to the page's own text. */
export interface PageFragment {
  readonly start: number;
  readonly end: number;
  readonly box: Box;
  readonly origin?: 'barcode';
  /** OCR'd words only: the engine's confidence in [0, 100] that it read this word right. */
  readonly confidence?: number;
}

export interface PageText {
  readonly text: string;
  readonly fragments: readonly PageFragment[];
}

interface PlacedItem {
  readonly str: string;
  readonly hasEOL: boolean;
  readonly box: Box;
  /** Baseline origin and end in viewport space. */
  readonly x: number;
  readonly xEnd: number;
  readonly y: number;
  readonly size: number;
}

const DESCENT = 0.2;
const ASCENT = 0.8;

function unit(x: number, y: number, fallback: readonly [number, number]): [number, number] {
  const n = Math.hypot(x, y);
  return n > 0 ? [x / n, y / n] : [fallback[0], fallback[1]];
}

/**
 * pdf.js writes a letter-spaced run (character spacing `Tc`) as one item with a space after every
 * glyph, "J a n e"; those spaces are spacing, not words (pdf.js gives the word spaces as items of
 * their own). A line with a run of at least four such glyphs is letter-spaced, and then every
 * item of it that alternates glyph and space ("D o e" too) is read without the spaces.
 */
export function withoutLetterSpacing<T extends { readonly str: string }>(line: readonly T[]): T[] {
  if (!line.some((item) => /^(?:\S ){3,}\S$/u.test(item.str))) return [...line];
  return line.map((item) =>
    /^(?:\S )+\S$/u.test(item.str) ? { ...item, str: item.str.replace(/ /g, '') } : item,
  );
}

function placeItem(item: PdfTextItem, toViewport: PointMapper): PlacedItem {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  const size = item.height > 0 ? item.height : Math.hypot(c, d) || 1;
  const [ux, uy] = unit(a, b, [1, 0]);
  const [vx, vy] = unit(c, d, [-uy, ux]);
  const corner = (t: number, s: number): readonly number[] =>
    toViewport(e + ux * t * item.width + vx * s * size, f + uy * t * item.width + vy * s * size);
  const corners = [corner(0, -DESCENT), corner(1, -DESCENT), corner(0, ASCENT), corner(1, ASCENT)];
  const xs = corners.map((p) => p[0] ?? 0);
  const ys = corners.map((p) => p[1] ?? 0);
  const origin = toViewport(e, f);
  const end = toViewport(e + ux * item.width, f + uy * item.width);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return {
    str: item.str,
    hasEOL: item.hasEOL,
    box: { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top },
    x: origin[0] ?? 0,
    xEnd: end[0] ?? 0,
    y: origin[1] ?? 0,
    size,
  };
}

function groupLines(items: readonly PlacedItem[]): PlacedItem[][] {
  const lines: PlacedItem[][] = [];
  let line: PlacedItem[] = [];
  let previous: PlacedItem | undefined;
  for (const item of items) {
    if (previous) {
      const tolerance = 0.4 * Math.max(previous.size, item.size);
      const baselineMoved = Math.abs(item.y - previous.y) > tolerance;
      const endOfLine = previous.hasEOL && item.x < previous.xEnd - tolerance;
      if (baselineMoved || endOfLine) {
        lines.push(line);
        line = [];
      }
    }
    line.push(item);
    previous = item;
  }
  if (line.length > 0) lines.push(line);
  // Stable sort: items at the same x keep their stream order.
  return lines.map((l) => [...l].sort((p, q) => p.x - q.x));
}

/** How far apart two edges may be and still line up, in page units. */
const ALIGNED = 1;

/**
 * The items of each line that start or end a column of a table: a gap wider than a word's space
 * before them (more than 0.8 em: a monospaced font's space is 0.6 em, a justified line stretches
 * its spaces less), and an item of the line above or below that starts where this one starts, or
 * ends where it ends (amounts are aligned right), with a gap of its own on that side. A table
 * drawn with tight cells ("Linda Jones" a cell's padding from "32") otherwise reads as a line of
 * words, and the model took four such rows of names and hours for one address.
 */
function columnStarts(lines: readonly (readonly PlacedItem[])[]): Set<PlacedItem> {
  // pdf.js gives the gap between two cells as an item of spaces of its own: the gap is measured
  // between the words on either side.
  const gapped = lines.map((line) => {
    const words = line.filter((item) => item.str.trim() !== '');
    return words.filter((item, i) => {
      const left = words[i - 1];
      return left !== undefined && item.x - left.xEnd > 0.8 * Math.max(left.size, item.size);
    });
  });
  const starts = new Set<PlacedItem>();
  gapped.forEach((items, i) => {
    const near = [...(gapped[i - 1] ?? []), ...(gapped[i + 1] ?? [])];
    for (const item of items) {
      const lined = near.some(
        (other) =>
          Math.abs(other.x - item.x) <= ALIGNED || Math.abs(other.xEnd - item.xEnd) <= ALIGNED,
      );
      if (lined) starts.add(item);
    }
  });
  return starts;
}

/** What separates two neighbouring items of a line: nothing, a space, or a column gap. */
function separator(left: PlacedItem, right: PlacedItem, column: boolean): string {
  if (/^\s/.test(right.str)) return '';
  if (/\s$/.test(left.str)) return column && left.str.trim() !== '' ? '  ' : '';
  const gap = right.x - left.xEnd;
  const size = Math.max(left.size, right.size);
  if (gap > 2 * size || column) return '   ';
  if (gap > 0.15 * size) return ' ';
  return '';
}

/** A vertical gap of more than two lines between blocks becomes a blank line. */
function lineBreak(above: readonly PlacedItem[], below: readonly PlacedItem[]): string {
  const a = above[0];
  const b = below[0];
  if (!a || !b) return '\n';
  return Math.abs(b.y - a.y) > 2.2 * Math.max(a.size, b.size) ? '\n\n' : '\n';
}

export function layoutPageText(items: readonly PdfTextItem[], toViewport: PointMapper): PageText {
  const placed = items.filter((i) => i.str.length > 0).map((i) => placeItem(i, toViewport));
  const lines = groupLines(placed).map((line) => withoutLetterSpacing(line));
  const columns = columnStarts(lines);
  let text = '';
  const fragments: PageFragment[] = [];
  lines.forEach((line, lineIndex) => {
    const above = lines[lineIndex - 1];
    if (above) text += lineBreak(above, line);
    line.forEach((item, i) => {
      const left = line[i - 1];
      if (left) text += separator(left, item, columns.has(item));
      else if (item.str.trim() === '') return; // no leading whitespace on a line
      const start = text.length;
      // The spaces pdf.js gives for a gap before a column's cell: a column gap.
      const next = line[i + 1];
      const gap = item.str.trim() === '' && left && next && columns.has(next);
      text += gap ? '   ' : item.str;
      if (item.str.trim() !== '') fragments.push({ start, end: text.length, box: item.box });
    });
  });
  return { text, fragments };
}
