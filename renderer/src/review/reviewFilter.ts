/**
 * Which detections count under the reviewer's type toggles and confidence threshold. Manual spans
 * always count: the reviewer put them there. What counts is exactly what the anonymised view
 * shows and what the export writes.
 */
import type { EntityType } from '../../../src/domain/entityTypes.js';
import type { ReviewSpan } from './reviewState.js';

export interface ReviewFilter {
  readonly types: ReadonlySet<EntityType>;
  readonly threshold: number;
}

export function passesFilter(span: ReviewSpan, filter: ReviewFilter): boolean {
  if (!filter.types.has(span.type)) return false;
  return span.source === 'manual' || span.score >= filter.threshold;
}

/** Spans shown in the original text and walked by next/previous: accepted and rejected alike. */
export function shownSpans(spans: readonly ReviewSpan[], filter: ReviewFilter): ReviewSpan[] {
  return spans.filter((s) => passesFilter(s, filter));
}

/** Spans that are redacted: accepted and passing the filter. Non-overlapping by the reducer's invariant. */
export function effectiveSpans(spans: readonly ReviewSpan[], filter: ReviewFilter): ReviewSpan[] {
  return spans.filter((s) => s.status === 'accepted' && passesFilter(s, filter));
}

/** Index of the next (+1) or previous (-1) shown span from the active one, wrapping around. */
export function stepActive(
  shown: readonly ReviewSpan[],
  activeId: string | null,
  direction: 1 | -1,
): string | null {
  if (shown.length === 0) return null;
  const at = shown.findIndex((s) => s.id === activeId);
  if (at === -1) return (direction === 1 ? shown[0] : shown[shown.length - 1])!.id;
  return shown[(at + direction + shown.length) % shown.length]!.id;
}
