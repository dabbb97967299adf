import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXCEL_CELL_LIMIT, splitIntoCellParts, toCellText } from '../../src/write/cellParts.js';

describe('splitIntoCellParts', () => {
  it('keeps a short text as one part', () => {
    expect(splitIntoCellParts('short')).toEqual(['short']);
    expect(splitIntoCellParts('')).toEqual(['']);
  });

  it('splits a 100k-character text into parts under the Excel limit without losing a character', () => {
    const line = 'Invoice line for Jane Example, amount 12.00\n';
    const text = line.repeat(Math.ceil(100_000 / line.length)).slice(0, 100_000);
    const parts = splitIntoCellParts(text);
    expect(parts.length).toBe(4);
    expect(parts.join('')).toBe(text);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(EXCEL_CELL_LIMIT);
    // Parts end at line breaks when one is near the limit.
    for (const p of parts.slice(0, -1)) expect(p.endsWith('\n')).toBe(true);
  });

  it('never splits a surrogate pair when it must cut inside a word', () => {
    const text = 'x'.repeat(9) + '😀'.repeat(10);
    const parts = splitIntoCellParts(text, 10);
    expect(parts.join('')).toBe(text);
    for (const p of parts) expect(/[\ud800-\udbff]$/.test(p)).toBe(false);
  });

  it('property: parts rejoin to the input and respect the limit', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.integer({ min: 4, max: 50 }),
        (text, limit) => {
          const parts = splitIntoCellParts(text, limit);
          expect(parts.join('')).toBe(text);
          for (const p of parts) expect(p.length).toBeLessThanOrEqual(limit);
          if (text.length > 0) for (const p of parts) expect(p.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('toCellText', () => {
  it('replaces characters XML cannot hold and keeps tabs and line breaks', () => {
    expect(toCellText('a\fb\u0000c\td\ne\r')).toBe('a\ufffdb\ufffdc\td\ne\r');
  });
});
