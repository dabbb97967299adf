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

function stateWithDetections(): ReviewState {
  const name = TEXT.indexOf('Jane Doe');
  const email = TEXT.indexOf('jane@example.com');
  return initialReviewState(TEXT, [
    makeSpan(TEXT, email, email + 16, 'EMAIL', 1, 'pattern'),
    makeSpan(TEXT, name, name + 8, 'NAME', 0.8, 'ner'),
  ]);
}

describe('reviewReducer', () => {
  it('starts with every detection accepted, sorted by offset, with stable ids', () => {
    const state = stateWithDetections();
    expect(state.spans.map((s) => [s.id, s.text, s.status])).toEqual([
      ['d0', 'Jane Doe', 'accepted'],
      ['d1', 'jane@example.com', 'accepted'],
    ]);
  });

  it('rejects and restores a detection', () => {
    const rejected = reviewReducer(stateWithDetections(), { kind: 'reject', id: 'd0' });
    expect(rejected.spans.find((s) => s.id === 'd0')?.status).toBe('rejected');
    const restored = reviewReducer(rejected, { kind: 'restore', id: 'd0' });
    expect(restored.spans.find((s) => s.id === 'd0')?.status).toBe('accepted');
  });

  it('changes a type and remembers what the detector said', () => {
    const state = reviewReducer(stateWithDetections(), {
      kind: 'retype',
      id: 'd0',
      type: 'COMPANY',
    });
    const span = state.spans.find((s) => s.id === 'd0');
    expect(span?.type).toBe('COMPANY');
    expect(span?.detectedType).toBe('NAME');
    const back = reviewReducer(state, { kind: 'retype', id: 'd0', type: 'PHONE' });
    expect(back.spans.find((s) => s.id === 'd0')?.detectedType).toBe('NAME');
  });

  it('adds a manual span with trimmed offsets, score 1 and source manual, and activates it', () => {
    const start = TEXT.indexOf('+1 555');
    const state = reviewReducer(stateWithDetections(), {
      kind: 'add',
      start: start - 1,
      end: start + 11 + 1,
      type: 'PHONE',
    });
    const added = state.spans.find((s) => s.source === 'manual');
    expect(added).toMatchObject({
      start,
      end: start + 11,
      text: '+1 555 0100',
      type: 'PHONE',
      score: 1,
      status: 'accepted',
    });
    expect(state.activeId).toBe(added?.id);
    expect(state.spans.map((s) => s.start)).toEqual(
      [...state.spans.map((s) => s.start)].sort((a, b) => a - b),
    );
  });

  it('ignores a selection of only whitespace', () => {
    const at = TEXT.indexOf(' at ');
    const before = stateWithDetections();
    expect(reviewReducer(before, { kind: 'add', start: at, end: at + 1, type: 'NAME' })).toBe(
      before,
    );
  });

  it('keeps accepted spans disjoint: a manual span rejects the detections it overlaps', () => {
    const start = TEXT.indexOf('Doe at jane');
    const state = reviewReducer(stateWithDetections(), {
      kind: 'add',
      start,
      end: start + 11,
      type: 'NAME',
    });
    expect(state.spans.filter((s) => s.status === 'accepted').map((s) => s.source)).toEqual([
      'manual',
    ]);
    // Restoring one of them rejects the manual span in turn.
    const restored = reviewReducer(state, { kind: 'restore', id: 'd1' });
    const accepted = restored.spans.filter((s) => s.status === 'accepted').map((s) => s.id);
    expect(accepted).toEqual(['d1']);
  });

  it('removes a manual span when it is rejected, and clears it as active', () => {
    const start = TEXT.indexOf('today');
    const added = reviewReducer(stateWithDetections(), {
      kind: 'add',
      start,
      end: start + 5,
      type: 'NAME',
    });
    const removed = reviewReducer(added, { kind: 'reject', id: added.activeId! });
    expect(removed.spans.some((s) => s.source === 'manual')).toBe(false);
    expect(removed.activeId).toBeNull();
  });

  it('counts corrections: rejections, retypes and manual spans, not restored ones', () => {
    let state = stateWithDetections();
    expect(correctionCount(state)).toBe(0);
    state = reviewReducer(state, { kind: 'reject', id: 'd0' });
    state = reviewReducer(state, { kind: 'retype', id: 'd1', type: 'URL' });
    const at = TEXT.indexOf('today');
    state = reviewReducer(state, { kind: 'add', start: at, end: at + 5, type: 'NAME' });
    expect(correctionCount(state)).toBe(3);
    state = reviewReducer(state, { kind: 'restore', id: 'd0' });
    expect(correctionCount(state)).toBe(2);
  });

  it('trims ranges given in either order and clamps them to the text', () => {
    expect(trimRange('  ab  ', 6, 0)).toEqual({ start: 2, end: 4 });
    expect(trimRange('ab', -3, 99)).toEqual({ start: 0, end: 2 });
    expect(trimRange('   ', 0, 3)).toBeNull();
  });
});
