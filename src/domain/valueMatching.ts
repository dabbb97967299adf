/**
 * How known values are found again in a text, shared by a user's term lists (detect) and the
 * propagation of detected values (merge): case-insensitively, as whole words, any run of
 * whitespace (line breaks included) matching any other.
 *
 * Values are matched word by word through an index on their first word, not by one regex of
 * alternatives: a document with thousands of detected values and megabytes of text would make
 * such a regex try every value at every position. Here each word of the text looks up the few
 * values that start with it, so the cost grows with the text, not with text × values.
 */

const WORD = /[\p{L}\p{N}]+/gu;

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

export class ValueIndex<T> {
  private readonly byFirstWord = new Map<string, Pattern<T>[]>();

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
    const list = this.byFirstWord.get(first.key) ?? [];
    list.push(pattern);
    // Longest first: of two values starting at one word, the longer is the match.
    list.sort((a, b) => b.words.length - a.words.length || b.after.length - a.after.length);
    this.byFirstWord.set(first.key, list);
  }

  get size(): number {
    return this.byFirstWord.size;
  }

  /**
   * Every occurrence of an added value in `text`, left to right; where two overlap, the one
   * found first is kept. `accept` may refuse a match (a capitalisation rule, say).
   */
  find(text: string, accept: (match: ValueMatch<T>) => boolean = () => true): ValueMatch<T>[] {
    if (this.byFirstWord.size === 0) return [];
    const words = wordsOf(text);
    const out: ValueMatch<T>[] = [];
    let freeFrom = 0;
    for (let i = 0; i < words.length; i++) {
      const first = words[i]!;
      if (first.start < freeFrom) continue;
      for (const p of this.byFirstWord.get(first.key) ?? []) {
        const match = this.matchAt(text, words, i, p);
        if (match && accept(match)) {
          out.push(match);
          freeFrom = match.end;
          break;
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
      if (normaliseSeparator(between) !== p.separators[k - 1]) return undefined;
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
