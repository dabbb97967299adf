/**
 * What recognizers read: the text as a reader sees it. Zero-width spaces and joiners, soft
 * hyphens and other invisible format characters hide an e-mail, an IBAN or an SSN from every
 * pattern while the page shows it whole; non-breaking, thin and figure spaces, non-breaking
 * hyphens and look-alike dashes, and full-width or other compatibility forms (NFKC) do the same
 * more subtly. Detection runs on a normalised view with a map back to the original, so each span
 * covers the whole original value, the hidden characters inside it included.
 */

import { confusablesMap } from 'confusables';
import { BARE_DOMAIN_TLDS } from './recognizers/topLevelDomains.js';

/**
 * Where each script's digit zero is: a card number in Arabic-Indic, Persian or Devanagari digits
 * reads as the same number to a person, and NFKC leaves these digits as they are.
 */
const DIGIT_ZEROS = [
  0x0660, 0x06f0, 0x07c0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66,
  0x0de6, 0x0e50, 0x0ed0, 0x0f20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90,
  0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0,
];

function asciiDigit(cp: number): string | undefined {
  for (const zero of DIGIT_ZEROS) if (cp >= zero && cp < zero + 10) return String(cp - zero);
  return undefined;
}

/** A letter that is not Latin (Cyrillic, Greek, …) but looks like one: folded inside Latin words. */
const LATIN = /\p{Script=Latin}/u;
const NON_LATIN_LETTER = /(?![\p{Script=Latin}])\p{L}/u;
/** Combining marks over letters ("é" written as e + U+0301, or marks stacked to hide a value). */
const MARK = /\p{M}/u;

/**
 * Offsets of look-alike letters inside words that mix Latin with another script ("Jоhn" with a
 * Cyrillic о): such a word is Latin dressed up, and a reader reads it as Latin. A word wholly in
 * another script is that script's, and is left alone.
 */
function lookAlikes(text: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const word of text.matchAll(/[\p{L}\p{M}\p{N}@._%+-]+/gu)) {
    const w = word[0];
    if (!LATIN.test(w) || !NON_LATIN_LETTER.test(w)) continue;
    let i = 0;
    for (const ch of w) {
      if (NON_LATIN_LETTER.test(ch)) {
        const latin = confusablesMap.get(ch);
        if (latin && /^[A-Za-z0-9]$/.test(latin)) out.set(word.index + i, latin);
      }
      i += ch.length;
    }
  }
  return out;
}

/** Invisible format characters (Unicode Cf: soft hyphen, zero-width, joiners, bidi marks, BOM). */
const FORMAT = /\p{Cf}/u;
/** Spaces that are not U+0020 (the line and paragraph separators become line breaks). */
const SPACE = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/;
/** Hyphens and dashes that stand for "-" inside numbers and addresses. */
const DASH = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/;
/** Whether anything in a text would read differently in the view: the common case is no. */
const ANY =
  /[\p{Cf}\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\u2010-\u2015\u2212\u2028\u2029\uFE58\uFE63\uFF0D]|[\u0100-\u{10FFFF}]/u;

export interface NormalisedView {
  readonly text: string;
  /** Original offset where each view character's source starts (one more entry: the end). */
  readonly starts: Int32Array;
  /** Original offset just after each view character's source. */
  readonly ends: Int32Array;
}

function replacementOf(ch: string): string {
  if (FORMAT.test(ch)) return '';
  if (MARK.test(ch)) return '';
  const digit = asciiDigit(ch.codePointAt(0)!);
  if (digit !== undefined) return digit;
  if (SPACE.test(ch)) return ' ';
  if (DASH.test(ch)) return '-';
  if (ch === '\u2028' || ch === '\u2029') return '\n';
  const nfkc = ch.normalize('NFKC');
  // A compatibility form that would turn into spaces, or into something longer than a ligature,
  // is left as it is: the view must not invent words.
  return nfkc.length <= 3 && nfkc.trim() === nfkc ? nfkc : ch;
}

/** One character as a reader reads it, and the original offsets it comes from. */
interface Source {
  readonly ch: string;
  readonly at: number;
  readonly end: number;
}

/** A JSON or JavaScript escape of one BMP character ("\u0040" is "@" to whoever reads the value). */
const ESCAPE = /\\u([0-9a-fA-F]{4})/y;

/** The character an escape at `i` stands for, or null (surrogates and controls stay as written). */
function escapeAt(text: string, i: number): string | null {
  if (text.charCodeAt(i) !== 0x5c) return null;
  ESCAPE.lastIndex = i;
  const m = ESCAPE.exec(text);
  const code = m ? parseInt(m[1]!, 16) : -1;
  return code >= 0x20 && (code < 0xd800 || code > 0xdfff) ? String.fromCharCode(code) : null;
}

