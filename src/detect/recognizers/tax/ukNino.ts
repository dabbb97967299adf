/**
 * TAX_ID: the UK National Insurance number: two prefix letters (D, F, I, Q, U, V never; O not
 * second; BG, GB, KN, NK, NT, TN, ZZ not issued), six digits, suffix A–D, printed whole or in
 * pairs "QQ 12 34 56 C". Its letter-digit shape is specific enough to count on its own.
 */
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { isValidUkNino } from './stdnumChecks.js';

const NINO =
  '(?<![\\w-])[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\\d{2} ?\\d{2} ?\\d{2} ?[A-D](?![\\w-])';

export const ukNinoRecognizer = definePatternRecognizer({
  name: 'uk-nino',
  type: 'TAX_ID',
  patterns: [{ name: 'nino', regex: new RegExp(NINO, 'gi'), score: 0.6 }],
  context: ['national insurance', 'nino', 'ni number', 'ni no', 'nin'],
  validate: (value) => isValidUkNino(value.replace(/\s/g, '')),
});
