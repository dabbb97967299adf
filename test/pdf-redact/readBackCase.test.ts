import { describe, expect, it } from 'vitest';
import type { Span } from '../../src/domain/span.js';
import { onlyCapitalisedCopies } from '../../src/domain/valueMatching.js';
import { propagateValues } from '../../src/merge/propagateValues.js';
import { readableValues, soughtValues } from '../../src/verify/verifyPixels.js';

function span(text: string, value: string, type = 'COMPANY'): Span {
  const start = text.indexOf(value);
  return { start, end: start + value.length, type, score: 0.6, source: 'ner', text: value };
}

const readable = (ocr: string, spans: Span[]): string[] =>
  readableValues(ocr, soughtValues(spans)).map(({ value }) => spans[value.index]?.text ?? '');

// A real invoice's line "[17589684] Beeswax XL / Acme beeswax": the model took "Beeswax" for a
// company, propagation leaves the lower-case product word in every output, and the read-back of
// the redacted PDF must agree with that instead of refusing the copy.
describe('reading a redacted copy back: the case rule propagation follows', () => {
  const text = '[17589684] Beeswax XL\nAcme beeswax\nHarlan Admin';
  const spans = [span(text, 'Beeswax'), span(text, 'Harlan Admin', 'NAME')];

  it('agrees with propagation on which occurrences are the value', () => {
    expect(onlyCapitalisedCopies('Beeswax')).toBe(true);
    expect(onlyCapitalisedCopies('Harlan Admin')).toBe(false);
    expect(onlyCapitalisedCopies('beeswax')).toBe(false);
    expect(propagateValues(text, spans, spans)).toEqual([]);
  });

  it('finds the value where it is capitalised or in capitals, not as a lower-case word', () => {
    expect(readable('[17589684] XL\nAcme beeswax\n', spans)).toEqual([]);
    expect(readable('[17589684] Beeswax XL', spans)).toEqual(['Beeswax']);
    expect(readable('ACME BEESWAX', spans)).toEqual(['Beeswax']);
  });

  it('looks for values of several words, and values also detected in lower case, in any case', () => {
    expect(readable('harlan admin', spans)).toEqual(['Harlan Admin']);
    const both = [span(text, 'Beeswax'), { ...span(text, 'beeswax'), source: 'user' as const }];
    expect(readable('Acme beeswax', both)).toEqual(['Beeswax']);
  });
});
