/**
 * OCR for PDF pages without a usable text layer: the page is rendered with pdf.js onto a canvas
 * (src/document/renderPdfPage.ts) and read like an image.
 *
 * Units: fragment boxes come back in PDF points with a top-left origin (pixels × 72 / dpi), the
 * same space as text-layer fragments, so one document's fragments never mix units.
 */
import sharp, { type Sharp } from 'sharp';
import type { OcrPage, OcrPageRequest, OcrPageText } from '../pdf/extractPdf.js';
import { renderPdfPage } from '../../document/renderPdfPage.js';
import { ocrImagePage, ocrPageWarnings } from './ocrImagePage.js';
import type { OcrPool } from './ocrPool.js';

/** Scans are read at 300 DPI: Tesseract's accuracy is best at 300 and barely better above. */
export const OCR_DPI = 300;

export async function ocrPdfPage(
  request: OcrPageRequest,
  dpi: number = OCR_DPI,
  pool?: OcrPool,
): Promise<OcrPageText> {
  request.onProgress?.(`OCR: reading page ${request.pageNumber} of ${request.document.numPages}`);
  const rendered = await renderPdfPage(request.document, request.pageNumber, { dpi });
  let image: Sharp;
  try {
    const { width, height } = rendered.canvas;
    // Copy the pixels out so the canvas can be freed before the (long) OCR step.
    const pixels = rendered.pixels();
    const rgba = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
    image = sharp(rgba, { raw: { width, height, channels: 4 } });
  } finally {
    rendered.release();
  }
  // `scale` is pixels per point actually used (a huge page may have been rendered below `dpi`).
  const page = await ocrImagePage(image, {
    dpi: rendered.scale * 72,
    unitsPerPixel: 1 / rendered.scale,
    ...(pool ? { pool } : {}),
  });
  return {
    text: page.text,
    fragments: page.fragments,
    confidence: page.confidence,
    warnings: ocrPageWarnings(request.pageNumber, page),
  };
}

/** The `ocrPage` hook `extractPdf` takes, reading scanned pages at `dpi`. */
export function pdfPageOcr(dpi: number = OCR_DPI, pool?: OcrPool): OcrPage {
  return (request) => ocrPdfPage(request, dpi, pool);
}
