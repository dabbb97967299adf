/**
 * A reviewer's additions over earlier additions (issue 41): the later one extends an earlier one
 * of its type and cuts one of another type; it never disappears. Before, two COMPANY additions
 * of equal length left only the earlier one, in the view and in the export.
 */
import { describe, expect, it } from 'vitest';
import { plainSpans, resolveDetections } from '../../src/merge/resolveDetections.js';
import type { Span } from '../../src/domain/span.js';

const text = 'Payee: BANK OF AMERICA, N.A. (INDIA BRANCHES), Mumbai. Contact Jane Doe Ltd today.';
const policy = { types: ['NAME', 'COMPANY'], modelThreshold: 0.5 };

function add(value: string, type: string): Span {
  const start = text.indexOf(value);
  return { start, end: start + value.length, type, score: 1, source: 'manual', text: value };
}

function redacted(added: Span[]): [string, string][] {
  return plainSpans(resolveDetections(text, [], policy, { rejected: [], retyped: [], added })).map(
    (s) => [s.type, s.text],
  );
}

describe('an addition over an earlier addition', () => {
  it('extends one of its type, whichever came first', () => {
    const whole = 'BANK OF AMERICA, N.A. (INDIA BRANCHES)';
    expect(
      redacted([add('BANK OF AMERICA, N.A.', 'COMPANY'), add('N.A. (INDIA BRANCHES)', 'COMPANY')]),
    ).toEqual([['COMPANY', whole]]);
    expect(
      redacted([add('N.A. (INDIA BRANCHES)', 'COMPANY'), add('BANK OF AMERICA, N.A.', 'COMPANY')]),
    ).toEqual([['COMPANY', whole]]);
  });

  it('joins earlier additions it bridges', () => {
    expect(
      redacted([
        add('BANK OF', 'COMPANY'),
        add('(INDIA BRANCHES)', 'COMPANY'),
        add('AMERICA, N.A. (INDIA', 'COMPANY'),
      ]),
    ).toEqual([['COMPANY', 'BANK OF AMERICA, N.A. (INDIA BRANCHES)']]);
  });

  it('cuts one of another type around itself, the later decision winning', () => {
    expect(redacted([add('Jane Doe Ltd', 'NAME'), add('Doe Ltd', 'COMPANY')])).toEqual([
      ['NAME', 'Jane '],
      ['COMPANY', 'Doe Ltd'],
    ]);
    expect(redacted([add('Doe Ltd', 'COMPANY'), add('Jane Doe', 'NAME')])).toEqual([
      ['NAME', 'Jane Doe'],
      ['COMPANY', ' Ltd'],
    ]);
  });

  it('leaves additions apart from each other as they are', () => {
    expect(redacted([add('Mumbai', 'COMPANY'), add('Jane Doe', 'NAME')])).toEqual([
      ['COMPANY', 'Mumbai'],
      ['NAME', 'Jane Doe'],
    ]);
  });
});
