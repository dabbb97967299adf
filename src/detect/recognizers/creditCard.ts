/**
 * CREDIT_CARD: 12–19 digits, contiguous or in the groupings cards are printed in
 * (cardNumberCandidates.ts), Luhn-valid.
 * A number in a known scheme's IIN range and length scores high on its own; any other
 * Luhn-valid number needs context ("card", "visa", …). The printed card block around a number
 * becomes one span (see cardBlock.ts).
 */
import { labelVocabulary, nearestLabel } from '../nearestLabel.js';
import { definePatternRecognizer } from '../patternRecognizer.js';
import { extendToCardBlock } from './cardBlock.js';
import { cardSchemeOf, isLuhnValid } from './cardBrands.js';
import { cardNumberCandidates } from './cardNumberCandidates.js';

const CARD_LABELS = labelVocabulary('card');

/** Maestro's issuer prefixes (the 4-digit IINs its short 12–15-digit cards start with). */
const MAESTRO_IINS = new Set([
  '5018',
  '5020',
  '5038',
  '5893',
  '6304',
  '6759',
  '6761',
  '6762',
  '6763',
]);

export const creditCardRecognizer = definePatternRecognizer({
  name: 'credit-card',
  type: 'CREDIT_CARD',
  find: (text) => cardNumberCandidates(text, 0.3),
  context: [
    'card',
    'cards',
    'credit',
    'debit',
    'cc',
    'visa',
    'mastercard',
    'amex',
    'american express',
    'discover',
    'maestro',
    'jcb',
    'diners',
    'rupay',
    'unionpay',
    'pan',
  ],
  validate: (value, candidate, text) => {
    if (nearestLabel(text, candidate.start, CARD_LABELS) === 'other') return false;
    const digits = value.replace(/\D/g, '');
    if (digits.length < 12 || digits.length > 19 || !isLuhnValid(digits)) return false;
    // One repeated digit passes Luhn for some lengths but is a filler, not a card.
    if (/^(\d)\1+$/.test(digits)) return false;
    const scheme = cardSchemeOf(digits);
    if (scheme === undefined) return digits.length >= 13 ? 0.3 : false;
    // 12 digits are issued only by Maestro, and 12-digit numbers are common for other things:
    // only Maestro's own issuer prefixes make one a card by itself.
    if (digits.length === 12) return MAESTRO_IINS.has(digits.slice(0, 4)) ? 0.85 : 0.3;
    return 0.9;
  },
  extend: extendToCardBlock,
});
