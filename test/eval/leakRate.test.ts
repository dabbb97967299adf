import { describe, expect, it } from 'vitest';
import { countLeaks, emptyLeakCounts, leakRateOf } from '../../src/eval/leakRate.js';

describe('leak rate', () => {
  const text = 'Jane Doe, 12 Main St\nSpringfield';
  const gold = [
    { start: 0, end: 8, type: 'NAME' as const },
    { start: 10, end: 32, type: 'ADDRESS' as const },
  ];

  it('counts gold characters no prediction covers, whatever the predicted type', () => {
    const counts = emptyLeakCounts();
    countLeaks(
      text,
      gold,
      [
        { start: 0, end: 4 },
        { start: 10, end: 32 },
      ],
      counts,
    );
    // "Doe" is readable (3 non-space characters of 7); the address is hidden.
    expect(counts.NAME).toEqual({ goldChars: 7, leakedChars: 3 });
    expect(counts.ADDRESS.leakedChars).toBe(0);
    expect(leakRateOf(counts.NAME)).toBeCloseTo(3 / 7);
  });

  it('ignores whitespace inside gold spans', () => {
    const counts = emptyLeakCounts();
    countLeaks(text, gold, [], counts);
    expect(counts.ADDRESS.goldChars).toBe('12MainStSpringfield'.length);
    expect(leakRateOf(counts.ADDRESS)).toBe(1);
  });

  it('is zero when there is no gold', () => {
    expect(leakRateOf({ goldChars: 0, leakedChars: 0 })).toBe(0);
  });
});
