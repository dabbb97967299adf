/**
 * Redacted copies of spreadsheets: the same sheets, rows and columns, each detection replaced in
 * its cell (a formula whose cell held a detection becomes its redacted value), notes and workbook
 * properties cleared. CSV copies are written as UTF-8 with a byte-order mark, so a spreadsheet
 * opens them with the right characters whatever the original's encoding, with formula-like cells
 * made text and multi-line cells quoted (safeCsv). Each copy is read back
 * and refused if a detected value remains.
 */
import type ExcelJS from 'exceljs';
import type { CellPlace } from '../domain/documentText.js';
import { firstEndingAfter, type Span } from '../domain/span.js';
import { bracketsAsParentheses } from '../domain/placeholderMode.js';
import {
  readCsv,
  readXlsx,
  sheetText,
  sniffDelimiter,
  SHEET_HEADER_FOOTER,
  WORKBOOK_TEXT_PROPERTIES,
} from '../document/sheetTable.js';
import { withFixedZipDates, ZIP_DATE } from './fixedZipDates.js';
import { stringifyCsv } from './safeCsv.js';

interface CellEdit {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
}

/** Each cell's edits: its part of every span, the replacement in the span's first cell. */
export function cellEdits(
  cells: readonly CellPlace[],
  spans: readonly Span[],
  replacements: readonly string[],
): Map<CellPlace, CellEdit[]> {
  const edits = new Map<CellPlace, CellEdit[]>();
  spans.forEach((span, i) => {
    let inserted = false;
    // Cells are in text order and do not overlap: the first one a span can touch is found by
    // binary search, so a sheet of many cells and many spans is not walked once per span.
    for (let c = firstEndingAfter(cells, span.start); c < cells.length; c++) {
      const cell = cells[c]!;
      if (cell.start >= span.end) break;
      const list = edits.get(cell) ?? [];
      list.push({
        from: Math.max(span.start, cell.start) - cell.start,
        to: Math.min(span.end, cell.end) - cell.start,
        insert: inserted ? '' : (replacements[i] ?? ''),
      });
      inserted = true;
      edits.set(cell, list);
    }
  });
  return edits;
}

/** A cell's original value with its edits applied (offsets hold: flatCell keeps lengths). */
export function edited(value: string, list: readonly CellEdit[]): string {
  let out = value;
  for (const e of [...list].sort((a, b) => b.from - a.from)) {
    out = out.slice(0, e.from) + e.insert + out.slice(e.to);
  }
  return out;
}

/** Rows with each detection replaced in its cell (offsets from sheetText of the same rows). */
export function redactRows(
  rows: readonly (readonly string[])[],
  cells: readonly CellPlace[],
  spans: readonly Span[],
  replacements: readonly string[],
): string[][] {
  const out = rows.map((r) => [...r]);
  for (const [cell, list] of cellEdits(cells, spans, replacements)) {
    if (cell.kind !== 'value') continue;
    const row = out[cell.row - 1];
    if (row) row[cell.col - 1] = edited(row[cell.col - 1] ?? '', list);
  }
  return out;
}

function checkSame(extracted: string, text: string, what: string): void {
  if (extracted !== text)
    throw new Error(`the ${what} changed since it was read; process it again`);
}

export async function redactCsv(
  decoded: string,
  text: string,
  spans: readonly Span[],
  replacements: readonly string[],
): Promise<string> {
  const table = readCsv(decoded, 'CSV');
  const { text: extracted, cells } = sheetText(table);
  checkSame(extracted, text, 'CSV file');
  const rows = redactRows(table.sheets[0]!.rows, cells, spans, replacements);
  const directive = table.directive === undefined ? '' : `${table.directive}\r\n`;
  return `\ufeff${directive}${stringifyCsv(rows, sniffDelimiter(decoded))}`;
}

function clearProperties(workbook: ExcelJS.Workbook): void {
  const props = workbook as unknown as Record<string, unknown>;
  for (const name of WORKBOOK_TEXT_PROPERTIES)
    if (typeof props[name] === 'string') props[name] = '';
  // exceljs writes "Unknown" for an empty author: a copy must not gain words the original lacked
  // (a reader of the copy would read them, and a model reads "Unknown" beside the last row).
  props.creator = ' ';
  props.lastModifiedBy = ' ';
}

/**
 * Excel refuses sheet names with []:*?/\\ or over 31 characters, and two sheets of one name: a
 * placeholder's brackets become parentheses, and a repeat gets a number.
 */
