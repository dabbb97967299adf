/**
 * Spreadsheets in: .csv/.tsv (encoding as text files are decoded, delimiter sniffed) and .xlsx
 * (every sheet's displayed cell text — a formula's cached value —, notes and workbook
 * properties), as tab-separated rows whose column headers give their cells context
 * (src/document/sheetTable.ts).
 */
import type { DocumentText } from '../../domain/documentText.js';
import { InputError } from '../../domain/inputError.js';
import { readCsv, readXlsx, sheetText } from '../../document/sheetTable.js';
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
