/**
 * Whether a substitute number is of the same kind as its original, for fake replacements: a fake
 * tax number must pass the check rule its original passes (so it looks real and is found again),
 * and a fake of a user's pattern type must still match one of the type's patterns. Other types
 * are judged by their fake makers alone.
 */
import { isValidItin } from './recognizers/tax/itin.js';
import { isSteuerId } from './recognizers/tax/steuerId.js';
import {
  isValidAadhaar,
  isValidDutchBsn,
  isValidFrenchNir,
  isValidIndianPan,
  isValidSpanishDni,
  isValidSpanishNie,
  isValidUkNino,
} from './recognizers/tax/stdnumChecks.js';

const compact = (v: string) => v.replace(/[\s.-]/g, '');
const TAX_CHECKS: readonly ((value: string) => boolean)[] = [
  isValidItin,
  (v) => isValidUkNino(compact(v)),
  (v) => compact(v)[3] === 'P' && isValidIndianPan(compact(v)),
  (v) => isValidAadhaar(compact(v)),
  isSteuerId,
  (v) => isValidFrenchNir(compact(v)),
  (v) => isValidSpanishDni(compact(v).toUpperCase().padStart(9, '0')),
  (v) => isValidSpanishNie(compact(v).toUpperCase()),
  (v) => isValidDutchBsn(compact(v)),
];

export function sameKind(type: string, original: string, candidate: string): boolean {
  if (type !== 'TAX_ID') return true;
  const rules = TAX_CHECKS.filter((check) => check(original));
  return rules.length === 0 || rules.some((check) => check(candidate));
}
