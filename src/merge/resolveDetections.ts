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
import { dropAllowed } from './allowList.js';
import { propagateValues, type PropagationValue } from './propagateValues.js';

/**
 * Where a redacted span came from: a candidate (by index) or a reviewer's addition. A copy of a
 * value at another occurrence (source `propagated`) carries its value's origin, so deciding about
 * the copy decides about the value; a value found in another file of the run has index -1.
 */
export interface SpanOrigin {
  readonly kind: 'candidate' | 'added';
  readonly index: number;
}

/** A value found in another file of the run (batch propagation). */
export const OTHER_FILE_ORIGIN: SpanOrigin = { kind: 'candidate', index: -1 };

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
  /** Values found in the run's other files, spread here when `policy.propagate` is `batch`. */
  runValues: readonly PropagationValue[] = [],
): ResolvedSpan[] {
  const added = decisions.added.map((s, index): ResolvedSpan => ({
    ...s,
    source: 'manual',
    text: text.slice(s.start, s.end),
    origin: { kind: 'added', index },
  }));
  // Manual spans outrank everything in mergeSpans: an addition that overlaps a detection cuts it
  // around itself, so no character that was redacted before comes out in clear.
  const kept = dropAllowed(
    applyDetectionPolicy([...reviewedCandidates(candidates, decisions), ...added], policy),
    policy.allow,
  );
  const merged = mergeSpans(kept, text);
  const scope = policy.propagate ?? 'document';
  if (scope === 'off') return merged;
  const values: PropagationValue<SpanOrigin>[] = [
    ...merged,
    ...(scope === 'batch'
      ? runValues.map((v) => ({
          text: v.text,
          type: v.type,
          score: v.score,
          origin: OTHER_FILE_ORIGIN,
        }))
      : []),
  ];
  const copies = propagateValues(text, values, merged).map((c): ResolvedSpan => ({
    ...c,
    origin: c.origin ?? OTHER_FILE_ORIGIN,
  }));
  if (copies.length === 0) return merged;
  return mergeSpans([...kept, ...copies], text);
}

/** What a document's redacted spans offer the run's other files (batch propagation). */
export function runValuesOf(spans: readonly Span[]): PropagationValue[] {
  return spans
    .filter((s) => s.source !== 'propagated')
    .map((s) => ({ text: s.text, type: s.type, score: s.score }));
}

/** Drops the origins: the plain spans the writers take. */
export function plainSpans(spans: readonly ResolvedSpan[]): Span[] {
  return spans.map(spanFields);
}
