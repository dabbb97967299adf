/**
 * Estimates how far a scanned page is rotated, by the projection-profile method: text lines
 * give the sharpest row histogram of dark pixels when projected along their own slope.
 *
 * Input is a small grayscale image (a page downscaled to ~600–1000 px wide is plenty: lines
 * stay distinct and the search is a few million additions).
 *
 * Returns the clockwise rotation of the content in degrees (as `sharp().rotate(angle)` would
 * produce it from an upright page); rotate by the negated angle to straighten.
 */
export function estimateSkewDegrees(
  gray: Uint8Array,
  width: number,
  height: number,
  maxDegrees = 5,
): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if ((gray[row + x] ?? 255) < 128) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  // Too little ink to measure anything (blank or nearly blank page).
  if (xs.length < 200) return 0;

  const sharpness = (degrees: number): number => {
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
  };

  const search = (from: number, to: number, step: number): number => {
    let best = 0;
    let bestScore = -1;
    for (let a = from; a <= to + 1e-9; a += step) {
      const score = sharpness(a);
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
    return best;
  };

  const coarse = search(-maxDegrees, maxDegrees, 0.5);
  const fine = search(coarse - 0.5, coarse + 0.5, 0.05);
  return Math.round(fine * 100) / 100;
}
