/**
 * BIO decoding of per-token label probabilities into character spans. Mirrors `decode_spans`
 * in models/train/finredact_ner/decode.py, which produced the golden parity file.
 *
 * Decisions are per word, not per piece: a pre-tokenized word takes its first piece's label, so
 * a span always starts and ends on word boundaries. A run of words continues an entity while
 * they are tagged I- of the same type; an I- after O or another type opens a new entity (models
 * do emit that, and dropping it would leak the value). An entity also stops at a blank line, and
 * a NAME or COMPANY at a column gap (`breaksEntity`). Spans unlike any gold span are dropped
 * (`isImplausible`).
 */
import { capitalisedWordBefore } from '../../domain/capitalisedWordBefore.js';
import { LEGAL_FORM_KEYS, legalFormKey, NAME_PARTICLES } from '../../domain/vocabulary.js';
import type { EntityType } from '../../domain/entityTypes.js';
import { GAP_WIDE, LINE_BREAK_CLASS, gapKind } from './tokenShape.js';
import type { TokenizedText } from './wordpieceTokenizer.js';

export interface DecodedSpan {
  readonly start: number;
  readonly end: number;
  readonly type: EntityType;
  /** Mean over the span's words of P(B-type) + P(I-type). */
  readonly score: number;
}

export interface LabelScheme {
  /** "O", then "B-T" and "I-T" per type. */
  readonly labels: readonly string[];
  /** Characters trimmed from both ends of a span. */
  readonly trimChars: string;
}

interface Word {
  start: number;
  end: number;
  tag: 'B' | 'I' | 'O';
  type: EntityType | undefined;
  p: number;
}

/**
 * A bracket at either end of a span is kept only when the span also holds its partner:
 * "(020) 7946-0959" keeps its "(", "80331 München)" loses its ")".
 */
const CLOSER_TO_OPENER: Readonly<Record<string, string>> = { ')': '(', ']': '[' };
const OPENER_TO_CLOSER: Readonly<Record<string, string>> = { '(': ')', '[': ']' };
/** Quotes that open a quoted value, and the quote that closes each. */
const OPENING_QUOTES: Readonly<Record<string, string>> = { "'": "'", '"': '"', '‘': '’', '“': '”' };

function countIn(text: string, ch: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if (text[i] === ch) n++;
  return n;
}

/**
 * In the generator's 60k documents no gold span of any type but ADDRESS (0.16%) holds a blank
 * line, and no NAME or COMPANY holds a column gap (a tab or 2+ spaces); the model still ran names
 * on into the next paragraph or column ("AVOLA Rachele\n\nTeije"), so such a word starts a new
 * entity. Must match `breaks_entity` in models/train/finredact_ner/decode.py.
 */
const NO_COLUMN_GAP_TYPES: ReadonlySet<EntityType> = new Set<EntityType>(['NAME', 'COMPANY']);
const LINE_BREAK_CHARS = new RegExp(`[${LINE_BREAK_CLASS}]`, 'g');

/**
 * A decoded span no gold span looks like: a single character (W-2 box letters "b", "f" tagged as
 * a name or an address of their own). In 20,000 generator documents, 0 of 147,898
 * NAME/COMPANY/ADDRESS spans were under two characters. Names without a capital ("beeswax" on a
 * real invoice, but also "patricia desrosiers" in presidio-synth-v2) are kept: dropping them
 * raised presidio's NAME leak from 2.8% to 6.3% to remove two false positives on real-dev.
 * Nor does any gold span consist of single letters standing apart ("N V E", OCR's reading of a
 * logo; 0 of 28,318 spans in the generator's eval run, 0 of 2,863 in presidio-synth-v2): initials
 * that belong to a name carry their dots or a surname.
 * Must match `implausible` in decode.py.
 */
const LETTERS_APART = /^\p{L}(?:\s+\p{L})+$/u;
export function isImplausible(value: string): boolean {
  return (
    value.length < 2 ||
    (value.length === 2 && /^[\ud800-\udbff]/.test(value)) ||
    LETTERS_APART.test(value)
  );
}

