import { describe, expect, it } from 'vitest';
import {
  containsPiiValue,
  findPiiValueRanges,
  piiValuePattern,
  piiValuePatterns,
} from '../../src/domain/piiValueMatcher.js';

describe('piiValueMatcher', () => {
  it('finds a value however extraction spaced, broke or cased it', () => {
    const p = piiValuePattern('Jane  Example')!;
    expect(containsPiiValue('to: JANE EXAMPLE,', p)).toBe(true);
    expect(containsPiiValue('to: JaneExample', p)).toBe(true);
    expect(containsPiiValue('Ja ne\nExa mple', p)).toBe(true);
    expect(containsPiiValue('Jane Exampl', p)).toBe(false);
  });

  it('does not match inside a longer word, so short names do not fail innocent text', () => {
    const p = piiValuePattern('Li')!;
    expect(containsPiiValue('Liability and Limits', p)).toBe(false);
    expect(containsPiiValue('Dear Mr Li,', p)).toBe(true);
  });

  it('handles regex metacharacters and compatibility characters', () => {
    const p = piiValuePattern('(415) 555-0172 + x.1')!;
    expect(containsPiiValue('call (415)555-0172+x.1 now', p)).toBe(true);
    expect(containsPiiValue('call (415)555-0172+xa1 now', p)).toBe(false);
    // "ﬁ" (U+FB01) is what some PDFs extract for "fi".
    expect(containsPiiValue('Mr Ruﬁno', piiValuePattern('Rufino')!)).toBe(true);
  });

  it('ignores empty values and deduplicates case variants', () => {
    expect(piiValuePattern('  \n')).toBeNull();
    expect(piiValuePatterns(['Jane Doe', 'JANE DOE', 'Ann'])).toHaveLength(2);
  });

  it('reports ranges in the unnormalised text', () => {
    const text = 'a Jane Doe b jane\ndoe';
    const ranges = findPiiValueRanges(text, piiValuePatterns(['Jane Doe']));
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual(['Jane Doe', 'jane\ndoe']);
  });

  it('finds every range after the same pattern was tested (a shared regex keeps its place)', () => {
    const text = 'a Jane Doe b jane\ndoe';
    const [pattern] = piiValuePatterns(['Jane Doe']);
    expect(containsPiiValue(text, pattern!)).toBe(true);
    expect(findPiiValueRanges(text, [pattern!]).map((r) => r.start)).toEqual([2, 13]);
  });
});
