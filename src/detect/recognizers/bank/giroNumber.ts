/**
 * BANK_ACCOUNT: a Swedish PlusGiro or Bankgiro number after its label ("PG 5213470-7",
 * "Bankgiro 5050-1055"): the account a payment goes to, printed in every Swedish bank export and
 * on every invoice. Both end in a Luhn check digit over all their digits, so a number whose check
 * fails (an amount, a date, a reference) is not taken. Without the label a giro number is just
 * digits and a hyphen, hence no unlabelled match.
 */
import type { Candidate } from '../../patternRecognizer.js';
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { isLuhnValid } from '../../../domain/luhn.js';

// PlusGiro: 2–8 digits, the last after a hyphen; Bankgiro: 3 or 4 digits, a hyphen, 4 digits.
const GIRO = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:pg|plusgiro|postgiro|bg|bankgiro)(?:[\s.:#-]*(?:nr|no|nummer))?[\s.:#]*(?<value>\d{1,7}-\d|\d{3,4}-\d{4})(?![\p{N}]|[-–./]\d)`,
  'giu',
);

function giroNumbers(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(GIRO)) {
    const value = m.groups?.value ?? '';
    if (!isLuhnValid(value.replace(/-/g, ''))) continue;
    const start = m.index + m[0].length - value.length;
    found.push({ start, end: start + value.length, score: 0.85 });
  }
  return found;
}

export const giroNumberRecognizer = definePatternRecognizer({
  name: 'se-giro-number',
  type: 'BANK_ACCOUNT',
  find: giroNumbers,
});
