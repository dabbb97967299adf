import { deflateSync } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFHexString,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { RenderedPage } from '../document/renderPdfPage.js';

/**
 * A rendered page encoded as a PDF image, the encoding picked per page by measurement: a page
 * of black-and-white print is stored at 1 bit per pixel (fax quality at 200 DPI, a quarter of
 * 4-bit grey); other grey pages at 4 bits (16 levels keep anti-aliased edges smooth); a colour
 * page whose colours fit a palette of 16 at 4 bits per pixel (a third of 4-bit RGB); other
 * colour pages at 4 bits per channel; photographs and scans as JPEG, whichever is smaller.
 */
export interface PageImage {
  readonly encoding: 'flate-gray1' | 'flate-gray4' | 'flate-palette4' | 'flate-rgb4' | 'jpeg';
  readonly width: number;
  readonly height: number;
  readonly bytes: Uint8Array;
  /** For `flate-palette4`: the palette's colours, RGB, 3 bytes each. */
  readonly palette?: Uint8Array;
}

/**
 * Below this many bytes per pixel the lossless image is a text page (a full page of 9 pt text at
 * 200 DPI is about 0.06) and JPEG is not tried: it never wins there (2–3 times larger, blurred
 * glyphs) and encoding it costs more than rendering the page. Scans and photos are well above.
 */
const JPEG_TRIAL_BYTES_PER_PIXEL = 0.12;
const JPEG_QUALITY = 75;

/**
 * A page is black-and-white print when none of its 32×32-pixel blocks is mostly mid-tones: the
 * grey in print is the anti-aliased edge of strokes (a fraction of a block, even for 6 pt type at
 * 200 DPI), while a photograph, a screened logo or a grey fill is mid-tone through and through.
 */
const BLOCK = 32;
const CONTINUOUS_TONE_SHARE = 0.5;
/**
 * A colour page fits a palette of 16 when its colours, mapped to the nearest of its 16 most
 * common ones, are off by more than this (on any channel) in fewer than PALETTE_MISS_SHARE of
 * its pixels: anti-aliased edges between the page's few colours, not a gradient or a photo.
 */
const PALETTE_TOLERANCE = 40;
const PALETTE_MISS_SHARE = 0.01;

