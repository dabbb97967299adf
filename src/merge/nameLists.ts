/**
 * The people of a list, where the model found most of them: "Present: Anna Berg, Tom Hale,
 * Priya and Ole Lund", "They had 6: Matheus, Janet, Nicholas, Kevin, Brittany and Terri." Minutes'
 * attendees, a letter's copy list and a story's family are written so, and the model, reading a
 * list of given names, leaves one or two of them out. In a list of three items or more on one
 * line — capitalised items of one to three words, joined by commas and a last "and" (or "&",
 * "und", "et", "y", "en", "e", "og", "och") — where the detection found at least two items, and
 * at least half of them (at least two as a NAME, the others as a company, which the model calls
 * a given name at a list's end at times), the other items are names too: a value of the document,
 * found there and wherever else it is written. With one person found, an item is a name where the
 * document names that person whole elsewhere ("Fedor" of "Fedor Löchel"). An item that is an organisation's (a legal form, an
 * organisation's or a trade's word), a department, a title alone or holds a digit stays, and a
 * list holding an address or a number is left as it is.
 */
import { isDepartmentName } from '../domain/departmentNames.js';
import { hasOrganisationWord } from '../domain/organisationWords.js';
import { overlapping, type Span } from '../domain/span.js';
import { ENDS_IN_LEGAL_FORM, TITLE_WORDS } from '../domain/vocabulary.js';
import type { PropagationValue } from './propagateValues.js';

const WORD = String.raw`\p{Lu}[\p{L}\p{M}'’.-]*`;
const ITEM = String.raw`${WORD}(?:[ \t]+${WORD}){0,2}`;
const LAST_JOIN = String.raw`(?:,?[ \t]+(?:and|&|und|et|y|en|e|og|och)[ \t]+)`;
/** Three items or more: "A, B and C", "A, B, C, D", "A, B, C & D". */
const LIST = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${ITEM}(?:,[ \t]+${ITEM})+(?:${LAST_JOIN}${ITEM})?(?![\p{L}\p{N}])`,
  'gu',
);
const SEPARATOR = new RegExp(
  String.raw`,[ \t]+(?:(?:and|&|und|et|y|en|e|og|och)[ \t]+)?|${LAST_JOIN}`,
  'gu',
);

interface Item {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

function itemsOf(list: string, offset: number): Item[] {
  const items: Item[] = [];
  let from = 0;
  for (const sep of list.matchAll(SEPARATOR)) {
    items.push({
      start: offset + from,
      end: offset + sep.index,
      text: list.slice(from, sep.index),
    });
    from = sep.index + sep[0].length;
  }
  items.push({ start: offset + from, end: offset + list.length, text: list.slice(from) });
  return items;
}

/** An item that may be a person: no organisation's word or form, no department, not a title alone. */
function mayBePerson(item: string): boolean {
  if (/\d/.test(item) || ENDS_IN_LEGAL_FORM.test(item) || hasOrganisationWord(item)) return false;
  // A sentence ends inside it ("President. Customers"); an initial's point ("J. Smith") does not.
  if (/\p{L}{2,}\.\s/u.test(item)) return false;
  if (isDepartmentName(item)) return false;
  const words = item.toLowerCase().replace(/\./g, '').split(/\s+/);
  return !words.every((w) => TITLE_WORDS.has(w));
}

/** `spans`: the merged spans, in order and not overlapping. */
export function namesInLists<O>(
  text: string,
  spans: readonly (Span & { readonly origin?: O })[],
): PropagationValue<O>[] {
  const names = spans.filter((s) => s.type === 'NAME');
  if (names.length === 0) return [];
  // The words of the people the document names whole ("Fedor" of "Fedor Löchel").
  let nameWords: Set<string> | undefined;
  const isNamesWord = (item: string) => {
    nameWords ??= new Set(
      names.flatMap((s) => (s.text.includes(' ') ? s.text.toLowerCase().split(/\s+/) : [])),
    );
    return !item.includes(' ') && nameWords.has(item.toLowerCase());
  };
  const out: PropagationValue<O>[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(LIST)) {
    // A sentence's full stop after the last item is not part of it.
    const list = match[0].replace(/[.'’-]+$/u, '');
    const at = match.index;
    if (list.includes('\n')) continue;
    const items = itemsOf(list, at);
    if (items.length < 3) continue;
    const inside = overlapping(spans, at, at + list.length);
    // A list of places or numbers is no list of people; a company among names may be a name the
    // model mistyped ("… Brittany and Terri" with "Terri" a company), and counts as found.
    if (inside.some((s) => s.type !== 'NAME' && s.type !== 'COMPANY')) continue;
    const found = items.map((item) =>
      inside.find((s) => s.start <= item.start && s.end >= item.end),
    );
    const named = found.filter((s) => s?.type === 'NAME');
    const known = found.filter((s) => s !== undefined);
    if (named.length === 0 || known.length * 2 < items.length) continue;
    // Two people at least, by two spans ("Zulauf, Eladio, Director" is one person, surname
    // first); with one, only an item the document names whole elsewhere ("Adele, Toralf and
    // Fedor", and "Fedor Löchel" in the team's list).
    const people = new Set(named).size >= 2;
    items.forEach((item, k) => {
      if (found[k] !== undefined) return;
      if (!people && !isNamesWord(item.text)) return;
      // An item the detection touched in part is the detection's to decide.
      if (inside.some((s) => s.start < item.end && s.end > item.start)) return;
      if (!mayBePerson(item.text) || item.text.length < 3) return;
      const key = item.text.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      const origin = named[0]?.origin;
      out.push({
        text: item.text,
        type: 'NAME',
        score: Math.min(...named.map((s) => s!.score)),
        ...(origin ? { origin } : {}),
      });
    });
  }
  return out;
}
