const WORD_AFTER_SPACE = /(?:^|[ ])(\(?\p{Lu}[\p{L}\p{N}&'’.-]*\)?)[ ]$/u;
const WORD_FROM_LINE_START = /(?:^|[ \n])(\(?\p{Lu}[\p{L}\p{N}&'’.-]*\)?)[ ]$/u;

/**
 * The capitalised word, bracketed or not ("Acme", "(M)"), right before `start` on its line, one
 * space apart, and not before `floor`; undefined when there is none. A company's name stands so
 * before its legal form: decoding keeps a legal form the model tagged alone when one does, and
 * the merge takes such words into the company (models/train's decode.py mirrors the first).
 * Decoding counts a word only after a space, as decode.py does; the merge, with `fromLineStart`,
 * a line's first word too.
 */
export function capitalisedWordBefore(
  text: string,
  start: number,
  floor = 0,
  { fromLineStart = false }: { fromLineStart?: boolean } = {},
): string | undefined {
  const pattern = fromLineStart ? WORD_FROM_LINE_START : WORD_AFTER_SPACE;
  const word = pattern.exec(text.slice(Math.max(floor, start - 40), start))?.[1];
  return word !== undefined && start - word.length - 1 >= floor ? word : undefined;
}
