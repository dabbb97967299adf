import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { entityTypes } from '../../src/domain/entityTypes.js';
import { makeSpan } from '../../src/domain/span.js';
import type { FileResult } from '../../src/domain/fileResult.js';
import { EXCEL_CELL_LIMIT } from '../../src/write/cellParts.js';
import { ResultsWorkbook, SHEET_NAMES } from '../../src/write/resultsWorkbook.js';

function okResult(relativePath: string, text: string, anonymized: string): FileResult {
  const spans = [...text.matchAll(/jane@example\.com/g)].map((m) =>
    makeSpan(text, m.index, m.index + m[0].length, 'EMAIL', 1, 'pattern'),
  );
  return {
    file: `/in/${relativePath}`,
    relativePath,
    status: 'ok',
    kind: 'txt',
    warnings: ['a warning'],
    text,
    spans,
    anonymized,
  };
}

async function readBack(results: FileResult[]): Promise<ExcelJS.Workbook> {
  const book = new ResultsWorkbook(entityTypes.list());
  for (const r of results) book.add(r);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await book.toBuffer()).buffer as ArrayBuffer);
  return wb;
}

const header = (ws: ExcelJS.Worksheet): unknown[] => (ws.getRow(1).values as unknown[]).slice(1);

describe('ResultsWorkbook', () => {
  it('has the five sheets in order with their headers, frozen header rows and autofilters', async () => {
    const wb = await readBack([
      okResult('a.txt', 'Mail jane@example.com now', 'Mail [EMAIL REDACTED] now'),
    ]);
    expect(wb.worksheets.map((w) => w.name)).toEqual([...SHEET_NAMES]);
    expect(header(wb.getWorksheet('Summary')!)).toEqual([
      'File',
      'Status',
      'Error',
      'Pages',
      'OCR pages',
      'OCR confidence',
      'Warnings',
      'Name',
      'Phone Number',
      'Email',
      'Address',
      'SSN',
      'Credit Card',
      'Company Name',
      'URL',
      'Bank Account',
      'Tax ID',
      'Total',
      'Placeholders',
    ]);
    expect(header(wb.getWorksheet('Original')!)).toEqual(['File', 'Part', 'Text']);
    expect(header(wb.getWorksheet('Predicted')!)).toEqual([
      'File',
      'Predicted Results',
      'Name',
      'Phone Number',
      'Email',
      'Address',
      'SSN',
      'Credit Card',
      'Company Name',
      'URL',
      'Bank Account',
      'Tax ID',
    ]);
    expect(header(wb.getWorksheet('Spans')!)).toEqual([
      'File',
      'Start',
      'End',
      'Type',
      'Text',
      'Score',
      'Source',
      'Where',
    ]);
    expect(header(wb.getWorksheet('Anonymized')!)).toEqual([
      'File',
      'Part',
      'Original Text',
      'Anonymized Text',
    ]);
    for (const ws of wb.worksheets) {
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.autoFilter).toBeTruthy();
      expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(20);
    }
  });

  it('fills Summary, Predicted and Spans from the result', async () => {
    const wb = await readBack([
      okResult('a.txt', 'Mail jane@example.com now', 'Mail [EMAIL REDACTED] now'),
      {
        file: '/in/b.pdf',
        relativePath: 'b.pdf',
        status: 'error',
        error: 'b.pdf: the PDF is damaged',
        warnings: [],
        text: '',
        spans: [],
        anonymized: '',
      },
    ]);
    const summary = wb.getWorksheet('Summary')!;
    expect((summary.getRow(2).values as unknown[]).slice(1)).toEqual([
      'a.txt',
      'ok',
      undefined, // no error: an empty cell
      undefined,
      undefined,
      undefined,
      'a warning',
      0,
      0,
      1,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      1,
      'redacted',
    ]);
    expect((summary.getRow(3).values as unknown[]).slice(1, 4)).toEqual([
      'b.pdf',
      'error',
      'b.pdf: the PDF is damaged',
    ]);
    const predicted = wb.getWorksheet('Predicted')!;
    expect(predicted.getRow(2).getCell(2).value).toBe("[(5, 21, 'EMAIL')]");
    expect(predicted.getRow(2).getCell(5).value).toBe('jane@example.com');
    expect(predicted.rowCount).toBe(2); // failed files have no Predicted row
    const spans = wb.getWorksheet('Spans')!;
    expect((spans.getRow(2).values as unknown[]).slice(1)).toEqual([
      'a.txt',
      5,
      21,
      'EMAIL',
      'jane@example.com',
      1,
      'pattern',
    ]);
  });

  it('splits a 100k-character document into numbered parts and never truncates', async () => {
    const line = 'Statement line for Jane Example, jane@example.com, balance 100.00\n';
    const text = line.repeat(Math.ceil(100_000 / line.length)).slice(0, 100_000);
    const anonymized = text.replaceAll('jane@example.com', '[EMAIL REDACTED]');
    const wb = await readBack([okResult('long.txt', text, anonymized)]);

    const original = wb.getWorksheet('Original')!;
    const parts: string[] = [];
    for (let r = 2; r <= original.rowCount; r++) {
      const row = original.getRow(r);
      expect(row.getCell(1).value).toBe('long.txt');
      expect(row.getCell(2).value).toBe(r - 1);
      const cell = String(row.getCell(3).value);
      expect(cell.length).toBeLessThanOrEqual(EXCEL_CELL_LIMIT);
      parts.push(cell);
    }
    expect(parts.length).toBe(4);
    expect(parts.join('')).toBe(text);

    const anon = wb.getWorksheet('Anonymized')!;
    let originalJoined = '';
    let anonymizedJoined = '';
    for (let r = 2; r <= anon.rowCount; r++) {
      originalJoined += String(anon.getRow(r).getCell(3).value ?? '');
      anonymizedJoined += String(anon.getRow(r).getCell(4).value ?? '');
    }
    expect(originalJoined).toBe(text);
    expect(anonymizedJoined).toBe(anonymized);

    // The Predicted Results list of ~1500 spans also exceeds one cell: continued on more rows.
    const predicted = wb.getWorksheet('Predicted')!;
    let list = '';
    for (let r = 2; r <= predicted.rowCount; r++) {
      expect(predicted.getRow(r).getCell(1).value).toBe('long.txt');
      list += String(predicted.getRow(r).getCell(2).value);
    }
    expect(list.startsWith('[(')).toBe(true);
    expect(list.endsWith("'EMAIL')]")).toBe(true);
    expect(list.split('EMAIL').length - 1).toBe(text.split('jane@example.com').length - 1);
  });

  it('writes a form feed as a replacement character instead of corrupting the file', async () => {
    const wb = await readBack([okResult('ff.txt', 'page one\fpage two', 'page one\fpage two')]);
    expect(wb.getWorksheet('Original')!.getRow(2).getCell(3).value).toBe('page one\ufffdpage two');
  });
});
