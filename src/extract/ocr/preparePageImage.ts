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
  /** Pages whose resolution is known and below this are scaled up to 300 DPI (small type). */
  readonly upscaleBelowDpi?: number;
  /**
   * Local (Bradley) binarisation: a pixel is ink when darker than its neighbourhood's mean by a
   * margin, so faded ink on grey or uneven paper survives where one global threshold loses it.
   */
  readonly adaptive?: boolean;
  /** A 3×3 median filter first: the speckle of a noisy grey page, not the strokes of its type. */
  readonly denoise?: boolean;
  /**
   * Paint a dark frame along the page's edges white (the scanner lid's shadow, the desk around a
   * photographed sheet): Tesseract reads such a frame as lines of garbage and may merge it with
   * the text beside it.
   */
  readonly clearBorders?: boolean;
}

export const DEFAULT_PREPROCESS: PreprocessOptions = {
  deskew: true,
  normalise: false,
  binarise: false,
  clearBorders: true,
  // 400- and 600-DPI scans read no better than 300 but cost up to four times the pixels.
  maxDpi: 300,
};

/**
 * The second reading of a page that read badly: contrast stretched, small type scaled up, and
 * ink told from paper locally (faint thermal receipts, grey faxes, low-resolution scans).
 */
export const STRONG_PREPROCESS: PreprocessOptions = {
  deskew: true,
  clearBorders: true,
  normalise: true,
  binarise: false,
  adaptive: true,
  denoise: true,
  maxDpi: 300,
  upscaleBelowDpi: 250,
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
  /**
   * Gray levels between the paper (the median) and the darkest ink (0.5th percentile) of the
   * source: 255 for black on white, under 128 for faded print or a grey receipt.
   */
  readonly contrast: number;
  /**
   * Share of ink pixels in each of INK_BANDS horizontal bands of the source, top to bottom: where
   * on the page there is something to read.
   */
  readonly inkBands: readonly number[];
}

/** Horizontal bands the page is cut into to find ink that OCR returned no word for. */
export const INK_BANDS = 100;

function inkBands(page: GrayPixels, inkBelow: number): number[] {
  const bands = new Array<number>(INK_BANDS).fill(0);
  const counts = new Array<number>(INK_BANDS).fill(0);
  for (let y = 0; y < page.height; y++) {
    const band = Math.min(INK_BANDS - 1, Math.floor((y * INK_BANDS) / page.height));
    let dark = 0;
    const row = y * page.width;
    for (let x = 0; x < page.width; x++) if ((page.data[row + x] as number) < inkBelow) dark++;
    bands[band]! += dark;
    counts[band]! += page.width;
  }
  return bands.map((dark, i) => (counts[i] ? dark / counts[i]! : 0));
}

/** Gray levels darker than the paper that count as ink rather than paper texture or noise. */
const INK_MARGIN = 48;
/** Paper darker than this is a dim photo, not grey paper. */
const DIM_PAPER = 128;
/** The least margin a dim photo's ink keeps from its paper (JPEG noise is a few levels). */
const MIN_INK_MARGIN = 10;

/**
 * The margin under the paper from which a pixel is ink. A dim photo (paper under mid-grey) has
 * its every level scaled down by the exposure, the ink's distance from the paper with them: a
 * photo whose paper reads 50 has no level 48 darker, so the fixed margin found no ink and the
 * page was skipped as blank, its IBAN left in the copy. There the margin shrinks with the paper.
 */
function inkMargin(paper: number): number {
  return paper >= DIM_PAPER
    ? INK_MARGIN
    : Math.max(MIN_INK_MARGIN, Math.round((INK_MARGIN * paper) / 255));
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
  const { source, levels } = await pageSource(page, options.clearBorders === true);
  const sourceWidth = source.width;
  const sourceHeight = source.height;
  const blank = levels.inkShare < BLANK_INK_SHARE;
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
  const upscale =
    options.upscaleBelowDpi && sourceDpi > 0 && sourceDpi < options.upscaleBelowDpi
      ? 300 / sourceDpi
      : 1;
  // Down to the pixel budget and to maxDpi; up to 300 DPI for small type when asked.
  const scale = Math.min(
    upscale,
    Math.sqrt(MAX_OCR_PIXELS / pixels),
    options.maxDpi > 0 && sourceDpi > options.maxDpi ? options.maxDpi / sourceDpi : Infinity,
  );
  let working = source;
  if (scale !== 1)
    working = await grayPixels(
      fromGray(working).resize({
        width: Math.round(sourceWidth * scale),
        kernel: scale > 1 ? 'cubic' : 'lanczos3',
      }),
    );
  // `scale` must describe the image actually produced, whatever rounding resize did.
  const actualScale = working.width / sourceWidth;
  if (options.denoise) working = await grayPixels(fromGray(working).median(3));
  if (options.normalise) working = await grayPixels(fromGray(working).normalise());
  if (skewDegrees !== 0) {
    working = await grayPixels(fromGray(working).rotate(-skewDegrees, { background: '#ffffff' }));
  }
  if (options.adaptive) working = await adaptiveBinarise(working, sourceDpi * actualScale);
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
    contrast: levels.paper - levels.ink,
    inkBands: inkBands(source, levels.paper - inkMargin(levels.paper)),
  };
}

/** The page in grey, its frame cleared if asked, and its paper and ink levels. */
async function pageSource(
  page: Sharp,
  clearBorders: boolean,
): Promise<{ source: GrayPixels; levels: ReturnType<typeof grayLevels> }> {
  // Transparent areas become paper-white, not black, once the alpha channel is dropped.
  const flat = await grayPixels(page.flatten({ background: '#ffffff' }));
  // Before anything is measured: a frame would count as ink and as a band of unread text.
  const flatLevels = grayLevels(flat.data);
  const source = clearBorders ? clearDarkBorders(flat, frameBelow(flatLevels.paper)) : flat;
  // Measured again only when a frame went (clearDarkBorders returns a page without one as is).
  const levels = source === flat ? flatLevels : grayLevels(source.data);
  return { source, levels };
}

