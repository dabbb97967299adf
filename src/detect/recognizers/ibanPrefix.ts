/**
 * IBANs are printed in groups of four digits after a country code and check digits
 * ("ES66 9210 2674 36 0618502008", "FR76 1010 7002 4500 6170 5231 739"): their digit groups
 * look like card and phone numbers. A candidate that continues such a prefix is part of an IBAN.
 */
import { IBAN_HEAD } from '../../domain/ibanShape.js';
// Groups of four after the prefix ("DE70 3031 0601 …" or split over lines), but a prefix alone
// only before a space: "SR64 43O\n" on its own line is a postcode, not an IBAN.
const IBAN_START_BEFORE = new RegExp(
  `(?:^|[^\\p{L}\\d])${IBAN_HEAD}(?:(?:[ \\n][\\dA-Z]{4})+(?:[ \\n][\\dA-Z]{1,3})?[ \\n]| )$`,
  'u',
);

export function followsIbanPrefix(text: string, start: number): boolean {
  return IBAN_START_BEFORE.test(text.slice(Math.max(0, start - 48), start));
}
