/**
 * Barcodes a text page draws as vector shapes (invoice software often draws a payment QR code
 * module by module): there is no image for the OCR of images to find, so a page that fills many
 * rectangles is rendered and scanned for codes. Their payloads come back as page text, each
 * character boxed by its whole code, in page points.
 */
import type { PDFDocumentProxy } from '../../document/loadPdf.js';
import { renderPdfPage } from '../../document/renderPdfPage.js';
import { decodeBarcodes } from '../../document/barcodes.js';
import { barcodesPageText } from '../ocr/barcodeText.js';
import type { PageText } from './layoutPageText.js';

/** Enough for a QR code's modules at the sizes invoices print them (≥ 2 px a module). */
const SCAN_DPI = 200;

export async function vectorBarcodes(
  document: PDFDocumentProxy,
  pageNumber: number,
): Promise<PageText | undefined> {
  const rendered = await renderPdfPage(document, pageNumber, { dpi: SCAN_DPI });
  let pixels: Uint8Array;
  try {
    pixels = rendered.pixels();
  } finally {
    rendered.release();
  }
  const codes = await decodeBarcodes(pixels, rendered.pixelWidth, rendered.pixelHeight);
  return codes.length > 0 ? barcodesPageText(codes, 1 / rendered.scale) : undefined;
}
