/**
 * Placeholder modes (numbered, fake, mask) as properties: equal values get equal replacements and
 * different values different ones, no original survives, the text around spans is untouched and
 * each replacement sits where anonymisedOffsets says, and fakes follow the seed.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonymise, anonymisedOffsets, replacementsBySpan } from '../../src/anonymise/anonymise.js';
import { maskValue } from '../../src/anonymise/maskValue.js';
import { numberedPlaceholder, Replacements } from '../../src/anonymise/replacements.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { normaliseValue } from '../../src/domain/userRecognizers.js';
import type { FileResult } from '../../src/domain/fileResult.js';
import { anonymiseRun, loadFakesFor } from '../../src/pipeline/anonymiseRun.js';

const NAMES = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra'];
const EMAILS = ['ada@analytical.example', 'alan@bletchley.example', 'grace@cobol.example'];
const CARDS = ['4111 1111 1111 1111', '5555 5555 5555 4444'];

/** A document of filler words and values, with the spans of the values. */
const documentArb = fc
  .array(
    fc.oneof(
      fc.constantFrom(...NAMES).map((v) => ({ v, type: 'NAME' })),
      fc.constantFrom(...EMAILS).map((v) => ({ v, type: 'EMAIL' })),
      fc.constantFrom(...CARDS).map((v) => ({ v, type: 'CREDIT_CARD' })),
      fc.constantFrom('paid', 'the', 'invoice', 'on', 'Monday').map((v) => ({ v, type: '' })),
    ),
    { minLength: 1, maxLength: 30 },
  )
  .map((parts) => {
    let text = '';
    const spans: Span[] = [];
    for (const p of parts) {
      if (text) text += ' ';
      if (p.type)
        spans.push(
          makeSpan(text + p.v, text.length, text.length + p.v.length, p.type, 1, 'pattern'),
        );
      text += p.v;
    }
    return { text, spans };
  });

function result(relativePath: string, text: string, spans: Span[]): FileResult {
  return {
    file: `/in/${relativePath}`,
    relativePath,
    status: 'ok',
    warnings: [],
    text,
    spans,
    anonymized: anonymise(text, spans),
  };
}

describe('the fakes generator', () => {
  // Runs first, before any test below loads it: only a fake run may pay faker's load time.
  it('is loaded only for a fake run, and a fake drawn before it is refused, not guessed', async () => {
    const text = 'Paid by Ada Lovelace.';
    const doc = result('a.txt', text, [makeSpan(text, 8, 20, 'NAME', 1, 'ner')]);
    await loadFakesFor({ placeholders: 'numbered' });
    expect(() => anonymiseRun([doc], { placeholders: 'fake' })).toThrow(/before loadFakesFor/u);
    await loadFakesFor({ placeholders: 'fake' });
    expect(anonymiseRun([doc], { placeholders: 'fake' }).results[0]!.anonymized).not.toContain(
      'Ada Lovelace',
    );
  });
});

describe.each(['numbered', 'fake'] as const)('%s placeholders', (mode) => {
  beforeAll(() => loadFakesFor({ placeholders: mode }));

  it('replace equal values alike, different values differently, and leave no original', () => {
    fc.assert(
      fc.property(documentArb, fc.nat(1000), ({ text, spans }, seed) => {
        const { results } = anonymiseRun([result('a.txt', text, spans)], {
          placeholders: mode,
          seed,
        });
        const out = results[0]!;
        const replacements = out.replacements ?? [];
        const byValue = new Map<string, string>();
        spans.forEach((s, i) => {
          const key = `${s.type}|${normaliseValue(s.text)}`;
          const seen = byValue.get(key);
          if (seen === undefined) byValue.set(key, replacements[i]!);
          else expect(replacements[i]).toBe(seen);
        });
        expect(new Set(byValue.values()).size).toBe(byValue.size);
        for (const s of spans) expect(out.anonymized).not.toContain(s.text);
        // Each replacement sits where the offsets say, and the text between spans is unchanged.
        const regions = anonymisedOffsets(text, spans, replacementsBySpan(spans, replacements));
        let at = 0;
        let outAt = 0;
        for (const r of regions) {
          expect(out.anonymized.slice(outAt, r.start)).toBe(text.slice(at, r.inputStart));
          expect(out.anonymized.slice(r.start, r.end)).toBe(r.placeholder);
          at = r.inputEnd;
          outAt = r.end;
        }
        expect(out.anonymized.slice(outAt)).toBe(text.slice(at));
      }),
      { numRuns: 60 },
    );
  });
});

