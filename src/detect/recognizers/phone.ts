/**
 * PHONE: telephone and fax numbers in national and international formats, found by
 * libphonenumber-js (full metadata). Numbers with a country code are judged on their own;
 * national numbers are tried against the home regions of our documents. A number valid for
 * one of those regions scores high; one that is merely of possible length needs phone-like
 * grouping or context. Amounts, dates, SSNs, invoice, account and IBAN fragments are rejected
 * (phonePlausibility.ts).
 */
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';
import type { Candidate } from '../patternRecognizer.js';
import { definePatternRecognizer } from '../patternRecognizer.js';
import { isLikelyCardNumber } from './cardBrands.js';
import { cardNumberCandidates } from './cardNumberCandidates.js';
import { nearestLabel } from '../nearestLabel.js';
import { PHONE_CONTEXT, PHONE_LABEL_VOCABULARY } from './phoneLabels.js';
import { digitCount, isPlausiblePhone } from './phonePlausibility.js';

/**
 * US/GB/IN, where most of our documents come from, are tried with "possible" leniency (Faker and
 * real documents print many numbers with unassigned area codes). The other regions' metadata
 * admits short numbers of many lengths, so for them only valid numbers count, or "possible"
 * would swallow dates and codes.
 */
const POSSIBLE_REGIONS: readonly CountryCode[] = ['US', 'GB', 'IN'];
const VALID_REGIONS: readonly CountryCode[] = [
  'US',
  'GB',
  'IN',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'AU',
  'CA',
  'NZ',
  'CN',
];

const SCORE_VALID = 0.75;
/** A national number this short ("467 3395") is as often a code or amount: it needs context. */
const SCORE_SHORT = 0.4;
const SHORT_NATIONAL_DIGITS = 8;
const SCORE_POSSIBLE_GROUPED = 0.55;
const SCORE_POSSIBLE_BARE = 0.3;

/** "+41 (0)85 …": the national part is found on its own when the whole fails validation. */
const COUNTRY_CODE_BEFORE = /\(?\+\d{1,3}\)?[ \t.-]?$/;

/**
 * Card numbers and 13+ digit runs are never phone numbers, but a phone printed right before one
 * ("+34 915 355 690 4480916201758198") makes libphonenumber try the whole run and give up.
 * Blanking them first (same length, so offsets hold) frees the phone.
 */
function blankCardNumbers(text: string): string {
  const chars = text.split('');
  const blank = (start: number, end: number): void => {
    for (let i = start; i < end; i++) if (chars[i] !== '\n') chars[i] = ' ';
  };
  for (const c of cardNumberCandidates(text, 0)) {
    if (isLikelyCardNumber(text.slice(c.start, c.end).replace(/\D/g, ''))) blank(c.start, c.end);
  }
  for (const m of text.matchAll(/(?<![+\d])\d{13,}/g)) blank(m.index, m.index + m[0].length);
  return chars.join('');
}

function dropUnbalancedBracket(text: string, start: number, end: number): [number, number] {
  const value = text.slice(start, end);
  const opens = value.split('(').length - 1;
  const closes = value.split(')').length - 1;
  if (opens > closes && value.startsWith('(')) return [start + 1, end];
  if (closes > opens && value.endsWith(')')) return [start, end - 1];
  return [start, end];
}

/** Separators in a phone-like arrangement: a +, parentheses, or at least three groups. */
function looksGrouped(value: string): boolean {
  return /^\+/.test(value) || /\(\d+\)/.test(value) || /\d[\s.\-/]+\d+[\s.\-/]+\d/.test(value);
}

/** Digits only, no +, brackets or separators: as likely an ID as a phone unless it is long. */
function isBareDigits(value: string): boolean {
  return /^\d+$/.test(value);
}

function isShortNational(value: string): boolean {
  return !value.startsWith('+') && digitCount(value) <= SHORT_NATIONAL_DIGITS;
}

/**
 * libphonenumber's matcher reads "76570, 920 368 6782" and "SSN 602 50 3711   807 252 8487" as
 * one failed candidate and loses the phone. Commas, semicolons, tabs and wide gaps separate
 * values, so they become a bar (same length) before matching.
 */
function separateValues(text: string): string {
  return text.replace(/[,;\t]/g, '|').replace(/ {3,}/g, (gap) => ` ${'|'.repeat(gap.length - 2)} `);
}

/**
 * Stretches of digits and phone punctuation with at least seven digits. The matcher runs on
 * these alone: scanning every document once per region with libphonenumber's own pattern was
 * over 90% of detection time, and nothing outside such a stretch can be a phone number.
 */
