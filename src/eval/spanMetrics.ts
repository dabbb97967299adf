/**
 * Span-level precision, recall and F1 per type and micro-averaged (LABELS.md metrics 2 and 3):
 * `exact` matching counts a prediction only when (start, end, type) equal a gold span's, as the
 * published baseline scores; `overlap` counts a prediction that overlaps a gold span of the same
 * type, and a gold span as found when a prediction of its type overlaps it.
 */
import { BUILT_IN_TYPES, isBuiltInType, type EntityType } from '../domain/entityTypes.js';
import type { GoldSpan } from './labelledDocument.js';

export type MatchMode = 'exact' | 'overlap';

export interface MatchCounts {
  /** Predictions that match a gold span. */
  matchedPredicted: number;
  predicted: number;
  /** Gold spans matched by a prediction. */
  matchedGold: number;
  gold: number;
}

export interface Scores extends MatchCounts {
  precision: number;
  recall: number;
  f1: number;
}

export interface MatchReport {
  perType: Record<EntityType, Scores>;
  micro: Scores;
}

type Counted = Pick<GoldSpan, 'start' | 'end' | 'type'>;

function matches(a: Counted, b: Counted, mode: MatchMode): boolean {
  if (a.type !== b.type) return false;
  return mode === 'exact'
    ? a.start === b.start && a.end === b.end
    : a.start < b.end && b.start < a.end;
}

function zeroCounts(): MatchCounts {
  return { matchedPredicted: 0, predicted: 0, matchedGold: 0, gold: 0 };
}

export function emptyCounts(): Record<EntityType, MatchCounts> {
  return Object.fromEntries(BUILT_IN_TYPES.map((t) => [t, zeroCounts()])) as Record<
    EntityType,
    MatchCounts
  >;
}

/** Adds one document's matches to `into`. Quadratic per document, which documents are small enough for. */
export function countMatches(
  gold: readonly Counted[],
  predicted: readonly Counted[],
  mode: MatchMode,
  into: Record<EntityType, MatchCounts>,
): void {
  for (const p of predicted) {
    const c = (into[p.type] ??= zeroCounts());
    c.predicted++;
    if (gold.some((g) => matches(p, g, mode))) c.matchedPredicted++;
  }
  for (const g of gold) {
    const c = (into[g.type] ??= zeroCounts());
    c.gold++;
    if (predicted.some((p) => matches(p, g, mode))) c.matchedGold++;
  }
}

export function scoresOf(c: MatchCounts): Scores {
  const precision = c.predicted === 0 ? (c.gold === 0 ? 1 : 0) : c.matchedPredicted / c.predicted;
  const recall = c.gold === 0 ? 1 : c.matchedGold / c.gold;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1 };
}

export function matchReport(
  counts: Record<EntityType, MatchCounts>,
  types: readonly EntityType[],
): MatchReport {
  const total: MatchCounts = { matchedPredicted: 0, predicted: 0, matchedGold: 0, gold: 0 };
  for (const t of types) {
    const c = counts[t] ?? zeroCounts();
    total.matchedPredicted += c.matchedPredicted;
    total.predicted += c.predicted;
    total.matchedGold += c.matchedGold;
    total.gold += c.gold;
  }
  // Every built-in type (a zero row says "none here"), then a recognizers file's own types.
  const listed = [...BUILT_IN_TYPES, ...types.filter((t) => !isBuiltInType(t))];
  const perType = Object.fromEntries(
    listed.map((t) => [t, scoresOf(counts[t] ?? zeroCounts())]),
  ) as Record<EntityType, Scores>;
  return { perType, micro: scoresOf(total) };
}
