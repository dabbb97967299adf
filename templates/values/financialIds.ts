/**
 * Bank and personal tax identifiers as LABELS.md counts them (BANK_ACCOUNT, TAX_ID), each valid
 * under its own check rule: IBANs pass mod-97, routing numbers the ABA sum, tax numbers their
 * national keys. The rules are checked with the same libraries a reader of the spec would use
 * (ibantools, stdnum), never with FinRedact's recognizers, so the gold does not echo the detector.
 * Company identifiers (VAT, GST, registration numbers) stay in businessData.ts as plain text.
 */
import { isValidIBAN } from 'ibantools';
import stdnumPackage from 'stdnum';
import type { Rng } from '../core/rng.js';
import { pii, type Pii } from '../core/goldDocument.js';
import type { Locale } from './locales.js';
import type { Part } from '../core/docBuilder.js';

const { stdnum } = stdnumPackage;

interface Validator {
  validate(value: string): { isValid: boolean };
}
function validator(country: string, name: string): Validator {
  const v = (stdnum as Record<string, Record<string, Validator> | undefined>)[country]?.[name];
  if (!v) throw new Error(`stdnum has no ${country}.${name}`);
  return v;
}

/** The check digit that makes `prefix + d` valid, or undefined when no digit does. */
function checkDigit(prefix: string, valid: (value: string) => boolean): string | undefined {
  for (let d = 0; d <= 9; d++) if (valid(`${prefix}${d}`)) return `${prefix}${d}`;
  return undefined;
}

function mod97(digits: string): number {
  let r = 0;
  for (const c of digits) r = (r * 10 + Number(c)) % 97;
  return r;
}

/** ISO 13616 check digits for a BBAN: 98 − (BBAN + country + "00" as digits) mod 97. */
function ibanOf(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = String(98 - mod97(numeric)).padStart(2, '0');
  return `${country}${check}${bban}`;
}

/** The French RIB key of a bank, branch and account: 97 − (89·bank + 15·branch + 3·account) mod 97. */
function ribKey(bank: string, branch: string, account: string): string {
  const n = `${bank}${branch}${account}`;
  const value = (89 * Number(bank) + 15 * Number(branch) + 3 * mod97(account)) % 97;
  return n ? String(97 - value).padStart(2, '0') : '00';
}

const BANK_CODES: Readonly<Record<string, readonly string[]>> = {
  NL: ['ABNA', 'INGB', 'RABO', 'TRIO', 'SNSB'],
  GB: ['BARC', 'NWBK', 'LOYD', 'HBUK', 'MIDL'],
};

function bbanOf(rng: Rng, country: 'DE' | 'FR' | 'NL' | 'ES' | 'GB'): string {
  switch (country) {
    case 'DE':
      return rng.digits(18);
    case 'FR': {
      const bank = rng.digits(5);
      const branch = rng.digits(5);
      const account = rng.digits(11);
      return `${bank}${branch}${account}${ribKey(bank, branch, account)}`;
    }
    case 'NL':
      return `${rng.pick(BANK_CODES.NL ?? [])}${rng.digits(10)}`;
    case 'ES': {
      // Spain's BBAN carries two national check digits (positions 9–10); ibantools checks them.
      for (;;) {
        const bban = `${rng.digits(8)}${rng.digits(2)}${rng.digits(10)}`;
        if (isValidIBAN(ibanOf('ES', bban))) return bban;
      }
    }
    case 'GB':
      return `${rng.pick(BANK_CODES.GB ?? [])}${rng.digits(6)}${rng.digits(8)}`;
  }
}

/** An IBAN as banks print it: in groups of four (mostly), or whole. */
export function makeIban(rng: Rng, country: 'DE' | 'FR' | 'NL' | 'ES' | 'GB'): Pii {
  const iban = ibanOf(country, bbanOf(rng, country));
  if (!isValidIBAN(iban)) throw new Error(`generated an invalid IBAN ${iban}`);
  const grouped = iban.replace(/(.{4})(?=.)/g, '$1 ');
  return pii('BANK_ACCOUNT', rng.chance(0.75) ? grouped : iban);
}

/** A US ABA routing number: a Federal Reserve district prefix and the 3-7-1 check digit. */
export function makeRoutingNumber(rng: Rng): Pii {
  const district = String(rng.pick([rng.int(1, 12), rng.int(21, 32)])).padStart(2, '0');
  const body = `${district}${rng.digits(6)}`;
  const w = [3, 7, 1, 3, 7, 1, 3, 7];
  const sum = [...body].reduce((a, d, i) => a + Number(d) * (w[i] ?? 0), 0);
  return pii('BANK_ACCOUNT', `${body}${(10 - (sum % 10)) % 10}`);
}

