/**
 * BANK_ACCOUNT: the two account shapes of Australia and New Zealand.
 *
 * - A New Zealand account number is printed as bank-branch-account-suffix, 2-4-7-2/3 digits
 *   ("12-3140-0479215-00", on every NZ invoice's payment line, often after a label such as
 *   "Bank A/c for D/C Payments:" that the labelled recognizer cannot reach). The grouping with
 *   separators is the evidence: no date, amount or phone is printed in those four groups. The
 *   bank part is one of the registered bank codes (01–38).
 * - An Australian BSB (bank-state-branch, six digits, "062-000" or "062000") printed with its
 *   label: like a UK sort code, half of the address of the client's account beside it, so it is
 *   redacted with its label ("BSB : 083125"), never six bare digits.
 */
import { definePatternRecognizer } from '../../patternRecognizer.js';

const NZ_ACCOUNT = new RegExp(
  String.raw`(?<![\p{L}\p{N}\-–./])\d{2}([- ])\d{4}\1\d{7}\1\d{2,3}(?![\p{N}]|[-–./]\d)`,
  'gu',
);
// The label is the evidence, so the match is the digits after it (a look-behind).
const BSB = new RegExp(
  String.raw`(?<=(?<![\p{L}])bsb(?:[\s-]*(?:no\b\.?|number|#))?[\s:.#]*)\d{3}[- ]?\d{3}(?![\p{N}]|[-–./]\d)`,
  'giu',
);

export const australasianAccountRecognizer = definePatternRecognizer({
  name: 'au-nz-bank-account',
  type: 'BANK_ACCOUNT',
  // Above a phone reading of the same digits (libphonenumber scores valid numbers 0.75).
  patterns: [
    { name: 'nz-account', regex: NZ_ACCOUNT, score: 0.8 },
    { name: 'bsb', regex: BSB, score: 0.8 },
  ],
  // An NZ account's first group is a registered bank (01–38); a BSB has no such group.
  validate: (value) => {
    const nz = /^(\d{2})[- ]\d{4}/.exec(value);
    return nz === null || (Number(nz[1]) >= 1 && Number(nz[1]) <= 38);
  },
});
