import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { anonymise } from '../../src/anonymise/anonymise.js';
import type { DetectionPolicy } from '../../src/domain/detectionPolicy.js';
import { BUILT_IN_TYPES, type EntityType } from '../../src/domain/entityTypes.js';
import { makeSpan, spanFields } from '../../src/domain/span.js';
import { plainSpans, resolveDetections } from '../../src/merge/resolveDetections.js';
import { reviewView, stepActive } from '../../renderer/src/review/reviewView.js';
import { initialReviewState, reviewReducer } from '../../renderer/src/review/reviewState.js';
import { anonymisedSegments, originalSegments } from '../../renderer/src/review/textSegments.js';
import {
  searchMatches,
  type SearchMatch,
  type SearchQuery,
} from '../../renderer/src/review/searchMatches.js';

const TEXT = 'Acme Ltd pays Ann Lee, ann@example.org, card 4111 1111 1111 1111. SSN 123 45 6789.';
const find = (s: string) => TEXT.indexOf(s);
const cand = { company: 0, name: 1, email: 2, card: 3, ssn: 4 } as const;

function detected() {
  return initialReviewState(TEXT, [
    makeSpan(TEXT, find('Acme Ltd'), find('Acme Ltd') + 8, 'COMPANY', 0.45, 'ner'),
    makeSpan(TEXT, find('Ann Lee'), find('Ann Lee') + 7, 'NAME', 0.9, 'ner'),
    makeSpan(TEXT, find('ann@'), find('ann@') + 15, 'EMAIL', 1, 'pattern'),
    makeSpan(TEXT, find('4111'), find('4111') + 19, 'CREDIT_CARD', 1, 'pattern'),
    makeSpan(TEXT, find('123 45'), find('123 45') + 11, 'SSN', 0.5, 'pattern'),
  ]);
}

const policy = (
  modelThreshold: number,
  types: readonly EntityType[] = BUILT_IN_TYPES,
): DetectionPolicy => ({ types, modelThreshold });

const texts = (spans: readonly { text: string }[]) => spans.map((s) => s.text);

describe('review view', () => {
  it('the threshold hides model detections only, never validated patterns or manual spans', () => {
    const state = reviewReducer(detected(), {
      kind: 'add',
      start: find('pays'),
      end: find('pays') + 4,
      type: 'NAME',
    });
    expect(texts(reviewView(state, policy(0.95)).redacted)).toEqual([
      'pays',
      'ann@example.org',
      '4111 1111 1111 1111',
      '123 45 6789',
    ]);
    expect(texts(reviewView(state, policy(0.4)).redacted)).toContain('Acme Ltd');
  });

  it('hides types that are switched off', () => {
    const view = reviewView(detected(), policy(0, ['EMAIL', 'NAME']));
    expect(view.redacted.map((s) => s.type)).toEqual(['NAME', 'EMAIL']);
  });

  it('shows rejected spans for review but does not redact them', () => {
    const state = reviewReducer(detected(), {
      kind: 'reject',
      origin: { kind: 'candidate', index: cand.name },
    });
    const view = reviewView(state, policy(0));
    expect(view.shown.find((s) => s.text === 'Ann Lee')?.status).toBe('rejected');
    expect(texts(view.redacted)).not.toContain('Ann Lee');
  });

  it('redacts exactly what the export resolves from the same candidates, policy and decisions', () => {
    let state = reviewReducer(detected(), {
      kind: 'reject',
      origin: { kind: 'candidate', index: cand.email },
    });
    state = reviewReducer(state, {
      kind: 'retype',
      origin: { kind: 'candidate', index: cand.company },
      type: 'NAME',
    });
    state = reviewReducer(state, { kind: 'add', start: 0, end: 13, type: 'COMPANY' });
    for (const p of [policy(0), policy(0.5), policy(0.95, ['NAME', 'SSN'])]) {
      const exported = plainSpans(resolveDetections(TEXT, state.candidates, p, state.decisions));
      expect(reviewView(state, p).redacted.map(spanFields)).toEqual(exported);
    }
  });

  it('keeps a span redacted when a manual selection overlaps only part of it', () => {
    // Selecting "pays Ann" must not un-redact "Lee" (issue 22's "T. Langosh" case).
    const state = reviewReducer(detected(), {
      kind: 'add',
      start: find('pays'),
      end: find('Ann') + 3,
      type: 'NAME',
    });
    const redacted = reviewView(state, policy(0.5)).redacted;
    expect(texts(redacted).slice(0, 2)).toEqual(['pays Ann', 'Lee']);
    const out = anonymise(TEXT, redacted);
    expect(out).not.toContain('Lee');
    expect(out).not.toContain('Ann');
  });

  it('gives each shown piece its own id, and steps through them, wrapping around', () => {
    const state = reviewReducer(detected(), {
      kind: 'add',
      start: find('ann@'),
      end: find('ann@') + 3,
      type: 'NAME',
    });
    const shown = reviewView(state, policy(0.5)).shown;
    expect(new Set(shown.map((s) => s.id)).size).toBe(shown.length);
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
          const spans = reviewView(detected(), policy(threshold, types)).redacted;
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
          origin: { kind: 'candidate' as const, index: i },
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
    let state = reviewReducer(detected(), {
      kind: 'add',
      start: find('Lee'),
      end: find('Lee') + 3 + 17,
      type: 'NAME',
    });
    state = reviewReducer(state, {
      kind: 'reject',
      origin: { kind: 'candidate', index: cand.name },
    });
    const segments = originalSegments(TEXT, reviewView(state, policy(0)).shown);
    expect(segments.map((s) => s.text).join('')).toBe(TEXT);
    for (const seg of segments) expect(TEXT.slice(seg.start, seg.end)).toBe(seg.text);
    const leeSegment = segments.find((s) => s.start === find('Lee'));
    expect(leeSegment?.span?.source).toBe('manual');
    const annSegment = segments.find((s) => s.start === find('Ann'));
    expect(annSegment?.span?.status).toBe('rejected');
  });
});

