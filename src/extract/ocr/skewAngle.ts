/**
 * Estimates how far a scanned page is rotated, by the projection-profile method: text lines
 * give the sharpest row histogram of dark pixels when projected along their own slope.
 *
 * Input is a small grayscale image (a page downscaled to ~600–1000 px wide is plenty: lines
 * stay distinct and the search is a few million additions).
 */

/** Too little ink to measure anything (a blank or nearly blank page). */
const MIN_INK_PIXELS = 200;

/** The dark pixels of a page, as coordinates; `transposed` swaps x and y (a page on its side). */
function inkPixels(
  gray: Uint8Array,
  width: number,
  height: number,
  transposed: boolean,
): { xs: number[]; ys: number[] } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if ((gray[row + x] ?? 255) < 128) {
        xs.push(transposed ? y : x);
        ys.push(transposed ? x : y);
      }
    }
  }
  return { xs, ys };
}

/** Sum of squared row counts of the ink sheared by `degrees` clockwise: higher is sharper. */
function sharpnessAt(xs: number[], ys: number[], width: number, height: number, degrees: number) {
  const t = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(Math.abs(t) * width) + 1;
  const bins = new Float64Array(height + 2 * offset);
  for (let i = 0; i < xs.length; i++) {
    // A line drawn with clockwise slope t has y = y0 + x·t; subtracting x·t flattens it.
    const row = Math.round((ys[i] as number) - (xs[i] as number) * t) + offset;
    bins[row] = (bins[row] ?? 0) + 1;
  }
  let sum = 0;
  for (const count of bins) sum += count * count;
  return sum;
}

/** The angle in [from, to] whose projection is sharpest, by `step`, and that sharpness. */
function sharpest(
  xs: number[],
  ys: number[],
  width: number,
  height: number,
  from: number,
  to: number,
  step: number,
): { degrees: number; sharpness: number } {
  let degrees = 0;
  let sharpness = -1;
  for (let a = from; a <= to + 1e-9; a += step) {
    const score = sharpnessAt(xs, ys, width, height, a);
    if (score > sharpness) {
      sharpness = score;
      degrees = a;
    }
  }
  return { degrees, sharpness };
}

/**
 * Returns the clockwise rotation of the content in degrees (as `sharp().rotate(angle)` would
 * produce it from an upright page); rotate by the negated angle to straighten.
 */
export function estimateSkewDegrees(
  gray: Uint8Array,
  width: number,
  height: number,
  maxDegrees = 5,
): number {
  const { xs, ys } = inkPixels(gray, width, height, false);
  if (xs.length < MIN_INK_PIXELS) return 0;
  const coarse = sharpest(xs, ys, width, height, -maxDegrees, maxDegrees, 0.5).degrees;
  const fine = sharpest(xs, ys, width, height, coarse - 0.5, coarse + 0.5, 0.05).degrees;
  return Math.round(fine * 100) / 100;
}

/**
 * How sharp the page's ink projects across horizontal lines (`transposed`: across vertical ones)
 * at its best skew within ±5°, as a multiple of ink spread evenly over the rows: 1 for no
 * structure, more for lines with white between them. 0 when there is too little ink.
 */
export function projectionSharpness(
  gray: Uint8Array,
  width: number,
  height: number,
  transposed: boolean,
): number {
  const { xs, ys } = inkPixels(gray, width, height, transposed);
  if (xs.length < MIN_INK_PIXELS) return 0;
  const [w, h] = transposed ? [height, width] : [width, height];
  const { sharpness } = sharpest(xs, ys, w, h, -5, 5, 1);
  return (sharpness * h) / (xs.length * xs.length);
}
