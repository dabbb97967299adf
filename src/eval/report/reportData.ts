/**
 * The figures of an evaluation report (`finredact eval --report DIR`), computed from each
 * document's gold and candidates: precision-recall per type as the model threshold moves, the
 * leak rate against the threshold, a type × type confusion matrix at the policy's threshold, and
 * the documents that leak most. Pure: report.json is this data; report.html draws it.
 */
import type { DetectionPolicy } from '../../domain/detectionPolicy.js';
import type { EntityType } from '../../domain/entityTypes.js';
import type { Span } from '../../domain/span.js';
import { plainSpans, resolveDetections } from '../../merge/resolveDetections.js';
import type { GoldSpan, LabelledDocument } from '../labelledDocument.js';
import { countLeaks, leakRateOf, type LeakCounts } from '../leakRate.js';
import { countMatches, scoresOf, type MatchCounts } from '../spanMetrics.js';

export interface ScoredDocument {
  readonly doc: LabelledDocument;
  readonly candidates: readonly Span[];
}

export interface CurvePoint {
  readonly threshold: number;
  /** Exact-match counts and scores per type at this model threshold. */
  readonly perType: Record<
    EntityType,
    MatchCounts & { precision: number; recall: number; f1: number }
  >;
  readonly micro: MatchCounts & { precision: number; recall: number; f1: number };
  readonly leak: LeakCounts & { rate: number };
  /** Leak per type: the share of its gold characters still readable at this threshold. */
  readonly leakPerType: Record<EntityType, LeakCounts & { rate: number }>;
}

/** Thresholds the curves are drawn at: 0 to 1 in steps of 0.05, and the policy's own. */
export function curveThresholds(policyThreshold: number): number[] {
  const grid = Array.from({ length: 21 }, (_, i) => Math.round(i * 5) / 100);
  return [...new Set([...grid, policyThreshold])].sort((a, b) => a - b);
}

function goldOf(doc: LabelledDocument, types: readonly EntityType[]): GoldSpan[] {
  return doc.spans.filter((s) => types.includes(s.type));
}

/** The scores every threshold would give: the same resolveDetections, another threshold. */
export function thresholdCurve(
  docs: readonly ScoredDocument[],
  policy: DetectionPolicy,
  thresholds: readonly number[],
): CurvePoint[] {
  return thresholds.map((threshold) => {
    const at: DetectionPolicy = { ...policy, modelThreshold: threshold, typeThresholds: undefined };
    const counts: Record<EntityType, MatchCounts> = {};
    const leaks: Record<EntityType, LeakCounts> = {};
    for (const { doc, candidates } of docs) {
      const predicted = plainSpans(resolveDetections(doc.text, candidates, at));
      const gold = goldOf(doc, policy.types);
      countMatches(gold, predicted, 'exact', counts);
      countLeaks(doc.text, gold, predicted, leaks);
    }
    const perType = Object.fromEntries(
      policy.types.map((t) => [
        t,
        scoresOf(counts[t] ?? { matchedPredicted: 0, predicted: 0, matchedGold: 0, gold: 0 }),
      ]),
    );
    const total = Object.values(counts).reduce(
      (a, c) => ({
        matchedPredicted: a.matchedPredicted + c.matchedPredicted,
        predicted: a.predicted + c.predicted,
        matchedGold: a.matchedGold + c.matchedGold,
        gold: a.gold + c.gold,
      }),
      { matchedPredicted: 0, predicted: 0, matchedGold: 0, gold: 0 },
    );
    const leak = Object.values(leaks).reduce(
      (a, l) => ({
        goldChars: a.goldChars + l.goldChars,
        leakedChars: a.leakedChars + l.leakedChars,
      }),
      { goldChars: 0, leakedChars: 0 },
    );
    const leakPerType = Object.fromEntries(
      Object.entries(leaks).map(([t, l]) => [t, { ...l, rate: leakRateOf(l) }]),
    );
    return {
      threshold,
      perType,
      micro: scoresOf(total),
      leak: { ...leak, rate: leakRateOf(leak) },
      leakPerType,
    };
  });
}

