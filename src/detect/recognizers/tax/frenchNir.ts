/**
 * TAX_ID: the French NIR (numéro de sécurité sociale, INSEE number): sex, year, month,
 * department (2A/2B for Corsica), commune, order and a two-digit key (97 − number mod 97),
 * printed whole or in its usual groups "2 82 06 04 239 004 41".
 */
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { isValidFrenchNir } from './stdnumChecks.js';

const NIR =
  '(?<![\\w./-])[12]\\s?\\d{2}\\s?(?:0[1-9]|1[0-2]|[2-9]\\d)\\s?(?:\\d{2}|2[AB])\\s?\\d{3}\\s?\\d{3}\\s?\\d{2}(?![\\w]|[./-]\\d)';

export const frenchNirRecognizer = definePatternRecognizer({
  name: 'fr-nir',
  type: 'TAX_ID',
  patterns: [{ name: 'nir', regex: new RegExp(NIR, 'g'), score: 0.6 }],
  context: ['sécurité sociale', 'securite sociale', 'insee', 'nir', 'numéro ss', 'n° ss'],
  validate: (value) => isValidFrenchNir(value.replace(/\s/g, '')),
});
