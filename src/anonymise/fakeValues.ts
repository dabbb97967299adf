/**
 * Realistic substitutes for `--placeholders fake`: a name for a name, a company with a legal
 * suffix, an address in the document's country format, a Luhn-valid card of the same brand and
 * length, an SSN from the never-issued 9XX range, reserved example.* e-mails and URLs, phones in
 * the fictional ranges countries reserve (US 555-01XX, UK Ofcom drama numbers, France 01 99 00),
 * an IBAN of the same country with valid check digits, other numbers in the same shape. Each fake
 * is drawn from a generator seeded by the run's seed and the value's position in the run — never
 * computed from the value — so the same run and seed give the same fakes and nothing in a fake
 * leads back to its original.
 */
import { fakeLegalForms } from '../domain/vocabulary.js';
import { luhnCheckDigit } from '../domain/luhn.js';
import {
  Faker,
  base,
  de,
  en,
  en_GB,
  en_IN,
  en_US,
  es,
  fr,
  nl,
  type LocaleDefinition,
} from '@faker-js/faker';
import { isValidIBAN } from 'ibantools';
import type { FakeLocale } from './documentLocale.js';
import { startsLikeIban } from '../domain/ibanShape.js';

const LOCALES: Readonly<Record<FakeLocale, LocaleDefinition>> = {
  en_US,
  en_GB,
  en_IN,
  de,
  fr,
  nl,
  es,
};
/** Instances of our own: seeding them cannot disturb another user of faker's shared ones. */
const FAKERS = new Map<FakeLocale, Faker>();

const LEGAL_SUFFIX: Readonly<Record<FakeLocale, readonly string[]>> = {
  en_US: fakeLegalForms('en_US'),
  en_GB: fakeLegalForms('en_GB'),
  en_IN: fakeLegalForms('en_IN'),
  de: fakeLegalForms('de'),
  fr: fakeLegalForms('fr'),
  nl: fakeLegalForms('nl'),
  es: fakeLegalForms('es'),
};

/** Checks that a substitute is of the same kind as its original (a tax number's check rule). */
export type SameKind = (type: string, original: string, candidate: string) => boolean;

/** A small seeded generator for shapes and digits; faker does the words. */
class Draw {
  constructor(readonly faker: Faker) {}
  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }
  digit(): string {
    return String(this.int(0, 9));
  }
  pick<T>(items: readonly T[]): T {
    return this.faker.helpers.arrayElement(items as T[]);
  }
}

/** Each letter and digit replaced by a random one of its kind; case, separators and length kept. */
function sameShape(d: Draw, original: string, keepLeading = 0): string {
  let out = '';
  let seen = 0;
  for (const ch of original) {
    if (/\p{N}/u.test(ch) || /\p{L}/u.test(ch)) seen++;
    if (seen <= keepLeading && /[\p{L}\p{N}]/u.test(ch)) out += ch;
    else if (/\d/.test(ch)) out += d.digit();
    else if (/\p{Lu}/u.test(ch)) out += String.fromCharCode(65 + d.int(0, 25));
    else if (/\p{Ll}/u.test(ch)) out += String.fromCharCode(97 + d.int(0, 25));
    else out += ch;
  }
  return out;
}

function casedLike(original: string, value: string): string {
  const letters = original.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase()) return value.toUpperCase();
  return value;
}

function fakeName(d: Draw, original: string): string {
  const words = original.trim().split(/\s+/).length;
  const f = d.faker.person;
  const value = words <= 1 ? f.lastName() : `${f.firstName()} ${f.lastName()}`;
  return casedLike(original, value);
}

function fakeCompany(d: Draw, locale: FakeLocale, original: string): string {
  const base = d.faker.company.name().replace(/,?\s+(?:Inc|LLC|Ltd|Group|and Sons)\.?$/i, '');
  return casedLike(original, `${base} ${d.pick(LEGAL_SUFFIX[locale])}`);
}

function fakeAddress(d: Draw, original: string): string {
  const l = d.faker.location;
  const lines = original.split('\n').length;
  const street = l.streetAddress();
  const town = `${l.zipCode()} ${l.city()}`;
  return casedLike(original, lines > 1 ? `${street}\n${town}` : `${street}, ${town}`);
}

/** A card number of the original's brand prefix and length, Luhn-valid, printed the same way. */
function fakeCardNumber(d: Draw, original: string): string {
  const digits = original.replace(/\D/g, '');
  const prefixLength = digits.startsWith('4') ? 1 : 2;
  let body = digits.slice(0, prefixLength);
  while (body.length < digits.length - 1) body += d.digit();
  const number = body + luhnCheckDigit(body);
  let i = 0;
  return original.replace(/\d/g, () => number[i++] ?? '0');
}

const CARD_NUMBER = /\d(?:[ -]?\d){11,18}/;
/** Words of a printed card block that are labels, not the holder. */
const CARD_WORDS = new Set(
  'visa mastercard master card amex american express discover maestro jcb diners rupay unionpay credit debit card number no expiry expires exp valid thru until from cvc cvv cvv2 security code name holder cardholder'.split(
    ' ',
  ),
);

/** A card block: a fake number, fresh digits for dates and codes, fake words for the holder. */
function fakeCard(d: Draw, original: string): string {
  const match = CARD_NUMBER.exec(original);
  if (match && match[0].length === original.trim().length) return fakeCardNumber(d, original);
  const number = match ? fakeCardNumber(d, match[0]) : '';
  const before = match ? original.slice(0, match.index) : original;
  const after = match ? original.slice(match.index + match[0].length) : '';
  const other = (part: string) =>
    part
      .replace(/\p{L}+/gu, (w) =>
        CARD_WORDS.has(w.toLowerCase()) ? w : casedLike(w, d.faker.person.lastName()),
      )
      .replace(/\d/g, () => d.digit());
  return `${other(before)}${number}${other(after)}`;
}

