/**
 * TAX_ID: a US Individual Taxpayer Identification Number: 9XX-XX-XXXX whose middle group is
 * 50–65, 70–88, 90–92 or 94–99. An SSN never starts with 9, so the two never compete. Dashed it
 * has the SSN's distinctive shape; bare nine digits need "ITIN" or "taxpayer" nearby.
 */
import { definePatternRecognizer } from '../../patternRecognizer.js';

const EDGE_BEFORE = '(?<![\\w-])';
const EDGE_AFTER = '(?![\\w]|-\\d)';

export function isValidItin(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 9 || !digits.startsWith('9')) return false;
  const group = Number(digits.slice(3, 5));
  return (
    (group >= 50 && group <= 65) ||
    (group >= 70 && group <= 88) ||
    (group >= 90 && group <= 92) ||
    (group >= 94 && group <= 99)
  );
}

export const itinRecognizer = definePatternRecognizer({
  name: 'us-itin',
  type: 'TAX_ID',
  patterns: [
    {
      name: 'dashed',
      regex: new RegExp(`${EDGE_BEFORE}9\\d{2}-\\d{2}-\\d{4}${EDGE_AFTER}`, 'g'),
      score: 0.6,
    },
    {
      name: 'spaced',
      regex: new RegExp(`${EDGE_BEFORE}9\\d{2} \\d{2} \\d{4}${EDGE_AFTER}`, 'g'),
      score: 0.5,
    },
    {
      // "911-701234", "91170-1234": one of the two dashes left out.
      name: 'half-dashed',
      regex: new RegExp(`${EDGE_BEFORE}9\\d{2}(?:-\\d{6}|\\d{2}-\\d{4})${EDGE_AFTER}`, 'g'),
      score: 0.5,
    },
    { name: 'bare', regex: new RegExp(`${EDGE_BEFORE}9\\d{8}${EDGE_AFTER}`, 'g'), score: 0.3 },
  ],
  context: ['itin', 'taxpayer', 'tin', 'tax id', 'tax identification'],
  // With a dash, 9XX and a middle group from the IRS's ranges outrank a phone reading of the same
  // digits (0.75): no US area code starts with 9 11, and the ranges are ITIN-only.
  validate: (value, candidate) =>
    isValidItin(value) && (value.includes('-') ? 0.8 : candidate.score),
});
