/**
 * Solid black on a page: a redaction box, a censor bar. OCR reads it as rows of guesses ("EEE",
 * "NNREREE") at low confidence; no angle, clean-up or turn makes it legible, so those readings
 * are not evidence of text at an angle or of a page read badly.
 */
import type { Sharp } from 'sharp';
import type { Box } from '../../domain/documentText.js';
import type { OcrPageResult } from './ocrTypes.js';

/**
 * Share of a word's box that must be near black for it to be a solid bar: print, white on a dark
 * band included, leaves far more of its box light (its glyphs' strokes, their counters).
 */
const SOLID_SHARE = 0.9;
/** Grey levels below this count as black (a redaction box is 0; dark print on a scan ~20–60). */
const BLACK_LEVEL = 64;

export interface GreyPixels {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
}

export async function greyPixels(image: Sharp): Promise<GreyPixels> {
  const { data, info } = await image
    .clone()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Whether a box (source pixels) is solid black: at least SOLID_SHARE of its pixels. */
export function solidBlack(pixels: GreyPixels): (box: Box) => boolean {
  return (box) => {
    const x0 = Math.max(0, Math.floor(box.x));
    const y0 = Math.max(0, Math.floor(box.y));
    const x1 = Math.min(pixels.width, Math.ceil(box.x + box.width));
    const y1 = Math.min(pixels.height, Math.ceil(box.y + box.height));
    let black = 0;
    for (let y = y0; y < y1; y++) {
      let i = (y * pixels.width + x0) * pixels.channels;
      for (let x = x0; x < x1; x++, i += pixels.channels)
        if (pixels.data[i]! < BLACK_LEVEL) black++;
    }
    const all = (x1 - x0) * (y1 - y0);
    return all > 0 && black >= SOLID_SHARE * all;
  };
}

/**
 * Mean confidence of the words that are not solid black bars; the page's own mean when every
 * word is one (nothing else was read).
 */
export function printConfidence(result: OcrPageResult, solid: (box: Box) => boolean): number {
  let sum = 0;
  let count = 0;
  for (const p of result.paragraphs)
    for (const l of p.lines)
      for (const w of l.words) {
        if (solid(w.box)) continue;
        sum += w.confidence;
        count++;
      }
  return count === 0 ? result.confidence : sum / count;
}
