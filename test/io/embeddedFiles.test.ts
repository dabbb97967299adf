/**
 * A PDF's embedded files (an e-invoice's XML, a portfolio's PDFs, a page's paperclip note) and an
 * Office file's (a workbook embedded in a Word report) join the batch after it, as an e-mail's
 * attachments do: each is read and redacted as a file of its own under `<file>/attachments/`, a
 * PDF inside a PDF too. The holder's copy carries none of them, and its warning says so.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { PDFDocument, PDFHexString, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { expandEmbeddedFiles } from '../../src/pipeline/containers/embeddedInputs.js';
import { workbookFixture } from '../../templates/office/sheetFixtures.js';
import { LEGACY_VALUES, legacyXls } from '../../templates/office/legacyWorkbookFixtures.js';
import { packageObject } from '../../templates/office/oleObjectFixtures.js';
import { makeDocx, makePdf, makeTempDir, type TempDir } from './fixtures.js';

const PAGE_MAIL = 'billing.page@example.org';
const XML_MAIL = 'buyer.contact@example.com';
const XML_IBAN = 'GB82 WEST 1234 5698 7654 32';
const INNER_MAIL = 'inner.letter@example.net';
const NAMED_IBAN = 'DE89370400440532013000';

async function withAttachments(
  page: string,
  files: readonly { name: string; bytes: Uint8Array; mimeType: string }[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makePdf([{ lines: [{ text: page, x: 72, y: 700 }] }]));
  for (const f of files) await doc.attach(f.bytes, f.name, { mimeType: f.mimeType });
  return doc.save();
}

/**
 * A file attached to a page behind a paperclip note, its stream without a /Type and its
 * dictionaries compressed into an object stream (pdf-lib's default): nothing in the file's bytes
 * names it until the object stream is inflated.
 */
async function withPaperclip(page: string, name: string, bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makePdf([{ lines: [{ text: page, x: 72, y: 700 }] }]));
  const { context } = doc;
  const file = context.register(context.flateStream(bytes));
  const spec = context.obj({
    Type: 'Filespec',
    F: PDFString.of(name),
    UF: PDFHexString.fromText(name),
    EF: { F: file },
  });
  const note = context.obj({
    Type: 'Annot',
    Subtype: 'FileAttachment',
    Rect: [72, 600, 90, 620],
    FS: spec,
    Contents: PDFString.of('Schedule'),
  });
  doc.getPage(0).node.addAnnot(context.register(note));
  return doc.save({ useObjectStreams: true });
}

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  const inner = await makePdf([{ lines: [{ text: `Write to ${INNER_MAIL}`, x: 72, y: 700 }] }]);
  const xml = `<?xml version="1.0"?><Invoice><Buyer><Email>${XML_MAIL}</Email><IBAN>${XML_IBAN}</IBAN></Buyer></Invoice>`;
  await dir.file(
    'in/invoice.pdf',
    await withAttachments(`Invoice for ${PAGE_MAIL}`, [
      { name: 'factur-x.xml', bytes: Buffer.from(xml), mimeType: 'text/xml' },
      { name: 'letter.pdf', bytes: inner, mimeType: 'application/pdf' },
      // A file's name is content when a container holds it: named, it is redacted as one.
      { name: `${NAMED_IBAN}.txt`, bytes: Buffer.from('Paid.'), mimeType: 'text/plain' },
    ]),
  );
  const statement = await withPaperclip(
    'See the schedule attached.',
    'schedule.csv',
    Buffer.from(`IBAN\n${XML_IBAN}\n`),
  );
  // The case the object-stream scan is for: no marker in the file's own bytes.
  for (const marker of ['/EF', '/EmbeddedFile', '/FileAttachment'])
    expect(Buffer.from(statement).includes(marker), marker).toBe(false);
  await dir.file('in/statement.pdf', statement);
  // A Word report with a workbook embedded as Word stores one, and an OLE object it cannot read.
  const report = await JSZip.loadAsync(
    await makeDocx(['Quarterly report', `Contact ${PAGE_MAIL}`]),
  );
  report.file('word/embeddings/Microsoft_Excel_Worksheet.xlsx', await workbookFixture());
  // OLE objects: a file dropped in as an icon, an Excel 97 workbook, and one that is neither.
  report.file(
    'word/embeddings/oleObject1.bin',
    packageObject('schedule.csv', Buffer.from(`IBAN\n${NAMED_IBAN}\n`)),
  );
  report.file('word/embeddings/oleObject2.bin', legacyXls());
  report.file('word/embeddings/oleObject3.bin', Buffer.from('an OLE object'));
  await dir.file('in/report.docx', await report.generateAsync({ type: 'uint8array' }));
  // A workbook with a Word document embedded in it.
  const book = await JSZip.loadAsync(await workbookFixture());
  book.file(
    'xl/embeddings/Microsoft_Word_Document.docx',
    await makeDocx([`Memo to ${INNER_MAIL}`]),
  );
  await dir.file('in/book.xlsx', await book.generateAsync({ type: 'uint8array' }));
  await dir.file('in/plain.pdf', await makePdf([{ lines: [{ text: 'Nothing', x: 72, y: 700 }] }]));
});
afterAll(() => dir.remove());

