/**
 * The label words of every kind are kept once, in the vocabulary: a recognizer's own labels are
 * its kind's, and any other kind's label says a number is something else. So a word added for
 * one kind ("Kundennummer" for customers) tells every recognizer at once.
 */
import { describe, expect, it } from 'vitest';
import { labelVocabulary, nearestLabel } from '../../src/detect/nearestLabel.js';
import { creditCardRecognizer } from '../../src/detect/recognizers/creditCard.js';
import { phoneRecognizer } from '../../src/detect/recognizers/phone.js';
import { ssnRecognizer } from '../../src/detect/recognizers/ssn.js';
import { LABEL_WORDS } from '../../src/domain/vocabulary.js';

const texts = (found: unknown): string[] => (found as { text: string }[]).map((s) => s.text);

describe('label words per kind', () => {
  it('name each word as a strong label of one kind only', () => {
    const kinds = new Map<string, string[]>();
    for (const [kind, labels] of Object.entries(LABEL_WORDS)) {
      for (const word of labels.words.split(/\s+/u).filter(Boolean)) {
        kinds.set(word, [...(kinds.get(word) ?? []), kind]);
      }
    }
    expect([...kinds].filter(([, of]) => of.length > 1)).toEqual([]);
  });

  it("give a recognizer its kind's words and every other kind's as another's", () => {
    const card = labelVocabulary('card');
    expect(card.own.has('visa')).toBe(true);
    expect(card.other.has('iban')).toBe(true);
    expect(card.other.has('tel')).toBe(true);
    expect(card.otherPrefixes).toContain('rechnung');
    // A weak word of another kind ("T" on a letterhead) is not a label against a card.
    expect(card.other.has('t')).toBe(false);
    expect(nearestLabel('Kundennummer 4111 1111 1111 1111', 13, card)).toBe('other');
  });

  it('refuse a number under any other kind of label, in every recognizer alike', () => {
    for (const label of ['Invoice No.', 'IBAN', 'Kundennummer', 'Policy']) {
      expect(texts(ssnRecognizer.analyze(`${label} 123-45-6789`)), label).toEqual([]);
      expect(texts(creditCardRecognizer.analyze(`${label} 4111 1111 1111 1111`)), label).toEqual(
        [],
      );
      expect(texts(phoneRecognizer.analyze(`${label} 020 7946 0958`)), label).toEqual([]);
    }
    // Labels one recognizer did not know before the words were shared.
    expect(texts(creditCardRecognizer.analyze('Tel 4111 1111 1111 1111'))).toEqual([]);
    expect(texts(ssnRecognizer.analyze('Total 123-45-6789'))).toEqual([]);
  });

  it("keep a kind's weak words its own: a card after Payment, an SSN after Tax ID", () => {
    expect(texts(creditCardRecognizer.analyze('Payment: 4111 1111 1111 1111'))).toEqual([
      '4111 1111 1111 1111',
    ]);
    expect(texts(ssnRecognizer.analyze('Tax ID: 123-45-6789'))).toEqual(['123-45-6789']);
    expect(texts(creditCardRecognizer.analyze('Mr. T. Smith 4111 1111 1111 1111'))).toEqual([
      '4111 1111 1111 1111',
    ]);
    expect(texts(phoneRecognizer.analyze('T: 020 7946 0958'))).toEqual(['020 7946 0958']);
  });
});
