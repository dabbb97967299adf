/**
 * The line around an offset, in logarithmic time. Recognizers ask for the line of every match;
 * scanning back to the previous newline each time made detection quadratic in line length (a
 * 2 MB e-mail export on one line did not finish in minutes). Line starts are indexed once per
 * text — the last text asked about is kept, since one document is detected at a time.
 */

let indexed: { text: string; starts: Int32Array } | undefined;

function lineStarts(text: string): Int32Array {
  if (indexed?.text === text) return indexed.starts;
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  indexed = { text, starts: Int32Array.from(starts) };
  return indexed.starts;
}

/** `[start, end)` of the line holding `index` (the newline itself excluded). */
export function lineAround(text: string, index: number): { start: number; end: number } {
  const starts = lineStarts(text);
  // The last line start ≤ index: binary search.
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  const start = starts[lo]!;
  const end = lo + 1 < starts.length ? starts[lo + 1]! - 1 : text.length;
  return { start, end };
}

/** Every line's `[start, end)`, in order (the newlines excluded). */
export function lineRanges(text: string): [number, number][] {
  const starts = lineStarts(text);
  return Array.from(starts, (start, i) => [
    start,
    i + 1 < starts.length ? starts[i + 1]! - 1 : text.length,
  ]);
}
