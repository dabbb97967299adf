/**
 * What a policy leaves in clear that the default policy would redact: the spans a reviewer's
 * filters (a type switched off, a model threshold above the calibrated one) hide. The export
 * counts them and says so before it writes, so no filter exports a detection in clear silently.
 */
import type { DetectionPolicy } from '../domain/detectionPolicy.js';
import type { ReviewDecisions } from '../domain/reviewDecisions.js';
import { firstEndingAfter, type Span } from '../domain/span.js';
import { resolveDetections, type ResolvedSpan } from './resolveDetections.js';

/** Spans redacted under `baseline` of which no character is redacted under `policy`. */
export function hiddenByPolicy(
  text: string,
  candidates: readonly Span[],
  policy: DetectionPolicy,
  baseline: DetectionPolicy,
  decisions?: ReviewDecisions,
): ResolvedSpan[] {
  // Sorted and non-overlapping, so the one span that could cover a character is found by search.
  const redacted = resolveDetections(text, candidates, policy, decisions);
  const covered = (s: Span) => {
    const r = redacted[firstEndingAfter(redacted, s.start)];
    return r !== undefined && r.start < s.end;
  };
  return resolveDetections(text, candidates, baseline, decisions).filter((s) => !covered(s));
}