/** `text` as characters, each escape read as the character it stands for. */
function sourceChars(text: string): Source[] {
  const out: Source[] = [];
  for (let i = 0; i < text.length;) {
    const escaped = escapeAt(text, i);
    const ch = escaped ?? String.fromCodePoint(text.codePointAt(i)!);
    const end = escaped ? i + 6 : i + ch.length;
    out.push({ ch, at: i, end });
    i = end;
  }
  return out;
}

/**
 * Right-to-left overrides (U+202E … U+202C, U+2069, another U+202E or the line's end): a reader
 * sees the characters between them in reverse order, so "\u202E00 1234 98ED" shows as
 * "DE89 4321 00". Each such run is reversed.
 */
function readingOrder(chars: Source[]): Source[] {
  const out: Source[] = [];
  for (let i = 0; i < chars.length;) {
    if (chars[i]!.ch !== '\u202E') {
      out.push(chars[i++]!);
      continue;
    }
    out.push(chars[i++]!);
    const run: Source[] = [];
    while (i < chars.length && !/[\u202C\u2069\n\u202E]/.test(chars[i]!.ch)) run.push(chars[i++]!);
    out.push(...run.reverse());
  }
  return out;
}

/** The view of `text`, or undefined when it would be `text` itself. */
export function normalisedView(text: string): NormalisedView | undefined {
  const characters = ANY.test(text) || text.includes('\\u');
  const joins =
    OBFUSCATED.test(text) || LETTER_SPACED.test(text) || speltAddresses(text).length > 0;
  if (!characters && !joins) return undefined;
  const folded = lookAlikes(text);
  const parts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let changed = false;
  const read = (ch: string, at: number, end: number) => {
    const out = ch.charCodeAt(0) < 0x80 ? ch : (folded.get(at) ?? replacementOf(ch));
    if (end - at !== ch.length || out !== ch) changed = true;
    for (let k = 0; k < out.length; k++) {
      starts.push(at);
      ends.push(end);
    }
    parts.push(out);
  };
  if (text.includes('\u202E')) {
    // Rare: only then are characters listed first, so their order can be that of reading.
    for (const { ch, at, end } of readingOrder(sourceChars(text))) read(ch, at, end);
  } else {
    // The common path walks the text without a list of its characters: it runs on every text.
    for (let i = 0; i < text.length;) {
      const escaped = escapeAt(text, i);
      const ch = escaped ?? String.fromCodePoint(text.codePointAt(i)!);
      const end = escaped ? i + 6 : i + ch.length;
      read(ch, i, end);
      i = end;
    }
  }
  let view = { text: parts.join(''), starts, ends };
  if (joins) {
    const joined = withJoins(view);
    if (joined.text !== view.text) changed = true;
    view = joined;
  }
  if (!changed) return undefined;
  view.starts.push(text.length);
  return {
    text: view.text,
    starts: Int32Array.from(view.starts),
    ends: Int32Array.from(view.ends),
  };
}

/**
 * An address written out against harvesters ("jo.bloggs [at] example [dot] org"): a reader
 * reads "@" and "."; only the bracketed forms, which prose never prints.
 */
const OBFUSCATED = /\s*[[({]\s*(?:at|dot)\s*[\])}]\s*/i;
/**
 * Letter-spaced text ("j o h n . s m i t h @ …", "G B 8 2 W E S T …"): twelve or more single
 * characters one space apart read as one word. Shorter runs stay: a table's "Y N Y N" or a
 * calendar's "1 2 3 4 5 6 7" joined would make numbers no one printed.
 */
const LETTER_SPACED = /(?<!\S)(?:\S ){11,}\S(?!\S)/;

/**
 * An address spelt out in words ("john dot smith at example dot org", "jane.doe at example.com"):
 * read with "@" and "." where the whole has an address's shape — a local part that is no
 * ordinary word (it holds a dot, spelt or printed, or letters with an underscore or a digit:
 * "visit us at example dot com" and "in 2019 at acme.com" stay prose) and a domain ending in a
 * top-level domain.
 */
