/**
 * Overlapping windows over a long token sequence, and the averaging of their logits.
 * Same plan as models/train/finredact_ner/data.py (`window_starts`) and decode.py.
 */

/** First content token of each window: every `stride` tokens until one reaches the end. */
export function windowStarts(tokenCount: number, window: number, stride: number): number[] {
  if (tokenCount <= 0) return [];
  const starts = [0];
  let last = 0;
  while (last + window < tokenCount) {
    last += stride;
    starts.push(last);
  }
  return starts;
}

/**
 * Sums per-token logits from overlapping windows and divides by how many windows saw each
 * token: tokens near a window's edge have little context on one side, and averaging with the
 * neighbouring window (where they sit in the middle) evens that out.
 */
export class LogitAverager {
  private readonly sum: Float64Array;
  private readonly count: Uint16Array;

  constructor(
    readonly tokenCount: number,
    readonly numLabels: number,
  ) {
    this.sum = new Float64Array(tokenCount * numLabels);
    this.count = new Uint16Array(tokenCount);
  }

  /** Adds `length` rows of `logits` (row-major, numLabels wide, starting at `offset`) for tokens from `first`. */
  add(first: number, length: number, logits: Float32Array, offset: number): void {
    const n = this.numLabels;
    for (let t = 0; t < length; t++) {
      const src = offset + t * n;
      const dst = (first + t) * n;
      for (let k = 0; k < n; k++)
        this.sum[dst + k] = (this.sum[dst + k] ?? 0) + (logits[src + k] ?? 0);
      this.count[first + t] = (this.count[first + t] ?? 0) + 1;
    }
  }

  /** Softmax over the averaged logits, one row per token. */
  probabilities(): Float64Array {
    const n = this.numLabels;
    const out = new Float64Array(this.tokenCount * n);
    for (let t = 0; t < this.tokenCount; t++) {
      const c = this.count[t] ?? 0;
      if (c === 0) {
        // No window ran over it (a batch without letters was left out): O, label 0.
        out[t * n] = 1;
        continue;
      }
      let max = -Infinity;
      for (let k = 0; k < n; k++) {
        // float32 rounding as in the Python reference, which averages in float64 then casts.
        const v = Math.fround((this.sum[t * n + k] ?? 0) / c);
        out[t * n + k] = v;
        if (v > max) max = v;
      }
      let total = 0;
      for (let k = 0; k < n; k++) {
        const e = Math.exp((out[t * n + k] ?? 0) - max);
        out[t * n + k] = e;
        total += e;
      }
      for (let k = 0; k < n; k++) out[t * n + k] = (out[t * n + k] ?? 0) / total;
    }
    return out;
  }
}
