import { describe, expect, it } from 'vitest';
import type { TextFragment } from '../../src/domain/documentText.js';
import { areaSpans } from '../../src/merge/areaSpans.js';

// Two lines on page 1, one on page 2; 10 pt per character, 12 pt high.
const TEXT = 'Signed Jane Doe\nAcme Ltd\n\nPage two text';
const line = (start: number, end: number, page: number, x: number, y: number): TextFragment => ({
  start,
  end,
  page,
  box: { x, y, width: (end - start) * 10, height: 12 },
});
const FRAGMENTS = [line(0, 15, 1, 100, 100), line(16, 24, 1, 100, 120), line(26, 39, 2, 50, 50)];
const texts = (spans: { text: string }[]) => spans.map((s) => s.text);

describe('areaSpans', () => {
  it('takes the characters whose slice of a fragment the area meets', () => {
    // x 170..240 covers characters 7..14 of the first line ("Jane Do" + "e" touched).
    const spans = areaSpans(TEXT, FRAGMENTS, [
      { page: 1, box: { x: 171, y: 95, width: 70, height: 10 } },
    ]);
    expect(texts(spans)).toEqual(['Jane Doe']);
    expect(spans[0]).toMatchObject({ type: 'AREA', source: 'manual', score: 1 });
  });

  it('takes every line an area touches, and nothing of other pages', () => {
    const spans = areaSpans(TEXT, FRAGMENTS, [
      { page: 1, box: { x: 90, y: 90, width: 300, height: 40 } },
    ]);
    expect(texts(spans)).toEqual(['Signed Jane Doe\nAcme Ltd']);
  });

  it('takes all of a page for a whole-page redaction', () => {
    const spans = areaSpans(TEXT, FRAGMENTS, [
      { page: 2, box: { x: 0, y: 0, width: 1, height: 1 }, wholePage: true },
    ]);
    expect(texts(spans)).toEqual(['Page two text']);
  });

  it('takes nothing where the area misses the text', () => {
    expect(
      areaSpans(TEXT, FRAGMENTS, [{ page: 1, box: { x: 0, y: 400, width: 50, height: 50 } }]),
    ).toEqual([]);
  });
});
