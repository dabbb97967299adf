import { describe, expect, it } from 'vitest';
import { isValidSsn, ssnRecognizer } from '../../src/detect/recognizers/ssn.js';

const found = (text: string): string[] =>
  (ssnRecognizer.analyze(text) as { text: string }[]).map((s) => s.text);

describe('ssn recognizer', () => {
  it.each([
    ['Employee 123-45-6789 joined', '123-45-6789'],
    ['ID 123 45 6789', '123 45 6789'],
    ['SSN: 123456789', '123456789'],
    ['Social Security Number 078051120', '078051120'],
    ['ssn 123.45.6789', '123.45.6789'],
    ['Employee 078.05.1123 joined', '078.05.1123'],
    ["Employee's social security number\n422260102", '422260102'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text)).toEqual([value]);
  });

  it.each([
    ['bare nine digits without context', 'Order 123456789 shipped'],
    ['area 000', 'SSN 000-12-3456'],
    ['area 666', 'SSN 666-12-3456'],
    ['area 9xx', 'SSN 912-34-5678'],
    ['group 00', 'SSN 123-00-4567'],
    ['serial 0000', 'SSN 123-45-0000'],
    ['part of a longer number', 'ref 1123-45-67890'],
    ['mixed separators', 'SSN 123-45 6789'],
    ['ten digits', 'SSN 1234567890'],
    ['a routing number', 'Card ends in 1812. Routing number 021000021 on file (SSN kept)'],
  ])('finds nothing for %s', (_label, text) => {
    expect(found(text)).toEqual([]);
  });

  it('raises the score with context but does not need it for the dashed form', () => {
    const plain = ssnRecognizer.analyze('number 123-45-6789') as { score: number }[];
    const labelled = ssnRecognizer.analyze('SSN 123-45-6789') as { score: number }[];
    expect(labelled[0]!.score).toBeGreaterThan(plain[0]!.score);
  });

  it('validates area, group and serial', () => {
    expect(isValidSsn('078-05-1120')).toBe(true);
    expect(isValidSsn('111-11-1111')).toBe(false);
    expect(isValidSsn('12345678')).toBe(false);
  });
});