export function makeAccountNumber(rng: Rng, digits: number): Pii {
  return pii('BANK_ACCOUNT', `${rng.int(1, 9)}${rng.digits(digits - 1)}`);
}

export function makeSortCode(rng: Rng): Pii {
  return pii('BANK_ACCOUNT', `${rng.digits(2)}-${rng.digits(2)}-${rng.digits(2)}`);
}

/**
 * The bank details a document prints for a locale: account identifiers as BANK_ACCOUNT, a bank's
 * own codes (BIC, IFSC) as plain text (LABELS.md: they identify a branch, not a client).
 */
export function bankAccountRows(rng: Rng, locale: Locale): (readonly [string, Part])[] {
  switch (locale) {
    case 'en_US':
      return [
        [rng.pick(['Routing number', 'ABA routing no.', 'Routing (ABA)']), makeRoutingNumber(rng)],
        [
          rng.pick(['Account number', 'Account No.', 'Acct #']),
          makeAccountNumber(rng, rng.int(9, 12)),
        ],
      ];
    case 'en_GB':
      return rng.chance(0.3)
        ? [['IBAN', makeIban(rng, 'GB')]]
        : [
            [rng.pick(['Sort code', 'Sort Code']), makeSortCode(rng)],
            [rng.pick(['Account No.', 'Account number']), makeAccountNumber(rng, 8)],
          ];
    case 'en_IN':
      return [
        ['IFSC', `${rng.pick(['HDFC', 'ICIC', 'SBIN', 'UTIB', 'KKBK'])}0${rng.digits(6)}`],
        [
          rng.pick(['A/c No.', 'Account No', 'Account Number']),
          makeAccountNumber(rng, rng.int(11, 14)),
        ],
      ];
    case 'de':
      return [
        ['IBAN', makeIban(rng, 'DE')],
        [
          'BIC',
          `${rng.pick(['COBA', 'DEUT', 'GENO', 'HYVE'])}DE${rng.pick(['FF', 'MM', 'BB'])}XXX`,
        ],
      ];
    case 'fr':
      return [
        ['IBAN', makeIban(rng, 'FR')],
        ['BIC', `${rng.pick(['BNPA', 'SOGE', 'CRLY', 'AGRI'])}FRPP${rng.pick(['XXX', 'LYO', ''])}`],
      ];
    case 'nl':
      return [
        ['IBAN', makeIban(rng, 'NL')],
        ['BIC', `${rng.pick(['ABNA', 'INGB', 'RABO', 'TRIO'])}NL2A`],
      ];
    case 'es':
      return [
        ['IBAN', makeIban(rng, 'ES')],
        ['BIC', `${rng.pick(['BSCH', 'BBVA', 'CAIX'])}ESMM${rng.pick(['XXX', ''])}`],
      ];
  }
}

const NINO_FIRST = 'ABCEGHJKLMNOPRSTWXYZ';
const NINO_SECOND = 'ABCEGHJKLMNPRSTWXYZ';
const NINO_REFUSED = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function letter(rng: Rng, from = UPPER): string {
  return from.charAt(rng.int(0, from.length - 1));
}

function ukNino(rng: Rng): string {
  let prefix = `${letter(rng, NINO_FIRST)}${letter(rng, NINO_SECOND)}`;
  while (NINO_REFUSED.has(prefix)) prefix = `${letter(rng, NINO_FIRST)}${letter(rng, NINO_SECOND)}`;
  const d = rng.digits(6);
  const suffix = letter(rng, 'ABCD');
  return rng.chance(0.5)
    ? `${prefix} ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4)} ${suffix}`
    : `${prefix}${d}${suffix}`;
}

function steuerId(rng: Rng): string {
  const valid = (v: string) =>
    validator('DE', 'idnr').validate(v).isValid && !/(\d)\1\1/.test(v.slice(0, 10));
  for (;;) {
    // Ten digits in which exactly one digit appears twice: a shuffle of 0–9 with one overwritten.
    const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    for (let i = digits.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [digits[i], digits[j]] = [digits[j]!, digits[i]!];
    }
    digits[rng.int(1, 9)] = digits[rng.int(1, 9)]!;
    if (digits[0] === 0) continue;
    const full = checkDigit(digits.join(''), valid);
    if (full)
      return rng.chance(0.3)
        ? `${full.slice(0, 2)} ${full.slice(2, 5)} ${full.slice(5, 8)} ${full.slice(8)}`
        : full;
  }
}