function fakeSsn(d: Draw, original: string): string {
  // 9XX with a middle group outside the ITIN ranges: neither an SSN nor an ITIN anyone holds.
  const digits = `9${d.digit()}${d.digit()}${String(d.int(0, 49)).padStart(2, '0')}${d.digit()}${d.digit()}${d.digit()}${d.digit()}`;
  let i = 0;
  return original.replace(/\d/g, () => digits[i++] ?? '0');
}

function fakeEmail(d: Draw): string {
  const f = d.faker.person;
  const local = `${f.firstName()}.${f.lastName()}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z.]/g, '');
  return `${local || 'contact'}${d.int(1, 99)}@${d.pick(['example.com', 'example.org', 'example.net'])}`;
}

function fakeUrl(d: Draw, original: string): string {
  const scheme = /^https?:\/\//i.exec(original)?.[0] ?? '';
  const www = /^(?:https?:\/\/)?www\./i.test(original) ? 'www.' : '';
  const path = /^(?:https?:\/\/)?[^/]+(\/.*)$/.exec(original)?.[1];
  const slug = d.faker.lorem.slug(2);
  return `${scheme}${www}${slug}.${d.pick(['example.com', 'example.org', 'example.net'])}${path ? `/${d.faker.lorem.slug(1)}` : ''}`;
}

/** A number in a range reserved for fiction, where the original's country has one. */
function fakePhone(d: Draw, original: string): string {
  const digits = original.replace(/\D/g, '');
  const d2 = () => `${d.digit()}${d.digit()}`;
  if (
    /^\+?1\b|^\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}$/.test(original.trim()) &&
    (digits.length === 10 || (digits.length === 11 && digits.startsWith('1')))
  ) {
    const area = `${d.int(2, 9)}${d.digit()}${d.digit()}`;
    const lead = original.trim().startsWith('+') ? '+1 ' : '';
    return `${lead}(${area}) 555-01${d2()}`;
  }
  if (/^\+44|^0[1-9]/.test(original.trim()) && digits.length >= 10 && digits.length <= 12) {
    const intl = original.trim().startsWith('+44');
    return d.pick([
      `${intl ? '+44 20' : '020'} 7946 0${d.digit()}${d2()}`,
      `${intl ? '+44 7700' : '07700'} 900${d.digit()}${d2()}`,
    ]);
  }
  if (/^\+33|^0[1-9]/.test(original.trim()) && (digits.length === 10 || digits.length === 11)) {
    const intl = original.trim().startsWith('+33');
    return `${intl ? '+33 1' : '01'} 99 00 ${d2()} ${d2()}`;
  }
  // No reserved range known: the same shape, country code kept.
  const code = /^\+\d{1,3}/.exec(original.trim())?.[0];
  return code
    ? `${code}${sameShape(d, original.trim().slice(code.length))}`
    : sameShape(d, original, 0);
}

/** An IBAN of the same country and BBAN shape whose check digits are valid. */
function fakeIban(d: Draw, original: string): string {
  const compact = original.replace(/[\s-]/g, '');
  const country = compact.slice(0, 2);
  for (let attempt = 0; attempt < 2000; attempt++) {
    const bban = sameShape(d, compact.slice(4));
    const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    let r = 0;
    for (const c of numeric) r = (r * 10 + Number(c)) % 97;
    const iban = `${country}${String(98 - r).padStart(2, '0')}${bban}`;
    if (!isValidIBAN(iban)) continue;
    let i = 0;
    return original.replace(/[A-Za-z0-9]/g, () => iban[i++] ?? '0');
  }
  return sameShape(d, original, 2);
}

export function fakeValue(
  faker: Faker,
  type: string,
  original: string,
  locale: FakeLocale,
  sameKind: SameKind,
): string {
  const d = new Draw(faker);
  switch (type) {
    case 'NAME':
      return fakeName(d, original);
    case 'COMPANY':
      return fakeCompany(d, locale, original);
    case 'ADDRESS':
      return fakeAddress(d, original);
    case 'CREDIT_CARD':
      return fakeCard(d, original);
    case 'SSN':
      return fakeSsn(d, original);
    case 'EMAIL':
      return fakeEmail(d);
    case 'URL':
      return fakeUrl(d, original);
    case 'PHONE':
      return fakePhone(d, original);
    case 'BANK_ACCOUNT':
      return startsLikeIban(original) ? fakeIban(d, original.trim()) : sameShape(d, original, 0);
    default: {
      // Tax numbers and a user's own types: the same shape, and the same check rule where one holds.
      for (let attempt = 0; attempt < 5000; attempt++) {
        const candidate = sameShape(d, original);
        if (sameKind(type, original, candidate)) return candidate;
      }
      return sameShape(d, original);
    }
  }
}

/** One fake from the run's seed and the draw's position (replacements.ts's `drawFake`). */
export function drawFake(
  draw: { seed: number; index: number; type: string; original: string; locale: FakeLocale },
  sameKind: SameKind,
): string {
  const faker = fakerFor(draw.locale);
  faker.seed([draw.seed, draw.index]);
  return fakeValue(faker, draw.type, draw.original, draw.locale, sameKind);
}

function fakerFor(locale: FakeLocale): Faker {
  let faker = FAKERS.get(locale);
  if (!faker) {
    faker = new Faker({ locale: [LOCALES[locale], en, base] });
    FAKERS.set(locale, faker);
  }
  return faker;
}
