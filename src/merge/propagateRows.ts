/**
 * Table rows read as lines: a salary list's "MTL Lemaire Olivier M $ 60,000.00" or a payroll
 * export's rows, where the model tags the club and the name in most rows but misses them in some
 * (it missed every "MTL" and "NYCFC" row of a real salary list while tagging "CHI" and "CLB").
 * Lines whose words have the same shapes in the same order are rows of one table; where the model
 * found the same run of words with one type in most of those rows, that run is redacted with
 * that type in every row. What a column holds decides, not the model's mood on one row.
 *
 * Guards, so that prose never qualifies: a table needs MIN_ROWS lines of one shape with at least
 * MIN_WORDS words each, and a column needs its type in at least MIN_SHARE of those rows. A row
 * with a span of another type over the column keeps it (a validated pattern outranks a guess).
 */
import { firstEndingAfter, makeSpan, type Span } from '../domain/span.js';

/** Lines of one shape before they count as a table (a header and a few rows do not). */
export const MIN_ROWS = 6;
/** Words a line needs to be a row: "Total 1,200.00" is no table. */
export const MIN_WORDS = 4;
/** Share of a table's rows in which the model must have found the column. */
export const MIN_SHARE = 0.6;

/** A row copy's score: below a pattern's, as the column rule is a vote, not a validation. */
const ROW_SCORE = 0.9;

interface Word {
  readonly start: number;
  readonly end: number;
}

interface Row {
  readonly words: readonly Word[];
}

/**
 * A word's shape: starting with a capital ("MTL", "D-M", "Lemaire", "LaTorre"), lower case,
 * holding a digit, or none of these ("$", "–").
 */
function shapeOf(word: string): string {
  if (/\d/.test(word)) return 'N';
  if (!/\p{L}/u.test(word)) return 'S';
  // Capitals and capitalised words are one shape: a name column may hold "Quinlan TJ" and "DeMarco".
  if (/^\p{Lu}/u.test(word)) return 'C';
  return 'l';
}

function rowsOf(text: string): Map<string, Row[]> {
  const tables = new Map<string, Row[]>();
  const lineRe = /[^\n]+/g;
  for (let line = lineRe.exec(text); line; line = lineRe.exec(text)) {
    const words: Word[] = [];
    const wordRe = /\S+/g;
    for (let w = wordRe.exec(line[0]); w; w = wordRe.exec(line[0])) {
      words.push({ start: line.index + w.index, end: line.index + w.index + w[0].length });
    }
    if (words.length < MIN_WORDS) continue;
    const shape = words.map((w) => shapeOf(text.slice(w.start, w.end))).join('');
    // A row of words without capitals or digits is prose, not a table row.
    if (!/[CN]/.test(shape)) continue;
    const rows = tables.get(shape) ?? [];
    rows.push({ words });
    tables.set(shape, rows);
  }
  return tables;
}

/** The spans (sorted, non-overlapping) that lie within `[start, end)`. */
function spansWithin(spans: readonly Span[], start: number, end: number): Span[] {
  const out: Span[] = [];
  for (let k = firstEndingAfter(spans, start); k < spans.length; k++) {
    const s = spans[k]!;
    if (s.start >= end) break;
    out.push(s);
  }
  return out;
}

/**
 * The run of whole words `[first, last]` of `row` that `span` covers exactly (up to punctuation
 * the span trimmed off), or undefined when it starts or ends inside a word.
 */
function wordRun(row: Row, span: Span): [number, number] | undefined {
  const first = row.words.findIndex((w) => w.start === span.start);
  const last = row.words.findIndex((w) => w.end >= span.end && w.start < span.end);
  if (first < 0 || last < first) return undefined;
  const lastWord = row.words[last]!;
  // A span may leave a word's closing punctuation out ("Lemaire," → "Lemaire").
  if (lastWord.end - span.end > 1) return undefined;
  return [first, last];
}

/** A column found in most rows of a table: words `first`–`last`, with its type. */
interface Column {
  readonly first: number;
  readonly last: number;
  readonly type: string;
}

/**
 * The copy of a column over `[start, end)` in one row, given the row's spans `over` it: none
 * where a span of the type covers it already or a span of another type claims it; else one span
 * that takes in the spans of the type it overlaps ("Tate Owen GK" over "MTL Tate Owen"), or the
 * copy would cut them and leave "GK" a name.
 */
