/**
 * The reviewer's edits to one document, as a pure reducer so every rule is unit-tested without a
 * DOM. The state holds the document's candidates and the reviewer's decisions about them, never
 * a second copy of the redacted spans: those are derived (./reviewView) by the same
 * resolveDetections the export runs, so the review shows exactly what will be written.
 *
 * Every decision can be undone and redone.
 */
import type { HeldFinding } from '../../../src/api/finredactApi.js';
import type { EntityType } from '../../../src/domain/entityTypes.js';
import {
  NO_DECISIONS,
  type ReviewArea,
  type ReviewDecisions,
} from '../../../src/domain/reviewDecisions.js';
import { areaKey } from '../../../src/merge/reviewRecords.js';
import type { Span } from '../../../src/domain/span.js';
import type { SpanOrigin } from '../../../src/merge/resolveDetections.js';

export interface ReviewState {
  readonly text: string;
  /** The document's detections before policy and overlap rules, as the backend found them. */
  readonly candidates: readonly Span[];
  readonly decisions: ReviewDecisions;
  readonly activeId: string | null;
  /** Earlier decisions, newest last, for undo; and undone ones for redo. */
  readonly past: readonly ReviewDecisions[];
  readonly future: readonly ReviewDecisions[];
}

/** One occurrence of a value where it stands, and what put a span there. */
export interface Occurrence {
  readonly start: number;
  readonly end: number;
  readonly origin: SpanOrigin;
  /** The other parts of a company name joined from pieces: decided with it. */
  readonly joined?: readonly SpanOrigin[];
}

/** An occurrence's origin and those of the parts joined into it. */
function originsOf(o: Occurrence): SpanOrigin[] {
  return [o.origin, ...(o.joined ?? [])];
}

export type ReviewAction =
  | { readonly kind: 'reject'; readonly origin: SpanOrigin }
  | { readonly kind: 'restore'; readonly origin: SpanOrigin }
  | { readonly kind: 'retype'; readonly origin: SpanOrigin; readonly type: EntityType }
  /**
   * The explicit rules of the inspector: "this one" acts on one occurrence where it stands and
   * nowhere else; "all N occurrences" on every occurrence of the value (each one listed), in
   * one undo step. Either way exactly the occurrences named change.
   */
  | { readonly kind: 'reject-one'; readonly start: number; readonly end: number }
  | { readonly kind: 'restore-one'; readonly start: number; readonly end: number }
  | { readonly kind: 'reject-all'; readonly occurrences: readonly Occurrence[] }
  | {
      readonly kind: 'retype-one';
      readonly start: number;
      readonly end: number;
      readonly type: EntityType;
    }
  | {
      readonly kind: 'retype-all';
      readonly occurrences: readonly Occurrence[];
      readonly type: EntityType;
    }
  | {
      readonly kind: 'add';
      readonly start: number;
      readonly end: number;
      readonly type: EntityType;
      /** How the reviewer found it, for the audit trail; by selection unless said. */
      readonly via?: 'selection' | 'search';
    }
  | {
      /** Search and redact: many ranges at once, one undo step. */
      readonly kind: 'add-many';
      readonly ranges: readonly { readonly start: number; readonly end: number }[];
      readonly type: EntityType;
    }
  /**
   * Values reading the copies back found (held by the export): accepted ones become additions,
   * rejected ones are rejected where they stand, which keeps the next reading from adding them.
   */
  | {
      readonly kind: 'decide-findings';
      readonly findings: readonly FoundValue[];
      readonly accept: boolean;
    }
  | { readonly kind: 'add-area'; readonly area: ReviewArea }
  /** Whole pages by range ("3–7", odd, even): one undo step. */
  | { readonly kind: 'add-areas'; readonly areas: readonly ReviewArea[] }
  | { readonly kind: 'remove-area'; readonly index: number }
  | { readonly kind: 'activate'; readonly id: string | null }
  | { readonly kind: 'undo' }
  | { readonly kind: 'redo' };

