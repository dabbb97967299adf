import { describe, expect, it } from 'vitest';
import { countMatches, emptyCounts, matchReport } from '../../src/eval/spanMetrics.js';
import type { GoldSpan } from '../../src/eval/labelledDocument.js';

const gold: GoldSpan[] = [
  { start: 0, end: 10, type: 'NAME' },
  { start: 20, end: 30, type: 'EMAIL' },
  { start: 40, end: 50, type: 'PHONE' },
];
const predicted: GoldSpan[] = [
  { start: 0, end: 10, type: 'NAME' }, // exact
  { start: 20, end: 28, type: 'EMAIL' }, // overlap only
  { start: 40, end: 50, type: 'SSN' }, // right place, wrong type
  { start: 60, end: 65, type: 'PHONE' }, // spurious
];

describe('span metrics', () => {
  it('exact matching needs start, end and type to agree', () => {
    const counts = emptyCounts();
    countMatches(gold, predicted, 'exact', counts);
    const r = matchReport(counts, ['NAME', 'EMAIL', 'PHONE', 'SSN']);
    expect(r.perType.NAME).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(r.perType.EMAIL).toMatchObject({ precision: 0, recall: 0 });
    expect(r.perType.PHONE).toMatchObject({ predicted: 1, gold: 1, precision: 0, recall: 0 });
    expect(r.micro).toMatchObject({ predicted: 4, gold: 3, matchedPredicted: 1, matchedGold: 1 });
    expect(r.micro.precision).toBeCloseTo(0.25);
    expect(r.micro.recall).toBeCloseTo(1 / 3);
    expect(r.micro.f1).toBeCloseTo((2 * 0.25 * (1 / 3)) / (0.25 + 1 / 3));
  });

  it('overlap matching accepts a partial overlap of the same type only', () => {
    const counts = emptyCounts();
    countMatches(gold, predicted, 'overlap', counts);
    const r = matchReport(counts, ['NAME', 'EMAIL', 'PHONE', 'SSN']);
    expect(r.perType.EMAIL).toMatchObject({ precision: 1, recall: 1 });
    expect(r.perType.SSN).toMatchObject({ precision: 0, recall: 1, gold: 0 });
    expect(r.micro).toMatchObject({ matchedPredicted: 2, matchedGold: 2 });
  });

  it('micro-averages only over the requested types', () => {
    const counts = emptyCounts();
    countMatches(gold, predicted, 'exact', counts);
    expect(matchReport(counts, ['NAME']).micro).toMatchObject({ precision: 1, recall: 1 });
  });

  it('scores an empty set as perfect and missing predictions as zero recall', () => {
    const counts = emptyCounts();
    countMatches(gold, [], 'exact', counts);
    const r = matchReport(counts, ['NAME', 'EMAIL', 'PHONE']);
    expect(r.micro.recall).toBe(0);
    expect(r.micro.f1).toBe(0);
    expect(r.perType.URL).toMatchObject({ precision: 1, recall: 1 });
  });
});
