import { describe, expect, it } from 'vitest';
import {
  pageListText,
  pageOfOffset,
  parsePageRanges,
} from '../../renderer/src/review/pageRanges.js';
import { initialReviewState, reviewReducer } from '../../renderer/src/review/reviewState.js';

describe('page ranges for whole-page redaction', () => {
  it('reads pages, ranges with either dash, lists, odd, even and all', () => {
    expect(parsePageRanges('3', 10)).toEqual({ pages: [3] });
    expect(parsePageRanges('3-5, 9', 10)).toEqual({ pages: [3, 4, 5, 9] });
    expect(parsePageRanges('3–5; 4—6', 10)).toEqual({ pages: [3, 4, 5, 6] });
    expect(parsePageRanges('odd', 5)).toEqual({ pages: [1, 3, 5] });
    expect(parsePageRanges('Even, 1', 5)).toEqual({ pages: [1, 2, 4] });
    expect(parsePageRanges('all', 3)).toEqual({ pages: [1, 2, 3] });
  });

  it('says what is wrong with text that names no pages of this document', () => {
    expect(parsePageRanges('', 5)).toEqual({ error: 'name the pages, e.g. 3–7, 9, odd or even' });
    expect(parsePageRanges('2-12', 10)).toEqual({ error: 'the document has 10 pages, not 12' });
    expect(parsePageRanges('7-3', 10)).toEqual({
      error: '"7-3" is not a range of pages: it must run forwards from page 1',
    });
    expect(parsePageRanges('0', 10)).toMatchObject({ error: expect.stringMatching(/forwards/) });
    expect(parsePageRanges('page two', 10)).toEqual({
      error: '"page two" is not a page, a range (3–7), odd, even or all',
    });
  });

  it('adds the pages in one undo step, each once', () => {
    const box = { x: 0, y: 0, width: 595, height: 842 };
    const areas = [3, 4, 5].map((page) => ({ page, box, wholePage: true }));
    const state = reviewReducer(initialReviewState('x', []), { kind: 'add-areas', areas });
    expect(state.decisions.areas?.map((a) => a.page)).toEqual([3, 4, 5]);
    const again = reviewReducer(state, { kind: 'add-areas', areas: areas.slice(1) });
    expect(again).toBe(state);
    expect(reviewReducer(state, { kind: 'undo' }).decisions.areas ?? []).toEqual([]);
  });

  it('finds the page of a text offset; a page without text shares the next page’s start', () => {
    const starts = [0, 120, 120, 300];
    expect(pageOfOffset(starts, 0)).toBe(1);
    expect(pageOfOffset(starts, 119)).toBe(1);
    expect(pageOfOffset(starts, 150)).toBe(3);
    expect(pageOfOffset(starts, 300)).toBe(4);
  });

  it('are told back as a person writes them', () => {
    expect(pageListText([4])).toBe('page 4');
    expect(pageListText([3, 1, 2, 7, 9, 8])).toBe('pages 1–3, 7–9');
    expect(pageListText([2, 2, 5])).toBe('pages 2, 5');
  });
});
