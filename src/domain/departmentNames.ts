/**
 * A company's department named alone: "People & Culture", "Human Resources", "Accounts Payable",
 * "Finance Team", "Customer Services". LABELS.md's COMPANY is an organisation by its name; a
 * department is a part of one and names no party, and an offer letter or an invoice query names
 * one beside the person to write to. The model tagged "People & Culture" as a company in every
 * offer letter of a probe set.
 *
 * A model COMPANY span made only of department words and connectives, with at least two words of
 * a department or a word that says it is one ("Department", "Team"), is scored down. One word
 * outside the list keeps the span ("Acme Finance", "Legal & General", "People's Bank").
 */

const DEPARTMENT_WORDS = new Set(
  (
    'people culture human resources hr finance financial accounts accounting payable receivable ' +
    'payroll treasury legal compliance procurement purchasing sales marketing operations ' +
    'information technology it customer customers service services support internal audit risk ' +
    'tax facilities administration talent acquisition recruitment recruiting engineering ' +
    'research development quality assurance communications investor relations credit control ' +
    'collections billing helpdesk'
  ).split(' '),
);

/** Words that say a name is a department's or a team's. */
const UNIT_WORDS = new Set('department dept team division unit desk'.split(' '));

const CONNECTIVES = new Set(['&', 'and', 'of', 'the', '+', '/']);

/** Whether a model COMPANY span names a department alone. */
export function isDepartmentName(value: string): boolean {
  const words = value
    .toLowerCase()
    .split(/[\s/]+|(?=&)|(?<=&)/)
    .map((w) => w.replace(/^[("'“‘]+|[)"'”’,;:.]+$/g, ''))
    .filter((w) => w !== '');
  if (words.length === 0) return false;
  const known = (w: string) => DEPARTMENT_WORDS.has(w) || UNIT_WORDS.has(w) || CONNECTIVES.has(w);
  if (!words.every(known)) return false;
  const departmentWords = words.filter((w) => DEPARTMENT_WORDS.has(w)).length;
  return departmentWords > 0 && (departmentWords >= 2 || words.some((w) => UNIT_WORDS.has(w)));
}

/** A department's word or a connective, as the text holds it. */
function isDepartmentPiece(word: string): boolean {
  const w = word.toLowerCase().replace(/^[("'“‘]+|[)"'”’,;:.]+$/g, '');
  return DEPARTMENT_WORDS.has(w) || UNIT_WORDS.has(w) || CONNECTIVES.has(w);
}

/**
 * Whether the span at `[start, end)` is a department's name or a piece of one: the words of
 * department names and connectives right around it on its line are taken in ("& Culture" of
 * "People & Culture", as the model sometimes cuts it), and the whole is judged.
 */
export function inDepartmentName(text: string, start: number, end: number): boolean {
  let from = start;
  let to = end;
  for (;;) {
    // The last word before, on the same line: a line break is no part of it.
    const before = /\S+[ \t]+$/u.exec(text.slice(Math.max(0, from - 40), from));
    if (!before || !isDepartmentPiece(before[0].trimEnd())) break;
    from -= before[0].length;
  }
  for (;;) {
    const after = /^[ \t]+([^\s]+)/u.exec(text.slice(to, to + 40));
    if (!after || !isDepartmentPiece(after[1]!)) break;
    to += after[0].length;
  }
  return isDepartmentName(text.slice(from, to));
}