/** A value found on reading a copy back, where it stands in the document. */
export type FoundValue = Pick<HeldFinding, 'start' | 'end' | 'type'>;

/** A reviewer's addition over `range`: manual, sure, its text read from the document. */
function manualSpan(
  text: string,
  range: { readonly start: number; readonly end: number },
  type: EntityType,
): Span {
  return {
    start: range.start,
    end: range.end,
    type,
    score: 1,
    source: 'manual',
    text: text.slice(range.start, range.end),
  };
}

/** The findings the reviewer has neither accepted (an addition there) nor rejected. */
export function pendingFindings<F extends FoundValue>(
  findings: readonly F[],
  decisions: ReviewDecisions,
): F[] {
  const at = (r: { start: number; end: number }) => `${r.start}-${r.end}`;
  const decided = new Set([...decisions.added.map(at), ...(decisions.rejectedAt ?? []).map(at)]);
  return findings.filter((f) => !decided.has(at(f)));
}

function decideFindings(
  state: ReviewState,
  findings: readonly FoundValue[],
  accept: boolean,
): ReviewState {
  const d = state.decisions;
  const undecided = pendingFindings(findings, d);
  if (undecided.length === 0) return state;
  const ranges = undecided.map(({ start, end }) => ({ start, end }));
  if (!accept) {
    return decide(
      state,
      { ...d, rejectedAt: [...(d.rejectedAt ?? []), ...ranges] },
      ranges.map((r) => `reject-at:${r.start}-${r.end}`),
    );
  }
  return decide(
    state,
    { ...d, added: [...d.added, ...undecided.map((f) => manualSpan(state.text, f, f.type))] },
    ranges.map((r) => `found:${r.start}-${r.end}`),
  );
}

export function initialReviewState(text: string, candidates: readonly Span[]): ReviewState {
  return { text, candidates, decisions: NO_DECISIONS, activeId: null, past: [], future: [] };
}

