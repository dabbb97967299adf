/**
 * What the review shows for a state and a policy: the spans that will be redacted — computed by
 * resolveDetections, the function the export runs in the backend — and the rejected ones that the
 * policy would otherwise let through, so they can be restored.
 */
import { passesPolicy, type DetectionPolicy } from '../../../src/domain/detectionPolicy.js';
import type { EntityType } from '../../../src/domain/entityTypes.js';
import { sortSpans } from '../../../src/domain/span.js';
import {
  resolveDetections,
  reviewedCandidates,
  type ResolvedSpan,
} from '../../../src/merge/resolveDetections.js';
import { valueKey } from '../../../src/anonymise/valueKeys.js';
import { originId, type Occurrence, type ReviewState } from './reviewState.js';

export interface ReviewSpan extends ResolvedSpan {
  /** Unique among the shown spans (a detection cut in two by an addition shows as two pieces). */
  readonly id: string;
  readonly status: 'accepted' | 'rejected';
  /** The type the detector gave, when the reviewer changed it. */
  readonly detectedType?: EntityType;
  /** Rejected where it stands ("this one"): restored the same way. */
  readonly rejectedHere?: true;
}

export interface ReviewView {
  /** Redacted under the policy and the decisions: non-overlapping, sorted. */
  readonly redacted: readonly ReviewSpan[];
  /** Redacted and rejected spans, sorted: what is marked and walked by next/previous. */
  readonly shown: readonly ReviewSpan[];
}

export function reviewView(state: ReviewState, policy: DetectionPolicy): ReviewView {
  const detectedType = (s: ResolvedSpan): EntityType | undefined => {
    if (s.origin.kind !== 'candidate') return undefined;
    const original = state.candidates[s.origin.index]?.type;
    return original !== undefined && original !== s.type ? original : undefined;
  };
  const seen = new Set<string>();
  const redacted = resolveDetections(state.text, state.candidates, policy, state.decisions).map(
    (s): ReviewSpan => {
      const base = originId(s.origin);
      const id = seen.has(base) ? `${base}:${s.start}` : base;
      seen.add(base);
      const was = detectedType(s);
      return { ...s, id, status: 'accepted', ...(was ? { detectedType: was } : {}) };
    },
  );
  const rejectedSet = new Set(state.decisions.rejected);
  const everything = { ...state.decisions, rejected: [] };
  const rejected = reviewedCandidates(state.candidates, everything)
    .filter((s) => rejectedSet.has(s.origin.index) && passesPolicy(s, policy))
    .map((s): ReviewSpan => {
      const was = detectedType(s);
      return {
        ...s,
        id: originId(s.origin),
        status: 'rejected',
        ...(was ? { detectedType: was } : {}),
      };
    });
  // Occurrences rejected where they stand: what would be there without that decision.
  const here = state.decisions.rejectedAt ?? [];
  const rejectedHere =
    here.length === 0
      ? []
      : resolveDetections(state.text, state.candidates, policy, {
          ...state.decisions,
          rejectedAt: [],
        })
          .filter((s) => here.some((r) => r.start === s.start && r.end === s.end))
          .map((s): ReviewSpan => ({
            ...s,
            id: `r${s.start}-${s.end}`,
            status: 'rejected',
            rejectedHere: true,
          }));
  return { redacted, shown: sortSpans([...redacted, ...rejected, ...rejectedHere]) };
}

/**
 * Every occurrence of the span's value that is redacted (the same text, ignoring case and
 * spacing, as the same type), the span's own included: what "all N occurrences" acts on.
 */
export function occurrencesOf(view: ReviewView, span: ReviewSpan): Occurrence[] {
  const key = valueKey(span.type, span.text);
  return view.redacted
    .filter((s) => valueKey(s.type, s.text) === key)
    .map((s) => ({
      start: s.start,
      end: s.end,
      origin: s.origin,
      ...(s.joined ? { joined: s.joined } : {}),
    }));
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
