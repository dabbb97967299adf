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
import type { OcrPageResult } from './ocrTypes.js';

/** One page read by OCR: its text and word fragments (offsets relative to the page's text). */
export interface OcredPage extends PageText {
  /** Mean word confidence in [0, 100]; 0 when nothing was read. */
  readonly confidence: number;
  /** The page had (almost) no ink, so it was not sent to the engine. */
  readonly blank: boolean;
  /** Paragraphs read with low confidence on a page read well overall, top to bottom. */
  readonly lowRegions?: readonly LowConfidenceRegion[];
}

/** A band of the page, as fractions of its height (0 top, 1 bottom), and its mean confidence. */
export interface LowConfidenceRegion {
  readonly top: number;
  readonly bottom: number;
  readonly confidence: number;
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
  const lowRegions = lowConfidenceRegions(result);
  return {
    ...ocrPageText(result, options.unitsPerPixel),
    confidence: result.confidence,
    blank: prepared.blank,
    ...(lowRegions.length > 0 ? { lowRegions } : {}),
  };
}

/**
 * Paragraphs of at least three words whose mean confidence is low: a faded stamp, a smudged
 * line or small print on an otherwise clean page, where PII may be misread and so missed.
 */
export function lowConfidenceRegions(result: OcrPageResult): LowConfidenceRegion[] {
  if (result.height <= 0) return [];
  const regions: LowConfidenceRegion[] = [];
  for (const paragraph of result.paragraphs) {
    const words = paragraph.lines.flatMap((l) => l.words);
    if (words.length < 3) continue;
    const confidence = words.reduce((a, w) => a + w.confidence, 0) / words.length;
    if (confidence >= LOW_CONFIDENCE) continue;
    const top = Math.min(...words.map((w) => w.box.y)) / result.height;
    const bottom = Math.max(...words.map((w) => w.box.y + w.box.height)) / result.height;
    regions.push({ top, bottom, confidence });
  }
  return regions.sort((a, b) => a.top - b.top);
}

function percent(fraction: number): string {
  return `${Math.round(Math.min(1, Math.max(0, fraction)) * 100)}%`;
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
  // The page reads well overall; a part of it may not.
  return (page.lowRegions ?? []).map(
    (r) =>
      `page ${pageNumber}: OCR confidence is low (${Math.round(r.confidence)}/100) in the region from ${percent(r.top)} to ${percent(r.bottom)} of the page height, so PII there may be missed; check that region by hand`,
  );
}
