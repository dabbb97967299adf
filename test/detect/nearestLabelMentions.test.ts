/**
 * A label is the word that names the value, not any word of its kind in the sentence: "the SSN
 * on file for this account is …" is an SSN; "Account No: …" is not. And a 12-digit number is a
 * card by itself only under one of Maestro's own issuer prefixes.
 */
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';

const detector = await createDetector({ ner: false });
const found = async (text: string) => (await detector.detect(text)).map((s) => [s.type, s.text]);

describe('the label nearest the number', () => {
  it('takes an SSN whose sentence mentions an account after naming the SSN', async () => {
    expect(await found('The SSN on file for this account is 123-45-6789.')).toEqual([
      ['SSN', '123-45-6789'],
    ]);
    expect(await found('The customer SSN for your policy is 123 45 6789')).toEqual([
      ['SSN', '123 45 6789'],
    ]);
  });

  it('still refuses a number labelled as something else, mention or label', async () => {
    expect(await found('Your account number is 123-45-6789')).toEqual([]);
    expect((await found('Account No: 123-45-6789')).map(([type]) => type)).not.toContain('SSN');
  });
});

describe('a label word used as a verb', () => {
  it('does not label the number: "check with" a person is not a cheque', async () => {
    expect(await found('Please check with Quill Harrow (029 2018 0836) first.')).toEqual([
      ['PHONE', '029 2018 0836'],
    ]);
    expect(await found('File it with the desk (+44 20 7946 0958).')).toEqual([
      ['PHONE', '+44 20 7946 0958'],
    ]);
  });

  it('still labels the number that follows it', async () => {
    expect(await found('Check 0151 4960940')).toEqual([]);
    expect(await found('Order no. 020 7946 0958')).toEqual([]);
  });
});

describe('12-digit cards', () => {
  it('are cards under a Maestro issuer prefix, Luhn-valid', async () => {
    expect(await found('Paid by 6759 6498 2648 on 3 May')).toEqual([
      ['CREDIT_CARD', '6759 6498 2648'],
    ]);
    expect(await found('Paid with 5018 1234 5673')).toEqual([['CREDIT_CARD', '5018 1234 5673']]);
  });

  it('are not cards by themselves under any other prefix, or failing Luhn', async () => {
    expect(await found('Ref 123456789015')).toEqual([]);
    expect(await found('Paid by 6759 6498 2647 on 3 May')).toEqual([]);
  });
});
