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
  // Read before anything is drawn on the page again; the page is released after its encoding.
  const rgba = page.pixelView();
  const scan = scanGrey(rgba, width, height);
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
  if (scan.print) {
    lossless = flate('flate-gray1', scan.print);
  } else if (scan.grey) {
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

/**
 * RGBA as one 32-bit word a pixel (little-endian: red in the low byte), no copy: white paper is
 * then one comparison a pixel.
 */
function words(rgba: Uint8Array): Int32Array {
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  return new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 2);
}

/** Opaque white, 0xffffffff, as a signed word. */
const WHITE = -1;

/** Whether the eight pixels from `at` are paper: white is every bit set, so their AND is white only then. */
function eightOfPaper(px: Int32Array, at: number): boolean {
  return (
    (px[at]! &
      px[at + 1]! &
      px[at + 2]! &
      px[at + 3]! &
      px[at + 4]! &
      px[at + 5]! &
      px[at + 6]! &
      px[at + 7]!) ===
    WHITE
  );
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

/** What one pass over a page's pixels tells: grey or not, print or not, and its 1-bit image. */
interface GreyScan {
  readonly grey: boolean;
  /** Present when the page is grey print: one bit per pixel, 1 = white, rows padded to bytes. */
  readonly print?: Uint8Array;
}

/**
 * One pass over the page (a 200-DPI A4 page is 16 MB of RGBA, and each pass costs as much as
 * the others together on a laptop's memory): whether every pixel is grey; whether it is print
 * (none of its BLOCK × BLOCK blocks mostly mid-tones); and its pixels at one bit, thresholded at
 * mid-grey.
 */
function scanGrey(rgba: Uint8Array, width: number, height: number): GreyScan {
  const px = words(rgba);
  const rowBytes = Math.ceil(width / 8);
  const packed = new Uint8Array(rowBytes * height);
  const blocks = Math.ceil(width / BLOCK);
  const mid = new Uint32Array(blocks);
  let print = true;
  for (let by = 0; by < height; by += BLOCK) {
    const rows = Math.min(BLOCK, height - by);
    mid.fill(0);
    for (let y = by; y < by + rows; y++) {
      const first = y * width;
      const row = y * rowBytes;
      for (let x = 0; x < width; x += 8) {
        const at = first + x;
        // Eight pixels of paper: the byte without a branch a pixel. Most of a page's bytes are this.
        if (x + 8 <= width && eightOfPaper(px, at)) {
          packed[row + (x >> 3)] = 0xff;
          continue;
        }
        let byte = 0;
        const end = Math.min(8, width - x);
        for (let k = 0; k < end; k++) {
          const v = px[first + x + k]!;
          // Most of a page is white paper: one comparison.
          if (v === WHITE) {
            byte |= 0x80 >> k;
            continue;
          }
          const r = v & 0xff;
          if (r !== ((v >>> 8) & 0xff) || r !== ((v >>> 16) & 0xff)) return { grey: false };
          if (r >= 128) byte |= 0x80 >> k;
          if (r > 48 && r < 208) mid[((x + k) / BLOCK) | 0]!++;
        }
        packed[row + (x >> 3)] = byte;
      }
    }
    for (let b = 0; b < blocks && print; b++)
      if (mid[b]! > rows * Math.min(BLOCK, width - b * BLOCK) * CONTINUOUS_TONE_SHARE)
        print = false;
  }
  return print ? { grey: true, print: packed } : { grey: true };
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
  const px = words(rgba);
  const counts = new Uint32Array(4096);
  let i = 0;
  for (; i + 8 <= px.length; i += 8) {
    // Eight pixels of paper at once, as in scanGrey.
    if (eightOfPaper(px, i)) {
      counts[0xfff]! += 8;
      continue;
    }
    for (let k = i; k < i + 8; k++) counts[gridCell(px[k]!)]!++;
  }
  for (; i < px.length; i++) counts[gridCell(px[i]!)]!++;
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
  // Paper is most of a page: its colour is looked up once, at the first white pixel (the grid
  // cell's colour is whichever pixel reached the cell first, as for every other pixel).
  let white = -1;
  let whiteMiss = false;
  const rowBytes = Math.ceil(width / 2);
  const packed = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    const first = y * width;
    for (let x = 0; x < width; x++) {
      const v = px[first + x]!;
      // Eight pixels of paper from a byte boundary: two pixels a byte, four bytes of white.
      if ((x & 7) === 0 && x + 8 <= width && white >= 0 && eightOfPaper(px, first + x)) {
        if (whiteMiss) misses += 8;
        if (white !== 0) packed.fill((white << 4) | white, row + (x >> 1), row + (x >> 1) + 4);
        x += 7;
        continue;
      }
      let n: number;
      if (v === WHITE) {
        if (white < 0) {
          white = nearestOf(255, 255, 255);
          whiteMiss =
            255 - Math.min(...palette.subarray(white * 3, white * 3 + 3)) > PALETTE_TOLERANCE;
        }
        n = white;
        if (whiteMiss) misses++;
      } else {
        const r = v & 0xff;
        const g = (v >> 8) & 0xff;
        const b = (v >> 16) & 0xff;
        n = nearestOf(r, g, b);
        const off = Math.max(
          Math.abs(r - palette[n * 3]!),
          Math.abs(g - palette[n * 3 + 1]!),
          Math.abs(b - palette[n * 3 + 2]!),
        );
        if (off > PALETTE_TOLERANCE) misses++;
      }
      if (n !== 0) packed[row + (x >> 1)]! |= x & 1 ? n : n << 4;
    }
  }
  return misses > width * height * PALETTE_MISS_SHARE ? undefined : { palette, packed };
}

/** A pixel's cell on the 4-bit-per-channel grid; paper is the white cell. */
function gridCell(v: number): number {
  return v === WHITE ? 0xfff : (((v >> 4) & 15) << 8) | (((v >> 12) & 15) << 4) | ((v >> 20) & 15);
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
