/**
 * TAX_ID: the Dutch burgerservicenummer (BSN, formerly sofinummer): 9 digits passing the
 * 11-test. One nine-digit number in eleven passes by chance, so a BSN is reported only next to
 * its label ("BSN", "burgerservicenummer", "sofinummer").
 */
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { isValidDutchBsn } from './stdnumChecks.js';

const EDGE_BEFORE = '(?<![\\w./-])';
const EDGE_AFTER = '(?![\\w]|[./-]\\d)';

export const dutchBsnRecognizer = definePatternRecognizer({
  name: 'nl-bsn',
  type: 'TAX_ID',
  patterns: [
    { name: 'whole', regex: new RegExp(`${EDGE_BEFORE}\\d{9}${EDGE_AFTER}`, 'g'), score: 0.2 },
    {
      name: 'dotted',
      regex: new RegExp(`${EDGE_BEFORE}\\d{4}[. ]\\d{2}[. ]\\d{3}${EDGE_AFTER}`, 'g'),
      score: 0.2,
    },
  ],
  context: ['bsn', 'burgerservicenummer', 'sofinummer', 'sofi', 'citizen service number'],
  validate: (value) => isValidDutchBsn(value.replace(/\D/g, '')),
});
