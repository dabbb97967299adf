import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anonymise } from '../../src/anonymise/anonymise.js';
import type { TextFragment } from '../../src/domain/documentText.js';
import { BUILT_IN_TYPES } from '../../src/domain/entityTypes.js';
import { makeSpan } from '../../src/domain/span.js';
import type { Span } from '../../src/domain/span.js';
import { anonymisedFragments } from '../../src/write/searchableTextLayer.js';

const box = { x: 0, y: 0, width: 10, height: 10 };

/** Fragments that tile `text` exactly, cut at the given offsets. */
function tile(text: string, cuts: number[]): TextFragment[] {
  const points = [
    ...new Set([0, ...cuts.filter((c) => c > 0 && c < text.length), text.length]),
  ].sort((a, b) => a - b);
  return points.slice(1).map((end, i) => ({ start: points[i]!, end, page: 1, box }));
}

describe('anonymisedFragments', () => {
  const text = 'Pay Jane Doe at 42 Elm Road now';
  const spans = [
    makeSpan(text, 4, 12, 'NAME', 1, 'ner'),
    makeSpan(text, 16, 27, 'ADDRESS', 1, 'ner'),
  ];
  const anonymized = anonymise(text, spans);

  it('puts each placeholder in the fragment holding the span start and drops the rest of the span', () => {
    const pieces = anonymisedFragments(spans, tile(text, [6, 13, 20, 22]), anonymized);
    // Fragments: "Pay Ja" | "ne Doe " | "at 42 E" | "lm" | " Road now".
    expect(pieces?.map((p) => p.text)).toEqual([
      'Pay [NAME REDACTED]',
      ' ',
      'at [ADDRESS REDACTED]',
      '',
      ' now',
    ]);
  });

  it('returns null when the anonymised text was made from other spans', () => {
    expect(anonymisedFragments(spans.slice(0, 1), tile(text, [10]), anonymized, text)).toBeNull();
    expect(anonymisedFragments(spans.slice(1), tile(text, [10]), anonymized)).toBeNull();
  });

  it('property: fragments tiling the text rejoin to exactly the anonymised text', () => {
    const arbitrary = fc.string({ minLength: 1, maxLength: 80 }).chain((t) =>
      fc.record({
        text: fc.constant(t),
        cuts: fc.array(fc.nat(t.length), { maxLength: 12 }),
        spans: fc.array(
          fc.record({
            a: fc.nat(t.length),
            b: fc.nat(t.length),
            type: fc.constantFrom(...BUILT_IN_TYPES),
          }),
          { maxLength: 5 },
        ),
      }),
    );
    fc.assert(
      fc.property(arbitrary, ({ text: t, cuts, spans: raw }) => {
        // Overlapping spans included on purpose: anonymise coalesces them and so must the split.
        const s: Span[] = raw
          .map(({ a, b, type }) => [Math.min(a, b), Math.max(a, b), type] as const)
          .filter(([a, b]) => b > a)
          .map(([a, b, type]) => makeSpan(t, a, b, type, 1, 'ner'));
        const anon = anonymise(t, s);
        const pieces = anonymisedFragments(s, tile(t, cuts), anon, t);
        expect(pieces?.map((p) => p.text).join('')).toBe(anon);
        // Without the original text the split is the same.
        expect(anonymisedFragments(s, tile(t, cuts), anon)?.map((p) => p.text)).toEqual(
          pieces?.map((p) => p.text),
        );
      }),
    );
  });
});