const PHONE_STRETCH =
  /(?:\(\+|[+(])?[\d(][\d ().\-/\u00a0]{4,}\d(?: ?(?:x|ext\.?|extn\.?) ?\d{1,6})?/g;

function* phoneStretches(text: string): Generator<{ start: number; value: string }> {
  for (const m of text.matchAll(PHONE_STRETCH)) {
    if (digitCount(m[0]) >= 7) yield { start: m.index, value: m[0] };
  }
}

function findPhones(original: string): Candidate[] {
  const withoutCards = /\d{12}|\d{4}\D{1,2}\d{4}\D{1,2}\d{4}/.test(original)
    ? blankCardNumbers(original)
    : original;
  const text = separateValues(withoutCards);
  const found = new Map<string, Candidate>();
  const keep = (matchStart: number, matchEnd: number, score: number): void => {
    // "(+1 (771) 226-4583)" in prose: libphonenumber keeps one bracket of the pair around it.
    const [foundAt, end] = dropUnbalancedBracket(text, matchStart, matchEnd);
    const prefix = COUNTRY_CODE_BEFORE.exec(text.slice(Math.max(0, foundAt - 8), foundAt));
    const start = prefix ? foundAt - prefix[0].length : foundAt;
    const key = `${start}:${end}`;
    const previous = found.get(key);
    if (!previous || previous.score < score) found.set(key, { start, end, score });
  };
  for (const stretch of phoneStretches(text)) {
    for (const m of matchesInStretch(stretch.value)) {
      keep(stretch.start + m.startsAt, stretch.start + m.endsAt, m.score);
    }
  }
  return [...found.values()];
}

interface StretchMatch {
  readonly startsAt: number;
  readonly endsAt: number;
  readonly score: number;
}

/**
 * Matches depend on the stretch alone, and documents repeat stretches (their own numbers, dates,
 * reference formats), so they are remembered; the cache is simply emptied when it fills.
 */
const stretchCache = new Map<string, readonly StretchMatch[]>();
const STRETCH_CACHE_SIZE = 4096;

/** Empties the stretch cache, so a benchmark's every round starts cold. */
export function clearPhoneStretchCache(): void {
  stretchCache.clear();
}

function matchesInStretch(value: string): readonly StretchMatch[] {
  let matches = stretchCache.get(value);
  if (matches === undefined) {
    if (stretchCache.size >= STRETCH_CACHE_SIZE) stretchCache.clear();
    matches = findInStretch(value);
    stretchCache.set(value, matches);
  }
  return matches;
}

/**
 * Tries the stretch against each region. A valid match covering the whole stretch cannot be
 * bettered, so the search stops there: most stretches are one whole phone number, and this
 * keeps libphonenumber to one or two parses for them.
 */
function findInStretch(stretch: string): StretchMatch[] {
  const found: StretchMatch[] = [];
  for (const region of VALID_REGIONS) {
    const home = POSSIBLE_REGIONS.includes(region);
    let wholeStretch = false;
    for (const m of findPhoneNumbersInText(stretch, { defaultCountry: region })) {
      const value = stretch.slice(m.startsAt, m.endsAt);
      // A bare digit run is as likely an ID ("214234989" is a valid number in Spain and an SSN)
      // unless it carries a trunk prefix ("0636431122") or is a full home-region number.
      const trunk = value.startsWith('0') && value.length >= 9;
      const bareWeak = isBareDigits(value) && !trunk && !(home && value.length >= 10);
      const weak = isShortNational(value) || bareWeak;
      found.push({
        startsAt: m.startsAt,
        endsAt: m.endsAt,
        score: weak ? SCORE_SHORT : SCORE_VALID,
      });
      wholeStretch ||= !weak && m.startsAt === 0 && m.endsAt === stretch.length;
    }
    if (wholeStretch) return found;
  }
  for (const region of POSSIBLE_REGIONS) {
    const options = { defaultCountry: region, extended: true } as const;
    for (const m of findPhoneNumbersInText(stretch, options)) {
      const value = stretch.slice(m.startsAt, m.endsAt);
      const grouped = looksGrouped(value) && !isShortNational(value);
      const score = grouped ? SCORE_POSSIBLE_GROUPED : SCORE_POSSIBLE_BARE;
      found.push({ startsAt: m.startsAt, endsAt: m.endsAt, score });
    }
  }
  return found;
}

export const phoneRecognizer = definePatternRecognizer({
  name: 'phone',
  type: 'PHONE',
  find: findPhones,
  context: PHONE_CONTEXT,
  validate: (_value, candidate, text) => {
    if (!isPlausiblePhone(text, candidate.start, candidate.end)) return false;
    // Printed right under a phone label ("T: 0636431122", "D: 951051616"): as good as context.
    const labelled = nearestLabel(text, candidate.start, PHONE_LABEL_VOCABULARY) === 'own';
    return labelled ? Math.max(candidate.score, SCORE_VALID) : true;
  },
});
