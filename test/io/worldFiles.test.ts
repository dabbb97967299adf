/**
 * Classes of valid files from the world (found in ../shared/datasets/wild-dev, each reduced to a
 * small generated file) that FinRedact refused: e-mails saved as UTF-16, a workbook whose merged
 * cell has an empty first cell (exceljs throws reading it), a legacy sheet that declares a range
 * far larger than its cells, a password-protected .xlsx, and HTML, .odt and RTF documents.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDetector, type Detector } from '../../src/detect/engine.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { htmlText } from '../../src/document/htmlText.js';
import { extractHtml } from '../../src/extract/text/extractMarkup.js';
import { rtfText } from '../../src/document/rtfText.js';
import { readLegacyWorkbook } from '../../src/document/legacyWorkbook.js';
import { processFile } from '../../src/pipeline/processFile.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { plannedOutputNames } from '../../src/pipeline/writeOutputs.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { InputError } from '../../src/domain/inputError.js';
import { makeDocx, makeTempDir, type TempDir } from './fixtures.js';

/** An OpenDocument text package: its mimetype, then the part given. */
function odtPackage(part: string, xml: string): JSZip {
  const zip = new JSZip();
  zip.file('mimetype', 'application/vnd.oasis.opendocument.text');
  zip.file(part, xml);
  return zip;
}

let dir: TempDir;
let patterns: Detector;
beforeAll(async () => {
  dir = await makeTempDir();
  patterns = await createDetector({ ner: false });
});
afterAll(() => dir.remove());

const EML = [
  'From: Ann Quill <ann.quill@example.org>',
  'To: bob@example.com',
  'Subject: Statement',
  'Date: Mon, 2 Mar 2026 10:00:00 +0000',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Please pay into GB82 WEST 1234 5698 7654 32.',
  '',
].join('\r\n');

function utf16(text: string, order: 'le' | 'be', bom: boolean): Uint8Array {
  const le = Buffer.from(text, 'utf16le');
  const body = order === 'le' ? le : Buffer.from(le).swap16();
  const mark = order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff];
  return new Uint8Array(bom ? Buffer.concat([Buffer.from(mark), body]) : body);
}

describe('files from the world', () => {
  for (const [order, bom] of [
    ['le', true],
    ['be', true],
    ['le', false],
  ] as const) {
    it(`reads an e-mail saved as UTF-16 ${order.toUpperCase()}${bom ? ' with a byte-order mark' : ''}`, async () => {
      const file = await dir.file(`mail-${order}-${bom}.eml`, utf16(EML, order, bom));
      const result = await processFile(
        { file, relativePath: 'mail.eml' },
        { detector: patterns },
        DEFAULT_REDACT_OPTIONS,
      );
      expect(result.status, result.error).toBe('ok');
      expect(result.text).toContain('Subject: Statement');
      expect(result.spans.map((s) => s.type)).toEqual(
        expect.arrayContaining(['EMAIL', 'BANK_ACCOUNT']),
      );
    });
  }

  it('reads a workbook whose merged cells start with an empty cell', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Segments');
    ws.getCell('A1').value = 'Segment';
    ws.getCell('B1').value = 'Revenue';
    ws.mergeCells('C2:D2');
    ws.getCell('A3').value = 'Retail';
    ws.getCell('B3').value = 1200;
    const file = await dir.file('merged.xlsx', new Uint8Array(await wb.xlsx.writeBuffer()));
    const doc = await extractDocument(file, { ocr: 'never' });
    expect(doc.text).toContain('Retail\t1200');
  });

  it('reads the cells a legacy sheet holds, not the range it declares', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Date', 'Text', 'Amount'],
      ['2026-01-02', 'Card payment', '12.50'],
    ]);
    // A bank export declares the whole Excel 97 grid for a few filled cells.
    sheet['!ref'] = 'A1:R65536';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Export');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const table = await readLegacyWorkbook(new Uint8Array(bytes));
    expect(table.sheets[0]!.rows).toEqual([
      ['Date', 'Text', 'Amount'],
      ['2026-01-02', 'Card payment', '12.50'],
    ]);
  });

  it('reads a Word 2007-365 file saved under a .doc name as the .docx it is', async () => {
    const file = await dir.file('memo.doc', await makeDocx(['Memo for ann.quill@example.org']));
    const result = await processFile(
      { file, relativePath: 'memo.doc' },
      { detector: patterns },
      DEFAULT_REDACT_OPTIONS,
    );
    expect(result.status, result.error).toBe('ok');
    expect(result.kind).toBe('docx');
    expect(result.anonymized).toContain('Memo for [EMAIL REDACTED]');
    expect(result.warnings.join(' ')).toMatch(/named \.doc but is a Word 2007-365 file/);
  });

  it('says a password-protected .xlsx is protected, not misnamed', async () => {
    // Excel writes a protected workbook as an OLE2 compound file (EncryptionInfo, EncryptedPackage).
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const file = await dir.file('protected.xlsx', ole);
    const error = await extractDocument(file, { ocr: 'never' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/password-protected/);
    expect((error as InputError).message).not.toMatch(/rename/);
  });
});

