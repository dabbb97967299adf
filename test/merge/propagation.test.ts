/**
 * Every occurrence: a value detected once in a document is redacted wherever it occurs again
 * there (and, with batch propagation, in the run's other files), and an allow-listed value
 * nowhere.
 */
import { describe, expect, it } from 'vitest';
import type { DetectionPolicy } from '../../src/domain/detectionPolicy.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { resolveDetections, runValuesOf } from '../../src/merge/resolveDetections.js';
import { propagateValues } from '../../src/merge/propagateValues.js';

const POLICY: DetectionPolicy = {
  types: ['NAME', 'COMPANY', 'BANK_ACCOUNT', 'EMAIL'],
  modelThreshold: 0.5,
};

function at(
  text: string,
  value: string,
  type: string,
  source: Span['source'] = 'ner',
  from = 0,
): Span {
  const start = text.indexOf(value, from);
  if (start === -1) throw new Error(`${value} not in text`);
  return makeSpan(text, start, start + value.length, type, 0.93, source);
}

function redacted(text: string, candidates: Span[], policy: DetectionPolicy = POLICY): string[][] {
  return resolveDetections(text, candidates, policy).map((s) => [s.type, s.text, s.source]);
}

describe('propagation spreads only distinctive values', () => {
  it('does not multiply a short code the model took once for a company; a longer word and an identifier spread', () => {
    const text =
      'POS Grocer Quillmart 12.50\nPOS Fuel 40.00\nPOS Quillmart 8.10\nDD Rent 900\n' +
      'Paid to GB82 WEST 1234 5698 7654 32; again GB82 WEST 1234 5698 7654 32.';
    const spans = [
      at(text, 'POS', 'COMPANY'),
      at(text, 'Quillmart', 'COMPANY'),
      at(text, 'GB82 WEST 1234 5698 7654 32', 'BANK_ACCOUNT', 'pattern'),
    ];
    expect(redacted(text, spans)).toEqual([
      ['COMPANY', 'POS', 'ner'],
      ['COMPANY', 'Quillmart', 'ner'],
      ['COMPANY', 'Quillmart', 'propagated'],
      ['BANK_ACCOUNT', 'GB82 WEST 1234 5698 7654 32', 'pattern'],
      ['BANK_ACCOUNT', 'GB82 WEST 1234 5698 7654 32', 'propagated'],
    ]);
  });
});

