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
import { propagateRows } from './propagateRows.js';
import { definedShortNames, ownWordsOfCompanies } from './shortNames.js';
import { addressBlockCompanies } from './addressBlockParties.js';
import { namesInLists } from './nameLists.js';
import { extendCompanyStarts, joinSplitNames } from './joinSplitNames.js';

/**
 * Where a redacted span came from: a candidate (by index) or a reviewer's addition. A copy of a
 * value at another occurrence (source `propagated`) carries its value's origin, so deciding about
 * the copy decides about the value; a value found in another file of the run has index -1.
 */
export interface SpanOrigin {
  readonly kind: 'candidate' | 'added';
  readonly index: number;
}

/**
 * A value found in another file of the run (batch propagation), or a table column's copy in a
 * row where nothing was found (propagateRows): no one candidate to reject with it.
 */
export const OTHER_FILE_ORIGIN: SpanOrigin = { kind: 'candidate', index: -1 };

export interface ResolvedSpan extends Span {
  readonly origin: SpanOrigin;
  /**
   * The origins of the other detections a company name cut in two was joined from
   * (joinSplitNames): deciding about the name decides about each of its parts.
   */
  readonly joined?: readonly SpanOrigin[];
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

/**
 * The reviewer's additions as one layer, in the order they were made: an addition over an
 * earlier one of the same type extends it (one span over both), over one of another type cuts it
 * around itself (the newer decision wins where they overlap). Without this, two additions of
 * equal length would leave only the earlier one: the later would vanish from view and export.
 */
export function layeredAdditions(added: readonly ResolvedSpan[], text: string): ResolvedSpan[] {
  // Same-type additions a space apart are one value chosen in two strokes ("BANK OF" and
  // "AMERICA"): joined, so no word between them is left in clear and one placeholder stands.
  const touches = (a: Span, b: Span) =>
    a.type === b.type &&
    ((a.end <= b.start && /^[ \t]*$/.test(text.slice(a.end, b.start))) ||
      (b.end <= a.start && /^[ \t]*$/.test(text.slice(b.end, a.start))));
  let layer: ResolvedSpan[] = [];
  for (const addition of added) {
    let span = addition;
    const kept: ResolvedSpan[] = [];
    for (const earlier of layer) {
      const apart = earlier.end <= span.start || earlier.start >= span.end;
      if (apart && !touches(earlier, span)) {
        kept.push(earlier);
      } else if (earlier.type === span.type) {
        const start = Math.min(earlier.start, span.start);
        const end = Math.max(earlier.end, span.end);
        span = { ...span, start, end, text: text.slice(start, end) };
      } else {
        const pieces: [number, number][] = [
          [earlier.start, span.start],
          [span.end, earlier.end],
        ];
        for (const [start, end] of pieces) {
          if (end > start && /[\p{L}\p{N}]/u.test(text.slice(start, end)))
            kept.push({ ...earlier, start, end, text: text.slice(start, end) });
        }
      }
    }
    // An extended span may now reach others of its type visited before it grew: they join it.
    for (let grown = true; grown;) {
      grown = false;
      for (let k = kept.length - 1; k >= 0; k--) {
        const other = kept[k]!;
        if (other.type !== span.type || other.end <= span.start || other.start >= span.end)
          continue;
        const start = Math.min(other.start, span.start);
        const end = Math.max(other.end, span.end);
        span = { ...span, start, end, text: text.slice(start, end) };
        kept.splice(k, 1);
        grown = true;
      }
    }
    layer = [...kept, span];
  }
  return layer.sort((a, b) => a.start - b.start);
}

export function resolveDetections(
  text: string,
  candidates: readonly Span[],
  policy: DetectionPolicy,
  decisions: ReviewDecisions = NO_DECISIONS,
  /** Values found in the run's other files, spread here when `policy.propagate` is `batch`. */
  runValues: readonly PropagationValue[] = [],
): ResolvedSpan[] {
  const added = layeredAdditions(
    decisions.added.map((s, index): ResolvedSpan => ({
      ...s,
      source: 'manual',
      text: text.slice(s.start, s.end),
      origin: { kind: 'added', index },
    })),
    text,
  );
  // Manual spans outrank everything in mergeSpans: an addition that overlaps a detection cuts it
  // around itself, so no character that was redacted before comes out in clear.
  const kept = dropAllowed(
    applyDetectionPolicy([...reviewedCandidates(candidates, decisions), ...added], policy),
    policy.allow,
  );
  const merged = extendCompanyStarts(text, joinSplitNames(text, mergeSpans(kept, text)));
  const scope = policy.propagate ?? 'document';
  if (scope === 'off') return atOccurrences(merged, decisions);
  const values: PropagationValue<SpanOrigin>[] = [
    ...merged,
    ...definedShortNames(text, merged),
    ...ownWordsOfCompanies(text, merged),
    ...addressBlockCompanies(text, merged),
    ...namesInLists(text, merged),
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
  const spread = copies.length === 0 ? merged : mergeSpans([...merged, ...copies], text);
  // A table column found in most rows (directly or as copies of a value) is redacted in all of
  // them; the row copies are values like any other, so their other occurrences are found too.
  const rows = propagateRows(text, spread).map((c): ResolvedSpan => ({
    ...c,
    origin: OTHER_FILE_ORIGIN,
  }));
  if (rows.length === 0) return atOccurrences(spread, decisions);
  const withRows = mergeSpans([...merged, ...copies, ...rows], text);
  const rowCopies = propagateValues(text, rows, withRows).map((c): ResolvedSpan => ({
    ...c,
    origin: c.origin ?? OTHER_FILE_ORIGIN,
  }));
  return atOccurrences(mergeSpans([...merged, ...copies, ...rows, ...rowCopies], text), decisions);
}

/**
 * The decisions about one occurrence where it stands (rejected, retyped): applied last, so that
 * neither the value's other occurrences nor a copy of it undo them at that place, and they
 * reach no other occurrence.
 */
export function atOccurrences(
  spans: readonly ResolvedSpan[],
  decisions: ReviewDecisions,
): ResolvedSpan[] {
  const rejected = decisions.rejectedAt ?? [];
  const retyped = decisions.retypedAt ?? [];
  if (rejected.length === 0 && retyped.length === 0) return [...spans];
  const gone = new Set(rejected.map((r) => `${r.start}-${r.end}`));
  const types = new Map(retyped.map((r) => [`${r.start}-${r.end}`, r.type]));
  return spans
    .filter((s) => !gone.has(`${s.start}-${s.end}`))
    .map((s) => {
      const type = types.get(`${s.start}-${s.end}`);
      return type === undefined ? s : { ...s, type };
    });
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
