import sharp, { type Sharp } from 'sharp';
import type { Box } from '../../domain/documentText.js';
import { estimateSkewDegrees } from './skewAngle.js';

/**
 * Image clean-up before OCR. Each step is switchable so `bench/ocr.accuracy.ts` can measure it;
 * the defaults are what those measurements chose (see that script's header for the figures).
 */
export interface PreprocessOptions {
  /** Straighten pages rotated by up to ±5° (projection-profile estimate). */
  readonly deskew: boolean;
  /** Stretch contrast to the full 0–255 range (faded scans, grey paper). */
  readonly normalise: boolean;
  /** Otsu-threshold to pure black and white ourselves instead of leaving it to Tesseract. */
  readonly binarise: boolean;
  /**
   * Pages whose resolution is known and higher than this are scaled down to it before OCR;
   * 0 keeps every page at its own resolution.
   */
  readonly maxDpi: number;
}

export const DEFAULT_PREPROCESS: PreprocessOptions = {
  deskew: true,
  normalise: false,
  binarise: false,
  // 400- and 600-DPI scans read no better than 300 but cost up to four times the pixels.
  maxDpi: 300,
};

/** Skews smaller than this are left alone: Tesseract's line finder absorbs them for free. */
const MIN_SKEW_DEGREES = 0.2;

/**
 * Pages larger than this are scaled down before OCR: Tesseract gains nothing past ~450 DPI on
 * A4 (about 20 MP) while its memory grows with every pixel, and it runs in a 32-bit wasm heap.
 */
export const MAX_OCR_PIXELS = 20_000_000;

export interface PreparedPage {
  /** Grayscale PNG handed to the OCR engine. */
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
  /** Size of the source image the boxes are mapped back to. */
  readonly sourceWidth: number;
  readonly sourceHeight: number;
  /** Prepared-image pixels per source pixel (< 1 when the page was scaled down). */
  readonly scale: number;
  /** Resolution of the prepared image; 0 when the source's is unknown. */
  readonly dpi: number;
  /**
   * Clockwise rotation found on the source page, in degrees: its quarter turn, if any, plus
   * its small skew (0 when upright and not deskewed).
   */
  readonly skewDegrees: number;
  /** True when the page has (almost) no ink: OCR would find nothing, so callers skip it. */
  readonly blank: boolean;
  /** The quarter turn undone before reading (part of `skewDegrees`). */
  readonly turn: 0 | 90 | 180 | 270;
}

/** Share of dark pixels under which a page counts as blank (a few specks of scanner dust). */
const BLANK_INK_SHARE = 0.0005;

/**
 * Turns one decoded page (any sharp input: a decoded file page or raw canvas pixels) into the
 * grayscale image we OCR, recording the geometry needed to map OCR boxes back to the source.
 */
export async function preparePageImage(
  page: Sharp,
  options: PreprocessOptions = DEFAULT_PREPROCESS,
  sourceDpi = 0,
  /** A quarter turn the page was found rotated by (90, 180, 270 clockwise), undone first. */
  turn: 0 | 90 | 180 | 270 = 0,
): Promise<PreparedPage> {
  // Transparent areas become paper-white, not black, once the alpha channel is dropped.
  const source = await grayPixels(page.flatten({ background: '#ffffff' }));
  const sourceWidth = source.width;
  const sourceHeight = source.height;

  const blank = inkShare(source.data) < BLANK_INK_SHARE;
  let skewDegrees = 0;
  if (options.deskew && !blank) {
    // The small skew is measured on the page as it reads, its quarter turn undone.
    const upright = fromGray(source).rotate(-turn);
    const preview = await grayPixels(
      upright.resize({ width: Math.min(800, turn % 180 ? sourceHeight : sourceWidth) }),
    );
    const found = estimateSkewDegrees(preview.data, preview.width, preview.height);
    if (Math.abs(found) >= MIN_SKEW_DEGREES) skewDegrees = found;
  }
  // One rotation for both: the boxes map back through it (boxOnSource) as for a skew alone.
  skewDegrees += turn;

  const pixels = sourceWidth * sourceHeight;
  const scale = Math.min(
    pixels > MAX_OCR_PIXELS ? Math.sqrt(MAX_OCR_PIXELS / pixels) : 1,
    options.maxDpi > 0 && sourceDpi > options.maxDpi ? options.maxDpi / sourceDpi : 1,
  );
  let working = source;
  if (scale < 1)
    working = await grayPixels(
      fromGray(working).resize({ width: Math.round(sourceWidth * scale) }),
    );
  // `scale` must describe the image actually produced, whatever rounding resize did.
  const actualScale = working.width / sourceWidth;
  if (options.normalise) working = await grayPixels(fromGray(working).normalise());
  if (skewDegrees !== 0) {
    working = await grayPixels(fromGray(working).rotate(-skewDegrees, { background: '#ffffff' }));
  }
  let output = fromGray(working);
  if (options.binarise) output = output.threshold(otsuThreshold(working.data));
  // Stored (level 0) PNG: the engine decodes it in wasm, where inflating costs more than copying.
  const png = await output.toColourspace('b-w').png({ compressionLevel: 0 }).toBuffer();
  return {
    png,
    width: working.width,
    height: working.height,
    sourceWidth,
    sourceHeight,
    scale: actualScale,
    dpi: sourceDpi * actualScale,
    skewDegrees,
    blank,
    turn,
  };
}

