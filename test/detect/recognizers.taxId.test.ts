/**
 * TAX_ID (LABELS.md: a person's tax or national number whose check rules hold; company VAT, GST,
 * registration numbers and EINs stay). Each identifier with valid examples and checksum-broken
 * twins, which must not be reported as TAX_ID.
 */
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import { isValidItin } from '../../src/detect/recognizers/tax/itin.js';
import { isSteuerId } from '../../src/detect/recognizers/tax/steuerId.js';

const detector = await createDetector({ ner: false });

async function taxIds(text: string): Promise<string[]> {
  return (await detector.detect(text)).filter((s) => s.type === 'TAX_ID').map((s) => s.text);
}

describe.each([
  {
    id: 'US ITIN (9XX, middle group 50–65, 70–88, 90–92, 94–99)',
    valid: ['ITIN 912-70-1234', 'taxpayer id 900 94 0000 on file', 'ITIN: 955881234'],
    values: ['912-70-1234', '900 94 0000', '955881234'],
    invalid: ['ITIN 912-89-1234', 'ITIN 912-93-1234', 'ITIN 812-70-1234'],
  },
  {
    id: 'UK National Insurance number',
    valid: ['NI number: AB 12 34 56 C', 'nino: PR 123612C', 'NINO tw987654a'],
    values: ['AB 12 34 56 C', 'PR 123612C', 'tw987654a'],
    invalid: ['NI number: AB 12 34 56 E', 'NINO BG123612A', 'NINO QQ 12 34 56 C'],
  },
  {
    id: 'Indian PAN of a person (fourth letter P)',
    // Typed all in lower case in a chat too.
    valid: ['PAN: ABCPD1234Z', 'My PAN number is ABBPM4567S.', 'my pan is abcpd1234z'],
    values: ['ABCPD1234Z', 'ABBPM4567S', 'abcpd1234z'],
    // A company's PAN (C), a trust's (T); a PAN inside a GSTIN is the company's registration.
    invalid: [
      'PAN: AAACR5055K',
      'PAN AAATR1234Q',
      'GSTIN 27ABCPD1234Z1Z5',
      'pan aaacr5055k',
      'PAN abcPD1234Z',
    ],
  },
  {
    id: 'Indian Aadhaar (Verhoeff)',
    valid: ['Aadhaar 2341 2341 2346', 'Aadhaar no. 234123412346', 'UID: 3123-4567-8909'],
    values: ['2341 2341 2346', '234123412346', '3123-4567-8909'],
    invalid: ['Aadhaar 2341 2341 2347', 'Aadhaar 1234 5678 9012', 'Aadhaar 0341 2341 2346'],
  },
  {
    id: 'German Steuer-ID',
    valid: ['Steuer-ID: 12345678903', 'IdNr. 98765432106 liegt vor', 'Steuer-IdNr 12 345 678 903'],
    values: ['12345678903', '98765432106', '12 345 678 903'],
    invalid: ['Steuer-ID 12345678901', 'Steuer-ID 02345678903', 'Steuer-ID 11112345678'],
  },
  {
    id: 'French NIR (key = 97 − number mod 97)',
    valid: ['N° de sécurité sociale : 2 95 10 99 126 111 93', 'NIR 295109912611193'],
    values: ['2 95 10 99 126 111 93', '295109912611193'],
    invalid: ['NIR 2 95 10 99 126 111 94', 'NIR 395109912611193'],
  },
  {
    id: 'Spanish DNI and NIE (mod-23 letter)',
    valid: ['DNI 12345678Z', 'NIE: X9613851N', 'Mi NIE es Y8063915-Z'],
    values: ['12345678Z', 'X9613851N', 'Y8063915-Z'],
    invalid: ['DNI 12345678A', 'NIE Y8063915Q', 'NIE W8063915Q'],
  },
  {
    id: 'Dutch BSN (11-test, with its label)',
    valid: ['BSN: 111222333', 'burgerservicenummer 1112.22.333'],
    values: ['111222333', '1112.22.333'],
    invalid: ['BSN: 111222334', 'BSN 123456789'],
  },
])('$id', ({ valid, values, invalid }) => {
  it('finds valid numbers', async () => {
    for (const [i, text] of valid.entries()) expect(await taxIds(text), text).toEqual([values[i]]);
  });
  it('leaves numbers whose check rule fails', async () => {
    for (const text of invalid) expect(await taxIds(text), text).toEqual([]);
  });
});

describe('numbers that need their label', () => {
  it('does not take a bare nine-digit number for a BSN or an ITIN', async () => {
    // 111222333 passes the 11-test and 955881234 is ITIN-shaped: without a label they are IDs of anything.
    expect(await taxIds('Order 111222333 shipped')).toEqual([]);
    expect(await taxIds('Ref 955881234')).toEqual([]);
  });

  it('does not take company identifiers for personal ones', async () => {
    expect(await taxIds('EIN 12-3456789, VAT DE123456789, GSTIN 29AAACR5055K1Z5')).toEqual([]);
  });

  it('takes a checksum-valid 4-4-4 Aadhaar and a dashed ITIN over a phone reading of the digits', async () => {
    const spans = await detector.detect('3998 7654 3211 and 911-701234');
    expect(spans.map((s) => [s.type, s.text])).toEqual([
      ['TAX_ID', '3998 7654 3211'],
      ['TAX_ID', '911-701234'],
    ]);
  });

  it('takes a valid Steuer-ID over a phone reading of the same eleven digits', async () => {
    const spans = await detector.detect('Ref 12345678903');
    expect(spans.map((s) => [s.type, s.text])).toEqual([['TAX_ID', '12345678903']]);
  });

  it('keeps the check rules exact', () => {
    expect(isValidItin('900-70-0000')).toBe(true);
    expect(isValidItin('900-69-0000')).toBe(false);
    expect(isSteuerId('12345678903')).toBe(true);
    // Three equal digits in a row are not issued.
    expect(isSteuerId('11123456783')).toBe(false);
  });
});