describe('search and redact', () => {
  const q = (pattern: string, over: Partial<SearchQuery> = {}): SearchQuery => ({
    pattern,
    regex: false,
    caseSensitive: false,
    wholeWord: true,
    ...over,
  });

  it('finds a term as a whole word in any case, with context', () => {
    const text = 'Acme pays ACME and acmeco; see acme.';
    const found = searchMatches(text, q('acme'));
    expect(typeof found === 'string' ? found : found.map((m) => m.match)).toEqual([
      'Acme',
      'ACME',
      'acme',
    ]);
    const first = (found as SearchMatch[])[0]!;
    expect([first.before, first.after]).toEqual(['', ' pays ACME and acmeco; see acm']);
    expect(searchMatches(text, q('acme', { caseSensitive: true, wholeWord: false }))).toHaveLength(
      2,
    );
  });

  it('takes regular expressions, escapes plain terms, and says what is wrong with a bad one', () => {
    const text = 'ACC-123456 and ACC-987654, not ACC-12 or (ACC-*)';
    expect((searchMatches(text, q('ACC-\\d{6}', { regex: true })) as SearchMatch[]).length).toBe(2);
    expect((searchMatches(text, q('(ACC-*)', { wholeWord: false })) as SearchMatch[]).length).toBe(
      1,
    );
    expect(searchMatches(text, q('ACC-(', { regex: true }))).toMatch(/^Not a valid regular/);
    expect(searchMatches(text, q('  '))).toBe('Type something to search for.');
  });

  it('adds every picked match as one undo step, logged as found by search', () => {
    const state = reviewReducer(detected(), {
      kind: 'add-many',
      ranges: [
        { start: find('pays'), end: find('pays') + 4 },
        { start: find('card'), end: find('card') + 4 },
      ],
      type: 'COMPANY',
    });
    expect(state.decisions.added.map((s) => s.text)).toEqual(['pays', 'card']);
    expect(state.decisions.log?.map((e) => e.key)).toEqual([
      `search:${find('pays')}-${find('pays') + 4}`,
      `search:${find('card')}-${find('card') + 4}`,
    ]);
    expect(reviewReducer(state, { kind: 'undo' }).decisions.added).toEqual([]);
  });
});
