/**
 * Reject and retype act on occurrences by one explicit rule (issue 41, item 4): "this one" changes
 * exactly the occurrence chosen, wherever its span came from (the value's own detection or a copy
 * of it); "all N occurrences" changes every occurrence, the count N being what the reviewer is
 * shown. The review view and the export resolve the same decisions the same way.
 */
import { describe, expect, it } from 'vitest';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { entityTypes } from '../../src/domain/entityTypes.js';
import type { FileResult } from '../../src/domain/fileResult.js';
import { applyReview } from '../../src/bridge/applyReview.js';
import { validateDecisions } from '../../src/bridge/apiValidation.js';
import {
  initialReviewState,
  reviewReducer,
  type ReviewAction,
  type ReviewState,
} from '../../renderer/src/review/reviewState.js';
import { occurrencesOf, reviewView } from '../../renderer/src/review/reviewView.js';

// "Hartmoor" is detected once; the other two occurrences are copies of that value (propagation).
const TEXT = 'Hartmoor billed us. Hartmoor paid, and Hartmoor signed with Bank of America.';
const POLICY = { types: entityTypes.list(), modelThreshold: 0.5 };
const at = (n: number) => {
  let i = -1;
  for (let k = 0; k <= n; k++) i = TEXT.indexOf('Hartmoor', i + 1);
  return i;
};
const CANDIDATES: Span[] = [makeSpan(TEXT, at(0), at(0) + 8, 'COMPANY', 0.9, 'ner')];

function run(...actions: ReviewAction[]): ReviewState {
  return actions.reduce(reviewReducer, initialReviewState(TEXT, CANDIDATES));
}
const view = (s: ReviewState) => reviewView(s, POLICY);
const htm = (s: ReviewState) =>
  view(s)
    .redacted.filter((r) => r.text === 'Hartmoor')
    .map((r) => `${r.start}:${r.type}`);

/** A processed text file as the backend stores it. */
function stored(text: string, candidates: readonly Span[]): FileResult {
  return {
    file: '/x/memo.txt',
    relativePath: 'memo.txt',
    status: 'ok',
    kind: 'txt',
    text,
    spans: [],
    candidates,
    anonymized: text,
    warnings: [],
  } as unknown as FileResult;
}

/** The export's spans for the same decisions: the backend's applyReview over a stored result. */
function exported(s: ReviewState): string[] {
  const result = stored(TEXT, CANDIDATES);
  // Through the API's validation, as the renderer's decisions travel.
  const decisions = validateDecisions(JSON.parse(JSON.stringify(s.decisions)));
  return applyReview(result, POLICY, decisions)
    .spans.filter((r) => r.text === 'Hartmoor')
    .map((r) => `${r.start}:${r.type}`);
}

describe('decisions about occurrences', () => {
  it('counts every occurrence of the value, copies included', () => {
    const s = run();
    const second = view(s).redacted.find((r) => r.start === at(1))!;
    expect(occurrencesOf(view(s), second)).toHaveLength(3);
    expect(htm(s)).toEqual([`${at(0)}:COMPANY`, `${at(1)}:COMPANY`, `${at(2)}:COMPANY`]);
  });

  it('"this one" rejects exactly the occurrence chosen — a copy or the detection itself', () => {
    const copy = run({ kind: 'reject-one', start: at(1), end: at(1) + 8 });
    expect(htm(copy)).toEqual([`${at(0)}:COMPANY`, `${at(2)}:COMPANY`]);
    const own = run({ kind: 'reject-one', start: at(0), end: at(0) + 8 });
    // Before this rule, rejecting the detected one took all its copies with it.
    expect(htm(own)).toEqual([`${at(1)}:COMPANY`, `${at(2)}:COMPANY`]);
    expect(exported(own)).toEqual(htm(own));
    // Shown as rejected where it stands, and restored there.
    const shown = view(own).shown.find((r) => r.start === at(0))!;
    expect(shown).toMatchObject({ status: 'rejected', rejectedHere: true });
    const restored = reviewReducer(own, { kind: 'restore-one', start: at(0), end: at(0) + 8 });
    expect(htm(restored)).toHaveLength(3);
  });

  it('"all N occurrences" rejects all N, in one undo step', () => {
    const s = run();
    const second = view(s).redacted.find((r) => r.start === at(1))!;
    const all = reviewReducer(s, {
      kind: 'reject-all',
      occurrences: occurrencesOf(view(s), second),
    });
    expect(htm(all)).toEqual([]);
    expect(exported(all)).toEqual([]);
    expect(htm(reviewReducer(all, { kind: 'undo' }))).toHaveLength(3);
  });

  it('"this one" retypes one occurrence; "all" retypes all, and the export agrees', () => {
    const one = run({ kind: 'retype-one', start: at(2), end: at(2) + 8, type: 'NAME' });
    expect(htm(one)).toEqual([`${at(0)}:COMPANY`, `${at(1)}:COMPANY`, `${at(2)}:NAME`]);
    expect(exported(one)).toEqual(htm(one));
    const s = run();
    const all = reviewReducer(s, {
      kind: 'retype-all',
      occurrences: occurrencesOf(view(s), view(s).redacted[0]!),
      type: 'NAME',
    });
    expect(htm(all)).toEqual([`${at(0)}:NAME`, `${at(1)}:NAME`, `${at(2)}:NAME`]);
    expect(exported(all)).toEqual(htm(all));
  });

  it('records a rejection of one occurrence in the audit trail with its words', () => {
    const s = run({ kind: 'reject-one', start: at(1), end: at(1) + 8 });
    const result = stored(TEXT, CANDIDATES);
    const reviewed = applyReview(result, POLICY, s.decisions, {
      reviewer: 'R',
      at: '2026-01-01T00:00:00.000Z',
    });
    const rejected = reviewed.review?.filter((r) => r.action === 'rejected') ?? [];
    expect(rejected).toEqual([
      expect.objectContaining({ start: at(1), end: at(1) + 8, text: 'Hartmoor', reviewer: 'R' }),
    ]);
  });
});

