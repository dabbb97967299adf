import { describe, expect, it } from 'vitest';
import { makeSpan } from '../../src/domain/span.js';
import {
  correctionCount,
  initialReviewState,
  reviewReducer,
  trimRange,
  type ReviewState,
} from '../../renderer/src/review/reviewState.js';

const TEXT = 'Pay Jane Doe at jane@example.com or call +1 555 0100 today.';
const EMAIL = { kind: 'candidate', index: 0 } as const;
const NAME = { kind: 'candidate', index: 1 } as const;

function stateWithDetections(): ReviewState {
  const name = TEXT.indexOf('Jane Doe');
  const email = TEXT.indexOf('jane@example.com');
  return initialReviewState(TEXT, [
    makeSpan(TEXT, email, email + 16, 'EMAIL', 1, 'pattern'),
    makeSpan(TEXT, name, name + 8, 'NAME', 0.8, 'ner'),
  ]);
}

describe('reviewReducer', () => {
  it('starts with no decisions and nothing to undo', () => {
    const state = stateWithDetections();
    expect(state.decisions).toEqual({ rejected: [], retyped: [], added: [] });
    expect(state.past).toEqual([]);
    expect(reviewReducer(state, { kind: 'undo' })).toBe(state);
  });

  it('rejects and restores a detection', () => {
    const rejected = reviewReducer(stateWithDetections(), { kind: 'reject', origin: NAME });
    expect(rejected.decisions.rejected).toEqual([1]);
    expect(reviewReducer(rejected, { kind: 'reject', origin: NAME })).toBe(rejected);
    const restored = reviewReducer(rejected, { kind: 'restore', origin: NAME });
    expect(restored.decisions.rejected).toEqual([]);
  });

  it('changes a type; changing it back to the detected type is no decision', () => {
    const state = reviewReducer(stateWithDetections(), {
      kind: 'retype',
      origin: NAME,
      type: 'COMPANY',
    });
    expect(state.decisions.retyped).toEqual([{ index: 1, type: 'COMPANY' }]);
    const again = reviewReducer(state, { kind: 'retype', origin: NAME, type: 'PHONE' });
    expect(again.decisions.retyped).toEqual([{ index: 1, type: 'PHONE' }]);
    const back = reviewReducer(again, { kind: 'retype', origin: NAME, type: 'NAME' });
    expect(back.decisions.retyped).toEqual([]);
  });

  it('adds a manual span with trimmed offsets, score 1 and source manual, and activates it', () => {
    const start = TEXT.indexOf('+1 555');
    const state = reviewReducer(stateWithDetections(), {
      kind: 'add',
      start: start - 1,
      end: start + 11 + 1,
      type: 'PHONE',
    });
    expect(state.decisions.added).toEqual([
      { start, end: start + 11, text: '+1 555 0100', type: 'PHONE', score: 1, source: 'manual' },
    ]);
    expect(state.activeId).toBe('a0');
  });

  it('ignores a selection of only whitespace', () => {
    const at = TEXT.indexOf(' at ');
    const before = stateWithDetections();
    expect(reviewReducer(before, { kind: 'add', start: at, end: at + 1, type: 'NAME' })).toBe(
      before,
    );
  });

  it('removes a manual span when it is rejected, and clears it as active', () => {
    const start = TEXT.indexOf('today');
    const added = reviewReducer(stateWithDetections(), {
      kind: 'add',
      start,
      end: start + 5,
      type: 'NAME',
    });
    const removed = reviewReducer(added, { kind: 'reject', origin: { kind: 'added', index: 0 } });
    expect(removed.decisions.added).toEqual([]);
    expect(removed.activeId).toBeNull();
  });

  it('undoes and redoes every decision in order; a new decision clears redo', () => {
    let state = stateWithDetections();
    state = reviewReducer(state, { kind: 'reject', origin: EMAIL });
    state = reviewReducer(state, { kind: 'retype', origin: NAME, type: 'COMPANY' });
    const at = TEXT.indexOf('today');
    state = reviewReducer(state, { kind: 'add', start: at, end: at + 5, type: 'NAME' });
    const full = state.decisions;
    state = reviewReducer(state, { kind: 'undo' });
    state = reviewReducer(state, { kind: 'undo' });
    expect(state.decisions).toMatchObject({ rejected: [0], retyped: [], added: [] });
    // Each decision is logged with its time, for the audit trail.
    expect(state.decisions.log?.map((e) => e.key)).toEqual(['reject:c0']);
    expect(Date.parse(state.decisions.log![0]!.at)).not.toBeNaN();
    state = reviewReducer(state, { kind: 'redo' });
    state = reviewReducer(state, { kind: 'redo' });
    expect(state.decisions).toEqual(full);
    expect(reviewReducer(state, { kind: 'redo' })).toBe(state);
    state = reviewReducer(state, { kind: 'undo' });
    state = reviewReducer(state, { kind: 'restore', origin: EMAIL });
    expect(state.future).toEqual([]);
    expect(state.decisions.rejected).toEqual([]);
  });

  it('counts corrections: rejections, retypes and manual spans, not restored ones', () => {
    let state = stateWithDetections();
    expect(correctionCount(state)).toBe(0);
    state = reviewReducer(state, { kind: 'reject', origin: NAME });
    state = reviewReducer(state, { kind: 'retype', origin: EMAIL, type: 'URL' });
    const at = TEXT.indexOf('today');
    state = reviewReducer(state, { kind: 'add', start: at, end: at + 5, type: 'NAME' });
    expect(correctionCount(state)).toBe(3);
    state = reviewReducer(state, { kind: 'restore', origin: NAME });
    expect(correctionCount(state)).toBe(2);
  });

  it('trims ranges given in either order and clamps them to the text', () => {
    expect(trimRange('  ab  ', 6, 0)).toEqual({ start: 2, end: 4 });
    expect(trimRange('ab', -3, 99)).toEqual({ start: 0, end: 2 });
    expect(trimRange('   ', 0, 3)).toBeNull();
  });
});