export const MISSED = '(missed)';
export const SPURIOUS = '(spurious)';

/**
 * Gold type × predicted type at span level: each gold span is paired with the prediction that
 * overlaps it most (any type); a gold span no prediction overlaps is missed, a prediction that
 * overlaps no gold span is spurious. Rows are gold types, columns predicted types.
 */
export function confusionMatrix(
  docs: readonly { readonly gold: readonly GoldSpan[]; readonly predicted: readonly Span[] }[],
): Record<string, Record<string, number>> {
  const matrix: Record<string, Record<string, number>> = {};
  const add = (row: string, column: string) => {
    const r = (matrix[row] ??= {});
    r[column] = (r[column] ?? 0) + 1;
  };
  for (const { gold, predicted } of docs) {
    const used = new Set<number>();
    for (const g of gold) {
      let best = -1;
      let bestOverlap = 0;
      predicted.forEach((p, i) => {
        const overlap = Math.min(g.end, p.end) - Math.max(g.start, p.start);
        if (overlap > bestOverlap) {
          best = i;
          bestOverlap = overlap;
        }
      });
      if (best === -1) add(g.type, MISSED);
      else {
        add(g.type, predicted[best]!.type);
        used.add(best);
      }
    }
    predicted.forEach((p, i) => {
      if (used.has(i)) return;
      if (!gold.some((g) => g.start < p.end && p.start < g.end)) add(SPURIOUS, p.type);
    });
  }
  return matrix;
}

export interface LeakyDocument {
  readonly id: string;
  readonly leakedChars: number;
  /** Each missed gold value in context: the text before it, the value, the text after it. */
  readonly missed: readonly { type: string; before: string; value: string; after: string }[];
}

/** The `n` documents that leak most characters, each missed value shown in its context. */
export function worstDocuments(
  docs: readonly { readonly doc: LabelledDocument; readonly predicted: readonly Span[] }[],
  types: readonly EntityType[],
  n = 20,
): LeakyDocument[] {
  const scored = docs.map(({ doc, predicted }) => {
    const gold = goldOf(doc, types);
    const leaks: Record<EntityType, LeakCounts> = {};
    countLeaks(doc.text, gold, predicted, leaks);
    const leakedChars = Object.values(leaks).reduce((a, l) => a + l.leakedChars, 0);
    const missed = gold
      .filter((g) => !predicted.some((p) => p.start <= g.start && g.end <= p.end))
      .map((g) => ({
        type: g.type,
        before: doc.text.slice(Math.max(0, g.start - 60), g.start),
        value: doc.text.slice(g.start, g.end),
        after: doc.text.slice(g.end, g.end + 60),
      }));
    return { id: doc.id, leakedChars, missed };
  });
  return scored
    .filter((d) => d.leakedChars > 0)
    .sort((a, b) => b.leakedChars - a.leakedChars)
    .slice(0, n);
}

/**
 * Recall first, counted in characters as LABELS.md's first metric counts it: per model type, the
 * highest threshold whose leak rate (gold characters left readable) stays within `tolerance` of
 * the lowest any threshold reaches — the most precision that leaks (almost) nothing more. Span
 * recall would judge boundaries too, which on a data set with other span conventions says little
 * about what is left readable.
 */
export function recallFirstThresholds(
  curve: readonly CurvePoint[],
  types: readonly EntityType[],
  tolerance = 0.005,
): Record<EntityType, number> {
  const out: Record<EntityType, number> = {};
  for (const type of types) {
    const points = curve
      .filter((p) => (p.leakPerType[type]?.goldChars ?? 0) > 0)
      .map((p) => ({ t: p.threshold, leak: p.leakPerType[type]!.rate }));
    if (points.length === 0) continue;
    const lowest = Math.min(...points.map((p) => p.leak));
    out[type] = points
      .filter((p) => p.leak <= lowest + tolerance)
      .reduce((a, p) => Math.max(a, p.t), 0);
  }
  return out;
}
