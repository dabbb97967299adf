/**
 * OCR for PDF pages without a usable text layer: the page is rendered with pdf.js onto a canvas
 * (src/document/renderPdfPage.ts) and read like an image.
 *
 * Units: fragment boxes come back in PDF points with a top-left origin (pixels × 72 / dpi), the
 * same space as text-layer fragments, so one document's fragments never mix units.
 */
import sharp, { type Sharp } from 'sharp';
import type { Box } from '../../domain/documentText.js';
import type { OcrPage, OcrPageRequest, OcrPageText, OcrRegions } from '../pdf/extractPdf.js';
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

/**
 * OCRs only `regions` of a page (images on a page whose text layer explains the rest): the page
 * is rendered once and each region cut out of it. Fragment boxes are in page points, like the
 * text layer's; regions where OCR finds nothing come back with empty text.
 */
export async function ocrPdfRegions(
  request: OcrPageRequest,
  regions: readonly Box[],
  dpi: number = OCR_DPI,
  pool?: OcrPool,
): Promise<OcrPageText[]> {
  request.onProgress?.(
    `OCR: reading ${regions.length} region${regions.length === 1 ? '' : 's'} (images or drawn shapes) on page ${request.pageNumber}`,
  );
  const rendered = await renderPdfPage(request.document, request.pageNumber, { dpi });
  let pixels: Buffer;
  const { pixelWidth: width, pixelHeight: height, scale } = rendered;
  try {
    const raw = rendered.pixels();
    pixels = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  } finally {
    rendered.release();
  }
  const out: OcrPageText[] = [];
  for (const region of regions) {
    const left = Math.max(0, Math.floor(region.x * scale));
    const top = Math.max(0, Math.floor(region.y * scale));
    const right = Math.min(width, Math.ceil((region.x + region.width) * scale));
    const bottom = Math.min(height, Math.ceil((region.y + region.height) * scale));
    if (right - left < 8 || bottom - top < 8) {
      out.push({ text: '', fragments: [], confidence: 0 });
      continue;
    }
    const crop = sharp(pixels, { raw: { width, height, channels: 4 } }).extract({
      left,
      top,
      width: right - left,
      height: bottom - top,
    });
    const page = await ocrImagePage(crop, {
      dpi: scale * 72,
      unitsPerPixel: 1 / scale,
      ...(pool ? { pool } : {}),
    });
    out.push({
      text: page.text,
      confidence: page.confidence,
      fragments: page.fragments.map((f) => ({
        ...f,
        box: { ...f.box, x: f.box.x + left / scale, y: f.box.y + top / scale },
      })),
    });
  }
  return out;
}

/** The `ocrRegions` hook `extractPdf` takes. */
export function pdfRegionOcr(dpi: number = OCR_DPI, pool?: OcrPool): OcrRegions {
  return (request, regions) => ocrPdfRegions(request, regions, dpi, pool);
}

/** The `ocrPage` hook `extractPdf` takes, reading scanned pages at `dpi`. */
export function pdfPageOcr(dpi: number = OCR_DPI, pool?: OcrPool): OcrPage {
  return (request) => ocrPdfPage(request, dpi, pool);
}
