/**
 * Every occurrence of a detected value: once "Max Murray" is found in one sentence, the same
 * name in the next is redacted too (LABELS.md: leak rate comes first). Occurrences are found
 * case-insensitively, as whole words, across line breaks and spacing (src/domain/valueMatching);
 * a person's full name also gives its surname after a title ("Dr. Donnelly"), and a possessive
 * ("Murray's") keeps only the name, as every span does. Copies carry their origin's type, score
 * and origin, with source `propagated`: rejecting the origin in a review rejects its copies.
 *
 * Two guards keep a model's single-word guess from spreading into ordinary words: a one-word
 * value needs three letters or digits, and if it is capitalised ("Bonds", "Glacier") its copies
 * must be capitalised too, so "bonds" in a sentence stays.
 */
import { AREA_TYPE } from '../domain/reviewDecisions.js';
import { firstEndingAfter, type Span } from '../domain/span.js';
import { onlyCapitalisedCopies, ValueIndex } from '../domain/valueMatching.js';

/** A value found in this document or, with batch propagation, in another file of the run. */
export interface PropagationValue<O = unknown> {
  readonly text: string;
  readonly type: string;
  readonly score: number;
  /** Carried to each copy; undefined for a value found in another file. */
  readonly origin?: O;
}

const TITLES = new Set(
  'mr mrs ms miss mx dr prof sir dame madam mme mlle herr frau dhr mevr sr sra srta shri smt'.split(
    ' ',
  ),
);
const PERSON_TYPES = new Set(['NAME']);

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
    index.add(text, { value: v, capitalised: onlyCapitalisedCopies(text), afterTitle: false });
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

/** "Dr. ", "Mr ", "Frau " right before `start`. */
function titleBefore(text: string, start: number): boolean {
  const m = /(?:^|[^\p{L}])(\p{L}+)\.?\s+$/u.exec(text.slice(Math.max(0, start - 12), start));
  return m !== null && TITLES.has((m[1] ?? '').toLowerCase());
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
  const matches = index.find(text, ({ start, end, tag }) => {
    if (tag.capitalised && !startsUpper(text.slice(start, end))) return false;
    return !tag.afterTitle || titleBefore(text, start);
  });
  const copies: (Span & { origin?: O })[] = [];
  for (const { start, end, tag } of matches) {
    if (covered(redacted, start, end)) continue;
    const { type, score, origin } = tag.value;
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
