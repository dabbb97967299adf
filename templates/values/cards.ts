import { luhnCheckDigit } from '../../src/domain/luhn.js';
import type { Rng } from '../core/rng.js';
import { pii, type Pii } from '../core/goldDocument.js';

export interface Card {
  readonly brand: string;
  readonly digits: string;
  readonly expiry: string;
  readonly cvc: string;
}

const BRANDS: readonly {
  brand: string;
  prefixes: readonly string[];
  length: number;
  cvcLength: number;
}[] = [
  { brand: 'VISA', prefixes: ['4'], length: 16, cvcLength: 3 },
  {
    brand: 'Mastercard',
    prefixes: ['51', '52', '53', '54', '55', '2221', '2720'],
    length: 16,
    cvcLength: 3,
  },
  { brand: 'American Express', prefixes: ['34', '37'], length: 15, cvcLength: 4 },
  { brand: 'Discover', prefixes: ['6011', '65'], length: 16, cvcLength: 3 },
  { brand: 'RuPay', prefixes: ['60', '652', '81', '82'], length: 16, cvcLength: 3 },
  { brand: 'Maestro', prefixes: ['6759', '5018'], length: 16, cvcLength: 3 },
];

export function makeCard(rng: Rng): Card {
  const b = rng.pick(BRANDS);
  const prefix = rng.pick(b.prefixes);
  const body = prefix + rng.digits(b.length - 1 - prefix.length);
  const expiry = `${String(rng.int(1, 12)).padStart(2, '0')}/${rng.int(25, 33)}`;
  return {
    brand: b.brand,
    digits: body + luhnCheckDigit(body),
    expiry,
    cvc: rng.digits(b.cvcLength),
  };
}

/** The number in one of the groupings statements and receipts print. */
export function formatCardNumber(rng: Rng, c: Card): string {
  const d = c.digits;
  if (d.length === 15) {
    return rng.pick([
      `${d.slice(0, 4)} ${d.slice(4, 10)} ${d.slice(10)}`,
      `${d.slice(0, 4)}-${d.slice(4, 10)}-${d.slice(10)}`,
      d,
    ]);
  }
  const groups = [d.slice(0, 4), d.slice(4, 8), d.slice(8, 12), d.slice(12)];
  return rng.weighted([
    [groups.join(' '), 5],
    [groups.join('-'), 3],
    [d, 2],
    [`${d.slice(0, 4)} ${d.slice(4, 10)} ${d.slice(10)}`, 1],
    [groups.join('  '), 1],
  ] as const);
}

export function cardNumber(rng: Rng, c: Card): Pii {
  return pii('CREDIT_CARD', formatCardNumber(rng, c));
}

/** "ending in 4567": the last four digits alone are not PII (LABELS.md) and stay unlabelled. */
export function lastFour(c: Card): string {
  return c.digits.slice(-4);
}

/**
 * The printed card block (brand, holder, number, expiry, CVC) as ONE CREDIT_CARD span, per
 * LABELS.md: redacting only the number would leave holder and CVC readable.
 */
export function cardBlock(rng: Rng, c: Card, holder: string, indent = ''): Pii {
  const brand = rng.pick([c.brand.toUpperCase(), c.brand]);
  const expiryLine = rng.pick([
    `Exp ${c.expiry}`,
    `Valid thru ${c.expiry}`,
    `Expiry: ${c.expiry}`,
    `${c.expiry}`,
    `EXP ${c.expiry}`,
    `Expires ${c.expiry}`,
  ]);
  const cvcLine = rng.pick([
    `CVC ${c.cvc}`,
    `CVV: ${c.cvc}`,
    `CVV2 ${c.cvc}`,
    `Security code ${c.cvc}`,
    `CVC: ${c.cvc}`,
  ]);
  const holderLine = rng.chance(0.7) ? holder.toUpperCase() : holder;
  const lines = rng.chance(0.5)
    ? [brand, holderLine, formatCardNumber(rng, c), `${expiryLine}  ${cvcLine}`]
    : [brand, formatCardNumber(rng, c), holderLine, expiryLine, cvcLine];
  return pii('CREDIT_CARD', lines.join(`\n${indent}`));
}