describe("a PDF's and an Office file's embedded files", () => {
  it('are read and redacted as files of their own; the copy carries none', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    const byPath = new Map(results.map((r) => [r.relativePath, r]));
    expect([...byPath.keys()].sort()).toEqual([
      'book.xlsx',
      'book/attachments/Microsoft_Word_Document.docx',
      'invoice.pdf',
      'invoice/attachments/[BANK ACCOUNT REDACTED].txt',
      'invoice/attachments/factur-x.xml',
      'invoice/attachments/letter.pdf',
      'plain.pdf',
      'report.docx',
      'report/attachments/Microsoft_Excel_Worksheet.xlsx',
      'report/attachments/oleObject2.xls',
      'report/attachments/schedule.csv',
      'statement.pdf',
      'statement/attachments/schedule.csv',
    ]);
    for (const r of results) expect(r.status, `${r.relativePath}: ${r.error}`).toBe('ok');

    const outer = byPath.get('invoice.pdf')!;
    expect(outer.spans.map((s) => s.text)).toEqual([PAGE_MAIL]);
    expect(outer.warnings.join(' ')).toMatch(/carries 3 embedded files.*leaves them out/);
    expect(byPath.get('plain.pdf')!.warnings.join(' ')).not.toMatch(/embedded/);

    const xml = byPath.get('invoice/attachments/factur-x.xml')!;
    expect(xml.spans.map((s) => s.text)).toEqual(expect.arrayContaining([XML_MAIL, XML_IBAN]));
    const anonymised = await readFile(
      join(out, 'anonymized', 'invoice', 'attachments', 'factur-x.xml.txt'),
      'utf8',
    );
    expect(anonymised).toContain('[EMAIL REDACTED]');
    expect(anonymised).not.toContain(XML_MAIL);

    expect(byPath.get('invoice/attachments/letter.pdf')!.spans.map((s) => s.text)).toEqual([
      INNER_MAIL,
    ]);
    expect(byPath.get('statement/attachments/schedule.csv')!.spans.map((s) => s.text)).toEqual([
      XML_IBAN,
    ]);
    expect(byPath.get('statement.pdf')!.warnings.join(' ')).toMatch(
      /page 1: 1 file is attached \(a paperclip note\).*read and redacted as a file of its own/,
    );

    const book = byPath.get('report/attachments/Microsoft_Excel_Worksheet.xlsx')!;
    expect(book.kind).toBe('xlsx');
    expect(book.spans.map((s) => s.text)).toContain('first.client@example.org');
    expect(byPath.get('report/attachments/schedule.csv')!.spans.map((s) => s.text)).toEqual([
      NAMED_IBAN,
    ]);
    expect(byPath.get('report/attachments/oleObject2.xls')!.spans.map((s) => s.text)).toContain(
      LEGACY_VALUES.iban,
    );
    const reportCopy = await JSZip.loadAsync(await readFile(join(out, 'redacted', 'report.docx')));
    const copied = Object.values(reportCopy.files).filter((f) => !f.dir);
    expect(copied.filter((f) => f.name.includes('embeddings'))).toEqual([]);
    expect(byPath.get('report.docx')!.warnings.join(' ')).toMatch(/embedded files/);

    expect(
      byPath.get('book/attachments/Microsoft_Word_Document.docx')!.spans.map((s) => s.text),
    ).toEqual([INNER_MAIL]);
    expect(byPath.get('book.xlsx')!.warnings.join(' ')).toMatch(/1 embedded file \(those/);

    // An attacker opens the copy's attachments panel: there is none.
    const copy = await PDFDocument.load(await readFile(join(out, 'redacted', 'invoice.pdf')));
    const raw = Buffer.from(await copy.save({ useObjectStreams: false })).toString('latin1');
    expect(raw).not.toMatch(/EmbeddedFile/);
  }, 120_000);
});

describe('looking for embedded files', () => {
  it('leaves a file it cannot read to extraction, which reports it', async () => {
    const missing = {
      file: join(dir.path, 'gone', 'lost.pdf'),
      relativePath: 'lost.pdf',
      root: '',
    };
    const opened = await expandEmbeddedFiles([missing], join(dir.path, 'scratch'));
    expect(opened).toEqual({ inputs: [missing], holders: [] });
  });
});
