/**
 * Shape ids for tokens: each token's casing and the layout gap before it, as one id the model
 * embeds and adds to the word embedding. The encoder is uncased and WordPiece drops whitespace,
 * so without this the model could see neither "Mark" vs "mark" nor a line break or column gap.
 * Must match `token_shape`, `gap_kind` and `layout_shapes` in models/train/finredact_ner/data.py
 * id for id (test/fixtures/tokenizer-parity.json carries the Python ids).
 */
export const SHAPE_SPECIAL = 0;
const SHAPE_LOWER = 1;
const SHAPE_TITLE = 2;
const SHAPE_UPPER = 3;
const SHAPE_DIGIT = 4;
const SHAPE_OTHER = 5;
const SHAPE_MIXED = 6;
const NUM_BASE_SHAPES = 7;

/** Nothing or one space before the token: same word, or the next word on the line. */
const GAP_NONE = 0;
/** A line break before the token, or the start of the text. */
const GAP_NEWLINE = 1;
/** A tab or two or more spaces: a column gap. */
export const GAP_WIDE = 2;
/** Shape ids the model must have been trained with (labels.json `numShapes`). */
export const NUM_SHAPES = NUM_BASE_SHAPES * 3;

const DECIMAL_DIGIT = /\p{Nd}/u;
/** The characters that end a line, as a regex class body (`LINE_BREAKS` in data.py). */
export const LINE_BREAK_CLASS = '\\n\\r\\f\\v\\u2028\\u2029';
const LINE_BREAK = new RegExp(`[${LINE_BREAK_CLASS}]`);

function isCased(ch: string): boolean {
  return ch.toLowerCase() !== ch.toUpperCase();
}

/** Casing shape of one token (`text` is the token's slice of the document). */
export function tokenShape(text: string): number {
  const cased: string[] = [];
  let hasDigit = false;
  for (const ch of text) {
    if (isCased(ch)) cased.push(ch);
    else if (DECIMAL_DIGIT.test(ch)) hasDigit = true;
  }
  const first = cased[0];
  if (first === undefined) return hasDigit ? SHAPE_DIGIT : SHAPE_OTHER;
  const isUpper = (c: string): boolean => c === c.toUpperCase();
  const isLower = (c: string): boolean => c === c.toLowerCase();
  if (cased.every(isUpper)) return cased.length >= 2 ? SHAPE_UPPER : SHAPE_TITLE;
  if (cased.every(isLower)) return SHAPE_LOWER;
  if (isUpper(first) && cased.slice(1).every(isLower)) return SHAPE_TITLE;
  return SHAPE_MIXED;
}

/**
 * Python counts code points, so one astral character (two UTF-16 units) is a single character.
 * Checked without building an array: this runs once per token.
 */
function codePointsAtLeastTwo(s: string): boolean {
  if (s.length < 2) return false;
  if (s.length > 2) return true;
  return (s.codePointAt(0) ?? 0) <= 0xffff;
}

/** Kind of the text between the previous token's end and this token's start. */
export function gapKind(between: string, atStart: boolean): number {
  if (atStart || LINE_BREAK.test(between)) return GAP_NEWLINE;
  if (between.includes('\t') || codePointsAtLeastTwo(between)) return GAP_WIDE;
  return GAP_NONE;
}

/** Shape ids of a tokenized text: casing + NUM_BASE_SHAPES × layout gap. */
export function layoutShapes(
  text: string,
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
): Int32Array {
  const out = new Int32Array(starts.length);
  let prevEnd = 0;
  for (let i = 0; i < starts.length; i++) {
    const a = starts[i] ?? 0;
    const b = ends[i] ?? a;
    out[i] =
      tokenShape(text.slice(a, b)) + NUM_BASE_SHAPES * gapKind(text.slice(prevEnd, a), i === 0);
    prevEnd = b;
  }
  return out;
}
