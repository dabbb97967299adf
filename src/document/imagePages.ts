/**
 * Reading image files page by page with sharp (libvips): the one place that decides how image
 * bytes become pixels, shared by OCR extraction and the redacted-image writer so both see the
 * same page sizes and orientation (and a box found by one lands on the same pixels in the other).
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { InputError } from '../domain/inputError.js';
import { tiffResolutions, type Resolution } from './tiffResolution.js';

/**
 * Largest page we decode. An A4 scan at 600 DPI is 35 MP; beyond 60 MP a "scan" is a poster or a
 * decompression bomb, and decoding it would cost gigabytes. Checked from the header, before any
 * pixel is decoded.
 */
export const MAX_IMAGE_PIXELS = 60_000_000;

export interface ImagePageHeader {
  /** Displayed size in pixels (after EXIF orientation, and with square pixels). */
  readonly width: number;
  readonly height: number;
  /** Resolution from the file's header; 0 when absent or implausible. */
  readonly dpi: number;
  /**
   * The stored height, when the page's pixels are not square (a 204 × 98 DPI fax): the page is
   * stretched to `height` so its print has its true shape.
   */
  readonly storedHeight?: number;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

export function corruptImageError(file: string, error: unknown): InputError {
  return new InputError(
    'corrupt-image',
    file,
    `the image is damaged or truncated and cannot be decoded (${firstLine(error)})`,
    'check that it opens in an image viewer, or scan/export it again',
  );
}

/** A header's resolution is only trusted in the range scanners and cameras really produce. */
function plausibleDpi(meta: Metadata): number {
  const density = meta.density ?? 0;
  return density >= 70 && density <= 1200 ? density : 0;
}

/** Pixels taller than wide by more than this are stretched to square. */
const NON_SQUARE = 1.1;

function header(meta: Metadata, resolution?: Resolution): ImagePageHeader {
  // EXIF orientations 5–8 are quarter turns: phones store portrait photos sideways.
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  const stretch = resolution && !quarterTurn ? resolution.x / resolution.y : 1;
  if (stretch > NON_SQUARE && stretch < 4) {
    return {
      width: meta.width,
      height: Math.round(meta.height * stretch),
      dpi: plausibleDpi(meta),
      storedHeight: meta.height,
    };
  }
  return {
    width: quarterTurn ? meta.height : meta.width,
    height: quarterTurn ? meta.width : meta.height,
    dpi: plausibleDpi(meta),
  };
}

/** Every page's size from the header only (sharp does not decode pixels for metadata). */
export async function readImagePageHeaders(
  bytes: Uint8Array,
  file: string,
): Promise<ImagePageHeader[]> {
  try {
    // No pixel limit for reading a header (nothing is decoded): sharp's own limit (268 MP) would
    // otherwise call a huge image "damaged" before checkPixelLimit can say what is wrong.
    const first = await sharp(bytes, { limitInputPixels: false }).metadata();
    const pageCount = first.pages ?? 1;
    const resolutions = first.format === 'tiff' ? tiffResolutions(bytes) : [];
    const headers = [header(first, resolutions[0])];
    // Pages of a multi-page TIFF may differ in size and resolution.
    for (let page = 1; page < pageCount; page++)
      headers.push(
        header(await sharp(bytes, { page, limitInputPixels: false }).metadata(), resolutions[page]),
      );
    return headers;
  } catch (error) {
    throw corruptImageError(file, error);
  }
}

export function checkPixelLimit(
  headers: readonly ImagePageHeader[],
  file: string,
  maxPixels = MAX_IMAGE_PIXELS,
): void {
  headers.forEach((h, i) => {
    if (h.width * h.height <= maxPixels) return;
    const where = headers.length > 1 ? `page ${i + 1} of the image` : 'the image';
    throw new InputError(
      'image-too-large',
      file,
      `${where} is ${h.width}×${h.height} pixels (${((h.width * h.height) / 1e6).toFixed(0)} megapixels), ` +
        `over the limit of ${(maxPixels / 1e6).toFixed(0)} megapixels`,
      'scan it at 300 DPI or scale it down, then try again',
    );
  });
}

/**
 * One page, upright, ready to decode. `failOn: 'truncated'` makes a cut-off file fail loudly
 * instead of yielding half a page; the pixel limit is the header's own size, so a file whose
 * header lies about its size cannot decode into more.
 */
export function openImagePage(bytes: Uint8Array, index: number, expected: ImagePageHeader): Sharp {
  const page = sharp(bytes, {
    page: index,
    failOn: 'truncated',
    limitInputPixels: Math.max(1, expected.width * (expected.storedHeight ?? expected.height)),
  }).autoOrient();
  // A fax's tall pixels: the page stretched to square ones, for OCR and the copy alike.
  return expected.storedHeight === undefined
    ? page
    : page.resize({ width: expected.width, height: expected.height, fit: 'fill' });
}

/**
 * Whether an error thrown while decoding came from the image data rather than from our code:
 * libvips prefixes its loaders' errors ("VipsJpeg: premature end of JPEG image", "vipspng:
 * libpng read error", "tiff2vips: …") and sharp reports unreadable input as "Input buffer …".
 */
export function isDecodeError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /^(vips|tiff2vips|input (buffer|file)|.*pixel limit)/i.test(error.message)
  );
}