/**
 * A legal form standing alone ("Sarl au capital de 10 000€", a register line's "GmbH") names no
 * company: 0 of 77,023 gold COMPANY spans (the generator's eval and training runs, presidio's
 * ORGANIZATION) are one. The forms are src/domain/vocabulary's, which decode.py reads too.
 */
export function isBareLegalForm(value: string): boolean {
  return LEGAL_FORM_KEYS.has(legalFormKey(value));
}

/** True when `gap`, the text between two words, ends an entity of `type`. */
export function breaksEntity(gap: string, type: EntityType): boolean {
  const lineBreaks = gap.replaceAll('\r\n', '\n').match(LINE_BREAK_CHARS)?.length ?? 0;
  if (lineBreaks >= 2) return true;
  return NO_COLUMN_GAP_TYPES.has(type) && gapKind(gap, false) === GAP_WIDE;
}

/**
 * A dash with whitespace on both sides is never inside a gold NAME (0 of 60,198 in 20,000
 * generated documents), yet the model ran names on over it ("Marit - FYI", "Soo-ah Park -").
 * Must match `spaced_dash` in decode.py.
 */
export function isSpacedDash(text: string, start: number, end: number): boolean {
  return (
    end - start === 1 &&
    '-\u2013\u2014'.includes(text[start] ?? '') &&
    (start === 0 || /\s/.test(text[start - 1] ?? '')) &&
    (end === text.length || /\s/.test(text[end] ?? ''))
  );
}

/**
 * Two entities of one type with at most one non-space character between them are one: no two
 * gold spans of a type are that close in 20,000 generated documents, and the model split
 * "Wehner-Dare" at its "-". Must match `touching` in decode.py.
 */
export function areTouching(text: string, end: number, start: number): boolean {
  const gap = text.slice(end, start);
  return gap.length <= 1 && !/^\s+$/.test(gap);
}

/**
 * Where a NAME would start at the "." of an initial ("J. Parisian" with "J" tagged O), it starts
 * at the initial: no gold NAME starts with ".". Must match `initial_before` in decode.py.
 */
export function startsAfterInitial(text: string, start: number): boolean {
  return (
    text[start] === '.' &&
    start >= 1 &&
    /\p{L}/u.test(text[start - 1] ?? '') &&
    (start === 1 || !/[\p{L}\p{N}]/u.test(text[start - 2] ?? ''))
  );
}

