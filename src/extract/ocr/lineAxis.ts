/**
 * Which way a page's text lines run, from its ink alone: a page lying on its side has its lines
 * running down the page. Projected across its lines, print gives a sharp histogram (lines of ink
 * and the white between them); projected along them, a flat one. Each projection is searched over
 * a few degrees of skew, as in skewAngle.ts, and scaled by its number of bins, so the two
 * directions compare on a page of any shape.
 *
 * OCR tells upright from upside down; this only tells a page that may be upright or upside down
 * from one on its side, for the cost of two projections instead of two readings of sideways print
 * (the slowest thing Tesseract reads: a short statement's four half-resolution probes took 12 s
 * when it lay on its side, on two cores).
 */
import { projectionSharpness } from './skewAngle.js';

export type LineAxis = 'across' | 'down';

export interface LineAxisReading {
  /** Sharpness of the projection across horizontal lines over that across vertical ones. */
  readonly ratio: number;
  /** 'across' for lines that run across the page, 'down' for a page on its side; undefined: unclear. */
  readonly axis: LineAxis | undefined;
}

/** One direction's projection must be this much sharper than the other's to be believed. */
export const CLEAR_AXIS_RATIO = 1.5;

/**
 * Runs of ink longer than this share of the page's shorter side are not print: a receipt's
 * coloured edge stripe, a ruled table, a fold's shadow. One such stripe down a faint receipt
 * outweighed all its print and read as lines running down the page.
 */
const LONGEST_STROKE = 0.06;

/** The ink of `gray` without its long horizontal and vertical runs (see LONGEST_STROKE). */
function printOnly(gray: Uint8Array, width: number, height: number): Uint8Array {
  const longest = Math.max(8, Math.round(Math.min(width, height) * LONGEST_STROKE));
  const out = Uint8Array.from(gray);
  const erase = (at: (i: number, j: number) => number, lines: number, length: number) => {
    for (let i = 0; i < lines; i++) {
      let run = 0;
      for (let j = 0; j <= length; j++) {
        if (j < length && (gray[at(i, j)] as number) < 128) {
          run++;
          continue;
        }
        if (run > longest) for (let k = j - run; k < j; k++) out[at(i, k)] = 255;
        run = 0;
      }
    }
  };
  erase((y, x) => y * width + x, height, width);
  erase((x, y) => y * width + x, width, height);
  return out;
}

export function lineAxis(gray: Uint8Array, width: number, height: number): LineAxisReading {
  const print = printOnly(gray, width, height);
  const rows = projectionSharpness(print, width, height, false);
  const columns = projectionSharpness(print, width, height, true);
  if (rows === 0 || columns === 0) return { ratio: 1, axis: undefined };
  const ratio = rows / columns;
  const axis =
    ratio >= CLEAR_AXIS_RATIO ? 'across' : ratio <= 1 / CLEAR_AXIS_RATIO ? 'down' : undefined;
  return { ratio, axis };
}
