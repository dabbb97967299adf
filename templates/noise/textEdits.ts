import type { GoldSpan } from '../core/goldDocument.js';

/** Replace `[start, end)` of the text with `insert` (an insertion when start === end). */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly insert: string;
}

/**
 * Applies non-overlapping edits and moves every gold span with them, so noise never needs to
 * re-find values. An edit must lie wholly inside or wholly outside each span; callers ensure
 * that, and `applyEdits` throws if one straddles a span boundary. An insertion exactly at a span's
 * start goes before the span, one exactly at its end goes after it.
 */
export function applyEdits(
  text: string,
  spans: readonly GoldSpan[],
  edits: readonly TextEdit[],
): { text: string; spans: GoldSpan[] } {
  if (edits.length === 0) return { text, spans: [...spans] };
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: string[] = [];
  let cursor = 0;
  for (const e of sorted) {
    if (e.start < cursor) throw new Error(`overlapping noise edits at ${e.start}`);
    out.push(text.slice(cursor, e.start), e.insert);
    cursor = e.end;
  }
  out.push(text.slice(cursor));

  const shifted = (p: number, isEnd: boolean): number => shiftPosition(sorted, p, isEnd);
  for (const e of sorted) {
    for (const s of spans) {
      if ((e.start < s.start && e.end > s.start) || (e.start < s.end && e.end > s.end)) {
        throw new Error(
          `noise edit ${e.start}-${e.end} straddles ${s.type} span ${s.start}-${s.end}`,
        );
      }
    }
  }
  return {
    text: out.join(''),
    spans: spans.map((s) => ({
      start: shifted(s.start, false),
      end: shifted(s.end, true),
      type: s.type,
    })),
  };
}

/**
 * Where position `p` lands after `sorted` edits. Edits ending at or before `p` move it; for a
 * range end, an insertion exactly at `p` does not (it goes after the range).
 */
export function shiftPosition(sorted: readonly TextEdit[], p: number, isEnd: boolean): number {
  let delta = 0;
  for (const e of sorted) {
    if (e.end > p || (isEnd && e.start === p && e.end === p)) break;
    delta += e.insert.length - (e.end - e.start);
  }
  return p + delta;
}

export function sortEdits(edits: readonly TextEdit[]): TextEdit[] {
  return [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Index of the span containing position `p` (start <= p < end), or -1. Spans are sorted. */
export function spanAt(spans: readonly GoldSpan[], p: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid] as GoldSpan;
    if (p < s.start) hi = mid - 1;
    else if (p >= s.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}
