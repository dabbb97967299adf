/**
 * The reviewer's edits to one document's detections, as a pure reducer so every rule is
 * unit-tested without a DOM.
 *
 * Invariant: no two accepted spans overlap, because the anonymised text (and the export) replaces
 * each accepted span once. Accepting a span, by adding it by hand or restoring it, therefore
 * rejects the accepted spans it overlaps.
 */
import type { EntityType } from '../../../src/domain/entityTypes.js';
import { sortSpans, type Span } from '../../../src/domain/span.js';

export interface ReviewSpan extends Span {
  readonly id: string;
  readonly status: 'accepted' | 'rejected';
  /** The type the detector gave, when the reviewer changed it. */
  readonly detectedType?: EntityType;
}

export interface ReviewState {
  readonly text: string;
  /** Sorted by start, then longest first. */
  readonly spans: readonly ReviewSpan[];
  readonly activeId: string | null;
  /** Ids for spans added by hand; deterministic so tests and React keys are stable. */
  readonly nextManualId: number;
}

export type ReviewAction =
  | { readonly kind: 'reject'; readonly id: string }
  | { readonly kind: 'restore'; readonly id: string }
  | { readonly kind: 'retype'; readonly id: string; readonly type: EntityType }
  | {
      readonly kind: 'add';
      readonly start: number;
      readonly end: number;
      readonly type: EntityType;
    }
  | { readonly kind: 'activate'; readonly id: string | null };

export function initialReviewState(text: string, detected: readonly Span[]): ReviewState {
  const spans = sortSpans(detected).map((s, i): ReviewSpan => ({
    ...s,
    id: `d${i}`,
    status: 'accepted',
  }));
  return { text, spans: spans, activeId: null, nextManualId: 1 };
}

function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Accepts `target` and rejects every other accepted span that overlaps it. */
function accept(spans: readonly ReviewSpan[], target: ReviewSpan): ReviewSpan[] {
  return spans.map((s) => {
    if (s.id === target.id) return { ...s, status: 'accepted' };
    if (s.status === 'accepted' && overlaps(s, target)) return { ...s, status: 'rejected' };
    return s;
  });
}

/** Trims surrounding whitespace, as the labelling policy asks of every span. */
export function trimRange(
  text: string,
  start: number,
  end: number,
): { start: number; end: number } | null {
  let s = Math.max(0, Math.min(start, end));
  let e = Math.min(text.length, Math.max(start, end));
  while (s < e && /\s/.test(text[s]!)) s++;
  while (e > s && /\s/.test(text[e - 1]!)) e--;
  return e > s ? { start: s, end: e } : null;
}

export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewState {
  switch (action.kind) {
    case 'activate':
      return { ...state, activeId: action.id };
    case 'reject': {
      const target = state.spans.find((s) => s.id === action.id);
      if (!target) return state;
      // A span added by hand and then rejected was a mistake: it simply goes away.
      if (target.source === 'manual') {
        return {
          ...state,
          spans: state.spans.filter((s) => s.id !== action.id),
          activeId: state.activeId === action.id ? null : state.activeId,
        };
      }
      return {
        ...state,
        spans: state.spans.map((s) => (s.id === action.id ? { ...s, status: 'rejected' } : s)),
      };
    }
    case 'restore': {
      const target = state.spans.find((s) => s.id === action.id);
      if (!target || target.status === 'accepted') return state;
      return { ...state, spans: accept(state.spans, target) };
    }
    case 'retype':
      return {
        ...state,
        spans: state.spans.map((s) =>
          s.id === action.id && s.type !== action.type
            ? { ...s, type: action.type, detectedType: s.detectedType ?? s.type }
            : s,
        ),
      };
    case 'add': {
      const range = trimRange(state.text, action.start, action.end);
      if (!range) return state;
      const added: ReviewSpan = {
        id: `m${state.nextManualId}`,
        start: range.start,
        end: range.end,
        type: action.type,
        score: 1,
        source: 'manual',
        text: state.text.slice(range.start, range.end),
        status: 'accepted',
      };
      const spans = sortSpans([...state.spans, added]) as ReviewSpan[];
      return {
        ...state,
        spans: accept(spans, added),
        activeId: added.id,
        nextManualId: state.nextManualId + 1,
      };
    }
  }
}

/** The plain spans to export: accepted ones, without review bookkeeping. */
export function toSpan(s: ReviewSpan): Span {
  return {
    start: s.start,
    end: s.end,
    type: s.type,
    score: s.score,
    source: s.source,
    text: s.text,
  };
}

/** How many changes the reviewer made: rejections, retypes and spans added by hand. */
export function correctionCount(state: ReviewState): number {
  return state.spans.filter(
    (s) => s.status === 'rejected' || s.source === 'manual' || s.detectedType !== undefined,
  ).length;
}
