/**
 * SSN: US Social Security numbers. The dashed, dotted and spaced 3-2-4 shapes are distinctive
 * enough on their own; bare nine digits are common for other numbers, so they need context
 * ("SSN", "social security") to reach the reporting threshold.
 */
import { labelVocabulary, nearestLabel } from '../nearestLabel.js';
import { definePatternRecognizer } from '../patternRecognizer.js';

const EDGE_BEFORE = '(?<![\\w-])';
const EDGE_AFTER = '(?![\\w]|-\\d)';

/** The SSA never issues area 000, 666 or 900–999, group 00 or serial 0000. */
export function isValidSsn(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 9) return false;
  const area = digits.slice(0, 3);
  const group = digits.slice(3, 5);
  const serial = digits.slice(5);
  if (area === '000' || area === '666' || area.startsWith('9')) return false;
  if (group === '00' || serial === '0000') return false;
  // Nine identical digits are placeholders ("111-11-1111"), not numbers anyone holds.
  return !/^(\d)\1{8}$/.test(digits);
}

const SSN_LABELS = labelVocabulary('ssn');

export const ssnRecognizer = definePatternRecognizer({
  name: 'ssn',
  type: 'SSN',
  patterns: [
    {
      name: 'dashed',
      regex: new RegExp(`${EDGE_BEFORE}\\d{3}-\\d{2}-\\d{4}${EDGE_AFTER}`, 'g'),
      score: 0.6,
    },
    {
      name: 'spaced',
      regex: new RegExp(`${EDGE_BEFORE}\\d{3} \\d{2} \\d{4}${EDGE_AFTER}`, 'g'),
      score: 0.5,
    },
    {
      // 3.2.4 with dots is as distinctive as the dashes (phone plans group by 2 to 4, not 3-2-4).
      name: 'dotted',
      regex: new RegExp(`${EDGE_BEFORE}\\d{3}\\.\\d{2}\\.\\d{4}${EDGE_AFTER}`, 'g'),
      score: 0.5,
    },
    { name: 'bare', regex: new RegExp(`${EDGE_BEFORE}\\d{9}${EDGE_AFTER}`, 'g'), score: 0.2 },
  ],
  context: ['ssn', 'ssns', 'social security', 'social sec', 'soc sec', 'ss no', 'taxpayer', 'tin'],
  validate: (value, candidate, text) =>
    isValidSsn(value) && nearestLabel(text, candidate.start, SSN_LABELS) !== 'other',
});
