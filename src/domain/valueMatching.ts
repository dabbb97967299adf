/**
 * How known values are found again in a text, shared by a user's term lists (detect) and the
 * propagation of detected values (merge): case-insensitively, as whole words, any run of
 * whitespace (line breaks included) matching any other.
 *
 * Values are matched word by word through a trie of their words, not by one regex of
 * alternatives: a document with thousands of detected values and megabytes of text would make
 * such a regex try every value at every position. Here each word of the text walks the trie as
 * far as the following words allow, so the cost grows with the text, not with text × values.
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

interface Word {
  readonly start: number;
  readonly end: number;
  readonly key: string;
}

/** A value cut into its words and what separates them, each compared in lower case. */
interface Pattern<T> {
  readonly words: readonly string[];
  /** Separators between consecutive words, whitespace runs as one space. */
  readonly separators: readonly string[];
  /** Punctuation before the first word and after the last ("(", ".") that must be there too. */
  readonly before: string;
  readonly after: string;
  readonly tag: T;
}

export interface ValueMatch<T> {
  readonly start: number;
  readonly end: number;
  readonly tag: T;
}

function normaliseSeparator(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ');
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    key: m[0].toLowerCase(),
  }));
}

/** One word of a trie path; `patterns` are the values whose last word is this one. */
interface TrieNode<T> {
  readonly next: Map<string, TrieNode<T>>;
  readonly patterns: Pattern<T>[];
  sorted: boolean;
}

function trieNode<T>(): TrieNode<T> {
  return { next: new Map(), patterns: [], sorted: true };
}

export class ValueIndex<T> {
  // A trie of words, not a list per first word: a CSV chunk's 2,000 e-mails all start with
  // "jane", and a list would make each occurrence try every one of them.
  private readonly root = trieNode<T>();

  /** Adds a value; one without a letter or digit cannot be matched as words and is ignored. */
  add(value: string, tag: T): void {
    const trimmed = value.trim();
    const words = wordsOf(trimmed);
    const first = words[0];
    const last = words.at(-1);
    if (!first || !last) return;
    const pattern: Pattern<T> = {
      words: words.map((w) => w.key),
      separators: words
        .slice(1)
        .map((w, i) => normaliseSeparator(trimmed.slice(words[i]!.end, w.start))),
      before: normaliseSeparator(trimmed.slice(0, first.start)),
      after: normaliseSeparator(trimmed.slice(last.end)),
      tag,
    };
    let node = this.root;
    for (const key of pattern.words) {
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

  /** How many distinct first words the values start with (0: nothing to find). */
  get size(): number {
    return this.root.next.size;
  }

  /**
   * Every occurrence of an added value in `text`, left to right; where two overlap, the one
   * found first is kept. `accept` may refuse a match (a capitalisation rule, say).
   */
  find(text: string, accept: (match: ValueMatch<T>) => boolean = () => true): ValueMatch<T>[] {
    if (this.root.next.size === 0) return [];
    const words = wordsOf(text);
    const out: ValueMatch<T>[] = [];
    let freeFrom = 0;
    for (let i = 0; i < words.length; i++) {
      if (words[i]!.start < freeFrom) continue;
      // The nodes the words from i reach, deepest last: of two values starting at one word, the
      // longer is the match.
      const reached: TrieNode<T>[] = [];
      let node: TrieNode<T> | undefined = this.root;
      for (let k = i; k < words.length; k++) {
        node = node.next.get(words[k]!.key);
        if (!node) break;
        if (node.patterns.length > 0) reached.push(node);
      }
      search: for (let r = reached.length - 1; r >= 0; r--) {
        const at = reached[r]!;
        if (!at.sorted) {
          at.patterns.sort((a, b) => b.after.length - a.after.length);
          at.sorted = true;
        }
        for (const p of at.patterns) {
          const match = this.matchAt(text, words, i, p);
          if (match && accept(match)) {
            out.push(match);
            freeFrom = match.end;
            break search;
          }
        }
      }
    }
    return out;
  }

  private matchAt(
    text: string,
    words: readonly Word[],
    i: number,
    p: Pattern<T>,
  ): ValueMatch<T> | undefined {
    const n = p.words.length;
    if (i + n > words.length) return undefined;
    for (let k = 1; k < n; k++) {
      const w = words[i + k]!;
      if (w.key !== p.words[k]) return undefined;
      const between = text.slice(words[i + k - 1]!.end, w.start);
      // Separators compare with whitespace runs as one space; any whitespace is one space.
      const separator = p.separators[k - 1];
      if (between !== separator && normaliseSeparator(between) !== separator) return undefined;
    }
    // Punctuation around the words ("Acme Ltd." before a comma) is taken where it is printed,
    // and not required: the words are the value.
    const firstStart = words[i]!.start;
    const lastEnd = words[i + n - 1]!.end;
    const hasBefore =
      p.before !== '' &&
      normaliseSeparator(text.slice(firstStart - p.before.length, firstStart)) === p.before;
    const hasAfter =
      p.after !== '' &&
      normaliseSeparator(text.slice(lastEnd, lastEnd + p.after.length)) === p.after;
    return {
      start: hasBefore ? firstStart - p.before.length : firstStart,
      end: hasAfter ? lastEnd + p.after.length : lastEnd,
      tag: p.tag,
    };
  }
}
