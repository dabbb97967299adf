import { describe, expect, it } from 'vitest';
import { holdsValue, spacingBlindKey, ValueIndex } from '../../src/domain/valueMatching.js';

const slices = (text: string, matches: readonly { start: number; end: number }[]): string[] =>
  matches.map((m) => text.slice(m.start, m.end));

describe('known values, as printed (terms, propagation)', () => {
  it('matches word by word, any whitespace run for any other, never inside a word', () => {
    const index = new ValueIndex<string>();
    index.add('Jane  Example', 'name');
    index.add('Acme Ltd.', 'company');
    const text = 'to JANE\nExample of Acme Ltd., not JaneExample or Acme Ltdx';
    expect(slices(text, index.find(text))).toEqual(['JANE\nExample', 'Acme Ltd.']);
  });

  it('keeps the longer of two values starting together, and the first of two overlapping', () => {
    const index = new ValueIndex<number>();
    index.add('Jane', 1);
    index.add('Jane Doe', 2);
    index.add('Doe Holdings', 3);
    const text = 'Jane Doe Holdings';
    expect(index.find(text).map((m) => m.tag)).toEqual([2]);
    expect(index.findAll(text).map((m) => m.tag)).toEqual([2, 1, 3]);
  });
});

describe('known values with any spacing (a copy read back from a PDF or OCR)', () => {
  it('matches with any whitespace or none between characters, in any case', () => {
    expect(holdsValue('to: JANE EXAMPLE,', 'Jane  Example', 'any')).toBe(true);
    expect(holdsValue('to: JaneExample', 'Jane Example', 'any')).toBe(true);
    expect(holdsValue('Ja ne\nExa mple', 'Jane Example', 'any')).toBe(true);
    expect(holdsValue('Jane Exampl', 'Jane Example', 'any')).toBe(false);
    // The same text as printed: the words must be whole.
    expect(holdsValue('Ja ne\nExa mple', 'Jane Example')).toBe(false);
  });

  it('does not match inside a longer word', () => {
    expect(holdsValue('Liability and Limits', 'Li', 'any')).toBe(false);
    expect(holdsValue('Dear Mr Li,', 'Li', 'any')).toBe(true);
  });

  it('keeps punctuation exact and reads ligatures, full-width and decomposed letters', () => {
    const phone = '(415) 555-0172 + x.1';
    expect(holdsValue('call (415)555-0172+x.1 now', phone, 'any')).toBe(true);
    expect(holdsValue('call (415)555-0172+xa1 now', phone, 'any')).toBe(false);
    expect(holdsValue('Mr Ruﬁno', 'Rufino', 'any')).toBe(true);
    expect(holdsValue('ＪＡＮＥ ＤＯＥ', 'Jane Doe', 'any')).toBe(true);
    expect(holdsValue('Rene\u0301 Example', 'René Example', 'any')).toBe(true);
    expect(holdsValue('ΟΔΥΣΣΕΑΣ', 'Οδυσσεας', 'any')).toBe(true);
    // Half a ligature is no match: "fi" of "ﬁx" is not the value "fi".
    expect(holdsValue('a ﬁx', 'i', 'any')).toBe(false);
  });

  it('reports ranges in the text as it was read, every one of every value', () => {
    const index = new ValueIndex<string>({ spacing: 'any' });
    index.add('Jane Doe', 'name');
    index.add('Doe', 'surname');
    const text = 'a Jane Doe b jane\ndoe, Mr Ruﬁno';
    expect(slices(text, index.findAll(text))).toEqual(['Jane Doe', 'Doe', 'jane\ndoe', 'doe']);
    const ligature = new ValueIndex<true>({ spacing: 'any' });
    ligature.add('Rufino', true);
    expect(slices(text, ligature.findAll(text))).toEqual(['Ruﬁno']);
  });

  it('gives case and spacing variants one key, and none to a value of whitespace', () => {
    expect(spacingBlindKey('Jane Doe')).toBe(spacingBlindKey('JANE\nDOE'));
    expect(spacingBlindKey('  \n')).toBe('');
    const index = new ValueIndex<true>({ spacing: 'any' });
    index.add('  \n', true);
    expect(index.size).toBe(0);
  });

  it('finds thousands of values in one pass over a long text', () => {
    const index = new ValueIndex<number>({ spacing: 'any' });
    for (let i = 0; i < 5000; i++) index.add(`AB${String(i).padStart(6, '0')}`, i);
    const text = `${'filler text with words and 123456 numbers '.repeat(20_000)}ab 004 999`;
    expect(index.findAll(text).map((m) => m.tag)).toEqual([4999]);
  });
});
