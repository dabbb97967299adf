/**
 * A worksheet's printed header or footer as the printout shows it. The stored string interleaves
 * the printed words with control codes (ECMA-376 Part 1, 18.3.1.36): sections (`&L`, `&C`, `&R`),
 * a font (`&"Arial,Bold"`), a size (`&12`), a colour (`&K00-022` for a theme colour with its tint,
 * `&KFF0000`), fields and style switches. Read raw, a font name read as a person ("Arial
 * Unicode") and a colour as a number; only the words a reader of the printout sees are text.
 */

/** Codes that print a value the workbook supplies (page, pages, date, time, sheet, file, path, picture). */
const FIELDS = new Set(['P', 'N', 'D', 'T', 'A', 'F', 'Z', 'G']);
/** Style switches: bold, italic, underline, double underline, strikethrough, super/subscript, outline, shadow. */
const STYLES = new Set(['B', 'I', 'U', 'E', 'S', 'X', 'Y', 'O', 'H']);
const SECTIONS = new Set(['L', 'C', 'R']);

/**
 * The printed lines of each section (left, centre, right, in the order written), each trimmed,
 * the empty ones left out: one entry per line, so that no section or line runs into the next
 * when they are read. Fields print nothing here: their values are the workbook's own (its sheet
 * and file names are read where they are stored). Empty when the header holds only codes.
 */
export function headerFooterLines(code: string): string[] {
  const sections: string[] = [];
  let current = '';
  let i = 0;
  while (i < code.length) {
    const ch = code[i]!;
    if (ch !== '&') {
      current += ch;
      i++;
      continue;
    }
    const next = code[i + 1];
    if (next === undefined) break;
    if (next === '&') {
      current += '&';
      i += 2;
    } else if (SECTIONS.has(next)) {
      sections.push(current);
      current = '';
      i += 2;
    } else if (next === '"') {
      const close = code.indexOf('"', i + 2);
      i = close === -1 ? code.length : close + 1;
    } else if (next === 'K') {
      i += 2 + colourLength(code.slice(i + 2, i + 8));
    } else if (/\d/.test(next)) {
      i += 1 + /^\d+/.exec(code.slice(i + 1))![0].length;
    } else if (FIELDS.has(next) || STYLES.has(next)) {
      i += 2;
    } else {
      // Not a code Excel knows: Excel prints the ampersand's neighbour as it stands.
      i += 1;
    }
  }
  sections.push(current);
  return sections
    .flatMap((s) => s.split(/\r?\n|\r/))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '');
}

/** How many characters after `&K` name the colour: RRGGBB, or a theme (two hex digits), a sign and a tint of three digits. */
function colourLength(after: string): number {
  if (/^[0-9A-Fa-f]{2}[+-]\d{3}$/.test(after)) return 6;
  if (/^[0-9A-Fa-f]{6}$/.test(after)) return 6;
  return 0;
}
