/**
 * Every occurrence of a detected value: once "Max Murray" is found in one sentence, the same
 * name in the next is redacted too (LABELS.md: leak rate comes first). Occurrences are found
 * case-insensitively, as whole words, across line breaks and spacing (src/domain/valueMatching);
 * a person's full name also gives its surname after a title ("Dr. Donnelly"), and a possessive
 * ("Murray's") keeps only the name, as every span does; a long number is found without its
 * separators and inside longer words, an address's street line alone. Copies carry their
 * origin's type, score and origin, with source `propagated`: rejecting the origin in a review
 * rejects its copies.
 *
 * Guards keep a model's single-word guess from spreading into ordinary words: a one-word value
 * needs three letters or digits (a model's: four, and not a short code in capitals), and if it
 * is capitalised ("Bonds", "Glacier") its copies must be capitalised too, so "bonds" in a
 * sentence stays.
 */
import { STREET_TYPES_AFTER, titleBefore } from '../domain/vocabulary.js';
import { AREA_TYPE } from '../domain/reviewDecisions.js';
import { firstEndingAfter, type Span } from '../domain/span.js';
import {
  capitalisedAt,
  onlyCapitalisedCopies,
  spreadsToOtherOccurrences,
  ValueIndex,
} from '../domain/valueMatching.js';

/** A value found in this document or, with batch propagation, in another file of the run. */
export interface PropagationValue<O = unknown> {
  readonly text: string;
  readonly type: string;
  readonly score: number;
  /** Carried to each copy; undefined for a value found in another file. */
  readonly origin?: O;
  /** A short name the document defines for a value it holds ("(RIL)"): distinctive by that. */
  readonly defined?: boolean;
}

const PERSON_TYPES = new Set(['NAME']);

/**
 * Numbers printed with separators in one place and without in another: a payment slip's
 * "5203841-06" is "520384106" in its barcode's payload and its MICR line. Eight digits or more,
 * so a run of digits that matches by chance is as unlikely as the identifier itself.
 */
const NUMBER_TYPES = new Set(['SSN', 'CREDIT_CARD', 'PHONE', 'BANK_ACCOUNT', 'TAX_ID']);
const MIN_BARE_DIGITS = 8;

