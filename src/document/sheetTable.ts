/**
 * Spreadsheets (.xlsx, .csv, .tsv) as FinRedact reads and rewrites them: every sheet's cells as
 * rows of tab-separated text, so a value's column header is its context (src/detect/context.ts
 * reads tab-separated tables), then each sheet's notes and the workbook's properties. The same
 * walk serves extraction and the redacted copy, so an offset means the same cell in both.
 */
import ExcelJS from 'exceljs';
import type { CellPlace } from '../domain/documentText.js';
import { parse } from 'csv-parse/sync';
import { readablePackage } from './opcTargets.js';
import { sanitiseWorkbook } from './workbookSanitiser.js';
import { cellName } from './cellName.js';
import { headerFooterLines } from './headerFooterText.js';

/** A cell's place in the text: 1-based row and column, as spreadsheets count. */
export type SheetCellRef = CellPlace;

export interface SheetGrid {
  readonly name: string;
  /** rows[r][c] is the displayed text of row r+1, column c+1 ('' when empty). */
  readonly rows: readonly (readonly string[])[];
  readonly notes: readonly { readonly row: number; readonly col: number; readonly text: string }[];
}

export interface SheetTable {
  readonly sheets: readonly SheetGrid[];
  /** A workbook's sheet names are read (and redacted); a CSV's one sheet has none. */
  readonly namedSheets?: boolean;
  /** A CSV's `sep=;` first line, kept out of the rows and written back before them. */
  readonly directive?: string;
  readonly properties: readonly { readonly name: string; readonly value: string }[];
}

export interface SheetText {
  readonly text: string;
  readonly cells: readonly SheetCellRef[];
}

/** Tabs and line breaks inside a cell would break the table's rows and columns in the text. */
export function flatCell(value: string): string {
  return value.replace(/[\t\r\n]/g, ' ');
}

/**
 * Excel's first line `sep=;` names a CSV's delimiter, and Excel shows the rows after it: the
 * line is no row of the table, and its header is the line below. Read as a row, it became the
 * header of a streamed CSV and of any two-column one.
 */
