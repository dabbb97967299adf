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
import type { Span } from '../domain/span.js';
import { STREET_TYPES_AFTER, STREET_TYPES_BEFORE, TITLE_WORDS } from '../domain/vocabulary.js';
import type { PropagationValue } from './propagateValues.js';

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
const PARTY_LINE = /^[ \t]*(?<party>\p{Lu}[\p{L}\p{M} .,&'’()-]*?)[ \t,]*$/u;

interface Line {
  readonly start: number;
  readonly end: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    lines.push({ start, end: end === -1 ? text.length : end });
    if (end === -1) return lines;
    start = end + 1;
  }
}

/** The line's content without indentation and trailing commas or spaces. */
function content(text: string, line: Line): { start: number; end: number } {
  const raw = text.slice(line.start, line.end);
  const lead = raw.length - raw.trimStart().length;
  const trimmed = raw.trim().replace(/[,;]+$/, '');
  return { start: line.start + lead, end: line.start + lead + trimmed.length };
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
function coveredBy<S extends Span>(
  spans: readonly S[],
  type: string,
  at: { start: number; end: number },
): S | undefined {
  return spans.find((s) => s.type === type && s.start <= at.start && s.end >= at.end);
}

export function addressBlockCompanies<O>(
  text: string,
  spans: readonly (Span & { readonly origin?: O })[],
): PropagationValue<O>[] {
  const addresses = spans.filter((s) => s.type === 'ADDRESS');
  if (addresses.length === 0 || !spans.some((s) => s.type === 'NAME')) return [];
  const lines = linesOf(text);
  const lineIndex = (offset: number) => {
    let lo = 0;
    let hi = lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lines[mid]!.start <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const out: PropagationValue<O>[] = [];
  const seen = new Set<string>();
  let lowerWords: Set<string> | undefined;
  for (const address of addresses) {
    const k = lineIndex(address.start);
    // The address opens its line.
    if (k < 2 || content(text, lines[k]!).start !== address.start) continue;
    const partyAt = content(text, lines[k - 1]!);
    const party = text.slice(partyAt.start, partyAt.end);
    const m = PARTY_LINE.exec(party);
    if (!m || !isPartyLine(party)) continue;
    if (spans.some((s) => s.start < partyAt.end && s.end > partyAt.start)) continue;
    // A person found whole on the line above, or above a line of their title.
    const above = content(text, lines[k - 2]!);
    const person =
      coveredBy(spans, 'NAME', above) ??
      (k >= 3 &&
      !spans.some((s) => s.start < above.end && s.end > above.start) &&
      text
        .slice(above.start, above.end)
        .toLowerCase()
        .split(/\s+/)
        .some((w) => JOB_WORDS.has(w))
        ? coveredBy(spans, 'NAME', content(text, lines[k - 3]!))
        : undefined);
    if (!person || above.start === above.end) continue;
    const key = party.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (!party.includes(' ')) {
      lowerWords ??= new Set(
        text.match(/(?<![\p{L}\p{N}])[\p{Ll}\p{N}]+(?:[’'-][\p{Ll}\p{N}]+)*(?![\p{L}\p{N}])/gu),
      );
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
