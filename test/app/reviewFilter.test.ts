import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { anonymise } from '../../src/anonymise/anonymise.js';
import { BUILT_IN_TYPES, type EntityType } from '../../src/domain/entityTypes.js';
import { makeSpan } from '../../src/domain/span.js';
import {
  effectiveSpans,
  shownSpans,
  stepActive,
  type ReviewFilter,
} from '../../renderer/src/review/reviewFilter.js';
import { initialReviewState, reviewReducer } from '../../renderer/src/review/reviewState.js';
import { anonymisedSegments, originalSegments } from '../../renderer/src/review/textSegments.js';

const TEXT = 'Acme Ltd pays Ann Lee, ann@example.org, card 4111 1111 1111 1111.';
const find = (s: string) => TEXT.indexOf(s);

function detected() {
  return initialReviewState(TEXT, [
    makeSpan(TEXT, find('Acme Ltd'), find('Acme Ltd') + 8, 'COMPANY', 0.45, 'ner'),
    makeSpan(TEXT, find('Ann Lee'), find('Ann Lee') + 7, 'NAME', 0.9, 'ner'),
    makeSpan(TEXT, find('ann@'), find('ann@') + 15, 'EMAIL', 1, 'pattern'),
    makeSpan(TEXT, find('4111'), find('4111') + 19, 'CREDIT_CARD', 1, 'pattern'),
  ]);
}

const all = (threshold: number, types: readonly EntityType[] = BUILT_IN_TYPES): ReviewFilter => ({
  types: new Set(types),
  threshold,
});

describe('review filter', () => {
  it('hides detections below the threshold, but never manual spans', () => {
    const state = reviewReducer(detected(), {
      kind: 'add',
      start: find('pays'),
      end: find('pays') + 4,
      type: 'NAME',
    });
    const lowered = state.spans.map((s) => (s.source === 'manual' ? { ...s, score: 0 } : s));
    expect(effectiveSpans(lowered, all(0.5)).map((s) => s.text)).toEqual([
      'pays',
      'Ann Lee',
      'ann@example.org',
      '4111 1111 1111 1111',
    ]);
    expect(effectiveSpans(lowered, all(0.4)).map((s) => s.text)).toContain('Acme Ltd');
  });

  it('hides types that are switched off', () => {
    const spans = detected().spans;
    expect(effectiveSpans(spans, all(0, ['EMAIL', 'NAME'])).map((s) => s.type)).toEqual([
      'NAME',
      'EMAIL',
    ]);
  });

  it('shows rejected spans for review but does not redact them', () => {
    const state = reviewReducer(detected(), { kind: 'reject', id: 'd1' });
    expect(shownSpans(state.spans, all(0)).map((s) => s.id)).toContain('d1');
    expect(effectiveSpans(state.spans, all(0)).map((s) => s.id)).not.toContain('d1');
  });

  it('steps through shown spans and wraps around', () => {
    const shown = shownSpans(detected().spans, all(0.5));
    expect(stepActive(shown, null, 1)).toBe(shown[0]!.id);
    expect(stepActive(shown, null, -1)).toBe(shown[shown.length - 1]!.id);
    expect(stepActive(shown, shown[shown.length - 1]!.id, 1)).toBe(shown[0]!.id);
    expect(stepActive(shown, shown[0]!.id, -1)).toBe(shown[shown.length - 1]!.id);
    expect(stepActive([], null, 1)).toBeNull();
  });
});

describe('text segments', () => {
  it('the anonymised pane shows exactly what anonymise() exports, for any threshold and types', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.subarray([...BUILT_IN_TYPES]),
        (threshold, types) => {
          const spans = effectiveSpans(detected().spans, all(threshold, types));
          const shown = anonymisedSegments(TEXT, spans)
            .map((s) => s.text)
            .join('');
          expect(shown).toBe(anonymise(TEXT, spans));
        },
      ),
    );
  });

  it('the original pane marks, at every character, an accepted span covering it if there is one', () => {
    const spanArb = fc
      .tuple(fc.nat(TEXT.length - 1), fc.integer({ min: 1, max: 12 }), fc.boolean())
      .map(([start, len, accepted]) => ({
        start,
        end: Math.min(TEXT.length, start + len),
        accepted,
      }));
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 12 }), (raw) => {
        const spans = raw.map((r, i) => ({
          ...makeSpan(TEXT, r.start, r.end, 'NAME', 1, 'ner'),
          id: `s${i}`,
          status: r.accepted ? ('accepted' as const) : ('rejected' as const),
        }));
        const segments = originalSegments(TEXT, spans);
        expect(segments.map((s) => s.text).join('')).toBe(TEXT);
        for (const seg of segments) {
          for (let at = seg.start; at < seg.end; at++) {
            const covering = spans.filter((s) => s.start <= at && at < s.end);
            if (covering.length === 0) expect(seg.span).toBeUndefined();
            else if (covering.some((s) => s.status === 'accepted'))
              expect(seg.span?.status).toBe('accepted');
            else expect(covering).toContain(seg.span);
            if (seg.span) expect(seg.span.start <= at && at < seg.span.end).toBe(true);
          }
        }
      }),
    );
  });

  it('the original pane covers the text exactly once, marking accepted over rejected spans', () => {
    const state = reviewReducer(detected(), {
      kind: 'add',
      start: find('Lee'),
      end: find('Lee') + 3 + 17,
      type: 'NAME',
    });
    const segments = originalSegments(TEXT, shownSpans(state.spans, all(0)));
    expect(segments.map((s) => s.text).join('')).toBe(TEXT);
    for (const seg of segments) expect(TEXT.slice(seg.start, seg.end)).toBe(seg.text);
    const leeSegment = segments.find((s) => s.start === find('Lee'));
    expect(leeSegment?.span?.source).toBe('manual');
    const annSegment = segments.find((s) => s.start === find('Ann'));
    expect(annSegment?.span?.status).toBe('rejected');
  });
});
