/**
 * How known values are found again in a text: the one matcher behind a user's term lists
 * (detect), the propagation of detected values (merge), the read-back of a copy (verify) and the
 * masking of a PDF's hidden text layer (write). Always case-insensitively and never inside a
 * longer word; two ways of treating the spaces between characters:
 * - `as-printed` (the default): word by word, any run of whitespace (line breaks included)
 *   matching any other — how a value recurs in the text it was detected in;
 * - `any`: any whitespace or none between any two characters, after NFKC normalisation
 *   (ligatures, full-width forms) — how a value comes back out of a PDF or OCR, which reflow
 *   text, join runs with or without spaces and break lines anywhere.
 *
 * Values are matched through a trie of their words (or characters), not by one regex per value
 * or of alternatives: a document with thousands of detected values and megabytes of text would
 * make such a regex try every value at every position. Here each word of the text walks the
 * trie as far as the following words allow, so the cost grows with the text, not with
 * text × values.
 */
import { MODEL_TYPES } from './entityTypes.js';

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A one-word capitalised value ("Bonds", "Beeswax") is that value only where it is capitalised:
 * "bonds" in a sentence is an ordinary word. Propagation redacts only the capitalised copies,
 * and the read-back of a redacted copy looks only for them, so the two agree.
 */
export function onlyCapitalisedCopies(value: string): boolean {
  const text = value.trim();
  return !/\s/u.test(text) && /^\p{Lu}/u.test(text);
}

/** Whether `text` has a capital letter at `at`: where a one-word capitalised value is found again. */
export function capitalisedAt(text: string, at: number): boolean {
  const code = text.codePointAt(at);
  return code !== undefined && /\p{Lu}/u.test(String.fromCodePoint(code));
}

/**
 * Whether a detected value is found again at its other occurrences (propagation) and looked for
 * there in a copy (the writers' last check), so the two agree. A one-word value the model found
 * needs four letters or digits and must not be a short code in capitals: a statement's own
 * vocabulary — a transaction abbreviation such as "POS" or "DD", taken once for a company —
 * occurs on every line, and spreading it multiplied one mistake by the number of lines (issue
 * 52: 57 of one unseen statement's 80 false spans were one such code). A validated identifier,
 * and a value of two words or more, spreads whatever its length.
 */
export function spreadsToOtherOccurrences(type: string, value: string): boolean {
  const text = value.trim();
  if (!MODEL_TYPES.has(type) || /\s/u.test(text)) return true;
  const letters = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (letters < 4) return false;
  return !(letters <= 5 && /^[\p{Lu}\p{N}.&-]+$/u.test(text));
}

/**
 * How the spaces between a value's characters are matched: `as-printed`, word by word with any
 * whitespace run for any other; `any`, any whitespace or none between any two characters.
 */
export type Spacing = 'as-printed' | 'any';

/** A text cut into what values are compared by: its words, or its characters less whitespace. */
interface Tokens {
  readonly keys: string[];
  readonly starts: number[];
  readonly ends: number[];
}

/** A value cut into its tokens, each compared in lower case, and what must hold around them. */
interface Pattern<T> {
  readonly keys: readonly string[];
  /** `as-printed`: separators between consecutive words, whitespace runs as one space. */
  readonly separators: readonly string[];
  /** `as-printed`: punctuation before the first word and after the last ("(", "."), taken too. */
  readonly before: string;
  readonly after: string;
  /** `any`: whether the value starts (ends) with a letter or digit, so no word may run on. */
  readonly wordStart: boolean;
  readonly wordEnd: boolean;
  readonly tag: T;
}