describe('fake placeholders', () => {
  beforeAll(() => loadFakesFor({ placeholders: 'fake' }));
  const text =
    'Ada Lovelace wrote to ada@analytical.example; Ada Lovelace paid with 4111 1111 1111 1111.';
  const spans = [
    makeSpan(text, 0, 12, 'NAME', 1, 'ner'),
    makeSpan(text, 22, 44, 'EMAIL', 1, 'pattern'),
    makeSpan(text, 46, 58, 'NAME', 1, 'ner'),
    makeSpan(text, 69, 88, 'CREDIT_CARD', 1, 'pattern'),
  ];
  const run = (seed: number) =>
    anonymiseRun([result('a.txt', text, spans)], { placeholders: 'fake', seed }).results[0]!
      .anonymized;

  it('are the same for the same input and seed, and differ for another seed', () => {
    expect(run(7)).toBe(run(7));
    expect(run(7)).not.toBe(run(8));
  });

  it('look like their originals: a reserved e-mail domain, a Luhn-valid card of the same brand', () => {
    const { results } = anonymiseRun([result('a.txt', text, spans)], {
      placeholders: 'fake',
      seed: 3,
    });
    const [name, email, , card] = results[0]!.replacements!;
    expect(name).toMatch(/^\p{Lu}[\p{L}'-]+ \p{Lu}[\p{L}' -]+$/u);
    expect(email).toMatch(/@example\.(com|org|net)$/);
    const digits = card!.replace(/\D/g, '');
    expect(digits).toMatch(/^4\d{15}$/);
    const luhn = [...digits].reverse().reduce((sum, d, i) => {
      const n = Number(d) * (i % 2 ? 2 : 1);
      return sum + (n > 9 ? n - 9 : n);
    }, 0);
    expect(luhn % 10).toBe(0);
    expect(card).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  });

  it('never equal a value found anywhere in the run', () => {
    const other = 'Contact Grace Hopper.';
    const results = [
      result('a.txt', text, spans),
      result('b.txt', other, [makeSpan(other, 8, 20, 'NAME', 1, 'ner')]),
    ];
    for (let seed = 0; seed < 30; seed++) {
      const { mapping } = anonymiseRun(results, {
        placeholders: 'fake',
        seed,
        consistent: 'batch',
      });
      const originals = new Set(mapping.map((m) => normaliseValue(m.original)));
      for (const m of mapping) expect(originals.has(normaliseValue(m.replacement))).toBe(false);
    }
  });
});

describe('numbered placeholders', () => {
  it('count a surname after a title as its full name, per type, within a document or the run', () => {
    const a = 'Max Murray wrote. Dear Dr. Murray, and Jo Bloggs. MAX  MURRAY signs.';
    const b = 'Jo Bloggs again.';
    const spansA = [
      makeSpan(a, 0, 10, 'NAME', 1, 'ner'),
      makeSpan(a, 27, 33, 'NAME', 1, 'ner'),
      makeSpan(a, 39, 48, 'NAME', 1, 'ner'),
      makeSpan(a, 50, 61, 'NAME', 1, 'ner'),
    ];
    const spansB = [makeSpan(b, 0, 9, 'NAME', 1, 'ner')];
    const run = (consistent: 'document' | 'batch') =>
      anonymiseRun([result('a.txt', a, spansA), result('b.txt', b, spansB)], {
        placeholders: 'numbered',
        consistent,
      }).results.map((r) => r.anonymized);
    expect(run('document')).toEqual([
      '[NAME 1 REDACTED] wrote. Dear Dr. [NAME 1 REDACTED], and [NAME 2 REDACTED]. [NAME 1 REDACTED] signs.',
      '[NAME 1 REDACTED] again.',
    ]);
    expect(run('batch')[1]).toBe('[NAME 2 REDACTED] again.');
  });

  it('number a placeholder of any form', () => {
    expect(numberedPlaceholder('[CLIENT CODE REDACTED]', 3)).toBe('[CLIENT CODE 3 REDACTED]');
    expect(numberedPlaceholder('<client>', 2)).toBe('<client> 2');
  });

  it('keep a mapping only of what was replaced, in order of first appearance', () => {
    const t = 'Ada Lovelace and Alan Turing and Ada Lovelace.';
    const r = new Replacements({ mode: 'numbered' });
    r.forDocument('a.txt', t, [
      makeSpan(t, 17, 28, 'NAME', 1, 'ner'),
      makeSpan(t, 0, 12, 'NAME', 1, 'ner'),
    ]);
    expect(r.mapping()).toEqual([
      { file: 'a.txt', type: 'NAME', original: 'Ada Lovelace', replacement: '[NAME 1 REDACTED]' },
      { file: 'a.txt', type: 'NAME', original: 'Alan Turing', replacement: '[NAME 2 REDACTED]' },
    ]);
  });
});

describe('mask placeholders', () => {
  it('keep the last four digits of cards and accounts and the domain of an e-mail, nothing else', () => {
    expect(maskValue('CREDIT_CARD', '4111-1111-1111-1234')).toBe('****-****-****-1234');
    expect(maskValue('BANK_ACCOUNT', 'DE89 3704 0044 0532 0130 00')).toBe(
      '**** **** **** **** **30 00',
    );
    expect(maskValue('EMAIL', 'jane.doe@acme.example')).toBe('********@acme.example');
    expect(maskValue('NAME', 'Jane  Doe')).toBe('****  ***');
    expect(maskValue('SSN', '123-45-6789')).toBe('***********');
  });

  it('keep every length', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('NAME', 'CREDIT_CARD', 'EMAIL', 'BANK_ACCOUNT'),
        (v, t) => {
          expect(maskValue(t, v)).toHaveLength(v.length);
        },
      ),
    );
  });
});
