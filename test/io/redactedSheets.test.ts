/**
 * Spreadsheets in, redacted spreadsheets out: a CSV in UTF-8 and one in Windows-1252, and an
 * .xlsx with values in cells, a formula whose cached result holds one, a note and properties.
 * The copies hold none of the detected values anywhere (every XML part of the workbook scanned)
 * and keep their sheets, rows and columns; the Spans sheet names each span's cell.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvFixture, IBAN_A, workbookFixture } from '../../templates/office/sheetFixtures.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { makeTempDir, type TempDir } from './fixtures.js';

/** The first three lines of a redacted CSV copy, its byte-order mark left out. */
async function firstCsvLines(path: string): Promise<string[]> {
  const csv = await readFile(path, 'utf8');
  return csv
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .slice(0, 3);
}

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  const csv = csvFixture();
  await dir.file('in/clients-utf8.csv', csv);
  await dir.file('in/clients-1252.csv', Buffer.from(csv, 'latin1'));
  await dir.file('in/book.xlsx', await workbookFixture());
});
afterAll(() => dir.remove());

describe('spreadsheets', () => {
  it('are read cell by cell, as tab-separated rows, with notes and properties', async () => {
    const utf8 = await extractDocument(join(dir.path, 'in/clients-utf8.csv'), { ocr: 'never' });
    const latin = await extractDocument(join(dir.path, 'in/clients-1252.csv'), { ocr: 'never' });
    expect(utf8.text.split('\n')[1]).toBe(
      `Zoë Müller\t${IBAN_A}\tzoe.mueller@example.org\t1,200.00`,
    );
    expect(latin.text).toBe(utf8.text);
    const book = await extractDocument(join(dir.path, 'in/book.xlsx'), { ocr: 'never' });
    for (const v of [
      'Sheet: Clients',
      'Sheet: Ledger',
      'Sheet: kim.lee@example.org',
      'Note A3: Call back on formula.note@example.net',
      'creator: author.person@example.com',
      'Clients oddHeader: Prepared by header.person@example.com',
      // Each section of the footer on a line of its own, without its font and colour codes.
      'Clients oddFooter: Confidential\nClients oddFooter: For footer.person@example.com',
      IBAN_A,
    ]) {
      expect(book.text).toContain(v);
    }
    for (const code of ['Calibri', 'Arial', '&K', '&7']) expect(book.text).not.toContain(code);
  });

  it('come out redacted in every cell, note, formula and property, with their rows and columns', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['sheets', 'xlsx'],
    });
    expect(results.map((r) => [r.relativePath, r.status])).toEqual([
      ['book.xlsx', 'ok'],
      ['clients-1252.csv', 'ok'],
      ['clients-utf8.csv', 'ok'],
    ]);
    expect(await firstCsvLines(join(out, 'redacted', 'clients-1252.csv'))).toEqual([
      'Client,IBAN,E-mail,Amount',
      'Zoë Müller,[BANK ACCOUNT REDACTED],[EMAIL REDACTED],"1,200.00"',
      'Renée Faure,[BANK ACCOUNT REDACTED],[EMAIL REDACTED],300.00',
    ]);

    const copy = await readFile(join(out, 'redacted', 'book.xlsx'));
    const zip = await JSZip.loadAsync(copy);
    let everything = '';
    for (const [name, file] of Object.entries(zip.files)) {
      if (!file.dir && /\.(xml|rels)$/.test(name)) everything += await file.async('string');
    }
    const detected = results[0]!.spans.map((s) => s.text);
    expect(detected.length).toBeGreaterThanOrEqual(7);
    for (const v of detected) expect(everything).not.toContain(v);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(copy as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => [w.name, w.rowCount])).toEqual([
      ['Clients', 3],
      ['Ledger', 2],
      // Excel refuses brackets in a sheet name.
      ['(EMAIL REDACTED)', 1],
    ]);
    // The formula that named the renamed sheet keeps its value, not its reference.
    expect(wb.getWorksheet('Clients')!.getCell('E2').value).toBe(1200);
    expect(wb.getWorksheet('Clients')!.getCell('B2').text).toBe('[EMAIL REDACTED]');
    expect(wb.getWorksheet('Clients')!.getCell('D2').text).toBe('[EMAIL REDACTED]');
    // exceljs keeps an empty comment shape where a note was; its text is gone.
    const note = wb.getWorksheet('Clients')!.getCell('A3').note as
      { texts?: unknown[] } | undefined;
    expect(note?.texts ?? []).toEqual([]);
    // exceljs writes "Unknown" for an empty author.
    expect(wb.creator ?? '').not.toContain('author.person');

    // The Spans sheet names each span's place.
    const results_ = new ExcelJS.Workbook();
    await results_.xlsx.readFile(join(out, 'Results.xlsx'));
    const spans = results_.getWorksheet('Spans')!;
    const where = spans.getColumn(8).values.slice(2).map(String);
    expect(where).toContain('Clients!B2');
    expect(where).toContain('note Clients!A3');
    expect(where).toContain('properties');
    expect(where).toContain('sheet name');
  });
});

describe('--columns', () => {
  it('redacts every cell under the named headers whole, ignoring case', async () => {
    const out = join(dir.path, 'out-columns');
    const [result] = await runBatch([join(dir.path, 'in', 'clients-utf8.csv')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['sheets'],
      columns: ['client', 'AMOUNT'],
    });
    expect(result?.status).toBe('ok');
    expect(await firstCsvLines(join(out, 'redacted', 'clients-utf8.csv'))).toEqual([
      'Client,IBAN,E-mail,Amount',
      '[REDACTED],[BANK ACCOUNT REDACTED],[EMAIL REDACTED],[REDACTED]',
      '[REDACTED],[BANK ACCOUNT REDACTED],[EMAIL REDACTED],[REDACTED]',
    ]);
  });
});

describe("Excel's sep= line", () => {
  it('names the delimiter, is no row, and stays first in the copy', async () => {
    // Two columns: the line splits into two cells as well, so read as a row it was the header
    // the column rule looked for.
    const input = await dir.file(
      'in/sep-line.csv',
      'sep=;\r\nReference;Client\r\nA-17;Quill Harrow\r\nA-18;Moss Varga\r\n',
    );
    const document = await extractDocument(input, { ocr: 'never' });
    expect(document.text).toBe('Reference\tClient\nA-17\tQuill Harrow\nA-18\tMoss Varga');
    const out = join(dir.path, 'out-sep');
    const [result] = await runBatch([input], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['sheets'],
      columns: ['client'],
    });
    expect(result?.status).toBe('ok');
    expect(await readFile(join(out, 'redacted', 'sep-line.csv'), 'utf8')).toBe(
      '\ufeffsep=;\r\nReference;Client\r\nA-17;[REDACTED]\r\nA-18;[REDACTED]\r\n',
    );
  });
});
