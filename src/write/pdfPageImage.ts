import { deflateSync } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { RenderedPage } from '../document/renderPdfPage.js';

/**
 * A rendered page encoded as a PDF image. Text pages compress best losslessly at 4 bits per
 * sample (16 grey levels keep anti-aliased glyph edges smooth at half the bytes of 8 bits);
 * photographs and scans compress best as JPEG. Both are measured and the smaller one is kept.
 */
export interface PageImage {
  readonly encoding: 'flate-gray4' | 'flate-rgb4' | 'jpeg';
  readonly width: number;
  readonly height: number;
  readonly bytes: Uint8Array;
}

/**
 * Below this many bytes per pixel the lossless image is a text page (a full page of 9 pt text at
 * 200 DPI is about 0.06) and JPEG is not tried: it never wins there (2–3 times larger, blurred
 * glyphs) and encoding it costs more than rendering the page. Scans and photos are well above.
 */
const JPEG_TRIAL_BYTES_PER_PIXEL = 0.12;
const JPEG_QUALITY = 75;

export async function encodePageImage(page: RenderedPage): Promise<PageImage> {
  const { pixelWidth: width, pixelHeight: height } = page;
  const rgba = page.pixels();
  const gray = isGrayscale(rgba);
  const packed = gray ? packGray4(rgba, width, height) : packRgb4(rgba, width, height);
  const lossless: PageImage = {
    encoding: gray ? 'flate-gray4' : 'flate-rgb4',
    width,
    height,
    bytes: deflateSync(packed, { level: 6 }),
  };
  if (lossless.bytes.length < width * height * JPEG_TRIAL_BYTES_PER_PIXEL) return lossless;
  const jpeg = await page.canvas.encode('jpeg', JPEG_QUALITY);
  return jpeg.length < lossless.bytes.length
    ? { encoding: 'jpeg', width, height, bytes: jpeg }
    : lossless;
}

/** Adds the image to `doc` and paints it over the whole of `page`. */
export async function drawPageImage(
  doc: PDFDocument,
  page: PDFPage,
  image: PageImage,
): Promise<void> {
  const width = page.getWidth();
  const height = page.getHeight();
  if (image.encoding === 'jpeg') {
    page.drawImage(await doc.embedJpg(image.bytes), { x: 0, y: 0, width, height });
    return;
  }
  // pdf-lib would re-compress with a JavaScript zlib; the stream is already deflated natively.
  const stream = doc.context.stream(image.bytes, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: image.width,
    Height: image.height,
    ColorSpace: image.encoding === 'flate-gray4' ? 'DeviceGray' : 'DeviceRGB',
    BitsPerComponent: 4,
    Filter: 'FlateDecode',
  });
  const name = page.node.newXObject('Page', doc.context.register(stream));
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(width, 0, 0, height, 0, 0),
    drawObject(name),
    popGraphicsState(),
  );
}

function isGrayscale(rgba: Uint8Array): boolean {
  for (let i = 0; i < rgba.length; i += 4) {
    const r = rgba[i];
    if (r !== rgba[i + 1] || r !== rgba[i + 2]) return false;
  }
  return true;
}

function to4Bits(value: number): number {
  return ((value * 15 + 127) / 255) | 0;
}

/** One 4-bit grey sample per pixel, rows padded to whole bytes as PDF image rows are. */
function packGray4(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 2);
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    let src = y * width * 4;
    for (let x = 0; x < width; x++, src += 4) {
      const sample = to4Bits(rgba[src] ?? 255);
      const at = row + (x >> 1);
      out[at] = (out[at] ?? 0) | (x & 1 ? sample : sample << 4);
    }
  }
  return out;
}

/** Three 4-bit samples per pixel (R, G, B), rows padded to whole bytes. */
function packRgb4(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil((width * 3) / 2);
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    let src = y * width * 4;
    let k = 0;
    for (let x = 0; x < width; x++, src += 4) {
      for (let c = 0; c < 3; c++, k++) {
        const sample = to4Bits(rgba[src + c] ?? 255);
        const at = row + (k >> 1);
        out[at] = (out[at] ?? 0) | (k & 1 ? sample : sample << 4);
      }
    }
  }
  return out;
}
