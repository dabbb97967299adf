/**
 * TAX_ID: an Indian Aadhaar number: 12 digits, never starting with 0 or 1, Verhoeff check digit.
 * Printed in groups of four ("3123 4567 8909") it is distinctive; twelve bare digits are also
 * order and account numbers, and one in ten passes Verhoeff by chance, so a bare one needs its
 * label ("Aadhaar", "UID").
 */
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { isValidAadhaar } from './stdnumChecks.js';

const EDGE_BEFORE = '(?<![\\w./:-])';
const EDGE_AFTER = '(?![\\w]|[./:-]\\d)';

export const aadhaarRecognizer = definePatternRecognizer({
  name: 'in-aadhaar',
  type: 'TAX_ID',
  patterns: [
    {
      name: 'grouped',
      regex: new RegExp(`${EDGE_BEFORE}[2-9]\\d{3}([ :-])\\d{4}\\1\\d{4}${EDGE_AFTER}`, 'g'),
      score: 0.5,
    },
    { name: 'bare', regex: new RegExp(`${EDGE_BEFORE}[2-9]\\d{11}${EDGE_AFTER}`, 'g'), score: 0.3 },
  ],
  context: ['aadhaar', 'aadhar', 'uid', 'uidai'],
  validate: (value) => {
    const digits = value.replace(/\D/g, '');
    // Numbers of one repeated digit pass Verhoeff for some digits but are fillers.
    if (/^(\d)\1+$/.test(digits) || !isValidAadhaar(digits)) return false;
    // A Verhoeff-valid number in the printed 4-4-4 groups is stronger evidence than a phone
    // number's shape (libphonenumber scores a valid number 0.75; no phone plan prints 4-4-4).
    return value.length === 14 ? 0.8 : true;
  },
});