function columnCopy(
  text: string,
  over: readonly Span[],
  start: number,
  end: number,
  type: string,
): Span | undefined {
  if (over.some((s) => s.type !== type)) return undefined;
  if (over.some((s) => s.start <= start && s.end >= end - 1)) return undefined;
  const from = Math.min(start, ...over.map((s) => s.start));
  const to = Math.max(end, ...over.map((s) => s.end));
  return makeSpan(text, from, to, type, ROW_SCORE, 'propagated');
}

/**
 * Copies, with source `propagated`, for the rows where a column the model found in most rows of
 * a table has no span of its type. `spans` are the document's merged spans (sorted,
 * non-overlapping).
 */
export function propagateRows(text: string, spans: readonly Span[]): Span[] {
  // Nothing found, no column: the text need not be read as rows.
  if (spans.length === 0) return [];
  const copies: Span[] = [];
  const tables = rowsOf(text);
  for (const [shape, rows] of tables) {
    if (rows.length < MIN_ROWS) continue;
    const found = rows.map((row) => spansWithin(spans, row.words[0]!.start, row.words.at(-1)!.end));
    // The candidate columns: each run of words a span covers exactly in some row, with its type.
    const candidates = new Map<string, Column>();
    rows.forEach((row, r) => {
      for (const s of found[r]!) {
        const run = wordRun(row, s);
        if (run)
          candidates.set(`${run[0]}:${run[1]}:${s.type}`, {
            first: run[0],
            last: run[1],
            type: s.type,
          });
      }
    });
    // A row votes for a column when a span of that type covers it, exactly or with more ("Bush
    // Evan GK" votes for the name column "Tate Owen").
    const columns = [...candidates.values()].filter((c) => {
      const votes = rows.filter((row, r) => {
        const start = row.words[c.first]!.start;
        const end = row.words[c.last]!.end;
        return found[r]!.some((s) => s.type === c.type && s.start <= start && s.end >= end - 1);
      }).length;
      return votes >= rows.length * MIN_SHARE;
    });
    rows.forEach((row, r) => {
      const here: Span[] = [];
      for (const c of columns) {
        const start = row.words[c.first]!.start;
        const end = row.words[c.last]!.end;
        const over = found[r]!.filter((s) => s.start < end && s.end > start);
        const copy = columnCopy(text, over, start, end, c.type);
        if (copy) here.push(copy);
      }
      copies.push(...joined(text, here));
    });
    for (const c of columns) copies.push(...lengthenedRows(text, spans, tables, shape, c));
  }
  return copies;
}

/**
 * The rows of a table whose name column holds one word more or more ("ATL Mensah Asante Kwame
 * M $ …" among "ATL Salcedo Ramon M $ …"): lines of the table's shape with the column's run of
 * capitalised words lengthened, too few to be a table of their own. The column is copied to them.
 */
function lengthenedRows(
  text: string,
  spans: readonly Span[],
  tables: ReadonlyMap<string, Row[]>,
  shape: string,
  { first, last, type }: Column,
): Span[] {
  // Only a whole run of capitalised words: where two such columns touch ("ATL" and "Salcedo
  // Efrain"), which of them grew is not known.
  const run = shape.slice(first, last + 1);
  if (!/^C+$/.test(run) || shape[first - 1] === 'C' || shape[last + 1] === 'C') return [];
  const prefix = shape.slice(0, first);
  const suffix = shape.slice(last + 1);
  const out: Span[] = [];
  for (const [other, rows] of tables) {
    if (other.length <= shape.length || !other.startsWith(prefix) || !other.endsWith(suffix))
      continue;
    const lastWord = other.length - suffix.length - 1;
    if (!/^C+$/.test(other.slice(first, lastWord + 1))) continue;
    for (const row of rows) {
      const start = row.words[first]!.start;
      const end = row.words[lastWord]!.end;
      const copy = columnCopy(text, spansWithin(spans, start, end), start, end, type);
      if (copy) out.push(copy);
    }
  }
  return out;
}

/**
 * One row's copies with overlapping ones of a type joined: two columns that overlap ("DC Mancini
 * Andrea" and "Ferrante Piero M-F") are one value there, and the merge would otherwise keep only
 * the longer one and leave "DC" in clear.
 */
function joined(text: string, spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const k = out.findIndex((o) => o.type === s.type && o.start < s.end && s.start < o.end);
    if (k < 0) {
      out.push(s);
      continue;
    }
    const o = out[k]!;
    out[k] = makeSpan(
      text,
      Math.min(o.start, s.start),
      Math.max(o.end, s.end),
      s.type,
      s.score,
      s.source,
    );
  }
  return out;
}
