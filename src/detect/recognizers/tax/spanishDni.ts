/**
 * TAX_ID: Spanish DNI (8 digits and a control letter; older ones print 7 digits) and NIE
 * (X/Y/Z, 7 digits, control letter), with an optional hyphen before the letter. The letter is the
 * number mod 23 in a fixed table, so one random number in 23 passes: the shape of digits and a
 * trailing letter is already specific, and "DNI"/"NIE"/"NIF" raise the score.
 */
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { isValidSpanishDni, isValidSpanishNie } from './stdnumChecks.js';

const EDGE_BEFORE = '(?<![\\w./-])';
const EDGE_AFTER = '(?![\\w]|[./-]\\w)';

export const spanishDniRecognizer = definePatternRecognizer({
  name: 'es-dni-nie',
  type: 'TAX_ID',
  patterns: [
    {
      name: 'dni',
      regex: new RegExp(`${EDGE_BEFORE}\\d{7,8}-?[A-Za-z]${EDGE_AFTER}`, 'g'),
      score: 0.6,
    },
    {
      name: 'nie',
      regex: new RegExp(`${EDGE_BEFORE}[XYZxyz]-?\\d{7}-?[A-Za-z]${EDGE_AFTER}`, 'g'),
      score: 0.6,
    },
  ],
  context: ['dni', 'nie', 'nif', 'documento nacional', 'identificación', 'extranjero'],
  validate: (value) => {
    const compact = value.replace(/-/g, '').toUpperCase();
    if (/^[XYZ]/.test(compact)) return isValidSpanishNie(compact);
    return isValidSpanishDni(compact.padStart(9, '0'));
  },
});