/** The digits of a number (separators allowed), or null when it is not one or is short. */
function digitsOfNumber(value: string): string | null {
  if (!/^\+?\d[\d\s./-]*\d$/u.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  return digits.length >= MIN_BARE_DIGITS ? digits : null;
}

/**
 * Words holding a detected number inside a longer run of digits or letters: a payment slip's
 * barcode payload "HWLAC52038410670000042027" carries the account number 5203841-06. The
 * word gives the number away, so the whole word is redacted (with its code, in a copy).
 */
function wordsHoldingNumbers<O>(
  text: string,
  values: readonly PropagationValue<O>[],
): { start: number; end: number; value: PropagationValue<O> }[] {
  const byDigits = new Map<string, PropagationValue<O>>();
  for (const v of values) {
    const digits = NUMBER_TYPES.has(v.type) ? digitsOfNumber(v.text.trim()) : null;
    if (digits && !byDigits.has(digits)) byDigits.set(digits, v);
  }
  if (byDigits.size === 0) return [];
  const lengths = [...new Set([...byDigits.keys()].map((d) => d.length))];
  const found: { start: number; end: number; value: PropagationValue<O> }[] = [];
  for (const word of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (word[0].length <= MIN_BARE_DIGITS) continue;
    search: for (const run of word[0].matchAll(/\d{8,}/g)) {
      for (const length of lengths) {
        for (let i = 0; i + length <= run[0].length; i++) {
          const value = byDigits.get(run[0].slice(i, i + length));
          // The number on its own is a whole-word occurrence, found as one.
          if (value && length < word[0].length) {
            found.push({ start: word.index, end: word.index + word[0].length, value });
            break search;
          }
        }
      }
    }
  }
  return found;
}

/**
 * The street line an address starts with ("2 Elm St" of "2 Elm St Millbrook"): a bill
 * repeats it alone as payment particulars. House number, one to three capitalised words and a
 * street type, so "2 Elm" or a town alone is never spread.
 */
const STREET_LINE = new RegExp(
  `^\\d+[A-Za-z]?(?:[-/]\\d+[A-Za-z]?)?,?\\s+(?:\\p{Lu}[\\p{L}'’-]*\\s+){1,3}(?:${STREET_TYPES_AFTER.join('|')})\\.?(?=[\\s,]|$)`,
  'u',
);

/** The street line of an address value that goes on past it, or null. */
function streetLine(address: string): string | null {
  const line = STREET_LINE.exec(address)?.[0].replace(/\.$/, '');
  return line && address.length > line.length + 1 ? line : null;
}

function substance(value: string): number {
  return value.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

function startsUpper(value: string): boolean {
  return /^\p{Lu}/u.test(value);
}

interface Known<O> {
  readonly value: PropagationValue<O>;
  /** Copies must start with a capital (one capitalised word). */
  readonly capitalised: boolean;
  /** A surname: only after a title. */
  readonly afterTitle: boolean;
}

function indexOf<O>(values: readonly PropagationValue<O>[]): ValueIndex<Known<O>> {
  const index = new ValueIndex<Known<O>>();
  const surnames = new Set<string>();
  for (const v of values) {
    if (v.type === AREA_TYPE) continue;
    const text = v.text.trim();
    const oneWord = !/\s/.test(text);
    if (substance(text) < (oneWord ? 3 : 2)) continue;
    if (!v.defined && !spreadsToOtherOccurrences(v.type, text)) continue;
    index.add(text, { value: v, capitalised: onlyCapitalisedCopies(text), afterTitle: false });
    // Written with separators: its bare digits are another way to print it.
    const digits = NUMBER_TYPES.has(v.type) && /[\s./-]/u.test(text) ? digitsOfNumber(text) : null;
    if (digits) index.add(digits, { value: v, capitalised: false, afterTitle: false });
    const street = v.type === 'ADDRESS' ? streetLine(text) : null;
    if (street)
      index.add(street, { value: { ...v, text: street }, capitalised: false, afterTitle: false });
    if (PERSON_TYPES.has(v.type) && !oneWord) {
      const surname = text.split(/\s+/).at(-1) ?? '';
      const key = surname.toLowerCase();
      if (substance(surname) >= 2 && startsUpper(surname) && !surnames.has(key)) {
        surnames.add(key);
        index.add(surname, { value: { ...v, text: surname }, capitalised: true, afterTitle: true });
      }
    }
  }
  return index;
}

/** True when `[start, end)` lies inside one of `spans` (sorted, non-overlapping). */
function covered(spans: readonly Span[], start: number, end: number): boolean {
  const s = spans[firstEndingAfter(spans, start)];
  return s !== undefined && s.start <= start && end <= s.end;
}

/**
 * Copies of `values` at their other occurrences in `text`: those not already inside one of
 * `redacted` (the document's merged spans, sorted and non-overlapping).
 */
export function propagateValues<O>(
  text: string,
  values: readonly PropagationValue<O>[],
  redacted: readonly Span[],
): (Span & { origin?: O })[] {
  const index = indexOf(values);
  const matches = index.find(text, ({ start, tag }) => {
    if (tag.capitalised && !capitalisedAt(text, start)) return false;
    return !tag.afterTitle || titleBefore(text, start);
  });
  const copies: (Span & { origin?: O })[] = [];
  const occurrences = [
    ...matches.map(({ start, end, tag }) => ({ start, end, value: tag.value })),
    ...wordsHoldingNumbers(text, values).filter(
      // A word the whole-value matches already reached is not found twice.
      (w) => !matches.some((m) => m.start < w.end && w.start < m.end),
    ),
  ];
  for (const { start, end, value } of occurrences) {
    if (covered(redacted, start, end)) continue;
    const { type, score, origin } = value;
    copies.push({
      start,
      end,
      type,
      score,
      source: 'propagated',
      text: text.slice(start, end),
      ...(origin === undefined ? {} : { origin }),
    });
  }
  return copies;
}