describe('a merged range in a workbook copy', () => {
  it('is edited once: its title holds one whole placeholder, never one applied to a placeholder', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Cups');
    // A title merged over five cells: each of them shows it, and writing any writes the first.
    ws.getCell('A1').value = 'Contact ann.quill@example.org Cups';
    ws.mergeCells('A1:E1');
    ws.getCell('A2').value = 'Team';
    ws.getCell('B2').value = 'Cups';
    const input = await dir.file(
      'in-merged/cups.xlsx',
      new Uint8Array(await wb.xlsx.writeBuffer()),
    );
    const out = join(dir.path, 'out-merged');
    const [result] = await runBatch([input], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['sheets', 'json'],
    });
    expect(result!.status, result!.error).toBe('ok');
    const copy = new ExcelJS.Workbook();
    await copy.xlsx.load(
      (await readFile(join(out, 'redacted', 'cups.xlsx'))) as unknown as ArrayBuffer,
    );
    expect(copy.getWorksheet('Cups')!.getCell('A1').value).toBe('Contact [EMAIL REDACTED] Cups');
    // The copy gains no words the original lacked (exceljs writes "Unknown" for an empty author).
    const core = await (
      await JSZip.loadAsync(await readFile(join(out, 'redacted', 'cups.xlsx')))
    )
      .file('docProps/core.xml')!
      .async('string');
    expect(core).not.toContain('Unknown');
  });
});