export async function encodePageImage(page: RenderedPage): Promise<PageImage> {
  const { pixelWidth: width, pixelHeight: height } = page;
  const rgba = page.pixels();
  const gray = isGrayscale(rgba);
  const flate = (
    encoding: PageImage['encoding'],
    packed: Uint8Array,
    palette?: Uint8Array,
  ): PageImage => ({
    encoding,
    width,
    height,
    bytes: deflateSync(packed, { level: 6 }),
    ...(palette ? { palette } : {}),
  });
  let lossless: PageImage;
  if (gray && isPrint(rgba, width, height)) {
    lossless = flate('flate-gray1', packGray1(rgba, width, height));
  } else if (gray) {
    lossless = flate('flate-gray4', packGray4(rgba, width, height));
  } else {
    const fit = paletteImage(rgba, width, height);
    lossless = fit
      ? flate('flate-palette4', fit.packed, fit.palette)
      : flate('flate-rgb4', packRgb4(rgba, width, height));
  }
  // A page that needs full colour is a design, a chart or a photo: JPEG is measured against it.
  if (
    lossless.encoding !== 'flate-rgb4' &&
    lossless.bytes.length < width * height * JPEG_TRIAL_BYTES_PER_PIXEL
  )
    return lossless;
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
  const colourSpace =
    image.encoding === 'flate-palette4' && image.palette
      ? doc.context.obj([
          'Indexed',
          'DeviceRGB',
          image.palette.length / 3 - 1,
          PDFHexString.of(Buffer.from(image.palette).toString('hex')),
        ])
      : image.encoding === 'flate-rgb4'
        ? 'DeviceRGB'
        : 'DeviceGray';
  const stream = doc.context.stream(image.bytes, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: image.width,
    Height: image.height,
    ColorSpace: colourSpace,
    BitsPerComponent: image.encoding === 'flate-gray1' ? 1 : 4,
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

/** One 4-bit sample per pixel (`sampleAt` its RGBA offset), rows padded to whole bytes. */
function packNibbles(width: number, height: number, sampleAt: (src: number) => number): Uint8Array {
  const rowBytes = Math.ceil(width / 2);
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    let src = y * width * 4;
    for (let x = 0; x < width; x++, src += 4) {
      const sample = sampleAt(src);
      out[row + (x >> 1)]! |= x & 1 ? sample : sample << 4;
    }
  }
  return out;
}

/** One 4-bit grey sample per pixel, rows padded to whole bytes as PDF image rows are. */
function packGray4(rgba: Uint8Array, width: number, height: number): Uint8Array {
  return packNibbles(width, height, (src) => to4Bits(rgba[src] ?? 255));
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

function isPrint(rgba: Uint8Array, width: number, height: number): boolean {
  for (let by = 0; by < height; by += BLOCK) {
    for (let bx = 0; bx < width; bx += BLOCK) {
      let mid = 0;
      let all = 0;
      for (let y = by; y < Math.min(height, by + BLOCK); y++) {
        let i = (y * width + bx) * 4;
        for (let x = bx; x < Math.min(width, bx + BLOCK); x++, i += 4) {
          const v = rgba[i] ?? 255;
          if (v > 48 && v < 208) mid++;
          all++;
        }
      }
      if (mid > all * CONTINUOUS_TONE_SHARE) return false;
    }
  }
  return true;
}

/** One bit per pixel, 1 = white (DeviceGray), thresholded at mid-grey; rows padded to bytes. */
function packGray1(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    let src = y * width * 4;
    for (let x = 0; x < width; x++, src += 4) {
      if ((rgba[src] ?? 255) >= 128) out[row + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return out;
}

/**
 * The page at 4 bits per pixel in a palette of its 16 most common colours (counted on a
 * 4-bit-per-channel grid, white and black always in), packed in the same pass that checks the
 * fit; undefined when more than a few pixels are far from every palette colour.
 */
function paletteImage(
  rgba: Uint8Array,
  width: number,
  height: number,
): { palette: Uint8Array; packed: Uint8Array } | undefined {
  const counts = new Uint32Array(4096);
  for (let i = 0; i < rgba.length; i += 4)
    counts[((rgba[i]! >> 4) << 8) | ((rgba[i + 1]! >> 4) << 4) | (rgba[i + 2]! >> 4)]!++;
  const order = [...counts.keys()]
    .filter((k) => counts[k]! > 0)
    .sort((a, b) => counts[b]! - counts[a]!);
  const keys = [...new Set([0xfff, 0x000, ...order])].slice(0, 16);
  const palette = new Uint8Array(keys.length * 3);
  keys.forEach((k, n) => {
    palette[n * 3] = ((k >> 8) & 15) * 17;
    palette[n * 3 + 1] = ((k >> 4) & 15) * 17;
    palette[n * 3 + 2] = (k & 15) * 17;
  });
  let misses = 0;
  const nearestOf = nearestColour(palette);
  const packed = packNibbles(width, height, (i) => {
    const n = nearestOf(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!);
    const off = Math.max(
      Math.abs(rgba[i]! - palette[n * 3]!),
      Math.abs(rgba[i + 1]! - palette[n * 3 + 1]!),
      Math.abs(rgba[i + 2]! - palette[n * 3 + 2]!),
    );
    if (off > PALETTE_TOLERANCE) misses++;
    return n;
  });
  return misses > width * height * PALETTE_MISS_SHARE ? undefined : { palette, packed };
}

/** The index of the palette colour nearest a pixel, remembered per 4-bit grid cell. */
function nearestColour(palette: Uint8Array): (r: number, g: number, b: number) => number {
  const memo = new Int16Array(4096).fill(-1);
  return (r, g, b) => {
    const cell = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const known = memo[cell]!;
    if (known >= 0) return known;
    let best = 0;
    let bestDistance = Infinity;
    for (let n = 0; n < palette.length / 3; n++) {
      const dr = r - palette[n * 3]!;
      const dg = g - palette[n * 3 + 1]!;
      const db = b - palette[n * 3 + 2]!;
      const d = dr * dr + dg * dg + db * db;
      if (d < bestDistance) {
        bestDistance = d;
        best = n;
      }
    }
    memo[cell] = best;
    return best;
  };
}
