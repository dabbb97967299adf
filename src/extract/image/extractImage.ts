/**
 * Image inputs (PNG, JPEG, TIFF including multi-page): every page is OCR'd.
 *
 * Units: fragment boxes and `PageInfo` sizes are in pixels of the input image (top-left origin),
 * whatever was done to the image before OCR (deskew, downscaling) — so a redacted copy can be
 * drawn straight onto the original pixels. Pages are joined with a blank line, as in PDFs.
 */
import type { DocumentText } from '../../domain/documentText.js';
import { mapWithConcurrency } from '../../shared/mapWithConcurrency.js';
import { ocrImagePage, ocrPageWarnings, type OcredPage } from '../ocr/ocrImagePage.js';
import { sharedOcrPool, type OcrPool } from '../ocr/ocrPool.js';
import { joinPages } from '../joinPages.js';
import {
  checkPixelLimit,
  corruptImageError,
  isDecodeError,
  openImagePage,
  readImagePageHeaders,
  type ImagePageHeader,
} from '../../document/imagePages.js';
import { readableImage } from '../../document/heicImage.js';

export interface ExtractImageOptions {
  readonly onProgress?: (message: string) => void;
  readonly maxPixels?: number;
  /** The OCR workers to use; the process-wide pool by default. */
  readonly ocrPool?: OcrPool;
}

async function ocrPage(
  bytes: Uint8Array,
  file: string,
  index: number,
  header: ImagePageHeader,
  pool: OcrPool,
): Promise<OcredPage> {
  try {
    return await ocrImagePage(openImagePage(bytes, index, header), {
      dpi: header.dpi,
      unitsPerPixel: 1,
      pool,
    });
  } catch (error) {
    if (isDecodeError(error)) throw corruptImageError(file, error);
    throw error;
  }
}

export async function extractImage(
  bytes: Uint8Array,
  file: string,
  options: ExtractImageOptions = {},
): Promise<DocumentText> {
  bytes = await readableImage(bytes, file);
  const headers = await readImagePageHeaders(bytes, file);
  checkPixelLimit(headers, file, options.maxPixels);

  const pool = options.ocrPool ?? sharedOcrPool();
  let done = 0;
  // Pages of one file are OCR'd concurrently, one per pool worker: a multi-page TIFF then uses
  // every core even when it is the only file in the batch.
  const ocred = await mapWithConcurrency(headers, pool.size, async (header, i) => {
    const page = await ocrPage(bytes, file, i, header, pool);
    done += 1;
    options.onProgress?.(
      `OCR: ${done} of ${headers.length} page${headers.length > 1 ? 's' : ''} read`,
    );
    return page;
  });

  return joinPages(
    'image',
    ocred.map((page, i) => {
      const header = headers[i] as ImagePageHeader;
      const pageNumber = i + 1;
      return {
        info: {
          page: pageNumber,
          width: header.width,
          height: header.height,
          textSource: page.blank ? 'none' : 'ocr',
          ...(page.blank ? {} : { ocrConfidence: page.confidence }),
        },
        text: page.text,
        fragments: page.fragments,
        warnings: ocrPageWarnings(pageNumber, page),
      };
    }),
  );
}