describe('propagation within a document', () => {
  const text =
    'Max Murray signed the letter. MAX MURRAY\nalso signed; max   murray\ncountersigned.\n' +
    "Mr. Murray's assistant and Dr Murray were copied; a murray of crows is not him.";
  const found = [at(text, 'Max Murray', 'NAME')];

  it('finds the name again ignoring case and spacing, across line breaks, and the surname after a title', () => {
    expect(redacted(text, found)).toEqual([
      ['NAME', 'Max Murray', 'ner'],
      ['NAME', 'MAX MURRAY', 'propagated'],
      ['NAME', 'max   murray', 'propagated'],
      // The possessive stays outside the name, as in every NAME span.
      ['NAME', 'Murray', 'propagated'],
      ['NAME', 'Murray', 'propagated'],
    ]);
  });

  it("carries its origin's type and score, and its origin, so rejecting the origin rejects the copies", () => {
    const spans = resolveDetections(text, found, POLICY);
    for (const s of spans) {
      expect(s.score).toBe(0.93);
      expect(s.origin).toEqual({ kind: 'candidate', index: 0 });
    }
    const rejected = resolveDetections(text, found, POLICY, {
      rejected: [0],
      retyped: [],
      added: [],
    });
    expect(rejected).toEqual([]);
  });

  it('is off with --propagate off', () => {
    expect(redacted(text, found, { ...POLICY, propagate: 'off' })).toEqual([
      ['NAME', 'Max Murray', 'ner'],
    ]);
  });

  it('finds a labelled account number where it is printed without its label', () => {
    const t = 'Account No: 30556847\n...\nPlease quote 30556847 in any transfer.';
    expect(redacted(t, [at(t, '30556847', 'BANK_ACCOUNT', 'pattern')])).toEqual([
      ['BANK_ACCOUNT', '30556847', 'pattern'],
      ['BANK_ACCOUNT', '30556847', 'propagated'],
    ]);
  });

  it('finds a number written with separators where it is printed without them', () => {
    const t =
      'Account number: 5203841-06\nCode39:\n520384106\nRef 5203841 and 52038410 are other numbers.';
    expect(redacted(t, [at(t, '5203841-06', 'BANK_ACCOUNT', 'pattern')])).toEqual([
      ['BANK_ACCOUNT', '5203841-06', 'pattern'],
      ['BANK_ACCOUNT', '520384106', 'propagated'],
    ]);
    // A barcode payload or reference holding the number gives it away: the word goes whole.
    const payload =
      'Account number: 5203841-06\nCode128:\nHWLAC 52038410670000042027 Ref X520384106Y';
    expect(redacted(payload, [at(payload, '5203841-06', 'BANK_ACCOUNT', 'pattern')])).toEqual([
      ['BANK_ACCOUNT', '5203841-06', 'pattern'],
      ['BANK_ACCOUNT', '52038410670000042027', 'propagated'],
      ['BANK_ACCOUNT', 'X520384106Y', 'propagated'],
    ]);
    // Short numbers and words are not spread bare: "12-34" is not "1234" everywhere.
    const short = 'Branch 12-34-56 and 123456 units; Mr Lee-Smith.';
    expect(redacted(short, [at(short, '12-34-56', 'BANK_ACCOUNT', 'pattern')])).toEqual([
      ['BANK_ACCOUNT', '12-34-56', 'pattern'],
    ]);
  });

  it("finds an address's street line where it is printed alone, and nothing shorter", () => {
    const t =
      'Property location 9 Quillon St Ardmore Bay\nParticulars: 9 Quillon St\nQuillon St is closed; 9 Quillon is not it.';
    expect(
      redacted(t, [at(t, '9 Quillon St Ardmore Bay', 'ADDRESS')], {
        ...POLICY,
        types: ['ADDRESS'],
      }),
    ).toEqual([
      ['ADDRESS', '9 Quillon St Ardmore Bay', 'ner'],
      ['ADDRESS', '9 Quillon St', 'propagated'],
    ]);
  });

  it('spreads a one-word value only to capitalised occurrences, and never one of two letters', () => {
    const t = 'Bonds were issued. The bonds are listed. Bonds again. Li met Li.';
    expect(
      redacted(t, [at(t, 'Bonds', 'COMPANY'), at(t, 'Li', 'NAME')]).map((r) => r.slice(1)),
    ).toEqual([
      ['Bonds', 'ner'],
      ['Bonds', 'propagated'],
      ['Li', 'ner'],
    ]);
  });

  it('does not propagate a model detection below the threshold, nor a value inside a longer word', () => {
    const t = 'Acme said hi. Acme again. Acmes and Acme-like.';
    const weak = { ...at(t, 'Acme', 'COMPANY'), score: 0.2 };
    expect(redacted(t, [weak])).toEqual([]);
    expect(redacted(t, [at(t, 'Acme', 'COMPANY')]).map((r) => r[1])).toEqual([
      'Acme',
      'Acme',
      // "Acme-like": the hyphen is a word edge, and the name is in there.
      'Acme',
    ]);
  });

  it('lets a propagated full name replace a shorter model guess at the same place', () => {
    const t = 'Max Murray signed. Later Max Murray called.';
    const second = t.indexOf('Murray', 20);
    const partial = makeSpan(t, second, second + 6, 'COMPANY', 0.6, 'ner');
    expect(redacted(t, [at(t, 'Max Murray', 'NAME'), partial])).toEqual([
      ['NAME', 'Max Murray', 'ner'],
      ['NAME', 'Max Murray', 'propagated'],
    ]);
  });
});

describe('the allow-list', () => {
  it('drops any detection equal to an entry, ignoring case and spacing, and its copies', () => {
    const t = 'The Reserve Bank of India and the RESERVE BANK  OF INDIA; Acme Ltd too.';
    const spans = [at(t, 'Reserve Bank of India', 'COMPANY'), at(t, 'Acme Ltd', 'COMPANY', 'user')];
    expect(redacted(t, spans, { ...POLICY, allow: ['reserve bank of india'] })).toEqual([
      ['COMPANY', 'Acme Ltd', 'user'],
    ]);
  });

  it("keeps a reviewer's own addition even when it is on the list", () => {
    const t = 'Reserve Bank of India';
    const spans = resolveDetections(
      t,
      [],
      { ...POLICY, allow: [t] },
      {
        rejected: [],
        retyped: [],
        added: [makeSpan(t, 0, t.length, 'COMPANY', 1, 'manual')],
      },
    );
    expect(spans.map((s) => s.text)).toEqual([t]);
  });
});

describe('propagation across a run', () => {
  it('redacts a client named in one file wherever the others mention it, only in batch scope', () => {
    const first = 'Invoice to Halvorsen Trading AS';
    const firstSpans = resolveDetections(
      first,
      [at(first, 'Halvorsen Trading AS', 'COMPANY')],
      POLICY,
    );
    const values = runValuesOf(firstSpans);
    const second = 'Reminder: Halvorsen Trading AS has not paid.';
    const batch = resolveDetections(
      second,
      [],
      { ...POLICY, propagate: 'batch' },
      undefined,
      values,
    );
    expect(batch.map((s) => [s.text, s.source, s.origin.index])).toEqual([
      ['Halvorsen Trading AS', 'propagated', -1],
    ]);
    expect(resolveDetections(second, [], POLICY, undefined, values)).toEqual([]);
  });

  it('copes with many values on a long text (values are matched in chunks of alternations)', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `Person${i} Surname${i}`);
    const text = names.map((n) => `${n} paid.`).join('\n');
    const copies = propagateValues(
      text,
      names.map((n) => ({ text: n, type: 'NAME', score: 0.9 })),
      [],
    );
    expect(copies).toHaveLength(1000);
    expect(copies.every((c) => c.text === text.slice(c.start, c.end))).toBe(true);
  });
});
