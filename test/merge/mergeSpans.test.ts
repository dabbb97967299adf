import { describe, expect, it } from 'vitest';
import type { EntityType } from '../../src/domain/entityTypes.js';
import { makeSpan, type Span, type SpanSource } from '../../src/domain/span.js';
import { mergeSpans } from '../../src/merge/mergeSpans.js';

const TEXT =
  'Contact Jane Doe at jane.doe@acme.com or +1 415 555 0132.\n' +
  'VISA 16 digit\nJennifer Jones\n4532015112830366 04/27\nCVC: 123\n' +
  'Acme Widgets Inc., 12 Main Street, Springfield IL 62704';

function span(value: string, type: EntityType, score: number, source: SpanSource, from = 0): Span {
  const start = TEXT.indexOf(value, from);
  if (start < 0) throw new Error(`${value} not in fixture`);
  return makeSpan(TEXT, start, start + value.length, type, score, source);
}

const brief = (spans: Span[]): string[] => spans.map((s) => `${s.type}:${s.text}:${s.source}`);

describe('mergeSpans', () => {
  it('rule 1: drops empty and inverted spans', () => {
    const good = span('Jane Doe', 'NAME', 0.9, 'ner');
    const empty = { ...good, end: good.start, text: '' };
    const inverted = { ...good, start: good.end, end: good.start };
    expect(mergeSpans([empty, inverted, good], TEXT)).toEqual([good]);
  });

  it('rule 1: drops detected spans with fewer than two letters or digits, not manual ones', () => {
    const dot = makeSpan(TEXT, TEXT.indexOf('.'), TEXT.indexOf('.') + 1, 'COMPANY', 0.7, 'ner');
    const letter = makeSpan(TEXT, 0, 1, 'NAME', 0.7, 'ner');
    const manual = makeSpan(TEXT, 0, 1, 'NAME', 1, 'manual');
    expect(mergeSpans([dot, letter], TEXT)).toEqual([]);
    expect(mergeSpans([manual], TEXT)).toEqual([manual]);
  });

  it('rule 1: drops letterless model spans of a structured type without its least shape', () => {
    const twoDigits = makeSpan('Expiry: 09/32', 8, 10, 'PHONE', 0.9, 'ner');
    expect(mergeSpans([twoDigits], 'Expiry: 09/32')).toEqual([]);
    // A name the model took for an e-mail still hides the name.
    const nameAsEmail = span('Jane Doe', 'EMAIL', 0.9, 'ner');
    const realPhone = span('+1 415 555 0132', 'PHONE', 0.6, 'ner');
    expect(mergeSpans([nameAsEmail, realPhone], TEXT)).toEqual([nameAsEmail, realPhone]);
  });

  it('rule 2: a validated pattern beats a model guess of a structured type on the same range', () => {
    const pattern = span('+1 415 555 0132', 'PHONE', 0.75, 'pattern');
    const model = span('+1 415 555 0132', 'CREDIT_CARD', 0.99, 'ner');
    expect(mergeSpans([model, pattern], TEXT)).toEqual([pattern]);
  });

  it('rule 2: a model span overlapping a pattern span is trimmed to the part outside it', () => {
    const email = span('jane.doe@acme.com', 'EMAIL', 0.9, 'pattern');
    const greedyName = span('Jane Doe at jane.doe', 'NAME', 0.8, 'ner');
    expect(brief(mergeSpans([greedyName, email], TEXT))).toEqual([
      'NAME:Jane Doe at:ner',
      'EMAIL:jane.doe@acme.com:pattern',
    ]);
  });

  it('rule 2: a cut model span of a structured type keeps pieces with letters only', () => {
    const phone = span('+1 415 555 0132', 'PHONE', 0.75, 'pattern');
    // The model's phone reaches over the e-mail before it: that piece still hides the address.
    const modelPhone = span('jane.doe@acme.com or +1 415', 'PHONE', 0.8, 'ner');
    expect(brief(mergeSpans([modelPhone, phone], TEXT))).toEqual([
      'PHONE:jane.doe@acme.com or:ner',
      'PHONE:+1 415 555 0132:pattern',
    ]);
    // Leftover digits without a phone's shape hide nothing and go.
    const modelDigits = span('0132.', 'PHONE', 0.8, 'ner');
    const phoneShort = span('+1 415 555 013', 'PHONE', 0.75, 'pattern');
    expect(brief(mergeSpans([modelDigits, phoneShort], TEXT))).toEqual([
      'PHONE:+1 415 555 013:pattern',
    ]);
  });

  it('rule 2: a model span left with fewer than two letters or digits is dropped', () => {
    const phone = span('+1 415 555 0132', 'PHONE', 0.75, 'pattern');
    const sliver = span('r +1 415 555 0132.', 'ADDRESS', 0.6, 'ner');
    expect(brief(mergeSpans([sliver, phone], TEXT))).toEqual(['PHONE:+1 415 555 0132:pattern']);
    const twoLetters = span('or +1 415 555 0132', 'ADDRESS', 0.6, 'ner');
    expect(brief(mergeSpans([twoLetters, phone], TEXT))).toEqual([
      'ADDRESS:or:ner',
      'PHONE:+1 415 555 0132:pattern',
    ]);
  });

  it('rule 2: a CREDIT_CARD block swallows the NAME inside it', () => {
    const block = span(
      'VISA 16 digit\nJennifer Jones\n4532015112830366 04/27\nCVC: 123',
      'CREDIT_CARD',
      0.9,
      'pattern',
    );
    const name = span('Jennifer Jones', 'NAME', 0.97, 'ner');
    expect(mergeSpans([name, block], TEXT)).toEqual([block]);
  });

  it('rule 2: a manual span outranks every detected span', () => {
    const manual = span('Acme Widgets', 'COMPANY', 1, 'manual');
    const model = span('Acme Widgets Inc.', 'COMPANY', 0.9, 'ner');
    expect(brief(mergeSpans([model, manual], TEXT))).toEqual([
      'COMPANY:Acme Widgets:manual',
      'COMPANY:Inc:ner',
    ]);
  });

  it('rule 3: within a tier the containing span swallows the contained one, whatever the scores', () => {
    const address = span('12 Main Street, Springfield IL 62704', 'ADDRESS', 0.6, 'ner');
    const name = span('Springfield', 'NAME', 0.95, 'ner');
    expect(mergeSpans([name, address], TEXT)).toEqual([address]);
  });

  it('rule 4: of two overlapping spans of one type the longer wins', () => {
    const short = span('Acme Widgets Inc.', 'COMPANY', 0.99, 'ner');
    const long = span('Widgets Inc., 12 Main', 'COMPANY', 0.5, 'ner');
    expect(mergeSpans([short, long], TEXT)).toEqual([long]);
  });

  it('rule 4: at equal length the higher score wins', () => {
    const a = span('Jane Doe at', 'NAME', 0.6, 'ner');
    const b = span('Doe at jane', 'NAME', 0.7, 'ner');
    expect(a.end - a.start).toBe(b.end - b.start);
    expect(mergeSpans([a, b], TEXT)).toEqual([b]);
  });

  it('rule 5: of overlapping spans of different types the higher score wins', () => {
    const company = span('Acme Widgets Inc.', 'COMPANY', 0.7, 'ner');
    const address = span('Inc., 12 Main Street', 'ADDRESS', 0.9, 'ner');
    expect(mergeSpans([company, address], TEXT)).toEqual([address]);
  });

  it('rule 5: identical ranges keep the higher score', () => {
    const a = span('Jane Doe', 'NAME', 0.6, 'ner');
    const b = span('Jane Doe', 'COMPANY', 0.8, 'ner');
    expect(mergeSpans([a, b], TEXT)).toEqual([b]);
  });

  it('returns sorted, non-overlapping spans and keeps separate spans untouched', () => {
    const spans = [
      span('Acme Widgets Inc.', 'COMPANY', 0.9, 'ner'),
      span('jane.doe@acme.com', 'EMAIL', 0.9, 'pattern'),
      span('Jane Doe', 'NAME', 0.9, 'ner'),
    ];
    const merged = mergeSpans(spans, TEXT);
    expect(merged.map((s) => s.start)).toEqual(
      [...merged.map((s) => s.start)].sort((x, y) => x - y),
    );
    for (let i = 1; i < merged.length; i++)
      expect(merged[i]!.start).toBeGreaterThanOrEqual(merged[i - 1]!.end);
    expect(merged).toHaveLength(3);
  });

  it('works without the text by rebuilding it from the spans', () => {
    const email = span('jane.doe@acme.com', 'EMAIL', 0.9, 'pattern');
    const greedyName = span('Jane Doe at jane.doe', 'NAME', 0.8, 'ner');
    expect(brief(mergeSpans([greedyName, email]))).toEqual([
      'NAME:Jane Doe at:ner',
      'EMAIL:jane.doe@acme.com:pattern',
    ]);
  });
});
