import type { Sharp } from 'sharp';
import type { PageText } from '../pdf/layoutPageText.js';
import { ocrPageText } from './ocrPageText.js';
import type { OcrPool } from './ocrPool.js';
import {
  DEFAULT_PREPROCESS,
  preparePageImage,
  type PreprocessOptions,
} from './preparePageImage.js';
import { recognizePage } from './recognizePage.js';

/** One page read by OCR: its text and word fragments (offsets relative to the page's text). */
export interface OcredPage extends PageText {
  /** Mean word confidence in [0, 100]; 0 when nothing was read. */
  readonly confidence: number;
  /** The page had (almost) no ink, so it was not sent to the engine. */
  readonly blank: boolean;
}

export interface OcrImagePageOptions {
  /** Resolution of the image, when known; 0 lets Tesseract estimate it from the glyph sizes. */
  readonly dpi: number;
  /** Multiplies the boxes: 1 for image pixels, 72/dpi for PDF points. */
  readonly unitsPerPixel: number;
  readonly preprocess?: PreprocessOptions;
  readonly pool?: OcrPool;
}

/** Prepares, OCRs and lays out one page image: the one path shared by images and scanned PDFs. */
export async function ocrImagePage(image: Sharp, options: OcrImagePageOptions): Promise<OcredPage> {
  const prepared = await preparePageImage(
    image,
    options.preprocess ?? DEFAULT_PREPROCESS,
    options.dpi,
  );
  const result = await recognizePage(prepared, options.pool);
  return {
    ...ocrPageText(result, options.unitsPerPixel),
    confidence: result.confidence,
    blank: prepared.blank,
  };
}

/**
 * Below this mean word confidence a page's text is mostly guesses (blur, tiny print, handwriting,
 * photographs of screens): detections on it cannot be trusted, so the user is told.
 */
export const LOW_CONFIDENCE = 60;

/** What the user should hear about one OCR'd page, if anything. */
export function ocrPageWarnings(pageNumber: number, page: OcredPage): string[] {
  if (page.blank) return [`page ${pageNumber} is blank`];
  if (page.text.trim() === '') return [`page ${pageNumber}: OCR found no text on this page`];
  if (page.confidence < LOW_CONFIDENCE) {
    return [
      `page ${pageNumber}: OCR confidence is very low (${Math.round(page.confidence)}/100), so PII may be missed; ` +
        'check this page by hand or rescan it at 300 DPI',
    ];
  }
  return [];
}
