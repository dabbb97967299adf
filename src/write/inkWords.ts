import type { Box } from '../domain/documentText.js';
import type { RenderedPage } from '../document/renderPdfPage.js';

/** A run of ink along a text line, in points from the page's left edge. */
export interface InkExtent {
  readonly left: number;
  readonly right: number;
}

/**
 * Gaps narrower than this (as a fraction of the line height) are inside a word. A word space is
 * 0.25–0.28 em plus the glyphs' side bearings; inside a word, narrow glyphs with wide bearings
 * ("11", "l:") leave gaps up to about 0.3 em, so some words split in two. The caller only trusts
 * the result when the count of inked words equals the count of words in the text.
 */
const MIN_WORD_GAP = 0.24;
/**
 * The band of a horizontal text box that is sampled for ink, as fractions of its height from the
 * top. Text-layer boxes run from 0.8 em above the baseline to 0.2 em below it; the band from just
 * under cap height (so the bars of T and 7 count) to just under the baseline holds ink of every
 * letter, digit and most punctuation, while the descenders of the line above and below, which can
 * reach into the box at tight line spacing, stay out of it.
 */
const BAND_TOP = 0.12;
const BAND_BOTTOM = 0.82;
/** A pixel is ink when it is this much darker than the lightest pixel of the band (the paper). */
const INK_CONTRAST = 64;

/**
 * The words of a horizontal text line as they are inked on the rendered page: runs of dark
 * columns inside `box` separated by gaps of word-space width. Null where the page gives no clear
 * answer (no light paper under the text, nothing drawn). Reads pixels, so it must run before any
 * redaction box is painted on the page; `pixels` is the page's `pixels()`, read once per page.
 */
export function inkWords(page: RenderedPage, box: Box, pixels: Uint8Array): InkExtent[] | null {
  const { scale } = page;
  const x0 = Math.max(0, Math.floor(box.x * scale));
  const x1 = Math.min(page.pixelWidth, Math.ceil((box.x + box.width) * scale));
  const y0 = Math.max(0, Math.floor((box.y + box.height * BAND_TOP) * scale));
  const y1 = Math.min(page.pixelHeight, Math.ceil((box.y + box.height * BAND_BOTTOM) * scale));
  const width = x1 - x0;
  const height = y1 - y0;
  if (width <= 0 || height <= 0) return null;
  const luminance = new Float32Array(width * height);
  let paper = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = ((y0 + y) * page.pixelWidth + x0 + x) * 4;
      const l =
        0.299 * (pixels[at] ?? 0) + 0.587 * (pixels[at + 1] ?? 0) + 0.114 * (pixels[at + 2] ?? 0);
      luminance[y * width + x] = l;
      if (l > paper) paper = l;
    }
  }
  // Light text on a dark fill: columns of "ink" would be the fill, not the words.
  if (paper < 128) return null;
  const inkBelow = paper - INK_CONTRAST;
  const inked = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((luminance[y * width + x] ?? 255) < inkBelow) inked[x] = 1;
    }
  }

  const minGap = Math.max(1, MIN_WORD_GAP * box.height * scale);
  const words: { from: number; to: number }[] = [];
  for (let x = 0; x < width; x++) {
    if (inked[x] !== 1) continue;
    const last = words[words.length - 1];
    if (last !== undefined && x - last.to < minGap) last.to = x + 1;
    else words.push({ from: x, to: x + 1 });
  }
  if (words.length === 0) return null;
  return words.map((w) => ({ left: (x0 + w.from) / scale, right: (x0 + w.to) / scale }));
}
