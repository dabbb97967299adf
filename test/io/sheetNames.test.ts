/**
 * Redacted sheet names stay names Excel accepts (issue 55, item 3): no brackets, 31 characters at
 * most, unique ignoring case — and a placeholder is never cut in two by the length limit.
 */
import { describe, expect, it } from 'vitest';
import { sheetNameFor } from '../../src/write/redactedSheet.js';

describe('redacted sheet names', () => {
  it('turn brackets into parentheses and keep names unique with a number', () => {
    const taken = new Set<string>();
    const names = ['[NAME REDACTED] 2024', '[NAME REDACTED] 2024', '[name redacted] 2024'].map(
      (wanted) => {
        const name = sheetNameFor(wanted, taken);
        taken.add(name.toLowerCase());
        return name;
      },
    );
    expect(names).toEqual([
      '(NAME REDACTED) 2024',
      '(NAME REDACTED) 2024 (2)',
      '(name redacted) 2024 (3)',
    ]);
  });

  it('cut at 31 characters outside any placeholder, even when numbered', () => {
    const wanted = 'Cups [COMPANY NAME REDACTED] Sales [COMPANY NAME REDACTED]';
    const first = sheetNameFor(wanted, new Set());
    expect(first).toBe('Cups (COMPANY NAME REDACTED) Sa');
    const second = sheetNameFor(wanted, new Set([first.toLowerCase()]));
    // 27 characters and a number: the placeholder does not fit whole, so it goes.
    expect(second).toBe('Cups (2)');
    for (const name of [first, second]) {
      expect(name.length).toBeLessThanOrEqual(31);
      // Every opening parenthesis of a placeholder has its close.
      expect(name.match(/\(/g)?.length).toBe(name.match(/\)/g)?.length);
    }
  });
});
