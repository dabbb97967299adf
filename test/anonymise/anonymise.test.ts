import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anonymise, anonymisedOffsets } from '../../src/anonymise/anonymise.js';
import { entityTypeInfo, BUILT_IN_TYPES } from '../../src/domain/entityTypes.js';
import { makeSpan, type Span } from '../../src/domain/span.js';

/** A text and non-overlapping spans into it, as mergeSpans produces them. */
const textWithSpans = fc
  .record({
    text: fc.string({ minLength: 0, maxLength: 200, unit: 'grapheme-ascii' }),
    cuts: fc.array(fc.nat(), { maxLength: 12 }),
    types: fc.array(fc.constantFrom(...BUILT_IN_TYPES), { minLength: 6, maxLength: 6 }),
  })
  .map(({ text, cuts, types }) => {
    const points = [
      ...new Set(cuts.map((c) => (text.length === 0 ? 0 : c % (text.length + 1)))),
    ].sort((a, b) => a - b);
    const spans: Span[] = [];
    for (let i = 0; i + 1 < points.length; i += 2) {
      const start = points[i]!;
      const end = points[i + 1]!;
      spans.push(makeSpan(text, start, end, types[(i / 2) % types.length]!, 0.9, 'pattern'));
    }
    return { text, spans };
  });

describe('anonymise', () => {
  it('replaces spans by their placeholders', () => {
    const text = 'Mail jane@acme.com or call +1 415 555 0132.';
    const spans = [
      makeSpan(text, 5, 18, 'EMAIL', 0.9, 'pattern'),
      makeSpan(text, 27, 42, 'PHONE', 0.8, 'pattern'),
    ];
    expect(anonymise(text, spans)).toBe('Mail [EMAIL REDACTED] or call [PHONE NUMBER REDACTED].');
  });

  it('coalesces overlapping spans so no character of either survives', () => {
    const text = 'Jane Doe Smith';
    const spans = [
      makeSpan(text, 0, 8, 'NAME', 1, 'manual'),
      makeSpan(text, 5, 14, 'NAME', 0.9, 'ner'),
    ];
    expect(anonymise(text, spans)).toBe('[NAME REDACTED]');
  });

  it('property: no span text survives when it occurs nowhere else', () => {
    // Plain text uses lower-case letters and punctuation, span values digits and '@#', which no
    // plain segment or placeholder contains: every value is unique to its span by construction.
    const plain = fc.string({ unit: fc.constantFrom(...'abcxyz .,:\n'.split('')), maxLength: 20 });
    const value = fc.string({
      unit: fc.constantFrom(...'0123456789@#'.split('')),
      minLength: 1,
      maxLength: 12,
    });
    const doc = fc.array(fc.tuple(plain, value, fc.constantFrom(...BUILT_IN_TYPES)), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(doc, plain, (parts, tail) => {
        let text = '';
        const offsets: [number, number, (typeof BUILT_IN_TYPES)[number]][] = [];
        for (const [before, v, type] of parts) {
          text += before;
          offsets.push([text.length, text.length + v.length, type]);
          text += v;
        }
        text += tail;
        const spans = offsets.map(([s, e, t]) => makeSpan(text, s, e, t, 0.9, 'pattern'));
        const out = anonymise(text, spans);
        for (const s of spans) expect(out).not.toContain(s.text);
        expect(out.replace(/\[[A-Z ]+ REDACTED\]/g, '')).toBe(
          parts.map(([before]) => before).join('') + tail,
        );
      }),
    );
  });

  it('property: untouched text is preserved and placeholders sit where the offsets say', () => {
    fc.assert(
      fc.property(textWithSpans, ({ text, spans }) => {
        const out = anonymise(text, spans);
        const regions = anonymisedOffsets(text, spans);
        let inputAt = 0;
        let outputAt = 0;
        for (const r of regions) {
          expect(out.slice(outputAt, r.start)).toBe(text.slice(inputAt, r.inputStart));
          expect(out.slice(r.start, r.end)).toBe(entityTypeInfo(r.span.type).placeholder);
          inputAt = r.inputEnd;
          outputAt = r.end;
        }
        expect(out.slice(outputAt)).toBe(text.slice(inputAt));
      }),
    );
  });

  it('property: text before the first span keeps its offsets', () => {
    fc.assert(
      fc.property(textWithSpans, ({ text, spans }) => {
        const first = Math.min(text.length, ...spans.map((s) => s.start));
        expect(anonymise(text, spans).slice(0, first)).toBe(text.slice(0, first));
      }),
    );
  });

  it('property: anonymising the output over its placeholder regions changes nothing (idempotent structure)', () => {
    fc.assert(
      fc.property(textWithSpans, ({ text, spans }) => {
        const out = anonymise(text, spans);
        const again = anonymisedOffsets(text, spans).map((r) =>
          makeSpan(out, r.start, r.end, r.span.type, r.span.score, r.span.source),
        );
        expect(anonymise(out, again)).toBe(out);
        expect(anonymise(text, [])).toBe(text);
      }),
    );
  });

  it('property: the output length is the input length adjusted by each replacement', () => {
    fc.assert(
      fc.property(textWithSpans, ({ text, spans }) => {
        const delta = spans.reduce(
          (d, s) => d + entityTypeInfo(s.type).placeholder.length - (s.end - s.start),
          0,
        );
        expect(anonymise(text, spans).length).toBe(text.length + delta);
      }),
    );
  });
});