export interface ValueMatch<T> {
  readonly start: number;
  readonly end: number;
  readonly tag: T;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;
const MARK = /\p{M}/u;

function normaliseSeparator(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ');
}

function wordsOf(text: string): Tokens {
  const tokens: Tokens = { keys: [], starts: [], ends: [] };
  for (const m of text.matchAll(WORD)) {
    tokens.keys.push(m[0].toLowerCase());
    tokens.starts.push(m.index);
    tokens.ends.push(m.index + m[0].length);
  }
  return tokens;
}

/**
 * A letter with its marks, NFKC-normalised and case-folded as a case-insensitive reading compares
 * ("ς" as "σ", "ẞ" as "ß"). Kept once computed: a text repeats few distinct letters, and raw
 * bytes read as Latin-1 are mostly letters beyond ASCII.
 */
const folded = new Map<string, string[]>();
const MAX_FOLDED = 10_000;

function fold(letter: string): string[] {
  let chars = folded.get(letter);
  if (chars === undefined) {
    chars = [...letter.normalize('NFKC').toUpperCase().toLowerCase()].filter((c) => !SPACE.test(c));
    if (folded.size < MAX_FOLDED) folded.set(letter, chars);
  }
  return chars;
}

/**
 * The characters of `text` less whitespace, NFKC-normalised and case-folded, each with the
 * place in `text` it came from: a letter and its combining marks are normalised together (so a
 * decomposed "é" is the precomposed one), and a ligature gives each of its letters the
 * ligature's place, so offsets hold in the text as it was read.
 */
function charactersOf(text: string): Tokens {
  const tokens: Tokens = { keys: [], starts: [], ends: [] };
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    // ASCII not followed by a combining mark (U+0300 on) folds on its own: the common case.
    if (code < 0x80 && !(text.charCodeAt(i + 1) >= 0x300)) {
      if (code > 0x20 || !SPACE.test(text[i]!)) {
        tokens.keys.push(code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : text[i]!);
        tokens.starts.push(i);
        tokens.ends.push(i + 1);
      }
      i += 1;
      continue;
    }
    let end = i + String.fromCodePoint(text.codePointAt(i)!).length;
    while (end < text.length) {
      const mark = String.fromCodePoint(text.codePointAt(end)!);
      if (!MARK.test(mark)) break;
      end += mark.length;
    }
    for (const c of fold(text.slice(i, end))) {
      tokens.keys.push(c);
      tokens.starts.push(i);
      tokens.ends.push(end);
    }
    i = end;
  }
  return tokens;
}

/**
 * A value as the `any` spacing compares it: NFKC-normalised, case-folded, whitespace removed.
 * Two values with one key are one value to look for; its length is the value's length in
 * characters that can be read.
 */
export function spacingBlindKey(value: string): string {
  return charactersOf(value).keys.join('');
}

/** The code point ending just before `at` (a surrogate pair read whole). */
function codePointBefore(text: string, at: number): string {
  const low = text.charCodeAt(at - 1);
  const back = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? 2 : 1;
  return at - back >= 0 ? String.fromCodePoint(text.codePointAt(at - back)!) : '';
}

function codePointAt(text: string, at: number): string {
  const code = text.codePointAt(at);
  return code === undefined ? '' : String.fromCodePoint(code);
}

/** One token of a trie path; `patterns` are the values whose last token is this one. */
interface TrieNode<T> {
  readonly next: Map<string, TrieNode<T>>;
  readonly patterns: Pattern<T>[];
  sorted: boolean;
}

function trieNode<T>(): TrieNode<T> {
  return { next: new Map(), patterns: [], sorted: true };
}

export class ValueIndex<T> {
  // A trie of tokens, not a list per first word: a CSV chunk's 2,000 e-mails all start with
  // "jane", and a list would make each occurrence try every one of them.
  private readonly root = trieNode<T>();
  private readonly spacing: Spacing;

  constructor(options: { readonly spacing?: Spacing } = {}) {
    this.spacing = options.spacing ?? 'as-printed';
  }

  private tokensOf(text: string): Tokens {
    return this.spacing === 'any' ? charactersOf(text) : wordsOf(text);
  }

  /** Adds a value; one without a letter or digit (`as-printed`) or without a character is ignored. */
  add(value: string, tag: T): void {
    const trimmed = value.trim();
    const tokens = this.tokensOf(trimmed);
    const n = tokens.keys.length;
    if (n === 0) return;
    const pattern: Pattern<T> =
      this.spacing === 'any'
        ? {
            keys: tokens.keys,
            separators: [],
            before: '',
            after: '',
            wordStart: WORD_CHAR.test(tokens.keys[0]!),
            wordEnd: WORD_CHAR.test(tokens.keys[n - 1]!),
            tag,
          }
        : {
            keys: tokens.keys,
            separators: tokens.keys
              .slice(1)
              .map((_, i) =>
                normaliseSeparator(trimmed.slice(tokens.ends[i], tokens.starts[i + 1])),
              ),
            before: normaliseSeparator(trimmed.slice(0, tokens.starts[0])),
            after: normaliseSeparator(trimmed.slice(tokens.ends[n - 1])),
            wordStart: false,
            wordEnd: false,
            tag,
          };
    let node = this.root;
    for (const key of pattern.keys) {
      let child = node.next.get(key);
      if (!child) {
        child = trieNode<T>();
        node.next.set(key, child);
      }
      node = child;
    }
    node.patterns.push(pattern);
    node.sorted = false;
  }

  /** How many distinct first tokens the values start with (0: nothing to find). */
  get size(): number {
    return this.root.next.size;
  }

  /**
   * Every occurrence of an added value in `text`, left to right; where two overlap, the one
   * found first (of two starting together, the longer) is kept. `accept` may refuse a match (a
   * capitalisation rule, say).
   */
  find(text: string, accept: (match: ValueMatch<T>) => boolean = () => true): ValueMatch<T>[] {
    return this.search(text, accept, false);
  }

