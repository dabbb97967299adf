import { describe, expect, it } from 'vitest';
import { makeSpan } from '../../src/domain/span.js';
import {
  alignedRecall,
  alignOffsets,
  characterErrorRate,
  valueRecall,
} from '../../bench/ocr/textMetrics.js';

describe('OCR scoring', () => {
  it('counts character errors per reference character, ignoring layout whitespace', () => {
    expect(characterErrorRate('Invoice  No\n42', 'Invoice No 42')).toBe(0);
    expect(characterErrorRate('abcdefghij', 'abcdefghiX')).toBeCloseTo(0.1);
    expect(characterErrorRate('Total\n----------\n42', 'Total 42', true)).toBe(0);
  });

  it('projects gold offsets onto a misread text', () => {
    const reference = 'mail: aisha1994@protonmail.com ok';
    const ocr = 'mail:  aishal994@protonmai1.com ok';
    const map = alignOffsets(reference, ocr);
    expect(ocr.slice(map[6], map[30])).toBe('aishal994@protonmai1.com');
  });

  it('tells found-where-it-is from read-exactly', () => {
    const reference = 'mail aisha1994@protonmail.com';
    const ocr = 'mail aishal994@protonmail.com';
    const gold = [
      { type: 'EMAIL' as const, start: 5, end: reference.length, value: reference.slice(5) },
    ];
    const detected = [makeSpan(ocr, 5, ocr.length, 'EMAIL', 1, 'pattern')];
    expect(alignedRecall(reference, ocr, gold, detected, ['EMAIL']).get('EMAIL')).toEqual({
      found: 1,
      total: 1,
    });
    expect(valueRecall(gold, detected, ['EMAIL']).get('EMAIL')).toEqual({ found: 0, total: 1 });
    expect(alignedRecall(reference, ocr, gold, [], ['EMAIL']).get('EMAIL')).toEqual({
      found: 0,
      total: 1,
    });
  });
});
