/**
 * Workbooks exceljs cannot open: Excel 97–2003 `.xls` (BIFF8, and BIFF5 before it), the binary
 * `.xlsb`, and the HTML or XML 2003 tables many banks export under an `.xls` name. SheetJS (the
 * `@e965/xlsx` build of its current release on npm; the `xlsx` 0.18.5 package has known
 * vulnerabilities) reads them into the same sheet table the other spreadsheets give: every sheet
 * (hidden ones too), each cell as Excel displays it (a formula's cached value), cell notes with
 * their authors, sheet names and the workbook's properties.
 */
import type { SheetGrid, SheetTable } from './sheetTable.js';
import { quietConsole } from '../shared/quietConsole.js';

/** Workbook properties SheetJS reads that may name a person or a client. */
const PROPERTIES = [
  'Title',
  'Subject',
  'Author',
  'Manager',
  'Company',
  'Category',
  'Keywords',
  'Comments',
  'LastAuthor',
] as const;

const SHEETJS_BOOKKEEPING =
  /^(FMTID|RevNumber|EditTime|LastPrinted|AppVersion|DocSecurity|\w*Date)$/;

/** Why SheetJS could not read it, as the user should hear it. */
export class LegacyWorkbookError extends Error {
  constructor(
    message: string,
    readonly encrypted: boolean,
  ) {
    super(message);
  }
}

type SheetUtils = (typeof import('@e965/xlsx'))['utils'];

/** A1 to the last row and column that hold a cell; undefined for a sheet without cells. */
function usedRange(sheet: Record<string, unknown>, utils: SheetUtils): string | undefined {
  let rows = -1;
  let cols = -1;
  for (const address of Object.keys(sheet)) {
    if (address.startsWith('!')) continue;
    const { r, c } = utils.decode_cell(address);
    if (r > rows) rows = r;
    if (c > cols) cols = c;
  }
  for (const merge of (sheet['!merges'] ?? []) as { e: { r: number; c: number } }[]) {
    rows = Math.max(rows, merge.e.r);
    cols = Math.max(cols, merge.e.c);
  }
  return rows < 0 ? undefined : utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows, c: cols } });
}

export async function readLegacyWorkbook(bytes: Uint8Array): Promise<SheetTable> {
  const XLSX = await import('@e965/xlsx');
  let workbook;
  // SheetJS writes what it cannot render exactly (an ODS number format with conditions,
  // a defined name it cannot parse) to the console, once per style: dozens of lines on the
  // terminal for one LibreOffice file, some quoting the file. The read goes on; they are dropped.
  const quiet = quietConsole();
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      cellText: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      // A cell read as a date keeps the text Excel shows for it.
      cellDates: false,
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new LegacyWorkbookError(
      detail.split('\n')[0] ?? detail,
      /password|encrypt/i.test(detail),
    );
  } finally {
    quiet.restore();
  }
  const sheets: SheetGrid[] = workbook.SheetNames.map((name) => {
    const sheet = workbook.Sheets[name];
    if (!sheet) return { name, rows: [], notes: [] };
    // Work follows the cells that exist, not the range a sheet declares: an export that declares
    // A1:R65536 for 74 filled cells would otherwise be read as a million empty ones.
    const used = usedRange(sheet, XLSX.utils);
    if (used) sheet['!ref'] = used;
    else delete sheet['!ref'];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      raw: false,
      defval: '',
      blankrows: true,
    });
    const notes: SheetGrid['notes'][number][] = [];
    for (const [address, cell] of Object.entries(sheet)) {
      if (address.startsWith('!') || !cell || typeof cell !== 'object') continue;
      const comments = (cell as { c?: { a?: string; t?: string }[] }).c;
      if (!comments?.length) continue;
      const { r, c } = XLSX.utils.decode_cell(address);
      const text = comments
        .map((note) => [note.a, note.t].filter((part) => part && part.trim() !== '').join(': '))
        .join('\n');
      if (text.trim() !== '') notes.push({ row: r + 1, col: c + 1, text });
    }
    return {
      name,
      rows: rows.map((row) => row.map((value) => (value === null ? '' : String(value)))),
      notes,
    };
  });
  const props = (workbook.Props ?? {}) as Record<string, unknown>;
  const custom = (workbook.Custprops ?? {}) as Record<string, unknown>;
  const seen = new Set<string>();
  const properties = [
    ...PROPERTIES.map((name) => ({ name, value: props[name] })),
    // SheetJS lists the file's bookkeeping (format id, revision, edit time, dates) among the
    // custom properties: not text anyone wrote.
    ...Object.entries(custom)
      .filter(([name]) => !SHEETJS_BOOKKEEPING.test(name))
      .map(([name, value]) => ({ name, value })),
  ]
    .filter((p): p is { name: string; value: string } => typeof p.value === 'string')
    .filter((p) => p.value.trim() !== '')
    .filter((p) => {
      const key = `${p.name}\u0000${p.value}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { sheets, namedSheets: true, properties };
}