  /**
   * Every occurrence of every added value, overlapping ones too ("Jane Doe" and "Doe"; a value
   * does not overlap itself: "--" in "------" three times), by start, the longer first: what a
   * check that must report each readable value needs.
   */
  findAll(text: string, accept: (match: ValueMatch<T>) => boolean = () => true): ValueMatch<T>[] {
    return this.search(text, accept, true);
  }

  private search(
    text: string,
    accept: (match: ValueMatch<T>) => boolean,
    all: boolean,
  ): ValueMatch<T>[] {
    if (this.root.next.size === 0) return [];
    const tokens = this.tokensOf(text);
    const { keys, starts } = tokens;
    const out: ValueMatch<T>[] = [];
    let freeFrom = 0;
    const freeFor = new Map<Pattern<T>, number>();
    for (let i = 0; i < keys.length; i++) {
      if (starts[i]! < freeFrom) continue;
      // The nodes the tokens from i reach, deepest last: of two values starting at one token,
      // the longer is the match.
      const reached: { node: TrieNode<T>; last: number }[] = [];
      let node: TrieNode<T> | undefined = this.root;
      for (let k = i; k < keys.length; k++) {
        node = node.next.get(keys[k]!);
        if (!node) break;
        if (node.patterns.length > 0) reached.push({ node, last: k });
      }
      search: for (let r = reached.length - 1; r >= 0; r--) {
        const { node: at, last } = reached[r]!;
        if (!at.sorted) {
          at.patterns.sort((a, b) => b.after.length - a.after.length);
          at.sorted = true;
        }
        for (const p of at.patterns) {
          if (all && starts[i]! < (freeFor.get(p) ?? 0)) continue;
          const match =
            this.spacing === 'any'
              ? matchCharactersAt(text, tokens, i, last, p)
              : matchWordsAt(text, tokens, i, last, p);
          if (match && accept(match)) {
            out.push(match);
            if (all) {
              freeFor.set(p, match.end);
              continue;
            }
            freeFrom = match.end;
            break search;
          }
        }
      }
    }
    return out;
  }
}

/**
 * Whether the value `p`, whose tokens the trie found at tokens `i` to `last` of `text`, is there
 * as the spacing reads it; where it starts and ends if so.
 */
type MatchAt = <T>(
  text: string,
  tokens: Tokens,
  i: number,
  last: number,
  p: Pattern<T>,
) => ValueMatch<T> | undefined;

const matchWordsAt: MatchAt = (text, { starts, ends }, i, last, p) => {
  for (let k = i + 1; k <= last; k++) {
    const between = text.slice(ends[k - 1], starts[k]);
    // Separators compare with whitespace runs as one space; any whitespace is one space.
    const separator = p.separators[k - 1 - i];
    if (between !== separator && normaliseSeparator(between) !== separator) return undefined;
  }
  // Punctuation around the words ("Acme Ltd." before a comma) is taken where it is printed,
  // and not required: the words are the value.
  const firstStart = starts[i]!;
  const lastEnd = ends[last]!;
  const hasBefore =
    p.before !== '' &&
    normaliseSeparator(text.slice(firstStart - p.before.length, firstStart)) === p.before;
  const hasAfter =
    p.after !== '' && normaliseSeparator(text.slice(lastEnd, lastEnd + p.after.length)) === p.after;
  return {
    start: hasBefore ? firstStart - p.before.length : firstStart,
    end: hasAfter ? lastEnd + p.after.length : lastEnd,
    tag: p.tag,
  };
};

/**
 * A value read with any spacing matches whole characters of the text (not half a ligature) and
 * not inside a longer word: "Li" must not match "Liability", which would fail every check of an
 * innocent text.
 */
const matchCharactersAt: MatchAt = (text, { starts, ends }, i, last, p) => {
  const start = starts[i]!;
  const end = ends[last]!;
  if (i > 0 && starts[i - 1] === start) return undefined;
  if (last + 1 < starts.length && starts[last + 1] === starts[last]) return undefined;
  if (p.wordStart && WORD_CHAR.test(codePointBefore(text, start))) return undefined;
  if (p.wordEnd && WORD_CHAR.test(codePointAt(text, end))) return undefined;
  return { start, end, tag: p.tag };
};

/** Whether `text` holds `value` with the given spacing: for one value; index many. */
export function holdsValue(text: string, value: string, spacing: Spacing = 'as-printed'): boolean {
  const index = new ValueIndex<true>({ spacing });
  index.add(value, true);
  return index.find(text).length > 0;
}
