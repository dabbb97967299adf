import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gapKind, layoutShapes } from '../../src/detect/ner/tokenShape.js';
import { WordPieceTokenizer } from '../../src/detect/ner/wordpieceTokenizer.js';

interface TokenizerCase {
  text: string;
  ids: number[];
  offsets: [number, number][];
  shapes: number[];
}

const root = join(import.meta.dirname, '..', '..');
const fixture = JSON.parse(
  readFileSync(join(root, 'test/fixtures/tokenizer-parity.json'), 'utf8'),
) as {
  cases: TokenizerCase[];
};
const tokenizer = new WordPieceTokenizer(
  readFileSync(join(root, 'models/pii-ner/vocab.txt'), 'utf8'),
);

describe('WordPieceTokenizer parity with the Python (Hugging Face) tokenizer', () => {
  it('has a fixture corpus with edge cases and generated documents', () => {
    expect(fixture.cases.length).toBeGreaterThan(30);
  });

  it.each(fixture.cases.map((c, i) => [i, c] as const))(
    'case %i gives the same ids and offsets',
    (_i, c) => {
      const got = tokenizer.tokenize(c.text);
      expect(Array.from(got.ids)).toEqual(c.ids);
      const offsets = Array.from(got.starts, (s, k) => [s, got.ends[k]]);
      expect(offsets).toEqual(c.offsets);
    },
  );

  it.each(fixture.cases.map((c, i) => [i, c] as const))(
    'case %i gives the same shape ids (casing × layout gap)',
    (_i, c) => {
      const got = tokenizer.tokenize(c.text);
      expect(Array.from(layoutShapes(c.text, got.starts, got.ends))).toEqual(c.shapes);
    },
  );

  it('marks ## continuation pieces as not starting a word', () => {
    const got = tokenizer.tokenize('Daruwalla');
    expect(got.ids.length).toBeGreaterThan(1);
    expect(Array.from(got.wordStart)).toEqual([1, ...Array<number>(got.ids.length - 1).fill(0)]);
  });

  it('maps offsets back to the original text through accents and astral characters', () => {
    const text = '🙂 José';
    const got = tokenizer.tokenize(text);
    // The emoji is one astral code point (two UTF-16 units) and unknown to the vocabulary.
    expect(got.ids[0]).toBe(tokenizer.idOf('[UNK]'));
    expect([got.starts[0], got.ends[0]]).toEqual([0, 2]);
    // "José" is lower-cased and stripped of its accent, yet its offsets cover the original word.
    expect(got.starts[1]).toBe(3);
    expect(got.ends[got.ids.length - 1]).toBe(text.length);
  });
});

describe('layout gaps before tokens', () => {
  it('tells a line break, a column gap and a plain space apart', () => {
    expect(gapKind(' ', false)).toBe(0);
    expect(gapKind('', false)).toBe(0);
    expect(gapKind('\n', false)).toBe(1);
    expect(gapKind('  \r\n ', false)).toBe(1);
    expect(gapKind('\f', false)).toBe(1);
    expect(gapKind('   ', false)).toBe(2);
    expect(gapKind('\t', false)).toBe(2);
    // The first token of a text starts a line.
    expect(gapKind('', true)).toBe(1);
  });

  it('gives the same word a different id on a new line, in a new column and mid-line', () => {
    const text = 'Wei Chen\nChen   Chen';
    const got = tokenizer.tokenize(text);
    const shapes = Array.from(layoutShapes(text, got.starts, got.ends));
    expect(shapes).toHaveLength(4);
    const [first, midLine, newLine, column] = shapes;
    expect(new Set([first, midLine, column]).size).toBe(3);
    expect(newLine).toBe(first);
    // Same casing (title) in all four, so the ids differ by whole multiples of the casing count.
    expect(((newLine ?? 0) - (midLine ?? 0)) % 7).toBe(0);
  });
});
