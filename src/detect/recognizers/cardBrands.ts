/**
 * Issuer identification number (IIN) ranges and lengths of the card schemes seen in financial
 * documents. A Luhn-valid number in a known range with a length that scheme issues is strong
 * evidence; a Luhn-valid number outside them is only a candidate that needs context.
 */
import { isLuhnValid } from '../../domain/luhn.js';

/** The Luhn check lives in the domain (the generator and fakes use it too). */
export { isLuhnValid };

interface CardScheme {
  readonly name: string;
  /** Inclusive numeric ranges over the first `digits` digits. */
  readonly ranges: readonly (readonly [number, number, number])[];
  readonly lengths: readonly number[];
}

const range = (from: number, to: number): readonly [number, number, number] => [
  String(from).length,
  from,
  to,
];

const SCHEMES: readonly CardScheme[] = [
  { name: 'Visa', ranges: [range(4, 4)], lengths: [13, 16, 19] },
  { name: 'Mastercard', ranges: [range(51, 55), range(2221, 2720)], lengths: [16] },
  { name: 'American Express', ranges: [range(34, 34), range(37, 37)], lengths: [15] },
  {
    name: 'Discover',
    ranges: [range(6011, 6011), range(644, 649), range(65, 65), range(622126, 622925)],
    lengths: [16, 17, 18, 19],
  },
  {
    name: 'Diners Club',
    ranges: [range(300, 305), range(3095, 3095), range(36, 36), range(38, 39)],
    lengths: [14, 15, 16, 17, 18, 19],
  },
  { name: 'JCB', ranges: [range(3528, 3589)], lengths: [16, 17, 18, 19] },
  { name: 'JCB', ranges: [range(1800, 1800), range(2131, 2131)], lengths: [15] },
  { name: 'UnionPay', ranges: [range(62, 62)], lengths: [16, 17, 18, 19] },
  {
    name: 'Maestro',
    ranges: [range(50, 50), range(56, 69)],
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
  },
  { name: 'RuPay', ranges: [range(60, 60), range(508, 508), range(81, 82)], lengths: [16] },
  { name: 'Mir', ranges: [range(2200, 2204)], lengths: [16, 17, 18, 19] },
  // UATP (airline travel cards): a 1, 15 digits.
  { name: 'UATP', ranges: [range(1, 1)], lengths: [15] },
];

/** The scheme whose IIN range and length fit `digits`, if any. */
export function cardSchemeOf(digits: string): string | undefined {
  for (const scheme of SCHEMES) {
    if (!scheme.lengths.includes(digits.length)) continue;
    const inRange = scheme.ranges.some(([width, from, to]) => {
      const prefix = Number(digits.slice(0, width));
      return prefix >= from && prefix <= to;
    });
    if (inRange) return scheme.name;
  }
  return undefined;
}

/** The Luhn (mod 10) checksum every payment card number carries. */
/** Luhn-valid and in a scheme's range and length: what a printed card number is. */
export function isLikelyCardNumber(digits: string): boolean {
  return isLuhnValid(digits) && cardSchemeOf(digits) !== undefined && !/^(\d)\1+$/.test(digits);
}
