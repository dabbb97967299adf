import { describe, expect, it } from 'vitest';
import { phoneRecognizer } from '../../src/detect/recognizers/phone.js';

const found = (text: string): string[] =>
  (phoneRecognizer.analyze(text) as { text: string }[]).map((s) => s.text);

describe('phone recognizer', () => {
  it.each([
    ['Mobile: +91 6289095696', '+91 6289095696'],
    ['Call (555) 123-4567 today', '(555) 123-4567'],
    ['Tel. +49 9371 9786-0', '+49 9371 9786-0'],
    ['London office 020 7946 0958.', '020 7946 0958'],
    ['Phone (870)-555-0142', '(870)-555-0142'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['Fax: 01 71 84 29 53', '01 71 84 29 53'],
    ['reach us at 212-555-0187 or by mail', '212-555-0187'],
    ['Helpline 1800 425 3800', '1800 425 3800'],
    ['Desk: +41 (0)85 806 98 67', '+41 (0)85 806 98 67'],
    ['Mobile: 03.93.92.16.85', '03.93.92.16.85'],
    ['Téléphone : 01 71 84 29 53', '01 71 84 29 53'],
    ['Customer service: +33 (0)9 37 35 96 69 or online', '+33 (0)9 37 35 96 69'],
    ['SSN 225-23-4196   1-374-235-4230', '1-374-235-4230'],
    ['relationship manager (+1 (771) 226-4583).', '+1 (771) 226-4583'],
    ['called the merchant on (+34) 769261231 but', '(+34) 769261231'],
    ['write to accounts@example.in or +91 11 1782 3695.', '+91 11 1782 3695'],
    ['+34 915 355 690 4480916201758198', '+34 915 355 690'],
    ['Kelleyport, MD\n76570, 920 368 6782.', '920 368 6782'],
    ['SSN 602 50 3711   807 252 8487', '807 252 8487'],
    ['Donnelly-on-Strosin\nSR64 43O\n+44 1021 634142\n', '+44 1021 634142'],
    ['Lyon\nT: 0636431122\nE: claims@example.fr', '0636431122'],
    // A label glued to its number, as PDF extraction drops the space.
    ['Phone415-555-0132', '415-555-0132'],
    ['our international one is415-555-0132', '415-555-0132'],
    // Commas between fields, a number's field before the phone: no decimal.
    ['Smith,42,0612345678,Paris', '0612345678'],
    ['Jones,0,0612345678', '0612345678'],
    ['id 17,+44 20 7946 0958', '+44 20 7946 0958'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text)).toEqual([value]);
  });

  it.each([
    ['an amount', 'Total due: $1,234,567.89'],
    ['an amount in rupees', 'Rs. 12,50,000 only, ₹ 9876543210'],
    ['a plain amount with decimals', 'Balance 98765432.10 carried forward'],
    ['an ISO date', 'dated 2024-01-15'],
    ['a European date', 'on 15.03.2024 and 15/03/2024'],
    ['an invoice number', 'Invoice No. 2024001234'],
    ['an invoice number with a dash', 'Invoice INV-2024-0012345'],
    ['an account number', 'Account number 123456789012'],
    ['an IBAN', 'IBAN FR76 1010 7002 4500 6170 5231 739'],
    ['an IBAN written compactly', 'IBAN GB56HXDO88167774656119'],
    ['an SSN', 'SSN 123-45-6789'],
    ['a GSTIN', 'GSTIN 29ABCDE1234F1Z5'],
    ['a short number without context', 'Batch 467 3395'],
    ['a French invoice number', 'Facture n° 2022089083\nDate : 28/11/2022'],
    ['a Dutch invoice number', 'Factuurnummer: 993548900'],
    ['a row of amounts', 'Qty 1.00 10.00 15.00'],
    ['an IP address', 'blocked address 41.173.96.26 today'],
    ['a house number', 'located at 17031 2202 Rissik St Apt. 050'],
    ['a US ZIP+4 code', 'Burdettemouth, AK 36312-8951'],
    ['an employer identification number', 'Employer identification number  57-6549453'],
    ['a VAT number with a country prefix', 'VAT Reg. No.: GB 040 3839 25'],
    ['an account number in a table row', 'Savings\t2756661076\t£256,272.04\t15%'],
    ['a date and an amount in columns', '55-355262      2019-04-27    13.896,65 EUR'],
    ['a date with a month name', 'Ref 92-101967 3. März 2023'],
    ['an IBAN continued by digits', 'IBAN ES66 9210 2674 36 0618502008'],
    ['a reference in a slashed code', 'Incident INC/9712/07461 · Severity P2'],
    ['a form number', 'Internal Revenue Service   OMB No. 1545-0074'],
    ['an SSN shape with spaces', 'jaelynnb@example.eu 775 93 5844'],
    ['a code glued to capitals', 'Order ABC415-555-0132'],
    ['a table of coefficients', 'CD8\t1\t-0.285021097\t0.312877946\t-0.030716119\t0.0000001'],
    ['coefficients with decimal commas', 'rate -0,030716119 and 0,285021097'],
    ['a journal reference', 'Example / Journal of Tests 31 (2018) 212-219\n\n15'],
    ['a journal reference in a sentence', 'see Journal of Examples 74 (2016) 118-131.'],
    ['a row of measurements', 'rate (mm/year)\n3 0.0271 0.1845 —0.7712 0.0004 38.502 0.8861'],
    ['measurements after an exponent', '—0.6143 4.71E-05 284.330 0.5127\n6 0.2318 0.0472'],
  ])('finds nothing in %s', (_label, text) => {
    expect(found(text)).toEqual([]);
  });

  it('leaves a company register number alone on a page that has a phone', () => {
    // LABELS.md: company registration numbers are not PII; the register's label is nearest.
    expect(found('Utrecht | +31 50 2291524\nKoophandel onder nummer 17828603.')).toEqual([
      '+31 50 2291524',
    ]);
    expect(found('Telefon +49 89 1234567\nAmtsgericht München HRB 12345678')).toEqual([
      '+49 89 1234567',
    ]);
    // A Malaysian till receipt's registration number, its check letter after a dash.
    expect(found('RESTORAN SRI MELUR\n(102345678-W)\nTEL: 03-2716 4455')).toEqual(['03-2716 4455']);
  });

  it('reads two years joined by a dash as a period, not a number (a theme named "Office Theme 2013 - 2022")', () => {
    expect(found('Office Theme 2013 - 2022')).toEqual([]);
    expect(found('Reporting period 1998–2004')).toEqual([]);
    expect(found('Phone: 2013 2022 55')).not.toEqual([]);
  });

  it('reads counting digit by digit as a ruler, not a number, unless a phone label says so', () => {
    expect(found('Column 1 2 3 4 5 6 7 8 9')).toEqual([]);
    expect(found('9 8 7 6 5 4 3 2 1 0')).toEqual([]);
    expect(found('Tel 1 2 3 4 5 6 7 8 9')).toEqual(['1 2 3 4 5 6 7 8 9']);
    // Any other number spaced digit by digit is still one: that is how a number is disguised.
    expect(found('my number 0 7 7 0 0 9 0 0 1 2 3')).toEqual(['0 7 7 0 0 9 0 0 1 2 3']);
  });

  it('reads two digits and seven as a US employer number (EIN), unless a phone label says so', () => {
    expect(found('f1: 72-8824484')).toEqual([]);
    expect(found('Employer 12-3456789 Wages 84861.00')).toEqual([]);
    expect(found('Phone: 72-8824484')).toEqual(['72-8824484']);
  });

  it('reads a volume, a year and pages as a reference, unless a phone label says so', () => {
    expect(found('Tel (2019) 451-457')).toEqual(['(2019) 451-457']);
    // Not pages: the groups do not run forward.
    expect(found('Office 22 (2019) 457-451')).not.toEqual([]);
  });

  it('needs context for a short national number', () => {
    expect(found('ref 467 3395')).toEqual([]);
    expect(found('Phone: 467 3395')).toEqual(['467 3395']);
  });

  it('finds several numbers on one line', () => {
    expect(found('T: +1 415 555 0132 | F: +1 415 555 0199')).toEqual([
      '+1 415 555 0132',
      '+1 415 555 0199',
    ]);
  });
});
