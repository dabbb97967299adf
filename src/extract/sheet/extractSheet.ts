/**
 * Spreadsheets in: .csv/.tsv (encoding as text files are decoded, delimiter sniffed) and .xlsx
 * (every sheet's displayed cell text — a formula's cached value —, notes and workbook
 * properties), as tab-separated rows whose column headers give their cells context
 * (src/document/sheetTable.ts).
 */
import type { DocumentText } from '../../domain/documentText.js';
import { InputError } from '../../domain/inputError.js';
import { readCsv, readXlsx, sheetText } from '../../document/sheetTable.js';
import { LegacyWorkbookError, readLegacyWorkbook } from '../../document/legacyWorkbook.js';
import { checkDocxInflatedSize } from '../inflateLimits.js';
import { decodeText } from '../text/decodeText.js';

export function extractCsv(bytes: Uint8Array, file: string): DocumentText {
  const decoded = decodeText(bytes);
  if (!decoded.ok) {
    throw new InputError(
      'encoding',
      file,
      `this CSV cannot be read: ${decoded.reason}`,
      'save it again as UTF-8',
    );
  }
  let table;
  try {
    table = readCsv(decoded.text, 'CSV');
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new InputError(
      'corrupt-csv',
      file,
      `this is not a readable CSV file (${detail})`,
      'check that it opens in a spreadsheet',
    );
  }
  const { text, cells } = sheetText(table);
  return {
    kind: 'csv',
    text,
    pages: [],
    fragments: [],
    cells,
    warnings: decoded.warning ? [decoded.warning] : [],
  };
}

export async function extractXlsx(bytes: Uint8Array, file: string): Promise<DocumentText> {
  // The same zip-bomb limit as Word files: both are zips of XML.
  checkDocxInflatedSize(bytes, file);
  let table;
  let removed: string[];
  try {
    ({ table, removed } = await readXlsx(bytes));
  } catch (error) {
    // A workbook exceljs cannot read may still be one SheetJS reads: its copy is then a new
    // workbook of the cell values, as a legacy workbook's is.
    const fallback = await readLegacyWorkbook(bytes).catch(() => undefined);
    if (fallback) {
      const { text, cells } = sheetText(fallback);
      const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return {
        kind: 'xls',
        text,
        pages: [],
        fragments: [],
        cells,
        warnings: [
          `the workbook was read by the second reader (the first failed: ${detail}); ${LEGACY_COPY_NOTE}`,
        ],
      };
    }
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new InputError(
      'corrupt-xlsx',
      file,
      `this is not a readable Excel workbook (${detail})`,
      'check that it opens in Excel, or save it again as .xlsx',
    );
  }
  const { text, cells } = sheetText(table);
  return {
    kind: 'xlsx',
    text,
    pages: [],
    fragments: [],
    cells,
    warnings:
      removed.length > 0
        ? [`the redacted copy leaves out what is not read: ${removed.join(', ')}`]
        : [],
  };
}

/** What a legacy workbook's redacted copy is, said with each one. */
export const LEGACY_COPY_NOTE =
  'its redacted copy is a new .xlsx of the cell values (formatting, formulas, notes and properties are left out)';

export async function extractLegacyWorkbook(
  bytes: Uint8Array,
  file: string,
): Promise<DocumentText> {
  let table;
  try {
    table = await readLegacyWorkbook(bytes);
  } catch (error) {
    if (error instanceof LegacyWorkbookError && error.encrypted) {
      throw new InputError(
        'encrypted-xls',
        file,
        'the workbook is password-protected, so it cannot be read',
        'remove the password in Excel (File > Info > Protect Workbook) and try again',
      );
    }
    const detail = error instanceof Error ? error.message : String(error);
    throw new InputError(
      'corrupt-xls',
      file,
      `this is not a readable Excel workbook (${detail})`,
      'check that it opens in Excel, or save it again as .xlsx',
    );
  }
  const { text, cells } = sheetText(table);
  return { kind: 'xls', text, pages: [], fragments: [], cells, warnings: [LEGACY_COPY_NOTE] };
}
