/**
 * TAX_ID: the German Steuerliche Identifikationsnummer (Steuer-ID, IdNr): 11 digits, no leading
 * zero, printed whole or as 2-3-3-3. Its structure (one digit of the first ten repeated two or
 * three times, never three in a row) and check digit make a chance match rare, so a valid number
 * counts on its own; "Steuer-ID", "IdNr" and the like raise it further.
 */
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { isValidSteuerId } from './stdnumChecks.js';

const EDGE_BEFORE = '(?<![\\w./-])';
const EDGE_AFTER = '(?![\\w]|[./-]\\d)';

/** The 2016 rule stdnum does not check: a digit is never repeated three times in a row. */
export function isSteuerId(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11 || /(\d)\1\1/.test(digits.slice(0, 10))) return false;
  return isValidSteuerId(digits);
}

export const steuerIdRecognizer = definePatternRecognizer({
  name: 'de-steuer-id',
  type: 'TAX_ID',
  patterns: [
    {
      name: 'whole',
      regex: new RegExp(`${EDGE_BEFORE}[1-9]\\d{10}${EDGE_AFTER}`, 'g'),
      score: 0.5,
    },
    {
      name: 'grouped',
      regex: new RegExp(`${EDGE_BEFORE}[1-9]\\d \\d{3} \\d{3} \\d{3}${EDGE_AFTER}`, 'g'),
      score: 0.5,
    },
  ],
  context: [
    'steuer id',
    'steuerid',
    'steuer idnr',
    'identifikationsnummer',
    'idnr',
    'steueridentifikationsnummer',
    'tin',
    'tax id',
  ],
  // Structure and check together pass about one random 11-digit number in 500, fewer than the
  // phone readings of the same digits are wrong: a valid one outranks a phone reading (0.75).
  validate: (value) => (isSteuerId(value) ? 0.8 : false),
});