export function delimiterDirective(
  text: string,
): { readonly line: string; readonly delimiter: string; readonly length: number } | undefined {
  const match = /^(\ufeff?)(sep=([^\r\n"]))\r?\n/i.exec(text);
  return match ? { line: match[2]!, delimiter: match[3]!, length: match[0].length } : undefined;
}

/**
 * The delimiter a CSV uses: the one its `sep=` line names, or else the one that splits its first
 * lines into the most, equal, columns.
 */
export function sniffDelimiter(text: string): string {
  const named = delimiterDirective(text);
  if (named) return named.delimiter;
  const lines = text
    .split('\n')
    .slice(0, 20)
    .filter((l) => l.trim() !== '');
  let best = ',';
  let bestScore = 0;
  for (const d of [',', ';', '\t', '|']) {
    const counts = lines.map((l) => l.split(d).length - 1);
    const min = Math.min(...counts);
    const score = min > 0 && counts.every((c) => c === counts[0]) ? min + 1000 : min;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

export function readCsv(text: string, name: string): SheetTable {
  const directive = delimiterDirective(text);
  const delimiter = sniffDelimiter(text);
  const rows = parse(directive ? text.slice(directive.length) : text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    bom: true,
  }) as string[][];
  return {
    sheets: [{ name, rows, notes: [] }],
    properties: [],
    ...(directive ? { directive: directive.line } : {}),
  };
}

/** Workbook properties that hold words a person wrote (authors, titles, a company). */
export const WORKBOOK_TEXT_PROPERTIES = [
  'creator',
  'lastModifiedBy',
  'title',
  'subject',
  'keywords',
  'category',
  'description',
  'company',
  'manager',
] as const;

/** The header and footer texts a worksheet may print. */
export const SHEET_HEADER_FOOTER = [
  'oddHeader',
  'oddFooter',
  'evenHeader',
  'evenFooter',
  'firstHeader',
  'firstFooter',
] as const;

function noteText(note: ExcelJS.Cell['note']): string {
  if (!note) return '';
  if (typeof note === 'string') return note;
  return (note.texts ?? []).map((t) => t.text).join('');
}

/** A date cell as ISO 8601: the day, and the time when it is not midnight. */
function dateText(value: ExcelJS.CellValue): string | undefined {
  const date =
    value instanceof Date
      ? value
      : value && typeof value === 'object' && 'result' in value && value.result instanceof Date
        ? value.result
        : undefined;
  if (!date || Number.isNaN(date.getTime())) return undefined;
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/**
 * What a cell shows. A merged cell whose first cell is empty makes exceljs's `text` throw (it
 * calls toString on the master's null value): it shows nothing.
 */
function shownText(cell: ExcelJS.Cell): string {
  try {
    return cell.text ?? '';
  } catch {
    return '';
  }
}

export async function readXlsx(
  bytes: Uint8Array,
): Promise<{ table: SheetTable; workbook: ExcelJS.Workbook; removed: string[] }> {
  const workbook = new ExcelJS.Workbook();
  // openpyxl's absolute part names would make exceljs fail (see opcTargets).
  const readable = await readablePackage(bytes);
  await workbook.xlsx.load(Buffer.from(readable.bytes) as unknown as ArrayBuffer);
  const sheets: SheetGrid[] = [];
  workbook.eachSheet((ws) => {
    const rows: string[][] = [];
    const notes: { row: number; col: number; text: string }[] = [];
    // Both counts walk every row in exceljs: read once, not per cell.
    const rowCount = ws.rowCount;
    const columnCount = ws.columnCount;
    for (let r = 1; r <= rowCount; r++) {
      const row = ws.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= columnCount; c++) {
        const cell = row.getCell(c);
        // The displayed text: a formula shows its cached result, a date its day (exceljs would
        // give JavaScript's "Thu Aug 01 2019 00:00:00 GMT+0000 (…)", which reads like names).
        cells.push(dateText(cell.value) ?? shownText(cell));
        const note = noteText(cell.note);
        if (note) notes.push({ row: r, col: c, text: note });
      }
      while (cells.length > 0 && cells.at(-1) === '') cells.pop();
      rows.push(cells);
    }
    sheets.push({ name: ws.name, rows, notes });
  });
  const props = workbook as unknown as Record<string, unknown>;
  const properties: { name: string; value: string }[] = WORKBOOK_TEXT_PROPERTIES.flatMap((name) => {
    const value = props[name];
    return typeof value === 'string' && value.trim() !== '' ? [{ name, value: value.trim() }] : [];
  });
  // A sheet's printed header and footer are text a reader of the printout sees: their words, not
  // their font and colour codes.
  workbook.eachSheet((ws) => {
    for (const field of SHEET_HEADER_FOOTER) {
      const value = (ws.headerFooter as Record<string, unknown> | undefined)?.[field];
      if (typeof value !== 'string') continue;
      for (const line of headerFooterLines(value))
        properties.push({ name: `${ws.name} ${field}`, value: line });
    }
  });
  // After the walk: it reads the displayed text, which sanitising keeps.
  const removed = sanitiseWorkbook(workbook, readable);
  return { table: { sheets, properties, namedSheets: true }, workbook, removed };
}

/**
 * One line per row (cells joined by tabs), a workbook sheet's name before its rows, its notes
 * after them ("Note B3: …"), the properties last.
 */
export function sheetText(table: SheetTable): SheetText {
  let text = '';
  const cells: SheetCellRef[] = [];
  const add = (value: string, ref: Omit<SheetCellRef, 'start' | 'end'>) => {
    const flat = flatCell(value);
    if (flat.length > 0) cells.push({ ...ref, start: text.length, end: text.length + flat.length });
    text += flat;
  };
  table.sheets.forEach((sheet, s) => {
    if (s > 0) text += '\n\n';
    if (table.namedSheets) {
      // A blank line after the name: a one-column sheet must not take it for its header.
      text += 'Sheet: ';
      add(sheet.name, { sheet: sheet.name, row: 0, col: 0, kind: 'sheetName' });
      text += '\n\n';
    }
    sheet.rows.forEach((row, r) => {
      if (r > 0) text += '\n';
      row.forEach((value, c) => {
        if (c > 0) text += '\t';
        add(value, { sheet: sheet.name, row: r + 1, col: c + 1, kind: 'value' });
      });
    });
    for (const note of sheet.notes) {
      text += `\nNote ${cellName(note.row, note.col)}: `;
      add(note.text, { sheet: sheet.name, row: note.row, col: note.col, kind: 'note' });
    }
  });
  for (const p of table.properties) {
    text += `${text.length > 0 ? '\n' : ''}${p.name}: `;
    add(p.value, { sheet: '', row: 0, col: 0, kind: 'property' });
  }
  return { text, cells };
}
