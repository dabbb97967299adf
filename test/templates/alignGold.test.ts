import { describe, expect, it } from 'vitest';
import { alignSpans } from '../../templates/scans/alignGold.js';

describe('moving gold spans onto what OCR read', () => {
  it('keeps a misread value as a value, on its new offsets', () => {
    const reference = 'Customer: Jane Miller\nPhone: 020 7946 0958\nTotal 12.00';
    // OCR confusions (rn for m, O for 0), a lost line break and a stray mark.
    const ocr = '. Customer: Jane Mi11er Phone: O20 7946 O958\nTota1 12.00';
    const name = reference.indexOf('Jane Miller');
    const phone = reference.indexOf('020 7946 0958');
    const spans = alignSpans(reference, ocr, [
      { type: 'NAME', start: name, end: name + 11 },
      { type: 'PHONE', start: phone, end: phone + 13 },
    ]);
    expect(spans.map((s) => [s.type, ocr.slice(s.start, s.end), s.from])).toEqual([
      ['NAME', 'Jane Mi11er', 0],
      ['PHONE', 'O20 7946 O958', 1],
    ]);
  });

  it('drops a value OCR did not read at all, and never lets two values share characters', () => {
    const reference = 'To: Acme Ltd\nRef 1';
    const spans = alignSpans(reference, 'Ref 1', [{ type: 'COMPANY', start: 4, end: 12 }]);
    expect(spans).toEqual([]);
    const joined = alignSpans('A B', 'X', [
      { type: 'NAME', start: 0, end: 1 },
      { type: 'NAME', start: 2, end: 3 },
    ]);
    expect(joined.length).toBeLessThanOrEqual(1);
  });
});