function frenchNir(rng: Rng): string {
  const body =
    `${rng.int(1, 2)}${rng.digits(2)}${String(rng.int(1, 12)).padStart(2, '0')}` +
    `${String(rng.int(1, 95)).padStart(2, '0')}${String(rng.int(1, 990)).padStart(3, '0')}` +
    `${String(rng.int(1, 999)).padStart(3, '0')}`;
  const key = String(97 - Number(BigInt(body) % 97n)).padStart(2, '0');
  const full = `${body}${key}`;
  return rng.chance(0.6)
    ? `${full[0]} ${full.slice(1, 3)} ${full.slice(3, 5)} ${full.slice(5, 7)} ${full.slice(7, 10)} ${full.slice(10, 13)} ${full.slice(13)}`
    : full;
}

function dutchBsn(rng: Rng): string {
  const valid = (v: string) => validator('NL', 'bsn').validate(v).isValid;
  for (;;) {
    const full = checkDigit(`${rng.int(1, 9)}${rng.digits(7)}`, valid);
    if (full) return full;
  }
}

function spanishId(rng: Rng): string {
  if (rng.chance(0.25)) {
    const prefix = rng.int(0, 2);
    const n = rng.digits(7);
    return `${'XYZ'[prefix]}${n}${DNI_LETTERS[Number(`${prefix}${n}`) % 23]}`;
  }
  const n = `${rng.int(1, 9)}${rng.digits(7)}`;
  return `${n}${rng.chance(0.2) ? '-' : ''}${DNI_LETTERS[Number(n) % 23]}`;
}

function aadhaar(rng: Rng): string {
  const valid = (v: string) => validator('IN', 'aadhaar').validate(v).isValid;
  for (;;) {
    const full = checkDigit(`${rng.int(2, 9)}${rng.digits(10)}`, valid);
    if (full) return rng.chance(0.7) ? full.replace(/(\d{4})(?=\d)/g, '$1 ') : full;
  }
}

/** A person's PAN: the fourth letter P (individual), the fifth the surname's initial. */
export function personalPan(rng: Rng, surname: string): string {
  const initial = /^[A-Za-z]/.test(surname) ? surname.charAt(0).toUpperCase() : letter(rng);
  return `${letter(rng)}${letter(rng)}${letter(rng)}P${initial}${rng.digits(4)}${letter(rng)}`;
}

function itin(rng: Rng): string {
  const group = rng.pick([rng.int(50, 65), rng.int(70, 88), rng.int(90, 92), rng.int(94, 99)]);
  return `9${rng.digits(2)}-${group}-${rng.digits(4)}`;
}

/** A person's tax or national number with the label the locale's forms print beside it. */
export function personalTaxId(
  rng: Rng,
  locale: Locale,
  surname = '',
): { readonly label: string; readonly value: Pii } {
  const id = (label: string, value: string) => ({ label, value: pii('TAX_ID', value) });
  switch (locale) {
    case 'en_US':
      return id(rng.pick(['ITIN', 'Taxpayer ID (ITIN)', 'Individual Taxpayer ID']), itin(rng));
    case 'en_GB':
      return id(rng.pick(['NI number', 'National Insurance No.', 'NINO']), ukNino(rng));
    case 'en_IN':
      return rng.chance(0.6)
        ? id(rng.pick(['PAN', 'PAN No.', 'Permanent Account Number']), personalPan(rng, surname))
        : id(rng.pick(['Aadhaar No.', 'Aadhaar', 'UID']), aadhaar(rng));
    case 'de':
      return id(
        rng.pick(['Steuer-ID', 'Steuerliche Identifikationsnummer', 'IdNr.']),
        steuerId(rng),
      );
    case 'fr':
      return id(rng.pick(['N° de sécurité sociale', 'NIR', 'N° INSEE']), frenchNir(rng));
    case 'nl':
      return id(rng.pick(['BSN', 'Burgerservicenummer', 'BSN-nummer']), dutchBsn(rng));
    case 'es':
      return id(rng.pick(['DNI', 'NIF', 'DNI/NIE']), spanishId(rng));
  }
}
