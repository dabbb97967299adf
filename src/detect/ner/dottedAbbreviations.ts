/**
 * Trade and letter abbreviations written with dots ("C.O.D. ONLY", "F.O.B.", "E.&O.E.",
 * "R.S.V.P."): the model read the letters of "C.O.D." as a person's initials. A span inside such
 * a word, its dots and all, is no name. Only dotted forms of three letters or more count: "COD"
 * may be a word or a name, and "P.M." or "N.B." a person's initials as often as not.
 */
const ABBREVIATIONS = new Set([
  'cod',
  'fob',
  'cif',
  'eoe',
  'e&oe',
  'asap',
  'rsvp',
  'pto',
  'iou',
  'etc',
]);

const WORD_CHAR = /[\p{L}.&]/u;

/** Whether `[start, end)` of `text` lies inside a dotted abbreviation of the list. */
export function inDottedAbbreviation(text: string, start: number, end: number): boolean {
  let from = start;
  let to = end;
  while (from > 0 && WORD_CHAR.test(text[from - 1]!)) from--;
  while (to < text.length && WORD_CHAR.test(text[to]!)) to++;
  const word = text.slice(from, to);
  if ((word.match(/\./g) ?? []).length < 2) return false;
  return ABBREVIATIONS.has(word.replaceAll('.', '').toLowerCase());
}
