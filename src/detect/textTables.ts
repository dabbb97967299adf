/**
 * The tables of a text: runs of lines cut into the same number of cells by the same separator
 * (tabs, " | ", or a gap of two spaces or more, as a PDF's column gap is written). Each cell is
 * placed as a sheet's is, so the rules that read a sheet's columns read a text's tables too: a
 * PDF's "Name   Hours" table is a column of names as a CSV's is.
 */
import type { CellPlace } from '../domain/documentText.js';

export const COLUMN_SEPARATORS = [/\t+/, /\s+\|\s+/, / {2,}/] as const;
export const RULE_LINE = /^[\s\-=_|+]*$/;
/** A line longer than this is prose or a dump, not a table row. */
export const MAX_ROW_LENGTH = 2000;

/** Cells of a line split by `separator`, with their offsets. */
export function cellsOf(line: string, separator: RegExp): { start: number; text: string }[] {
  const cells: { start: number; text: string }[] = [];
  const global = new RegExp(separator.source, 'g');
  let at = 0;
  for (const m of line.matchAll(global)) {
    cells.push({ start: at, text: line.slice(at, m.index) });
    at = m.index + m[0].length;
  }
  cells.push({ start: at, text: line.slice(at) });
  return cells;
}

interface Row {
  readonly start: number;
  readonly separator: RegExp | undefined;
  readonly cells: { start: number; text: string }[];
}

function rowOf(line: string, start: number): Row | undefined {
  if (line.length > MAX_ROW_LENGTH || line.trim() === '') return undefined;
  // A line's indent is no cell: the first separator after its first word decides.
  const indent = /^\s*/.exec(line)![0].length;
  const body = line.slice(indent).trimEnd();
  const separator = COLUMN_SEPARATORS.find((s) => s.test(body));
  return {
    start: start + indent,
    separator,
    cells: separator ? cellsOf(body, separator) : [],
  };
}

/** Every table of `text` with two rows or more, as cells (row and column from 1). */
export function textTableCells(text: string): CellPlace[] {
  const out: CellPlace[] = [];
  let table: Row[] = [];
  let tables = 0;
  const close = () => {
    if (table.length >= 2) {
      tables++;
      table.forEach((row, r) =>
        row.cells.forEach((cell, c) => {
          if (cell.text.trim() === '') return;
          const start = row.start + cell.start;
          out.push({
            sheet: `table ${tables}`,
            row: r + 1,
            col: c + 1,
            kind: 'value',
            start,
            end: start + cell.text.length,
          });
        }),
      );
    }
    table = [];
  };
  let at = 0;
  for (const line of text.split('\n')) {
    const lineStart = at;
    at += line.length + 1;
    // A rule under a header belongs to its table.
    if (line.trim() !== '' && RULE_LINE.test(line)) continue;
    const row = rowOf(line, lineStart);
    const first = table[0];
    const same =
      row?.separator !== undefined &&
      first !== undefined &&
      first.separator === row.separator &&
      first.cells.length === row.cells.length;
    if (!same) close();
    if (row?.separator && row.cells.length >= 2) table.push(row);
  }
  close();
  return out;
}
