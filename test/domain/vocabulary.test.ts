/**
 * The shared vocabulary: the JSON the Python training code reads is this module's, and the
 * derived matchers read legal forms as documents print them.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { VOCABULARY_JSON } from '../../scripts/write-vocabulary.js';
import {
  BANK_LEGAL_FORMS,
  ENDS_IN_LEGAL_FORM,
  fakeLegalForms,
  LEGAL_FORM_KEYS,
  legalFormKey,
  vocabularyJson,
} from '../../src/domain/vocabulary.js';

describe('the shared vocabulary', () => {
  it('is what the training code reads (run `npm run vocabulary` after editing it)', async () => {
    expect(await readFile(VOCABULARY_JSON, 'utf8')).toBe(vocabularyJson());
  });

  it('reads a legal form at a name’s end with or without its dots, and not inside a word', () => {
    for (const name of ['Acme Ltd.', 'Foo B.V.', 'Bar BV', 'Baz GmbH & Co. KG', 'Citibank, N.A.'])
      expect(ENDS_IN_LEGAL_FORM.test(name), name).toBe(true);
    for (const name of ['AcmeLtd', 'Hello World', 'Cafe Nova']) {
      expect(ENDS_IN_LEGAL_FORM.test(name), name).toBe(false);
    }
    expect(LEGAL_FORM_KEYS.has(legalFormKey(' s.a. '))).toBe(true);
  });

  it('gives banks their forms as printed and in capitals, and the fakes their own per locale', () => {
    const tail = new RegExp(`^(?:${BANK_LEGAL_FORMS})$`, 'u');
    for (const form of ['N.A.', 'PLC', 'plc', 'Ltd', 'LTD.', 'AG', 'A/S'])
      expect(tail.test(form)).toBe(true);
    expect(tail.test('GmbH')).toBe(false);
    expect(fakeLegalForms('de')).toEqual(['GmbH', 'AG', 'GmbH & Co. KG']);
    expect(fakeLegalForms('en_IN')).toEqual(['Pvt. Ltd.', 'Ltd.', 'LLP']);
  });
});
