/**
 * Checks on a phone candidate that no region's numbering metadata makes: amounts, dates, SSNs,
 * IP addresses, house numbers, parts of longer codes, and numbers labelled as something else.
 */
import { STREET_TYPES_AFTER, STREET_TYPES_BEFORE } from '../../domain/vocabulary.js';
import { followsIbanPrefix } from './ibanPrefix.js';
import { nearestLabel } from '../nearestLabel.js';
import { PHONE_LABEL_VOCABULARY } from './phoneLabels.js';
import { lineAround } from '../lineIndex.js';

const CURRENCY_BEFORE = /[$€£₹¥]\s?$/;
const DATE_SHAPE = /^(?:\d{1,4}[-./]\d{1,2}[-./]\d{1,4})$/;
const SSN_SHAPE = /^\d{3}([- ])\d{2}\1\d{4}$/;
const IPV4_SHAPE = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const ZIP_PLUS_FOUR = /^\d{5}-\d{4}$/;
/**
 * A US employer identification number's shape, "12-3456789": no country writes a phone in two
 * digits and seven without a trunk 0 (Israel's "03-1234567" has one); none of 4,962 gold phones of
 * the generator and presidio-synth-v2 is one. A W-2's EIN field, read without its label, is not a
 * phone.
 */
const EIN_SHAPE = /^[1-9]\d-\d{7}$/;
/** A date inside the candidate: "2019-04-27 13.896,65", "05.2026 793,81", "12-02-2022 184,26". */
const DATE_INSIDE =
  /(?<!\d)(?:(?:19|20)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])|(?:0?[1-9]|[12]\d|3[01])[-./](?:0?[1-9]|1[0-2])[-./](?:19|20)\d{2}|(?:0?[1-9]|1[0-2])[./](?:19|20)\d{2})(?!\d)/;
/** Two dates joined by a dash, "01.05.14-31.05.14" or "01/05/2014 – 31/05/2014": a period. */
const SHORT_DATE = String.raw`(?:0?[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])[./](?:\d{2}|\d{4})`;
const DATE_RANGE = new RegExp(`${SHORT_DATE}\\s?[-–]\\s?${SHORT_DATE}`);
/** A decimal's point right before: "12.|345678901", or a lone zero's comma "-0,|030716119". */
const DECIMAL_POINT_BEFORE = /(?:\d\.|(?:^|[^\d,;])0,)$/;
/** A journal's volume, year and pages, "31 (2018) 212-219": a reference, not a number to call. */
const VOLUME_YEAR_PAGES = /^(?:\d{1,4}\s?)?\((?:19|20)\d\d\)\s?(\d{1,5})\s?[-–]\s?(\d{1,5})$/;

function isVolumeYearPages(value: string): boolean {
  const m = VOLUME_YEAR_PAGES.exec(value);
  if (!m) return false;
  const first = Number(m[1]);
  const last = Number(m[2]);
  // Pages run forward, and an article is short: a number's two groups seldom do both.
  return last > first && last - first < 200;
}

/** Two years joined by a dash, "2013 - 2022" or "1998–2004": a period, not a number to call. */
const YEAR_RANGE = /^(?:19|20)\d\d\s*[-–]\s*(?:19|20)\d\d$/;

/** The run of digits, dots, slashes and dashes the candidate sits in, on its own line. */
function numericRunAround(text: string, start: number, end: number): string {
  let from = start;
  let to = end;
  while (from > 0 && /[\d./\-– ]/.test(text[from - 1] ?? '')) from--;
  while (to < text.length && /[\d./\-– ]/.test(text[to] ?? '')) to++;
  return text.slice(from, to);
}

/** Table columns, not one number: a tab or a wide gap between groups. */
const COLUMN_GAP = /\t| {3,}/;
const MONTHS = new Set(
  (
    'jan january feb february mar march apr april may jun june jul july aug august sep sept september ' +
    'oct october nov november dec december enero febrero marzo abril mayo junio julio agosto ' +
    'septiembre octubre noviembre diciembre janvier février mars avril mai juin juillet août ' +
    'septembre octobre novembre décembre januar februar märz juni juli oktober dezember'
  ).split(' '),
);
/** A number followed by a street name is a house number: "1203 45 Elm St", "88 12 Rue …". */
const STREET_AFTER = new RegExp(
  `^[ \\t]+(?:(?:\\p{Lu}[\\p{L}'-]*\\.?[ \\t]+){1,3}(?:${[...STREET_TYPES_AFTER, 'Suite', 'Apt'].join('|')})\\b|(?:${STREET_TYPES_BEFORE.join('|')})\\b)`,
  'u',
);

export function digitCount(value: string): number {
  return value.replace(/\D/g, '').length;
}

/** An amount in the same row after the number: an account or reference column, not a phone. */
const AMOUNT_AFTER =
  /^[ \t|]+(?:(?:[$€£₹¥]|(?:INR|USD|EUR|GBP|CHF|Rs\.?)\s?)\s?\d[\d,. ]*|\d{1,3}(?:[,. ]\d{2,3})+[.,]\d{2}(?!\d))/;