export function sheetNameFor(wanted: string, taken: ReadonlySet<string>): string {
  const base = bracketsAsParentheses(wanted)
    .replace(/[:*?/\\]/g, ' ')
    .trim();
  let name = cutWhole(base, 31) || 'Sheet';
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${cutWhole(base, 27)} (${n})`;
  return name;
}

/** `name` cut to `max` characters, never inside a placeholder: a placeholder is shown whole or not at all. */
function cutWhole(name: string, max: number): string {
  if (name.length <= max) return name;
  let end = max;
  for (const m of name.matchAll(/\([A-Z][A-Z ]* REDACTED\)/g)) {
    if (m.index < end && m.index + m[0].length > end) end = m.index;
  }
  return name.slice(0, end).trimEnd();
}

/**
 * Gives each sheet whose name held a detection its redacted name. A formula that names a
 * renamed sheet is replaced by its cached value: its text would still hold the old name.
 */
function renameSheets(workbook: ExcelJS.Workbook, renames: ReadonlyMap<string, string>): void {
  if (renames.size === 0) return;
  const old = [...renames.keys()];
  workbook.eachSheet((ws) => {
    ws.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        const formula = cell.formula;
        if (formula && old.some((name) => formula.includes(name))) cell.value = cell.result ?? '';
      });
    });
  });
  const taken = new Set(
    workbook.worksheets.filter((ws) => !renames.has(ws.name)).map((ws) => ws.name.toLowerCase()),
  );
  for (const [from, to] of renames) {
    const ws = workbook.getWorksheet(from);
    if (!ws) continue;
    ws.name = sheetNameFor(to, taken);
    taken.add(ws.name.toLowerCase());
  }
}

export async function redactXlsx(
  bytes: Uint8Array,
  text: string,
  spans: readonly Span[],
  replacements: readonly string[],
): Promise<Uint8Array> {
  const { table, workbook } = await readXlsx(bytes);
  const { text: extracted, cells } = sheetText(table);
  checkSame(extracted, text, 'workbook');
  const renames = new Map<string, string>();
  // Every cell of a merged range shows its first cell's value, and writing any of them writes
  // that one: a range is edited once, from the original text, or its placeholders would be
  // edited again at offsets of text already replaced.
  const mergedDone = new Set<string>();
  for (const [cell, list] of cellEdits(cells, spans, replacements)) {
    if (cell.kind === 'sheetName') renames.set(cell.sheet, edited(cell.sheet, list));
    if (cell.kind !== 'value') continue; // notes and properties are cleared below
    const target = workbook.getWorksheet(cell.sheet)?.getRow(cell.row).getCell(cell.col);
    if (!target) continue;
    const master = target.isMerged ? target.master : target;
    const key = `${cell.sheet}\u0000${master.address}`;
    if (mergedDone.has(key)) continue;
    mergedDone.add(key);
    // The displayed text, redacted, replaces the value: a formula would compute the value again.
    master.value = edited(target.text ?? '', list);
  }
  renameSheets(workbook, renames);
  workbook.eachSheet((ws) => {
    ws.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (cell.note) cell.note = undefined as unknown as string;
      });
    });
  });
  clearProperties(workbook);
  workbook.eachSheet((ws) => {
    const printed = ws.headerFooter as Record<string, unknown> | undefined;
    for (const field of SHEET_HEADER_FOOTER) if (printed && field in printed) delete printed[field];
  });
  workbook.created = ZIP_DATE;
  workbook.modified = ZIP_DATE;
  return withFixedZipDates(new Uint8Array(await workbook.xlsx.writeBuffer()));
}

/**
 * The copy of a workbook read by SheetJS (.xls, .xlsb, HTML or XML tables): a new .xlsx of its
 * sheets' displayed values, each detection replaced in its cell and in sheet names. Nothing
 * else of the original is carried over — formatting, formulas, notes and properties are left
 * out — so the copy holds only what was read and redacted.
 */
export async function redactLegacyWorkbook(
  original: Uint8Array,
  text: string,
  spans: readonly Span[],
  replacements: readonly string[],
): Promise<Uint8Array> {
  const { readLegacyWorkbook } = await import('../document/legacyWorkbook.js');
  const { default: Excel } = await import('exceljs');
  const table = await readLegacyWorkbook(original);
  const { text: extracted, cells } = sheetText(table);
  checkSame(extracted, text, 'workbook');
  const edits = cellEdits(cells, spans, replacements);
  const names = new Map<string, string>();
  for (const [cell, list] of edits)
    if (cell.kind === 'sheetName') names.set(cell.sheet, edited(cell.sheet, list));
  const workbook = new Excel.Workbook();
  workbook.created = ZIP_DATE;
  workbook.modified = ZIP_DATE;
  const taken = new Set<string>();
  for (const sheet of table.sheets) {
    const name = sheetNameFor(names.get(sheet.name) ?? sheet.name, taken);
    taken.add(name.toLowerCase());
    const sheetCells = cells.filter((c) => c.sheet === sheet.name && c.kind === 'value');
    const rows = redactRows(sheet.rows, sheetCells, spans, replacements);
    const ws = workbook.addWorksheet(name);
    rows.forEach((row, r) => {
      if (row.some((v) => v !== '')) ws.getRow(r + 1).values = row;
    });
  }
  return withFixedZipDates(new Uint8Array(await workbook.xlsx.writeBuffer()));
}