// A possessive is not part of a name: no gold NAME or COMPANY ends in "'s" or "'" (0 of 112,644
// in 20,000 generated documents), and the model kept it ("Reed Elsevier's", "Pinabel Marcil'").
const POSSESSIVE = /['\u2019][sS]?$/u;
const POSSESSIVE_TYPES: ReadonlySet<EntityType> = new Set(['NAME', 'COMPANY']);

/**
 * The span's end with a trailing possessive ("'s", "'") after a letter removed, for NAME and
 * COMPANY. Must match `without_possessive` in decode.py.
 */
export function withoutPossessive(
  text: string,
  start: number,
  end: number,
  type: EntityType,
): number {
  if (!POSSESSIVE_TYPES.has(type)) return end;
  const value = text.slice(start, end);
  const m = POSSESSIVE.exec(value);
  if (!m) return end;
  // The last code point before the apostrophe, as Python sees it (a letter may be a surrogate pair).
  const before = [...value.slice(0, m.index)].at(-1) ?? '';
  const letterBefore = /\p{L}/u.test(before);
  return letterBefore ? start + m.index : end;
}

// Measured on the 60,004 training documents of synth-v8: of the 1,557 gold NAMEs that cross a
// line break, one ends in a line without a capital letter (OCR noise, "RUNOLFSSON\n0lga"), yet
// the model ran W-2 names on into the next box's letter ("Reynolds\nf"). Of 3,322 gold NAMEs that
// start with a word without a capital, every one starts with a particle of this set or a digit
// (OCR noise), yet the model took the verb before a quoted name ("said Agnès Leroux").
const PARTICLES: ReadonlySet<string> = new Set(NAME_PARTICLES);
const LAST_LINE = new RegExp(`[${LINE_BREAK_CLASS}]([^${LINE_BREAK_CLASS}]*)$`, 'u');
const LOWERCASE_LEAD = /^(\p{Ll}+)\s+/u;
const CAPITAL = /\p{Lu}/u;

/**
 * A NAME without the lines at its end that hold no capital letter, and without a leading
 * lower-case word that is not a name particle, when a capital remains; other types unchanged.
 * Must match `name_core` in decode.py.
 */
export function nameCore(
  text: string,
  start: number,
  end: number,
  type: EntityType,
): [number, number] {
  if (type !== 'NAME') return [start, end];
  let b = end;
  for (;;) {
    const m = LAST_LINE.exec(text.slice(start, b));
    if (!m || CAPITAL.test(m[1] ?? '') || !CAPITAL.test(text.slice(start, start + m.index))) break;
    b = start + m.index;
  }
  let a = start;
  const lead = LOWERCASE_LEAD.exec(text.slice(a, b));
  if (lead && !PARTICLES.has(lead[1] ?? '') && CAPITAL.test(text.slice(a + lead[0].length, b)))
    a += lead[0].length;
  return [a, b];
}

/**
 * A span the model starts inside a word ("C.F.R." tagged from its ".F"): a person reads the word,
 * so the span starts where the word does — or a copy would keep "C" before a placeholder and the
 * value's other copies, matched as words, would not be this one.
 */
export function wordStart(text: string, start: number): number {
  // Punctuation alone before a space ("Dr. Parisian" or "P. 4002" tagged from its ".") belongs
  // to the word before, which the model left out: the span starts after it.
  if (!/[\p{L}\p{N}]/u.test(text[start] ?? '') && !/[\p{L}\p{N}]/u.test(text[start + 1] ?? '')) {
    const m = /^[.,·•*]+\s+(?=[\p{L}\p{N}])/u.exec(text.slice(start, start + 8));
    return m ? start + m[0].length : start;
  }
  let a = start;
  while (a > 0 && /[\p{L}\p{N}.'’-]/u.test(text[a - 1] ?? '') && start - a < 32) a--;
  return /[\p{L}\p{N}]/u.test(text[a] ?? '') ? a : start;
}

/** An opening quote at `start` whose closing quote is not in the span. */
function unclosedQuote(text: string, start: number, end: number): boolean {
  const closing = OPENING_QUOTES[text[start] ?? ''];
  return closing !== undefined && end > start + 1 && !text.slice(start + 1, end).includes(closing);
}

/** Trims `trimChars` and unbalanced brackets from both ends until nothing changes. */
export function trimSpan(
  text: string,
  start: number,
  end: number,
  trimChars: string,
): [number, number] {
  let a = start;
  let b = end;
  for (;;) {
    const before = [a, b];
    while (a < b && trimChars.includes(text[a] ?? '')) a++;
    while (b > a && trimChars.includes(text[b - 1] ?? '')) b--;
    const close = text[b - 1] ?? '';
    const closeOpener = CLOSER_TO_OPENER[close];
    if (
      b > a &&
      closeOpener !== undefined &&
      countIn(text, close, a, b) > countIn(text, closeOpener, a, b)
    )
      b--;
    const open = text[a] ?? '';
    const openCloser = OPENER_TO_CLOSER[open];
    if (
      b > a &&
      openCloser !== undefined &&
      countIn(text, open, a, b) > countIn(text, openCloser, a, b)
    )
      a++;
    // A bracket left open at the end ("Kaveri Industries Limited (" before its short name)
    // or closed at the start belongs to the text around the span.
    const last = text[b - 1] ?? '';
    if (b > a && OPENER_TO_CLOSER[last] !== undefined) b--;
    const first = text[a] ?? '';
    if (b > a && CLOSER_TO_OPENER[first] !== undefined) a++;
    // An opening quote whose closing one the span left out ("'Ann' <…>" tagged from its "'").
    else if (b > a && unclosedQuote(text, a, b)) a++;
    if (a === before[0] && b === before[1]) return [a, b];
  }
}

export function decodeSpans(
  text: string,
  tokens: TokenizedText,
  probs: Float64Array,
  scheme: LabelScheme,
  threshold: number,
): DecodedSpan[] {
  const n = scheme.labels.length;
  const labelIndex = new Map(scheme.labels.map((l, i) => [l, i]));
  const words: Word[] = [];
  for (let i = 0; i < tokens.ids.length; i++) {
    const start = tokens.starts[i] ?? 0;
    const end = tokens.ends[i] ?? 0;
    const last = words[words.length - 1];
    if (tokens.wordStart[i] === 0 && last !== undefined) {
      last.end = end;
      continue;
    }
    let best = 0;
    for (let k = 1; k < n; k++) if ((probs[i * n + k] ?? 0) > (probs[i * n + best] ?? 0)) best = k;
    const label = scheme.labels[best] ?? 'O';
    if (label === 'O') {
      words.push({ start, end, tag: 'O', type: undefined, p: probs[i * n + best] ?? 0 });
      continue;
    }
    const type = label.slice(2) as EntityType;
    const b = labelIndex.get(`B-${type}`) ?? 0;
    const inside = labelIndex.get(`I-${type}`) ?? 0;
    const p = (probs[i * n + b] ?? 0) + (probs[i * n + inside] ?? 0);
    words.push({ start, end, tag: label.startsWith('B-') ? 'B' : 'I', type, p });
  }

  const entities: { start: number; end: number; type: EntityType; ps: number[] }[] = [];
  let prevType: EntityType | undefined;
  let prevEnd = 0;
  for (const w of words) {
    const gap = text.slice(prevEnd, w.start);
    prevEnd = w.end;
    if (
      w.tag === 'O' ||
      w.type === undefined ||
      (w.type === 'NAME' && isSpacedDash(text, w.start, w.end))
    ) {
      prevType = undefined;
      continue;
    }
    const open = entities[entities.length - 1];
    const continues =
      (w.tag === 'I' && prevType === w.type && !breaksEntity(gap, w.type)) ||
      areTouching(text, open?.end ?? 0, w.start);
    if (open?.type === w.type && continues) {
      open.end = w.end;
      open.ps.push(w.p);
    } else {
      const start = w.type === 'NAME' && startsAfterInitial(text, w.start) ? w.start - 1 : w.start;
      entities.push({ start, end: w.end, type: w.type, ps: [w.p] });
    }
    prevType = w.type;
  }

  const spans: DecodedSpan[] = [];
  for (const e of entities) {
    const [trimmedStart, trimmedEnd] = trimSpan(text, e.start, e.end, scheme.trimChars);
    const [coreStart, coreEnd] = nameCore(text, trimmedStart, trimmedEnd, e.type);
    const [trimmed, cutEnd] = trimSpan(text, coreStart, coreEnd, scheme.trimChars);
    const wordFrom = wordStart(text, trimmed);
    const end = withoutPossessive(text, wordFrom, cutEnd, e.type);
    // "'Ann'" loses its closing quote as if it were a possessive: the opening one goes too.
    const start = unclosedQuote(text, wordFrom, end) ? wordFrom + 1 : wordFrom;
    if (end <= start) continue;
    const score = e.ps.reduce((a, b) => a + b, 0) / e.ps.length;
    const value = text.slice(start, end);
    if (score < threshold || isImplausible(value)) continue;
    // A legal form after a capitalised word is a company the model cut: the merge takes it in.
    if (e.type === 'COMPANY' && isBareLegalForm(value) && !capitalisedWordBefore(text, start)) {
      continue;
    }
    spans.push({ start, end, type: e.type, score });
  }
  return spans;
}
