/**
 * Context words near a match: "Phone:", "SSN", "card number". In the spirit of Presidio's
 * LemmaContextAwareEnhancer, but deliberately simple: words in a small window around the match,
 * compared case-insensitively, with a prefix match for words of four letters or more so
 * "Telephone:" answers "telephone" and "mobiles" answers "mobile"; a value in a table row also takes its column header's
 * words (its column's header cell). Context only ever RAISES the score of a pattern match; it never creates one.
 */

import { lineAround } from './lineIndex.js';
import { cellsOf, COLUMN_SEPARATORS, MAX_ROW_LENGTH, RULE_LINE } from './textTables.js';

/** Characters looked at before the match (labels sit before values) and after it ("… (mobile)"). */
const WINDOW_BEFORE = 48;
const WINDOW_AFTER = 24;

/** How much a context word adds to a match's base score (Presidio's default is 0.35). */
export const CONTEXT_BOOST = 0.35;

function tokensOf(fragment: string): string[] {
  return fragment
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/**
 * The header cell above a value that sits in a table row (cells separated by tabs, bars or
 * wide gaps): the first line of the block of rows above it, rule lines skipped, cut into the
 * same number of cells. "Emp ID | Name | SSN | Gross" gives "SSN" to every value in that column,
 * and "Mobile" to the column beside it — the whole header would mix the two up.
 */
export function columnHeaderOf(text: string, index: number): string | undefined {
  const row = lineAround(text, index);
  if (row.end - row.start > MAX_ROW_LENGTH) return undefined;
  const rowText = text.slice(row.start, row.end);
  const separator = COLUMN_SEPARATORS.find((s) => s.test(rowText));
  if (!separator) return undefined;
  const rowCells = cellsOf(rowText, separator);
  const header = headerLineAbove(text, row.start, separator, rowCells.length);
  if (header === undefined) return undefined;
  const column = rowCells.findLastIndex((c) => c.start <= index - row.start);
  return cellsOf(header, separator)[column]?.text;
}

/**
 * Header lines already found, per row start, for the last text asked about: every value of a
 * row, and every row of a long table, would otherwise walk up to the same header again. A walk
 * stops at the first row above whose header is known.
 */
let headerCache: { text: string; rows: Map<string, string | null> } = {
  text: '',
  rows: new Map(),
};

/** The first line of the block of rows of `cells` cells above the row at `rowStart`. */
function headerLineAbove(
  text: string,
  rowStart: number,
  separator: RegExp,
  cells: number,
): string | undefined {
  if (headerCache.text !== text) headerCache = { text, rows: new Map() };
  const key = (start: number) => `${separator.source}\u0000${cells}\u0000${start}`;
  const known = headerCache.rows.get(key(rowStart));
  if (known !== undefined) return known ?? undefined;
  let header: string | undefined;
  let lineStart = rowStart;
  while (lineStart > 0) {
    const above = lineAround(text, lineStart - 1);
    if (above.end - above.start > MAX_ROW_LENGTH) break;
    const line = text.slice(above.start, above.end);
    if (line.trim() === '') break;
    if (!RULE_LINE.test(line)) {
      if (cellsOf(line, separator).length !== cells) break;
      const cached = headerCache.rows.get(key(above.start));
      if (cached !== undefined) {
        header = cached ?? line;
        break;
      }
      header = line;
    }
    lineStart = above.start;
  }
  headerCache.rows.set(key(rowStart), header ?? null);
  return header;
}

/**
 * True when one of `words` (single words or multi-word phrases, lower case) occurs within the
 * window around `[start, end)` of `text`.
 */
export function hasContext(
  text: string,
  start: number,
  end: number,
  words: readonly string[],
): boolean {
  if (words.length === 0) return false;
  const before = tokensOf(text.slice(Math.max(0, start - WINDOW_BEFORE), start));
  // The first token before may be cut in half by the window edge; it is still worth checking.
  const after = tokensOf(text.slice(end, end + WINDOW_AFTER));
  const header = columnHeaderOf(text, start);
  const tokens = [...before, ...after, ...(header ? tokensOf(header) : [])];
  const joined = ` ${tokens.join(' ')} `;
  return words.some((word) => {
    if (word.includes(' ')) return joined.includes(` ${word} `);
    return tokens.some((t) => t === word || (word.length >= 4 && t.startsWith(word)));
  });
}
