/**
 * BANK_ACCOUNT: the two account shapes of Australia and New Zealand.
 *
 * - A New Zealand account number is printed as bank-branch-account-suffix, 2-4-7-2/3 digits
 *   ("03-0162-0056971-00", on every NZ invoice's payment line, often after a label such as
 *   "Bank A/c for D/C Payments:" that the labelled recognizer cannot reach). The grouping with
 *   separators is the evidence: no date, amount or phone is printed in those four groups. The
 *   bank part is one of the registered bank codes (01–38).
 * - An Australian BSB (bank-state-branch, six digits, "062-000" or "062000") printed with its
 *   label: like a UK sort code, half of the address of the client's account beside it, so it is
 *   redacted with its label ("BSB : 011839"), never six bare digits.
 */
import type { Candidate } from '../../patternRecognizer.js';
import { definePatternRecognizer } from '../../patternRecognizer.js';

const NZ_ACCOUNT = new RegExp(
  String.raw`(?<![\p{L}\p{N}\-–./])(?<bank>\d{2})([- ])\d{4}\2\d{7}\2\d{2,3}(?![\p{N}]|[-–./]\d)`,
  'gu',
);
const BSB = new RegExp(
  String.raw`(?<![\p{L}])bsb(?:[\s-]*(?:no\b\.?|number|#))?[\s:.#]*(?<value>\d{3}[- ]?\d{3})(?![\p{N}]|[-–./]\d)`,
  'giu',
);

function australasianAccounts(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(NZ_ACCOUNT)) {
    const bank = Number(m.groups?.bank);
    if (bank < 1 || bank > 38) continue;
    // Above a phone reading of the same digits (libphonenumber scores valid numbers 0.75).
    found.push({ start: m.index, end: m.index + m[0].length, score: 0.8 });
  }
  for (const m of text.matchAll(BSB)) {
    const value = m.groups?.value ?? '';
    const start = m.index + m[0].length - value.length;
    found.push({ start, end: start + value.length, score: 0.8 });
  }
  return found;
}

export const australasianAccountRecognizer = definePatternRecognizer({
  name: 'au-nz-bank-account',
  type: 'BANK_ACCOUNT',
  find: australasianAccounts,
});
