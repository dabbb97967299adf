/**
 * BANK_ACCOUNT: a US ABA routing transit number: nine digits (or 4-4-1 with dashes) whose
 * first two are a Federal Reserve district (00–12, 21–32, 61–72, 80) and whose weighted sum
 * 3-7-1 is a multiple of ten. One nine-digit number in ten passes the check by chance, so a
 * routing number is reported only next to its label ("Routing", "ABA", "RTN", "transit").
 */
import { definePatternRecognizer } from '../../patternRecognizer.js';

const EDGE_BEFORE = '(?<![\\w-])';
const EDGE_AFTER = '(?![\\w]|-\\d)';
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

export function isValidAbaRouting(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 9 || /^(\d)\1+$/.test(digits)) return false;
  const district = Number(digits.slice(0, 2));
  const inDistrict =
    district <= 12 ||
    (district >= 21 && district <= 32) ||
    (district >= 61 && district <= 72) ||
    district === 80;
  if (!inDistrict) return false;
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (WEIGHTS[i] ?? 0), 0);
  return sum % 10 === 0;
}

export const abaRoutingRecognizer = definePatternRecognizer({
  name: 'us-aba-routing',
  type: 'BANK_ACCOUNT',
  patterns: [
    { name: 'whole', regex: new RegExp(`${EDGE_BEFORE}\\d{9}${EDGE_AFTER}`, 'g'), score: 0.2 },
    {
      name: 'dashed',
      regex: new RegExp(`${EDGE_BEFORE}\\d{4}-\\d{4}-\\d${EDGE_AFTER}`, 'g'),
      score: 0.2,
    },
  ],
  context: ['routing', 'aba', 'rtn', 'transit', 'abartn'],
  validate: (value) => isValidAbaRouting(value),
});
