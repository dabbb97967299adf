/**
 * A citation of a law or a court rule ("11 U.S.C.", "28 C.F.R. § 58.6(a)(3)", "Fed. R. Bankr.
 * P.", "R. Evid") names no party and locates nothing: LABELS.md's laws are not companies, and an
 * address is a postal one. The model, which met no statute in training, read a bankruptcy
 * handbook's citations as addresses, companies and names, and propagation redacted each of them
 * hundreds of times. A model span inside a citation is scored down: the span's words, and the
 * words around it that a citation is made of, are citation words, numbers, sections and
 * subsections, and one of them is a word only a citation uses. The model cuts citations anywhere
 * ("11 U.S.", "P. 3011"), so the citation is judged whole.
 */

/** Words only a citation uses (compared without dots, lower case): the codes and the rules. */
const CITATION_WORDS = new Set(
  'usc cfr bankr civ crim evid app irc treas reg regs stat fed ucc'.split(' '),
);
/** Words a citation shares with other text: "Fed. R. Civ. P.", "Pub. L. No.", "U.S.", "Title". */
const SHARED_WORDS = new Set('r p l us cf pub no title sec art para pt ch rule rules'.split(' '));
/** A number, a section sign, or a section with subsections: "586", "§§", "58.6(a)(3)", "(b)". */
const NUMBERED = /^(?:§+|\d+(?:[.-]\d+)*[a-z]?(?:\([\da-z]{1,4}\))*|(?:\([\da-z]{1,4}\))+)$/;
/** How far around the span a citation's words are looked for. */
const AROUND_WORDS = 6;

type WordKind = 'cited' | 'part' | 'other';

function kindOf(word: string): WordKind {
  // A sentence's full stop or a list's comma after it: "Fed. R. Bankr. P. 4002."
  const bare = word.replace(/[,;:.]+$/, '');
  // A subsection's tail where the span was cut inside it: "h)" of "521(h)".
  if (/^[\da-z]{1,4}\)$/.test(bare) || NUMBERED.test(bare)) return 'part';
  const w = bare.replace(/^[([]+|[)\]]+$/g, '');
  if (w === '' || NUMBERED.test(w)) return 'part';
  const key = w.replace(/\./g, '').toLowerCase();
  if (CITATION_WORDS.has(key)) return 'cited';
  return SHARED_WORDS.has(key) ? 'part' : 'other';
}

/** The span's value judged alone, without the text around it. */
export function isLegalCitation(value: string): boolean {
  const kinds = value
    .split(/\s+/)
    .filter((w) => w !== '')
    .map(kindOf);
  return !kinds.includes('other') && kinds.includes('cited');
}

/** Whether `[start, end)` of `text` lies in a citation, its words completed from the text. */
export function inLegalCitation(text: string, start: number, end: number): boolean {
  let from = start;
  let to = end;
  while (from > 0 && !/\s/.test(text[from - 1] ?? '')) from--;
  while (to < text.length && !/\s/.test(text[to] ?? '')) to++;
  const own = text
    .slice(from, to)
    .split(/\s+/)
    .filter((w) => w !== '')
    .map(kindOf);
  if (own.length === 0 || own.includes('other')) return false;
  if (own.includes('cited')) return true;
  const before = text
    .slice(Math.max(0, from - 80), from)
    .split(/\s+/)
    .filter((w) => w !== '');
  const after = text
    .slice(to, to + 80)
    .split(/\s+/)
    .filter((w) => w !== '');
  const runKinds = (words: string[]): WordKind[] => {
    const out: WordKind[] = [];
    for (const w of words.slice(0, AROUND_WORDS)) {
      const k = kindOf(w);
      if (k === 'other') break;
      out.push(k);
    }
    return out;
  };
  return [...runKinds(before.reverse()), ...runKinds(after)].includes('cited');
}
