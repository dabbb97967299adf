/**
 * The spreadsheet fixtures of the Office tests: a client list (CSV, written by the tests in UTF-8
 * and in Windows-1252) and a workbook with values in cells, a formula whose cached result holds
 * one, a note, properties, a printed header, and a sheet named after an e-mail address that a formula names. The
 * values are of kinds the validated patterns find, so tests need no model.
 */
import ExcelJS from 'exceljs';
import { Rng } from '../core/rng.js';
import { makeIban } from '../values/financialIds.js';

const rng = new Rng(7);
export const IBAN_A = makeIban(rng, 'DE').value;
export const IBAN_B = makeIban(rng, 'FR').value;
export const CSV_ROWS = [
  ['Client', 'IBAN', 'E-mail', 'Amount'],
  ['Zoë Müller', IBAN_A, 'zoe.mueller@example.org', '1,200.00'],
  ['Renée Faure', IBAN_B, 'renee.faure@example.com', '300.00'],
];

export async function workbookFixture(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'author.person@example.com';
  wb.lastModifiedBy = 'author.person@example.com';
  wb.title = 'title.mail@example.net';
  const ws = wb.addWorksheet('Clients');
  ws.addRow(['Client', 'E-mail', 'Phone']);
  ws.addRow(['A', 'first.client@example.org', '+44 20 7946 0958']);
  ws.addRow(['B', 'second.client@example.com', '+44 20 7946 0959']);
  // A formula whose cached result is a detected value: the copy keeps the redacted value.
  ws.getCell('D2').value = { formula: 'B2', result: 'first.client@example.org' };
  ws.getCell('A3').note = 'Call back on formula.note@example.net';
  // A printed header: on every page of the printout.
  ws.headerFooter.oddHeader = 'Prepared by header.person@example.com';
  // A footer as Excel writes one: sections, fonts, sizes and colours in codes around the words.
  ws.headerFooter.oddFooter =
    '&L&"Calibri,Regular"&7&K000000Confidential&R&"Arial Unicode MS,Bold"&8&K01+000For footer.person@example.com';
  const other = wb.addWorksheet('Ledger');
  other.addRow(['Account', 'IBAN']);
  other.addRow(['Main', IBAN_A]);
  // A sheet named after a person's address, and a formula that names that sheet.
  const named = wb.addWorksheet('kim.lee@example.org');
  named.addRow(['Balance', 1200]);
  ws.getCell('E2').value = { formula: "'kim.lee@example.org'!B1", result: 1200 };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The client list as CSV text (CRLF lines, fields with commas quoted). */
export function csvFixture(): string {
  const lines = CSV_ROWS.map((r) => r.map((c) => (c.includes(',') ? `"${c}"` : c)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