describe('markup documents', () => {
  it('reads HTML as a reader sees it, with link targets and alt texts, scripts left out', () => {
    const text = htmlText(
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>Statement</title><style>p{color:red}</style></head><body><p>Dear Ann&nbsp;Quill,</p><table><tr><td>IBAN</td><td>GB82&#x2009;WEST</td></tr></table><a href="mailto:ann@example.org">write</a><img alt="Signature of Ann Quill" src="data:image/png;base64,AAAA"><script>var x = "secret";</script></body></html>',
    );
    expect(text).toContain('Dear Ann\u00a0Quill,');
    expect(text).toContain('IBAN\tGB82\u2009WEST');
    expect(text).toContain('mailto:ann@example.org');
    expect(text).toContain('Signature of Ann Quill');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('color:red');
    expect(text).not.toContain('charset');
  });

  it('reads an HTML page that is not UTF-8 in the charset it declares', () => {
    // "Иван Петров" in windows-1251, as a Russian bank saves a statement page.
    const name = [0xc8, 0xe2, 0xe0, 0xed, 0x20, 0xcf, 0xe5, 0xf2, 0xf0, 0xee, 0xe2];
    const page = (charsetTag: string, body: number[]) =>
      Uint8Array.from([
        ...Buffer.from(`<html><head>${charsetTag}</head><body><p>Client: `, 'latin1'),
        ...body,
        ...Buffer.from('</p></body></html>', 'latin1'),
      ]);
    const read = (bytes: Uint8Array) => extractHtml(bytes, 'statement.html').text.trim();
    expect(read(page('<meta charset="windows-1251">', name))).toBe('Client: Иван Петров');
    expect(
      read(
        page(
          '<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">',
          [0xe9, 0xd7, 0xc1, 0xce],
        ),
      ),
    ).toBe('Client: Иван');
    // iso-8859-1 is read as browsers read it, Windows-1252: 0x93/0x94 are quotes.
    expect(read(page('<meta charset="iso-8859-1">', [0x93, 0x41, 0x6e, 0x6e, 0x94]))).toBe(
      'Client: “Ann”',
    );
  });

  it('reads RTF text and its information group, not its font or colour tables', () => {
    const text = rtfText(
      "{\\rtf1\\ansi{\\fonttbl{\\f0 Times New Roman;}}{\\colortbl;\\red0\\green0\\blue0;}{\\info{\\author Ann Quill}{\\title Loan form}}\\f0 Pay to Bj\\'f6rn Lind\\par IBAN \\u8364? 12\\par}",
    );
    expect(text.split('\n')).toEqual([
      'Pay to Björn Lind',
      'IBAN € 12',
      '',
      'Ann Quill',
      'Loan form',
    ]);
  });

  it("reads an .odt's tracked change with its author and date on lines of their own, a footnote's number apart", async () => {
    // As LibreOffice keeps a deletion: the change's author and date, then the deleted text.
    const zip = odtPackage(
      'content.xml',
      '<office:document-content xmlns:office="o" xmlns:text="t" xmlns:dc="d"><office:body><office:text><text:tracked-changes><text:changed-region><text:deletion><office:change-info><dc:creator>Ann Quill</dc:creator><dc:date>2024-03-01T10:00:00</dc:date></office:change-info><text:p>Barnaby Quistwell</text:p></text:deletion></text:changed-region></text:tracked-changes><text:p>Approved<text:note text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Quill Harrow signed.</text:p></text:note-body></text:note>.</text:p></office:text></office:body></office:document-content>',
    );
    const file = await dir.file(
      'odt-tracked/change.odt',
      await zip.generateAsync({ type: 'uint8array' }),
    );
    const lines = (await extractDocument(file, { ocr: 'never' })).text.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Ann Quill',
      '2024-03-01T10:00:00',
      'Barnaby Quistwell',
      'Approved1 Quill Harrow signed.',
      '.',
    ]);
  });

  it('reads .odt content, header and properties; its redacted copy is a new .docx of the anonymised text', async () => {
    const zip = odtPackage(
      'content.xml',
      '<office:document-content xmlns:office="o" xmlns:text="t" xmlns:table="tb"><office:body><office:text><text:h>Invoice</text:h><text:p>Contact:<text:s/>ann.quill@example.org</text:p><table:table><table:table-row><table:table-cell><text:p>IBAN</text:p></table:table-cell><table:table-cell><text:p>GB82 WEST 1234 5698 7654 32</text:p></table:table-cell></table:table-row></table:table></office:text></office:body></office:document-content>',
    );
    zip.file(
      'styles.xml',
      '<office:document-styles xmlns:office="o" xmlns:style="s" xmlns:text="t"><office:master-styles><style:master-page><style:header><text:p>Quill Holdings Ltd</text:p></style:header></style:master-page></office:master-styles></office:document-styles>',
    );
    zip.file(
      'meta.xml',
      '<office:document-meta xmlns:office="o" xmlns:meta="m" xmlns:dc="d"><office:meta><dc:creator>Ann Quill</dc:creator></office:meta></office:document-meta>',
    );
    const file = await dir.file(
      'in-odt/invoice.odt',
      await zip.generateAsync({ type: 'uint8array' }),
    );
    const out = join(dir.path, 'out-odt');
    const [result] = await runBatch([file], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['docx', 'txt', 'json'],
    });
    expect(result!.status, result!.error).toBe('ok');
    expect(result!.text).toContain('Contact: ann.quill@example.org');
    expect(result!.text).toContain('IBAN\tGB82 WEST 1234 5698 7654 32');
    expect(result!.text).toContain('Quill Holdings Ltd');
    expect(result!.text).toContain('Ann Quill');
    expect(result!.warnings.join(' ')).toMatch(/redacted copy is a new Word file/);
    // The queue plans the same name before the file is read.
    expect(plannedOutputNames(['invoice.odt'], ['docx', 'txt'])[0]!.copy).toBe('invoice.odt.docx');
    // Read as an attacker would: every part of the copy, not only its body text.
    const copy = await JSZip.loadAsync(await readFile(join(out, 'redacted', 'invoice.odt.docx')));
    const parts = await Promise.all(
      Object.values(copy.files)
        .filter((f) => !f.dir)
        .map((f) => f.async('string')),
    );
    const all = parts.join('\n');
    expect(all).toContain('[EMAIL REDACTED]');
    expect(all).toContain('[BANK ACCOUNT REDACTED]');
    expect(all).not.toContain('ann.quill@example.org');
    expect(all).not.toMatch(/GB82|5698/);
    // Nothing of the original package travels: its properties are not copied; the author's name
    // (read into the text, and not detected here, where the model is off) is in the body only.
    const core = await copy.file('docProps/core.xml')!.async('string');
    expect(core).not.toContain('Ann Quill');
    expect(all.split('Ann Quill').length).toBe(2);
  });

  it("writes an RTF's redacted copy as a new .docx, its information group redacted too", async () => {
    const file = await dir.file(
      'in-rtf/loan.rtf',
      new TextEncoder().encode(
        '{\\rtf1\\ansi{\\info{\\author ann.quill@example.org}}Pay into GB82 WEST 1234 5698 7654 32\\par Thank you\\par}',
      ),
    );
    const out = join(dir.path, 'out-rtf');
    const said: string[] = [];
    const [result] = await runBatch(
      [file],
      out,
      { ...DEFAULT_REDACT_OPTIONS, ner: false, formats: ['docx', 'json'] },
      (e) => {
        if (e.type === 'writing') said.push(e.message);
      },
    );
    expect(result!.status, result!.error).toBe('ok');
    // The progress display says when the copy is written and when it is read back.
    const copyStages = said.filter((m) => m.endsWith(': loan.rtf'));
    expect(copyStages.slice(0, 2)).toEqual([
      'writing the redacted copy: loan.rtf',
      'reading the redacted copy back: loan.rtf',
    ]);
    const copy = await JSZip.loadAsync(await readFile(join(out, 'redacted', 'loan.rtf.docx')));
    const body = await copy.file('word/document.xml')!.async('string');
    expect(body).toContain('Pay into [BANK ACCOUNT REDACTED]');
    expect(body).toContain('Thank you');
    expect(body).toContain('[EMAIL REDACTED]');
    const all = (
      await Promise.all(
        Object.values(copy.files)
          .filter((f) => !f.dir)
          .map((f) => f.async('string')),
      )
    ).join('\n');
    expect(all).not.toMatch(/ann\.quill|GB82|5698/);
  });
});
