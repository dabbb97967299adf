import { describe, expect, it } from 'vitest';
import { cardSchemeOf, isLuhnValid } from '../../src/detect/recognizers/cardBrands.js';
import { creditCardRecognizer } from '../../src/detect/recognizers/creditCard.js';

const found = (text: string): string[] =>
  (creditCardRecognizer.analyze(text) as { text: string }[]).map((s) => s.text);

describe('credit card recognizer', () => {
  it.each([
    ['Paid with 4111 1111 1111 1111 on file', '4111 1111 1111 1111'],
    ['card 5555-5555-5555-4444', '5555-5555-5555-4444'],
    ['Amex 3782 822463 10005', '3782 822463 10005'],
    ['number 4012888888881881.', '4012888888881881'],
    ['Visa 4222222222222 (13 digits)', '4222222222222'],
    ['Diners 3056 930902 5904', '3056 930902 5904'],
    ['19 digits 4131034282458809939', '4131034282458809939'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text)).toEqual([value]);
  });

  it.each([
    ['a Luhn-invalid number', 'card 4111 1111 1111 1112'],
    ['only the last four digits', 'card ending in 4567'],
    ['a long account number', 'Account 12345678901234'],
    ['an IBAN', 'IBAN GB82 WEST 1234 5698 7654 32'],
    ['a grouped number inside a longer one', '1234 4111 1111 1111 1111 5678'],
    ['a repeated digit', '0000 0000 0000 0000'],
    ['a 12-digit number without context', 'ref 630427373398'],
    ['an account number in a card range', 'Account No:    64680219826353'],
    ['the digits of an IBAN', 'IBAN - DE70 3031 0601 2710 0999 94\nBIC: GENODEFFXXX'],
  ])('finds nothing for %s', (_label, text) => {
    expect(found(text)).toEqual([]);
  });

  it('needs context for a Luhn-valid number outside the known card ranges', () => {
    // 14 digits, Luhn-valid, MasterCard prefix but MasterCard issues only 16 digits.
    expect(found('SIRET 52173904618529')).toEqual([]);
    expect(found('credit card 52173904618529')).toEqual(['52173904618529']);
  });

  it('treats the printed card block as one span', () => {
    const block = 'VISA 16 digit\nJennifer Jones\n4532015112830366 04/27\nCVC: 123';
    const text = `Payment details:\n${block}\n\nThank you.`;
    expect(found(text)).toEqual([block]);
  });

  it('treats a block without a brand line but with a security code as one span', () => {
    const block = 'Rahul Mehta\n5105 1051 0510 5100 11/26\nCVV: 456';
    expect(found(`Card on file\n\n${block}\n`)).toEqual([block]);
  });

  it('finds the block with details on one line and the holder below the number', () => {
    const indented =
      'VISA\n    Nelda Will\n    4140 8994 0322 8685\n    Expires 07/28  Security code 544';
    expect(found(`Pay by card:\n\n${indented}\n\nThanks`)).toEqual([indented.trimStart()]);
    const holderBelow = 'American Express\n3760 611356 92620\nMARGE WILKINSON\n01/30\nCVV2 3970';
    expect(found(`${holderBelow}\n`)).toEqual([holderBelow]);
  });

  it('finds a card printed right after a phone number', () => {
    expect(found('helenew@example.com +44 20 4173 9455 4182 2385 9025 0583\nnext')).toEqual([
      '4182 2385 9025 0583',
    ]);
    expect(found('+34 915 355 690 4480916201758198')).toEqual(['4480916201758198']);
  });

  it('keeps a card number in prose as the number alone', () => {
    const text = 'Jennifer Jones\npaid with 4532015112830366 on 04/27\nCVC: 123';
    expect(found(text)).toEqual(['4532015112830366']);
  });

  it('finds a spaced card printed right after a dashed one', () => {
    // The dashed card's last group is no first group of the spaced one (Presidio's case).
    expect(found('4012888888881881 4012-8888-8888-1881 4012 8888 8888 1881')).toEqual([
      '4012888888881881',
      '4012-8888-8888-1881',
      '4012 8888 8888 1881',
    ]);
  });

  it('knows the schemes and the checksum', () => {
    expect(cardSchemeOf('4111111111111111')).toBe('Visa');
    expect(cardSchemeOf('2221000000000009')).toBe('Mastercard');
    expect(cardSchemeOf('378282246310005')).toBe('American Express');
    expect(cardSchemeOf('122000000000003')).toBe('UATP');
    expect(cardSchemeOf('1220000000000003')).toBeUndefined();
    expect(cardSchemeOf('9111111111111111')).toBeUndefined();
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
  });
});