const ADDRESS_WORD = String.raw`[\p{L}\p{N}_%+-]+`;
const SPELT_DOT = String.raw`(?:\.|\s+dot\s+)`;
// The top-level domains a bare domain may end in (the URL recognizer's): the one proof that a
// spelt-out "word dot word" is a domain and not a file name or an abbreviation.
const TOP_LEVEL = `(?:${[...BARE_DOMAIN_TLDS].join('|')})`;
const LOCAL_PART = String.raw`(?:${ADDRESS_WORD}(?:${SPELT_DOT}${ADDRESS_WORD})+|(?=[\p{N}_%+-]*\p{L})[\p{L}\p{N}%+-]*(?:_|\p{N})[\p{L}\p{N}_%+-]*)`;
const LOCAL_BEFORE = new RegExp(`${LOCAL_PART}$`, 'iu');
const DOMAIN_AFTER = new RegExp(
  String.raw`^${ADDRESS_WORD}(?:${SPELT_DOT}${ADDRESS_WORD})*${SPELT_DOT}${TOP_LEVEL}(?![\p{L}\p{N}_@-])`,
  'iu',
);
const ADDRESS_CHAR = /[\p{L}\p{N}_.@-]/u;
/** The word "at" between two parts of an address: where one is looked for. */
const SPELT_AT = /\s+at\s+/giu;
/**
 * How far a spelt-out local part and domain reach from their "at". The text is searched from
 * each "at" outwards, not at every position: prose has an "at" in most sentences, and trying the
 * address's shape everywhere made pattern detection a tenth slower.
 */
const REACH = 96;

/** Spelt-out addresses in `text`, left to right. */
function speltAddresses(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  let after = 0;
  for (const m of text.matchAll(SPELT_AT)) {
    if (m.index < after) continue;
    // The domain first: anchored where the "at" ends, it fails at once after prose's "at".
    const from = m.index + m[0].length;
    const domain = DOMAIN_AFTER.exec(text.slice(from, from + REACH));
    if (!domain) continue;
    const local = LOCAL_BEFORE.exec(text.slice(Math.max(after, m.index - REACH), m.index));
    if (!local) continue;
    const start = m.index - local[0].length;
    // The local part is a whole word: not the end of a longer one the window cut.
    if (start > 0 && ADDRESS_CHAR.test(text[start - 1]!)) continue;
    after = from + domain[0].length;
    found.push({ start, end: after });
  }
  return found;
}
/** Within a spelt-out address, the words that stand for "." and "@". */
const SPELT_SEPARATOR = /\s+(dot|at)\s+/giu;

const JOINS = new RegExp(`${OBFUSCATED.source}|${LETTER_SPACED.source}`, 'giu');

/** The view with obfuscated "@" and "." read as such and letter-spaced runs joined. */
function withJoins(view: { text: string; starts: number[]; ends: number[] }): {
  text: string;
  starts: number[];
  ends: number[];
} {
  const parts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const keep = (from: number, to: number) => {
    parts.push(view.text.slice(from, to));
    for (let k = from; k < to; k++) {
      starts.push(view.starts[k]!);
      ends.push(view.ends[k]!);
    }
  };
  const joins = [
    ...[...view.text.matchAll(JOINS)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
      spelt: false,
    })),
    ...speltAddresses(view.text).map((a) => ({ ...a, spelt: true })),
  ].sort((x, y) => x.start - y.start);
  let at = 0;
  for (const { start, end, spelt } of joins) {
    if (start < at) continue;
    keep(at, start);
    const found = view.text.slice(start, end);
    if (spelt) {
      // A spelt-out address: each " dot " and " at " one character, standing where the word was.
      let from = start;
      for (const w of found.matchAll(SPELT_SEPARATOR)) {
        const wordAt = start + w.index;
        keep(from, wordAt);
        parts.push(w[1]!.toLowerCase() === 'dot' ? '.' : '@');
        starts.push(view.starts[wordAt]!);
        ends.push(view.ends[wordAt + w[0].length - 1]!);
        from = wordAt + w[0].length;
      }
      keep(from, end);
    } else if (/^\S( \S)+$/u.test(found)) {
      // The run without its spaces, each character where it was.
      for (let k = start; k < end; k += 2) keep(k, k + 1);
    } else {
      parts.push(/dot/i.test(found) ? '.' : '@');
      starts.push(view.starts[start]!);
      ends.push(view.ends[end - 1]!);
    }
    at = end;
  }
  keep(at, view.text.length);
  return { text: parts.join(''), starts, ends };
}

/** `[start, end)` of the view as offsets of the original text. */
export function originalRange(
  view: NormalisedView,
  start: number,
  end: number,
): { start: number; end: number } {
  if (end <= start) return { start: view.starts[start]!, end: view.starts[start]! };
  // In reading order a reversed run's sources run backwards: the range is their hull.
  let from = view.starts[start]!;
  let to = view.ends[end - 1]!;
  for (let k = start; k < end; k++) {
    from = Math.min(from, view.starts[k]!);
    to = Math.max(to, view.ends[k]!);
  }
  return { start: from, end: to };
}
