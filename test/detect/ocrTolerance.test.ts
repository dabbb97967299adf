/**
 * What OCR does to values that are still unambiguous: spaces inside URLs and e-mail addresses
 * after ":", "/", "." and "@", and look-alike letters inside the digit runs of cards, IBANs,
 * SSNs and phones. Each is found where its own check still holds, and only there.
 */
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import { repairDigits } from '../../src/detect/recognizers/ocrDigitRepair.js';

const detector = await createDetector({ ner: false });
const found = async (text: string) => (await detector.detect(text)).map((s) => [s.type, s.text]);

describe('OCR spacing', () => {
  it('finds URLs and addresses with a space after the scheme, a host dot or the @', async () => {
    expect(await found('Track it at https: //netserv.com/track.')).toEqual([
      ['URL', 'https: //netserv.com/track'],
    ]);
    expect(await found('Track it at https:/netserv.com/track.')).toEqual([
      ['URL', 'https:/netserv.com/track'],
    ]);
    expect(await found('Visit www. bank.com today')).toEqual([['URL', 'www. bank.com']]);
    expect(await found('Mail jo.bloggs@ example.com now')).toEqual([
      ['EMAIL', 'jo.bloggs@ example.com'],
    ]);
    expect(await found('Mail jo.bloggs@example. com.')).toEqual([
      ['EMAIL', 'jo.bloggs@example. com'],
    ]);
  });

  it('does not run a URL into the next sentence or take an "@" between words', async () => {
    expect(await found('See https://x.com/a. then go on')).toEqual([['URL', 'https://x.com/a']]);
    expect(await found('We are @ home. ok')).toEqual([]);
    // An unknown top-level domain after a space is a sentence, not an address.
    expect(await found('ask jo@ acme. thanks')).toEqual([]);
  });
});

describe('OCR look-alike digits', () => {
  it('reads look-alikes as digits only inside runs that are mostly digits', () => {
    expect(repairDigits('4111 1111 111l 1111').text).toBe('4111 1111 1111 1111');
    expect(repairDigits('SSN 123-4S-6789').text).toBe('SSN 123-45-6789');
    expect(repairDigits('DE89 37O4 0044').text).toBe('DE89 3704 0044');
    // No digit in the group, a letter glued on, or as many look-alikes as digits: left alone.
    for (const text of ['ISO 9001', 'B2B', 'SOS', 'Model X1S', 'l0']) {
      expect(repairDigits(text).text).toBe(text);
    }
  });

  it('finds cards, IBANs, SSNs and phones whose checks hold once repaired, at the printed text', async () => {
    expect(await found('Card: 4111 1111 111l 1111 exp 09/27')).toEqual([
      ['CREDIT_CARD', '4111 1111 111l 1111'],
    ]);
    expect(await found('IBAN DE89 37O4 0044 0532 0130 00')).toEqual([
      ['BANK_ACCOUNT', 'DE89 37O4 0044 0532 0130 00'],
    ]);
    expect(await found('SSN: 123-4S-6789')).toEqual([['SSN', '123-4S-6789']]);
    expect(await found('Tel: +44 2O 7946 0958')).toEqual([['PHONE', '+44 2O 7946 0958']]);
  });

  it('finds nothing where the repaired value fails its check', async () => {
    // Luhn fails, mod-97 fails.
    expect(await found('Card: 4111 1111 111l 1112')).toEqual([]);
    expect(await found('IBAN DE89 37O4 0044 0532 0130 01')).toEqual([]);
    expect(await found('Order 12O5 of ISO 9001, B2B, l0 units')).toEqual([]);
  });
});