interface GrayPixels {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

/** Runs a pipeline to one-channel 8-bit pixels (sharp would otherwise widen gray to sRGB). */
async function grayPixels(pipeline: Sharp): Promise<GrayPixels> {
  const { data, info } = await pipeline
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1)
    throw new Error(`expected 1 channel after grayscale, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

function fromGray(pixels: GrayPixels): Sharp {
  return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 1 } });
}

/**
 * Maps a box found on the prepared (possibly deskewed) image back onto the source image: the
 * four corners are rotated back around the image centres and the result is their bounding box,
 * clipped to the page, so a redaction box always covers at least the word it came from.
 */
export function boxOnSource(prepared: PreparedPage, box: Box): Box {
  const unrotated = unrotate(prepared, box);
  const k = 1 / prepared.scale;
  return {
    x: unrotated.x * k,
    y: unrotated.y * k,
    width: unrotated.width * k,
    height: unrotated.height * k,
  };
}

function unrotate(prepared: PreparedPage, box: Box): Box {
  if (prepared.skewDegrees === 0) return box;
  const rad = (prepared.skewDegrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const cx = prepared.width / 2;
  const cy = prepared.height / 2;
  // Rotation happened after scaling, so it is undone in the scaled source's coordinates.
  const scaledWidth = prepared.sourceWidth * prepared.scale;
  const scaledHeight = prepared.sourceHeight * prepared.scale;
  const sx = scaledWidth / 2;
  const sy = scaledHeight / 2;
  const corners = [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height],
  ].map(([x = 0, y = 0]) => {
    const dx = x - cx;
    const dy = y - cy;
    return [sx + dx * cos - dy * sin, sy + dx * sin + dy * cos] as const;
  });
  const x0 = clamp(Math.min(...corners.map((c) => c[0])), scaledWidth);
  const y0 = clamp(Math.min(...corners.map((c) => c[1])), scaledHeight);
  const x1 = clamp(Math.max(...corners.map((c) => c[0])), scaledWidth);
  const y1 = clamp(Math.max(...corners.map((c) => c[1])), scaledHeight);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function clamp(v: number, max: number): number {
  return Math.min(Math.max(v, 0), max);
}

function inkShare(gray: Uint8Array): number {
  let dark = 0;
  for (let i = 0; i < gray.length; i++) if ((gray[i] as number) < 128) dark++;
  return gray.length === 0 ? 0 : dark / gray.length;
}

/** Otsu's threshold: the gray level that best separates ink from paper in the histogram. */
export function otsuThreshold(gray: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < gray.length; i++)
    hist[gray[i] as number] = (hist[gray[i] as number] ?? 0) + 1;
  let total = 0;
  for (let t = 0; t < 256; t++) total += t * (hist[t] ?? 0);
  let backgroundWeight = 0;
  let backgroundSum = 0;
  let best = 128;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    backgroundWeight += hist[t] ?? 0;
    if (backgroundWeight === 0) continue;
    const foregroundWeight = gray.length - backgroundWeight;
    if (foregroundWeight === 0) break;
    backgroundSum += t * (hist[t] ?? 0);
    const meanB = backgroundSum / backgroundWeight;
    const meanF = (total - backgroundSum) / foregroundWeight;
    const variance = backgroundWeight * foregroundWeight * (meanB - meanF) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return best + 1;
}