/** "27 août 2020  19 838,46", "10-475736 9 de mayo": a month name next to it makes it a date. */
function besideMonthName(text: string, start: number, end: number): boolean {
  const before = /([\p{L}]+)\.?\s+$/u.exec(text.slice(Math.max(0, start - 16), start));
  const after = /^[.\-\s]+(?:de\s+)?([\p{L}]+)/u.exec(text.slice(end, end + 16));
  return [before?.[1], after?.[1]].some((w) => w !== undefined && MONTHS.has(w.toLowerCase()));
}

/** Single digits, each one more (or one less) than the last, 9 then 0 too: "1 2 3 … 9 0". */
function isCounting(value: string): boolean {
  if (!/^\d(?:\s\d)+$/u.test(value)) return false;
  const digits = value.replace(/\s/gu, '');
  const step = (i: number) => (Number(digits[i]) - Number(digits[i - 1]) + 10) % 10;
  const first = step(1);
  if (first !== 1 && first !== 9) return false;
  for (let i = 2; i < digits.length; i++) if (step(i) !== first) return false;
  return true;
}

export function isPlausiblePhone(text: string, start: number, end: number): boolean {
  const value = text.slice(start, end);
  const international = value.startsWith('+');
  const digits = digitCount(value.replace(/(?:ext?\.?|x)\s*\d+$/i, ''));
  if (digits < 7 || digits > 15) return false;
  if (DATE_SHAPE.test(value) || SSN_SHAPE.test(value) || IPV4_SHAPE.test(value)) return false;
  if (YEAR_RANGE.test(value.trim())) return false;
  if (
    !international &&
    isVolumeYearPages(value.trim()) &&
    nearestLabel(text, start, PHONE_LABEL_VOCABULARY) !== 'own'
  ) {
    return false;
  }
  if (ZIP_PLUS_FOUR.test(value) || COLUMN_GAP.test(value)) return false;
  if (!international && DATE_INSIDE.test(value)) return false;
  // A date range is never a phone, whichever part of it libphonenumber picked up.
  if (!international && DATE_RANGE.test(numericRunAround(text, start, end))) return false;
  // Phones never hold a comma; amounts do ("793,81").
  if (value.includes(',')) return false;
  // No national number is 13+ digits in one run: that is a card or account number.
  if (!international && /\d{13,}/.test(value)) return false;
  if (followsIbanPrefix(text, start)) return false;
  // "GB 466 4943 09": a country prefix glued before a national number marks a VAT or tax ID.
  if (
    !international &&
    /(?:^|[^\p{L}])(?!PH)[A-Z]{2} $/u.test(text.slice(Math.max(0, start - 4), start))
  ) {
    return false;
  }
  if (besideMonthName(text, start, end)) return false;
  // A row of amounts ("42.00 0.00 15.00"): decimals separated by spaces; phones use one kind of separator.
  if (!international && /\d\.\d{2}(?!\d)/.test(value) && /\d\s+\d/.test(value)) return false;
  if (!international && STREET_AFTER.test(text.slice(end, end + 48))) return false;
  if (AMOUNT_AFTER.test(text.slice(end, Math.min(end + 40, lineAround(text, end).end)))) {
    return false;
  }
  if (CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 2), start))) return false;
  // A company registration number's check letter follows: "(102345678-W)", "725100-V" (none of
  // 5,235 gold phones of the generator and presidio-synth-v2 is followed by one).
  if (/^-[A-Z](?![\p{L}\p{N}])/u.test(text.slice(end, end + 3))) return false;
  // An amount or code continues: "1234567.89", "12 345 678,00", "ABC1234567".
  if (/^[.,]\d/.test(text.slice(end, end + 2))) return false;
  // A decimal fraction, or its digits after the point: "0.285021097", "-0.030716119",
  // "0,285021097" (a table of coefficients or rates), or a row that holds one ("3 0.0271 0.1845").
  // No phone is written with a lone zero and a point. A comma after a whole field
  // ("Smith,42,0612345678") separates values: the phone stays.
  if (
    !international &&
    (/(?:^|[^\d.])0\.\d/.test(value) ||
      DECIMAL_POINT_BEFORE.test(text.slice(Math.max(0, start - 3), start)))
  ) {
    return false;
  }
  // Glued to what precedes it, a number is part of a code ("ABC1234567"), except a number in a
  // phone's grouping after a lower-case word: extraction drops the space ("Phone415-555-0132").
  const before = text.slice(Math.max(0, start - 1), start);
  if (/[\p{L}\d/]$/u.test(before)) {
    const glued = /\p{Ll}$/u.test(before) && /^\(?\d{2,4}\)?[-. ]\d{3,4}[-. ]\d{3,4}$/.test(value);
    if (!glued) return false;
  }
  if (/^[\p{L}\d]/u.test(text.slice(end, end + 1))) return false;
  const label = nearestLabel(text, start, PHONE_LABEL_VOCABULARY);
  // Counting, digit by digit ("1 2 3 4 5 6 7 8 9": a ruler, a table's column numbers), is a
  // phone only under a phone label. Other digits one by one stay phones: spacing each digit is
  // how a number is disguised, and a form's boxes print it so.
  if (isCounting(value) && label !== 'own') return false;
  if (EIN_SHAPE.test(value) && label !== 'own') return false;
  return label !== 'other';
}
