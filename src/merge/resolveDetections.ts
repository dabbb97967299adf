/**
 * From a document's candidate detections to the spans that are redacted: the reviewer's
 * decisions, then the detection policy, then the overlap rules of mergeSpans. The CLI (no
 * decisions), the review view and the export all call this one function, so what the reviewer
 * sees redacted is exactly what every output redacts.
 */
import { applyDetectionPolicy, type DetectionPolicy } from '../domain/detectionPolicy.js';
import { NO_DECISIONS, type ReviewDecisions } from '../domain/reviewDecisions.js';
import { spanFields, type Span } from '../domain/span.js';
import { mergeSpans } from './mergeSpans.js';

/** Where a redacted span came from: a candidate (by index) or a reviewer's addition. */
export interface SpanOrigin {
  readonly kind: 'candidate' | 'added';
  readonly index: number;
}

export interface ResolvedSpan extends Span {
  readonly origin: SpanOrigin;
}

/** The candidates as the reviewer left them (retyped, not rejected), with their origins. */
export function reviewedCandidates(
  candidates: readonly Span[],
  decisions: ReviewDecisions,
): ResolvedSpan[] {
  const rejected = new Set(decisions.rejected);
  const retyped = new Map(decisions.retyped.map((r) => [r.index, r.type]));
  const out: ResolvedSpan[] = [];
  candidates.forEach((c, index) => {
    if (rejected.has(index)) return;
    out.push({ ...c, type: retyped.get(index) ?? c.type, origin: { kind: 'candidate', index } });
  });
  return out;
}

export function resolveDetections(
  text: string,
  candidates: readonly Span[],
  policy: DetectionPolicy,
  decisions: ReviewDecisions = NO_DECISIONS,
): ResolvedSpan[] {
  const added = decisions.added.map((s, index): ResolvedSpan => ({
    ...s,
    source: 'manual',
    text: text.slice(s.start, s.end),
    origin: { kind: 'added', index },
  }));
  // Manual spans outrank everything in mergeSpans: an addition that overlaps a detection cuts it
  // around itself, so no character that was redacted before comes out in clear.
  return mergeSpans(
    applyDetectionPolicy([...reviewedCandidates(candidates, decisions), ...added], policy),
    text,
  );
}

/** Drops the origins: the plain spans the writers take. */
export function plainSpans(spans: readonly ResolvedSpan[]): Span[] {
  return spans.map(spanFields);
}