/**
 * The page as `preparePageImage` measures it (flattened, its dark frame cleared), scaled to at
 * most `side` pixels on its longer side, binarised at the page's own ink level: a small image
 * for measuring the layout of its ink. A frame left in would be one long dark line down the page.
 */
export async function inkPreview(page: Sharp, side = 800): Promise<GrayPixels> {
  const { source, levels } = await pageSource(page, true);
  const small = await grayPixels(
    fromGray(source).resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }),
  );
  const inkBelow = levels.paper - inkMargin(levels.paper);
  const data = Buffer.alloc(small.data.length, 255);
  for (let i = 0; i < data.length; i++) if ((small.data[i] as number) < inkBelow) data[i] = 0;
  return { ...small, data };
}

/** Gray levels darker than this along an edge are frame, not paper (ink on paper is rarely there). */
const FRAME_BELOW = 100;
/**
 * The level under which an edge's pixels are a frame: on a dim photo, whose paper is itself
 * darker than a frame on white, only what is darker than its paper as ink is (otherwise every
 * edge was a frame and the first words of each line were painted white with it).
 */
function frameBelow(paper: number): number {
  return paper < DIM_PAPER ? Math.min(FRAME_BELOW, paper - inkMargin(paper)) : FRAME_BELOW;
}

/** A frame is cleared at most this deep (share of the page's width or height). */
const FRAME_MAX_DEPTH = 0.12;
/** Lighter pixels a frame's run may cross (speckle in the frame) before it counts as ended. */
const FRAME_GAP = 3;
/** An edge has a frame when at least this share of its pixels is dark. */
const FRAME_EDGE_SHARE = 0.5;

/**
 * Whitens the dark run each row and column starts or ends with, on every edge where most of
 * the outermost pixels are dark: the frame goes, ragged inner edge and all, while the page's
 * text, which does not touch the image's edge, stays. A page without a frame is returned as is.
 */
export function clearDarkBorders(page: GrayPixels, below: number = FRAME_BELOW): GrayPixels {
  const { width, height } = page;
  const at = (x: number, y: number): number => y * width + x;
  // Each edge: how many lines it has, where line i's outermost pixel is, and the inward step.
  const edges = [
    { lines: height, start: (i: number) => at(0, i), step: 1, depth: width },
    { lines: height, start: (i: number) => at(width - 1, i), step: -1, depth: width },
    { lines: width, start: (i: number) => at(i, 0), step: width, depth: height },
    { lines: width, start: (i: number) => at(i, height - 1), step: -width, depth: height },
  ];
  const framed = edges.filter((edge) => {
    let dark = 0;
    for (let i = 0; i < edge.lines; i++) if ((page.data[edge.start(i)] as number) < below) dark++;
    return edge.lines > 0 && dark >= FRAME_EDGE_SHARE * edge.lines;
  });
  if (framed.length === 0) return page;
  const data = Buffer.from(page.data);
  for (const edge of framed) {
    const maxDepth = Math.floor(edge.depth * FRAME_MAX_DEPTH);
    for (let i = 0; i < edge.lines; i++) {
      const start = edge.start(i);
      // The run goes on past a few lighter pixels (noise in the frame) and ends at the last dark
      // one. Read from the original: a corner cleared by one edge must still stop the other's run.
      let lastDark = -1;
      for (let d = 0; d < maxDepth && d - lastDark <= FRAME_GAP; d++)
        if ((page.data[start + d * edge.step] as number) < below) lastDark = d;
      for (let d = 0; d <= lastDark; d++) data[start + d * edge.step] = 255;
    }
  }
  return { data, width, height };
}

export interface GrayPixels {
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

/**
 * Bradley's local threshold: ink where a pixel is 15% darker than the mean of its
 * neighbourhood (a blur about a third of a line high), paper elsewhere.
 */
async function adaptiveBinarise(page: GrayPixels, dpi: number): Promise<GrayPixels> {
  const sigma = Math.max(4, (dpi > 0 ? dpi : 300) / 25);
  const mean = await grayPixels(fromGray(page).blur(sigma));
  const out = Buffer.alloc(page.data.length);
  for (let i = 0; i < page.data.length; i++) {
    out[i] = (page.data[i] as number) < (mean.data[i] as number) * 0.85 ? 0 : 255;
  }
  return { data: out, width: page.width, height: page.height };
}

/**
 * The paper's gray (the median), the darkest ink's (0.5th percentile), and the share of pixels
 * darker than the paper by a clear margin. The paper is the page's median, not white: faded ink
 * on a grey receipt never gets darker than mid-grey, and a fixed "darker than 128" would call
 * that page blank and never read it.
 */
function grayLevels(gray: Uint8Array): { paper: number; ink: number; inkShare: number } {
  if (gray.length === 0) return { paper: 255, ink: 255, inkShare: 0 };
  const histogram = new Uint32Array(256);
  for (let i = 0; i < gray.length; i++) histogram[gray[i] as number]!++;
  const percentile = (share: number): number => {
    let seen = 0;
    for (let level = 0; level < 256; level++) {
      seen += histogram[level]!;
      if (seen >= share * gray.length) return level;
    }
    return 255;
  };
  const paper = percentile(0.5);
  let dark = 0;
  for (let level = 0; level < paper - inkMargin(paper); level++) dark += histogram[level]!;
  return { paper, ink: percentile(0.005), inkShare: dark / gray.length };
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
