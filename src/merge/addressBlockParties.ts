/**
 * The organisation in a person's address block, on the line between the person and the street:
 *
 *     Liisa Lepistö
 *     Innography
 *     25 Dili Gianni Street
 *
 * A letter's addressee, an invoice's "Bill to" block, a contact card and an e-mail signature
 * print it so, and the model, which reads words in sentences, often leaves a brand-like name
 * there alone ("Innography", "Topcoder") though it found the person and the address around it.
 * The line is a company's when the line above it is a person the detection found whole (or a job
 * title under one), the line below starts with a found address, and the line itself is one to
 * six capitalised words with no digit, colon or mark of a sentence, none of them a job's title, a
 * building's or a street's word, and not a department alone ("Accounts Payable"). A word a
 * document also writes in lower case ("Here") is an ordinary word there, and stays.
 *
 * What it gives is a value of the document, as a defined short name is: found at the block's line
 * and wherever else it occurs (propagateValues).
 */
import { isDepartmentName } from '../domain/departmentNames.js';
import { overlapping, type Span } from '../domain/span.js';
import { STREET_TYPES_AFTER, STREET_TYPES_BEFORE, TITLE_WORDS } from '../domain/vocabulary.js';
import type { PropagationValue } from './propagateValues.js';
import { wordsInLowerCase } from './shortNames.js';

/** Words of a job's title: a line holding one is the person's role, not their employer. */
const JOB_WORDS = new Set(
  (
    'manager director officer head chief ceo cfo coo cto cio president vice partner accountant ' +
    'controller clerk assistant secretary analyst engineer consultant installer specialist ' +
    'coordinator supervisor lead executive administrator representative agent advisor adviser ' +
    'auditor treasurer chair chairman chairwoman chairperson owner founder proprietor associate ' +
    'senior junior intern technician attorney lawyer solicitor counsel paralegal bookkeeper ' +
    'cashier buyer planner designer developer architect scientist nurse doctor teacher professor ' +
    'student trainee apprentice employee staff member principal surveyor valuer actuary broker ' +
    'underwriter inspector operator driver'
  ).split(' '),
);

/**
 * Words of a trade or a service: a line made only of them says what a freelancer does ("Graphic
 * Design", "Bookkeeping Services", "IT Contractor"), not whom one works for.
 */
const ACTIVITY_WORDS = new Set(
  (
    'graphic design web digital it bookkeeping accounting accountancy tax payroll services service ' +
    'translation translations editing writing copywriting photography video tutoring training ' +
    'cleaning plumbing electrical gardening landscaping catering consulting consultancy contractor ' +
    'freelance freelancer self-employed development software marketing legal advisory support ' +
    'repairs maintenance installation interiors'
  ).split(' '),
);

/** Words of a building's or a place's name, printed as an address's first line ("Riverside House"). */
const PLACE_WORDS = new Set([
  ...'house court building tower centre center plaza park estate lodge cottage farm manor hall chambers mansions gardens villa residency apartments flats block wing floor level suite unit po box gpo'.split(
    ' ',
  ),
  ...STREET_TYPES_AFTER.map((w) => w.toLowerCase()),
  ...STREET_TYPES_BEFORE.map((w) => w.toLowerCase()),
]);

/** Words in a line that say it is no party's name: a salutation, a greeting, a label, a word of a sentence. */
const NOT_PARTY = new Set(
  (
    'attn attention c/o co care of via per re subject dear to from cc bcc tel phone fax email ' +
    'here there this that these those thanks thank regards hello hi yes no please note today ' +
    'sincerely best kind warm cheers'
  ).split(' '),
);

const CONNECTIVES = new Set(
  'and & of the de du des la le van von der den für et y e und en och og'.split(' '),
);

