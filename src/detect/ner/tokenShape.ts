/**
 * Word-shape ids for tokens. The encoder is uncased, so the model gets each token's casing as a
 * separate input (a learned embedding added to the word embedding). Must match `token_shape` in
 * models/train/finredact_ner/data.py id for id.
 */
export const SHAPE_SPECIAL = 0;
const SHAPE_LOWER = 1;
const SHAPE_TITLE = 2;
const SHAPE_UPPER = 3;
const SHAPE_DIGIT = 4;
const SHAPE_OTHER = 5;
const SHAPE_MIXED = 6;

const DECIMAL_DIGIT = /\p{Nd}/u;

function isCased(ch: string): boolean {
  return ch.toLowerCase() !== ch.toUpperCase();
}

/** Shape of the original characters of one token (`text` is the token's slice of the document). */
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
