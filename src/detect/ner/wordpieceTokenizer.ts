/**
 * BERT WordPiece tokenisation with exact character offsets, written to give the same ids and
 * offsets as Hugging Face `tokenizers` (BertNormalizer with lower-casing and accent stripping,
 * BertPreTokenizer, WordPiece with `##` continuations). test/ner/tokenizer.test.ts holds it to
 * the Python tokenizer's output on a fixture corpus written by the training recipe.
 *
 * Offsets are UTF-16 indices into the original text (what JavaScript strings and our Span use).
 */

export interface TokenizedText {
  readonly ids: Int32Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** False for `##` continuation pieces: decoding labels a word by its first piece. */
  readonly wordStart: Uint8Array;
}

/** One character after normalisation, with the original code point's UTF-16 range. */
interface NormChar {
  readonly ch: string;
  readonly start: number;
  readonly end: number;
}

const MAX_CHARS_PER_WORD = 100;
const CONTROL = /\p{C}/u;
const WHITESPACE = /\s/u;
const NONSPACING_MARK = /\p{Mn}/u;
const UNICODE_PUNCT = /\p{P}/u;
const ASCII_PUNCT = /[!-/:-@[-`{-~]/;

function isCjk(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= 0x2b820 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}

function isPunctuation(ch: string): boolean {
  return ASCII_PUNCT.test(ch) || UNICODE_PUNCT.test(ch);
}

/**
 * BertNormalizer, one original code point at a time, in the Rust order: drop controls and map
 * whitespace to a space, pad CJK ideographs with spaces, strip accents (NFD, drop Mn), then
 * lower-case. Lower-casing per code point matters: a whole-string toLowerCase applies the
 * Greek final-sigma rule, which the Rust tokenizer does not.
 */
function normalize(text: string): NormChar[] {
  const out: NormChar[] = [];
  let i = 0;
  for (const ch of text) {
    const start = i;
    i += ch.length;
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0 || cp === 0xfffd) continue;
    if (ch !== '\t' && ch !== '\n' && ch !== '\r' && CONTROL.test(ch)) continue;
    if (WHITESPACE.test(ch) || ch === '\t' || ch === '\n' || ch === '\r') {
      out.push({ ch: ' ', start, end: i });
      continue;
    }
    if (isCjk(cp)) {
      out.push({ ch: ' ', start, end: i }, { ch, start, end: i }, { ch: ' ', start, end: i });
      continue;
    }
    for (const d of ch.normalize('NFD')) {
      if (NONSPACING_MARK.test(d)) continue;
      for (const l of d.toLowerCase()) out.push({ ch: l, start, end: i });
    }
  }
  return out;
}

/** BertPreTokenizer: split on whitespace (dropped) and around each punctuation character. */
function preTokenize(chars: readonly NormChar[]): NormChar[][] {
  const words: NormChar[][] = [];
  let current: NormChar[] = [];
  const flush = (): void => {
    if (current.length > 0) words.push(current);
    current = [];
  };
  for (const c of chars) {
    if (WHITESPACE.test(c.ch)) {
      flush();
    } else if (isPunctuation(c.ch)) {
      flush();
      words.push([c]);
    } else {
      current.push(c);
    }
  }
  flush();
  return words;
}

export class WordPieceTokenizer {
  private readonly vocab: Map<string, number>;
  private readonly unkId: number;
  /** 1 for an id whose piece holds a letter; special tokens ("[UNK]") count as letters. */
  private readonly lettered: Uint8Array;

  /** `vocabText` is vocab.txt: one token per line, the line number is the id. */
  constructor(vocabText: string) {
    this.vocab = new Map();
    const lines = vocabText.split('\n');
    this.lettered = new Uint8Array(lines.length);
    for (let id = 0; id < lines.length; id++) {
      const token = (lines[id] ?? '').replace(/\r$/, '');
      if (token.length > 0 && !this.vocab.has(token)) this.vocab.set(token, id);
      if (/\p{L}/u.test(token)) this.lettered[id] = 1;
    }
    const unk = this.vocab.get('[UNK]');
    if (unk === undefined) throw new Error('vocab.txt has no [UNK] token');
    this.unkId = unk;
  }

  idOf(token: string): number | undefined {
    return this.vocab.get(token);
  }

  /** Whether any of `ids[from, to)` is a piece with a letter (an id outside the vocabulary is). */
  anyLettered(ids: Int32Array, from: number, to: number): boolean {
    for (let i = from; i < to; i++) {
      const id = ids[i]!;
      if (id >= this.lettered.length || this.lettered[id] === 1) return true;
    }
    return false;
  }

  tokenize(text: string): TokenizedText {
    const ids: number[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    const wordStart: number[] = [];
    for (const word of preTokenize(normalize(text))) {
      const first = word[0];
      const last = word[word.length - 1];
      if (first === undefined || last === undefined) continue;
      const pieces = this.wordPieces(word);
      if (pieces === undefined) {
        ids.push(this.unkId);
        starts.push(first.start);
        ends.push(last.end);
        wordStart.push(1);
        continue;
      }
      for (const p of pieces) {
        ids.push(p.id);
        starts.push(p.start);
        ends.push(p.end);
        wordStart.push(p.first ? 1 : 0);
      }
    }
    return {
      ids: Int32Array.from(ids),
      starts: Int32Array.from(starts),
      ends: Int32Array.from(ends),
      wordStart: Uint8Array.from(wordStart),
    };
  }

  /** Greedy longest-match-first; undefined when the word cannot be split (it becomes [UNK]). */
  private wordPieces(
    word: readonly NormChar[],
  ): { id: number; start: number; end: number; first: boolean }[] | undefined {
    if (word.length > MAX_CHARS_PER_WORD) return undefined;
    const pieces: { id: number; start: number; end: number; first: boolean }[] = [];
    let start = 0;
    while (start < word.length) {
      let end = word.length;
      let found: number | undefined;
      while (start < end) {
        let sub = '';
        for (let k = start; k < end; k++) sub += word[k]?.ch ?? '';
        found = this.vocab.get(start > 0 ? `##${sub}` : sub);
        if (found !== undefined) break;
        end--;
      }
      if (found === undefined) return undefined;
      pieces.push({
        id: found,
        start: word[start]?.start ?? 0,
        end: word[end - 1]?.end ?? 0,
        first: start === 0,
      });
      start = end;
    }
    return pieces;
  }
}
