/**
 * The capitalised word, bracketed or not ("Acme", "(M)"), right before `start` on its line, one
 * space apart, and not before `floor`; undefined when there is none. A company's name stands so
 * before its legal form: decoding keeps a legal form the model tagged alone when one does, and
 * the merge takes such words into the company (models/train's decode.py mirrors the first).
 */
export function capitalisedWordBefore(text: string, start: number, floor = 0): string | undefined {
  const word = /(?:^|[ ])(\(?\p{Lu}[\p{L}\p{N}&'’.-]*\)?)[ ]$/u.exec(
    text.slice(Math.max(floor, start - 40), start),
  )?.[1];
  return word !== undefined && start - word.length - 1 >= floor ? word : undefined;
}