/** A party's line: letters, spaces and the marks names carry; no digit, colon or sentence mark. */
const PARTY_LINE = /^\p{Lu}[\p{L}\p{M} .,&'’()-]*$/u;

interface Range {
  readonly start: number;
  readonly end: number;
}

/**
 * The content of the line that ends at `end` (exclusive; the line's break or the text's end),
 * without indentation and trailing spaces, commas or semicolons, and where that line starts.
 */
function lineEndingAt(text: string, end: number): Range & { readonly lineStart: number } {
  const lineStart = text.lastIndexOf('\n', end - 1) + 1;
  const raw = text.slice(lineStart, end);
  const lead = raw.length - raw.trimStart().length;
  const trimmed = raw.trim().replace(/[,;]+$/, '');
  return { lineStart, start: lineStart + lead, end: lineStart + lead + trimmed.length };
}

/** The line above the one starting at `lineStart`, or undefined on the first line. */
function lineAbove(text: string, lineStart: number) {
  return lineStart > 0 ? lineEndingAt(text, lineStart - 1) : undefined;
}

function overlapsAny(sorted: readonly Span[], at: Range): boolean {
  return overlapping(sorted, at.start, at.end).length > 0;
}

function holdsJobWord(line: string): boolean {
  return line
    .toLowerCase()
    .split(/\s+/)
    .some((w) => JOB_WORDS.has(w));
}

function isPartyLine(party: string): boolean {
  const words = party.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0 || words.length > 6) return false;
  const lower = words.map((w) => w.toLowerCase().replace(/[.,()]/g, ''));
  if (lower.some((w) => JOB_WORDS.has(w) || PLACE_WORDS.has(w) || NOT_PARTY.has(w))) return false;
  if (lower.some((w) => TITLE_WORDS.has(w))) return false;
  const capitalised = words.every(
    (w, k) => /^[\p{Lu}\p{N}&(]/u.test(w) || (k > 0 && CONNECTIVES.has(w.toLowerCase())),
  );
  const onlyActivity = lower.every((w) => ACTIVITY_WORDS.has(w) || CONNECTIVES.has(w));
  return capitalised && !onlyActivity && !isDepartmentName(party);
}

/** Whether `spans` hold one of `type` covering the line's content whole. */
function coveredBy<S extends Span>(spans: readonly S[], type: string, at: Range): S | undefined {
  return spans.find((s) => s.type === type && s.start <= at.start && s.end >= at.end);
}

/**
 * The person found whole on the line above the party's, or above a line of their title under it.
 * `sorted`: the document's spans, in order and not overlapping (as merged).
 */
function personAbove<S extends Span>(text: string, sorted: readonly S[], partyLineStart: number) {
  const above = lineAbove(text, partyLineStart);
  if (!above || above.start === above.end) return undefined;
  const person = coveredBy(sorted, 'NAME', above);
  if (person) return person;
  if (overlapsAny(sorted, above) || !holdsJobWord(text.slice(above.start, above.end)))
    return undefined;
  const twoAbove = lineAbove(text, above.lineStart);
  return twoAbove && coveredBy(sorted, 'NAME', twoAbove);
}

/**
 * The organisations of the document's address blocks, as values to find. `spans`: the merged
 * spans, in order and not overlapping.
 */
export function addressBlockCompanies<O>(
  text: string,
  spans: readonly (Span & { readonly origin?: O })[],
): PropagationValue<O>[] {
  if (!spans.some((s) => s.type === 'NAME')) return [];
  const out: PropagationValue<O>[] = [];
  const seen = new Set<string>();
  let lowerWords: Set<string> | undefined;
  for (const address of spans) {
    if (address.type !== 'ADDRESS') continue;
    // The address opens its line.
    const lineStart = text.lastIndexOf('\n', address.start - 1) + 1;
    if (text.slice(lineStart, address.start).trim() !== '') continue;
    const partyAt = lineAbove(text, lineStart);
    if (!partyAt) continue;
    const party = text.slice(partyAt.start, partyAt.end);
    if (!PARTY_LINE.test(party) || !isPartyLine(party) || overlapsAny(spans, partyAt)) continue;
    const person = personAbove(text, spans, partyAt.lineStart);
    if (!person) continue;
    const key = party.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (!party.includes(' ')) {
      lowerWords ??= wordsInLowerCase(text);
      if (lowerWords.has(key) || party.length < 3) continue;
    }
    out.push({
      text: party,
      type: 'COMPANY',
      score: Math.min(person.score, address.score),
      ...(person.origin ? { origin: person.origin } : {}),
    });
  }
  return out;
}
