/**
 * BANK_ACCOUNT: a US ABA routing transit number: nine digits (or 4-4-1 with dashes) whose
 * first two are a Federal Reserve district (00–12, 21–32, 61–72, 80) and whose weighted sum
 * 3-7-1 is a multiple of ten. One nine-digit number in ten passes the check by chance, so nine
 * bare digits are reported only next to their label ("Routing", "ABA", "RTN", "transit"); the
 * dashed 4-4-1 form, printed for nothing else, is reported where its check holds.
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
  // The 4-4-1 grouping is printed for routing numbers alone: with the check and a district it
  // needs no label (nine bare digits still do), and outranks a phone reading of it (0.75).
  validate: (value) => isValidAbaRouting(value) && (/^\d{4}-\d{4}-\d$/.test(value) ? 0.8 : true),
});