/** The id the review view gives the (first piece of the) span with this origin. */
export function originId(origin: SpanOrigin): string {
  return `${origin.kind === 'candidate' ? 'c' : 'a'}${origin.index}`;
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

/**
 * A new set of decisions, remembered for undo; `key` names the decision in the log the audit
 * trail reads its time from (`reject:c3`, `retype:c3`, `add:10-18`).
 */
function decide(
  state: ReviewState,
  decisions: ReviewDecisions,
  key?: string | readonly string[],
): ReviewState {
  if (decisions === state.decisions) return state;
  const at = new Date().toISOString();
  const keys = key === undefined ? [] : typeof key === 'string' ? [key] : key;
  const log =
    keys.length > 0
      ? [...(decisions.log ?? []), ...keys.map((k) => ({ key: k, at }))]
      : decisions.log;
  return {
    ...state,
    decisions: { ...decisions, ...(log ? { log } : {}) },
    past: [...state.past, state.decisions],
    future: [],
  };
}

function reject(state: ReviewState, origin: SpanOrigin): ReviewState {
  const d = state.decisions;
  if (origin.kind === 'added') {
    // A span added by hand and then rejected was a mistake: it simply goes away.
    if (!d.added[origin.index]) return state;
    return {
      ...decide(state, { ...d, added: d.added.filter((_, i) => i !== origin.index) }),
      activeId: null,
    };
  }
  if (d.rejected.includes(origin.index) || !state.candidates[origin.index]) return state;
  return decide(
    state,
    { ...d, rejected: [...d.rejected, origin.index] },
    `reject:c${origin.index}`,
  );
}

function retype(state: ReviewState, origin: SpanOrigin, type: EntityType): ReviewState {
  const d = state.decisions;
  if (origin.kind === 'added') {
    const span = d.added[origin.index];
    if (!span || span.type === type) return state;
    return decide(state, {
      ...d,
      added: d.added.map((s, i) => (i === origin.index ? { ...s, type } : s)),
    });
  }
  const candidate = state.candidates[origin.index];
  const current = d.retyped.find((r) => r.index === origin.index)?.type ?? candidate?.type;
  if (!candidate || current === type) return state;
  const others = d.retyped.filter((r) => r.index !== origin.index);
  // Back to the detected type is no decision at all.
  const retyped = type === candidate.type ? others : [...others, { index: origin.index, type }];
  return decide(state, { ...d, retyped }, `retype:c${origin.index}`);
}

function rejectAll(state: ReviewState, occurrences: readonly Occurrence[]): ReviewState {
  const d = state.decisions;
  const rejected = new Set(d.rejected);
  const droppedAdditions = new Set<number>();
  const at = [...(d.rejectedAt ?? [])];
  const keys: string[] = [];
  for (const o of occurrences) {
    let decided = false;
    for (const origin of originsOf(o)) {
      if (origin.kind === 'added') {
        droppedAdditions.add(origin.index);
        decided = true;
      } else if (origin.index >= 0 && state.candidates[origin.index]) {
        if (!rejected.has(origin.index)) keys.push(`reject:c${origin.index}`);
        rejected.add(origin.index);
        decided = true;
      }
    }
    if (!decided && !at.some((r) => r.start === o.start && r.end === o.end)) {
      // A copy of a value found in another file: it has no candidate here to reject.
      at.push({ start: o.start, end: o.end });
      keys.push(`reject-at:${o.start}-${o.end}`);
    }
  }
  return {
    ...decide(
      state,
      {
        ...d,
        rejected: [...rejected],
        added: d.added.filter((_, i) => !droppedAdditions.has(i)),
        ...(at.length > 0 ? { rejectedAt: at } : {}),
      },
      keys,
    ),
    activeId: null,
  };
}

function retypeAll(
  state: ReviewState,
  occurrences: readonly Occurrence[],
  type: EntityType,
): ReviewState {
  const d = state.decisions;
  const retyped = new Map(d.retyped.map((r) => [r.index, r.type]));
  const addedTypes = new Map<number, EntityType>();
  const at: { start: number; end: number; type: EntityType }[] = [];
  const keys: string[] = [];
  for (const o of occurrences) {
    let decided = false;
    for (const origin of originsOf(o)) {
      if (origin.kind === 'added') {
        addedTypes.set(origin.index, type);
        decided = true;
      } else if (origin.index >= 0 && state.candidates[origin.index]) {
        const candidate = state.candidates[origin.index]!;
        if (candidate.type === type) retyped.delete(origin.index);
        else retyped.set(origin.index, type);
        keys.push(`retype:c${origin.index}`);
        decided = true;
      }
    }
    if (!decided) {
      at.push({ start: o.start, end: o.end, type });
      keys.push(`retype-at:${o.start}-${o.end}`);
    }
  }
  const here = new Set(occurrences.map((o) => `${o.start}-${o.end}`));
  // An occurrence retyped on its own before follows the value now.
  const earlier = (d.retypedAt ?? []).filter((r) => !here.has(`${r.start}-${r.end}`));
  const retypedAt = [...earlier, ...at];
  return decide(
    state,
    {
      ...d,
      retyped: [...retyped].map(([index, t]) => ({ index, type: t })),
      added: d.added.map((s, i) => ({ ...s, type: addedTypes.get(i) ?? s.type })),
      ...(retypedAt.length > 0 || d.retypedAt ? { retypedAt } : {}),
    },
    keys,
  );
}

export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewState {
  switch (action.kind) {
    case 'reject-one': {
      const d = state.decisions;
      const at = d.rejectedAt ?? [];
      if (at.some((r) => r.start === action.start && r.end === action.end)) return state;
      return {
        ...decide(
          state,
          { ...d, rejectedAt: [...at, { start: action.start, end: action.end }] },
          `reject-at:${action.start}-${action.end}`,
        ),
        activeId: null,
      };
    }
    case 'restore-one': {
      const d = state.decisions;
      const at = d.rejectedAt ?? [];
      const kept = at.filter((r) => r.start !== action.start || r.end !== action.end);
      if (kept.length === at.length) return state;
      return decide(state, { ...d, rejectedAt: kept });
    }
    case 'reject-all':
      return rejectAll(state, action.occurrences);
    case 'retype-one': {
      const d = state.decisions;
      const others = (d.retypedAt ?? []).filter(
        (r) => r.start !== action.start || r.end !== action.end,
      );
      return decide(
        state,
        {
          ...d,
          retypedAt: [...others, { start: action.start, end: action.end, type: action.type }],
        },
        `retype-at:${action.start}-${action.end}`,
      );
    }
    case 'retype-all':
      return retypeAll(state, action.occurrences, action.type);
    case 'activate':
      return { ...state, activeId: action.id };
    case 'reject':
      return reject(state, action.origin);
    case 'restore': {
      const d = state.decisions;
      if (action.origin.kind !== 'candidate' || !d.rejected.includes(action.origin.index))
        return state;
      return decide(state, {
        ...d,
        rejected: d.rejected.filter((i) => i !== action.origin.index),
      });
    }
    case 'retype':
      return retype(state, action.origin, action.type);
    case 'add': {
      const range = trimRange(state.text, action.start, action.end);
      if (!range) return state;
      const added = manualSpan(state.text, range, action.type);
      const d = state.decisions;
      const how = action.via === 'search' ? 'search' : 'add';
      return {
        ...decide(
          state,
          { ...d, added: [...d.added, added] },
          `${how}:${added.start}-${added.end}`,
        ),
        activeId: originId({ kind: 'added', index: d.added.length }),
      };
    }
    case 'add-many': {
      const d = state.decisions;
      const taken = new Set(d.added.map((s) => `${s.start}-${s.end}`));
      const added: Span[] = [];
      for (const r of action.ranges) {
        const range = trimRange(state.text, r.start, r.end);
        if (!range || taken.has(`${range.start}-${range.end}`)) continue;
        taken.add(`${range.start}-${range.end}`);
        added.push(manualSpan(state.text, range, action.type));
      }
      if (added.length === 0) return state;
      return decide(
        state,
        { ...d, added: [...d.added, ...added] },
        added.map((s) => `search:${s.start}-${s.end}`),
      );
    }
    case 'decide-findings':
      return decideFindings(state, action.findings, action.accept);
    case 'add-area': {
      const d = state.decisions;
      return decide(
        state,
        { ...d, areas: [...(d.areas ?? []), action.area] },
        areaKey(action.area),
      );
    }
    case 'add-areas': {
      const d = state.decisions;
      const have = new Set((d.areas ?? []).map(areaKey));
      const fresh = action.areas.filter((a) => !have.has(areaKey(a)));
      if (fresh.length === 0) return state;
      return decide(state, { ...d, areas: [...(d.areas ?? []), ...fresh] }, fresh.map(areaKey));
    }
    case 'remove-area': {
      const d = state.decisions;
      if (!d.areas?.[action.index]) return state;
      return decide(state, { ...d, areas: d.areas.filter((_, i) => i !== action.index) });
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return {
        ...state,
        decisions: previous,
        past: state.past.slice(0, -1),
        future: [state.decisions, ...state.future],
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { ...state, decisions: next, past: [...state.past, state.decisions], future: rest };
    }
  }
}

/** How many changes the reviewer made: rejections, retypes and spans added by hand. */
export function correctionCount(state: ReviewState): number {
  const d = state.decisions;
  return (
    d.rejected.length +
    (d.rejectedAt?.length ?? 0) +
    d.retyped.length +
    (d.retypedAt?.length ?? 0) +
    d.added.length +
    (d.areas?.length ?? 0)
  );
}
