import type { EntityType } from './entityTypes.js';

/**
 * Who found a span, which is also its authority in the merge: a reviewer (`manual`), the user's
 * own recognizers file (`user`), a validated pattern, the second reading of a redacted copy
 * (`read-back`: a value the detector found in the copy, added where it occurs in the document),
 * another occurrence of a value found elsewhere in the document or run (`propagated`), the model
 * (`ner`).
 */
export type SpanSource = 'pattern' | 'ner' | 'manual' | 'user' | 'propagated' | 'read-back';

/**
 * A detected entity: `[start, end)` character offsets into one DocumentText's `text`.
 * `text` is always `documentText.slice(start, end)`; it is carried so a span can be shown
 * or exported without the document at hand.
 */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly type: EntityType;
  /** Confidence in [0, 1]. Validated patterns score high; model spans carry the model's probability. */
  readonly score: number;
  readonly source: SpanSource;
  readonly text: string;
}

/** Spans sorted by start, then longest first: the order every stage after merge relies on. */
export function sortSpans<T extends Span>(spans: readonly T[]): T[] {
  return [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Just a span's own fields, without what a stage added to it (a review's id, an origin). */
export function spanFields({ start, end, type, score, source, text }: Span): Span {
  return { start, end, type, score, source, text };
}

export function makeSpan(
  text: string,
  start: number,
  end: number,
  type: EntityType,
  score: number,
  source: SpanSource,
): Span {
  return { start, end, type, score, source, text: text.slice(start, end) };
}

/**
 * Index of the first of `sorted` that ends after `at`. `sorted` must be non-overlapping and in
 * start order (so in end order too), as merged spans and kept candidates are.
 */
export function firstEndingAfter(sorted: readonly { readonly end: number }[], at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.end <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Those of `sorted` (in order, not overlapping) that overlap `[start, end)`. */
export function overlapping<T extends { readonly start: number; readonly end: number }>(
  sorted: readonly T[],
  start: number,
  end: number,
): T[] {
  const out: T[] = [];
  for (let i = firstEndingAfter(sorted, start); i < sorted.length; i++) {
    if (sorted[i]!.start >= end) break;
    out.push(sorted[i]!);
  }
  return out;
}
