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
