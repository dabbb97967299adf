import type { Box } from '../../domain/documentText.js';

/** One word as the OCR engine read it; `box` is in pixels of the image that was OCR'd. */
export interface OcrWord {
  readonly text: string;
  /** Tesseract's word confidence in [0, 100]. */
  readonly confidence: number;
  readonly box: Box;
}

/** Words of one text line, left to right. */
export interface OcrLine {
  readonly words: readonly OcrWord[];
}

/** Lines of one paragraph, top to bottom; paragraphs are separated by a blank line in the text. */
export interface OcrParagraph {
  readonly lines: readonly OcrLine[];
}

/** The OCR result for one page image, in the engine's reading order. Plain data (crosses threads). */
export interface OcrPageResult {
  /** Size of the OCR'd image in pixels. */
  readonly width: number;
  readonly height: number;
  readonly paragraphs: readonly OcrParagraph[];
  /** Mean word confidence in [0, 100]; 0 when no word was found. */
  readonly confidence: number;
}

/**
 * Paragraphs read from a band cut out of a page and enlarged `scale` times, placed back on the
 * page: boxes shrunk by the scale and moved down to the band's `top`.
 */
export function placedParagraphs(
  paragraphs: readonly OcrParagraph[],
  scale: number,
  top: number,
): OcrParagraph[] {
  return paragraphs.map((p) => ({
    lines: p.lines.map((l) => ({
      words: l.words.map((w) => ({
        ...w,
        box: {
          x: w.box.x / scale,
          y: w.box.y / scale + top,
          width: w.box.width / scale,
          height: w.box.height / scale,
        },
      })),
    })),
  }));
}

/**
 * How much a reading says: the characters matching `counted` of every word with two or more of
 * them, each weighted by the word's confidence.
 */
export function wordScore(paragraphs: readonly OcrParagraph[], counted: RegExp): number {
  let score = 0;
  for (const p of paragraphs)
    for (const line of p.lines)
      for (const w of line.words) {
        const n = w.text.match(counted)?.length ?? 0;
        if (n >= 2) score += n * (w.confidence / 100);
      }
  return score;
}