describe('the review-only type "Other identifier"', () => {
  it('passes the API and is exported with its own placeholder', async () => {
    await import('../../src/domain/reviewTypes.js');
    const text = 'Order ORD-77120 was paid.';
    const start = text.indexOf('ORD-77120');
    const decisions = validateDecisions({
      rejected: [],
      retyped: [],
      added: [
        { start, end: start + 9, type: 'OTHER_ID', score: 1, source: 'manual', text: 'ORD-77120' },
      ],
    });
    const result = stored(text, []);
    expect(applyReview(result, POLICY, decisions).anonymized).toBe(
      'Order [IDENTIFIER REDACTED] was paid.',
    );
  });
});

describe('a company name the model cut in two', () => {
  // The model found "BANK" and "AMERICA"; the detector redacts "BANK OF AMERICA" as one name.
  const text = 'Paid to BANK OF AMERICA on 3 May.';
  const parts: Span[] = ['BANK', 'AMERICA'].map((v) => {
    const start = text.indexOf(v);
    return makeSpan(text, start, start + v.length, 'COMPANY', 0.9, 'ner');
  });
  const start = (...actions: ReviewAction[]) =>
    actions.reduce(reviewReducer, initialReviewState(text, parts));
  const redactedTexts = (s: ReviewState) => reviewView(s, POLICY).redacted.map((r) => r.text);

  it('is one span, and rejecting it (all its occurrences) rejects every piece: no piece comes back', () => {
    const before = start();
    expect(redactedTexts(before)).toEqual(['BANK OF AMERICA']);
    const name = reviewView(before, POLICY).redacted[0]!;
    const occurrences = occurrencesOf(reviewView(before, POLICY), name);
    expect(occurrences).toHaveLength(1);
    const after = reviewReducer(before, { kind: 'reject-all', occurrences });
    expect(redactedTexts(after)).toEqual([]);
    expect([...after.decisions.rejected].sort()).toEqual([0, 1]);
    // And the export agrees.
    const decisions = validateDecisions(JSON.parse(JSON.stringify(after.decisions)));
    expect(applyReview(stored(text, parts), POLICY, decisions).spans).toEqual([]);
  });

  it('is retyped piece by piece: no piece keeps the old type', () => {
    const before = start();
    const name = reviewView(before, POLICY).redacted[0]!;
    const occurrences = occurrencesOf(reviewView(before, POLICY), name);
    const after = reviewReducer(before, { kind: 'retype-all', occurrences, type: 'NAME' });
    // Only company names are joined, so the retyped pieces stand apart; a reviewer who wants
    // "OF" too adds it (additions of one type a space apart join).
    expect(reviewView(after, POLICY).redacted.map((r) => `${r.type}:${r.text}`)).toEqual([
      'NAME:BANK',
      'NAME:AMERICA',
    ]);
  });
});
