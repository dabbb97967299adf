/**
 * Word in, redacted Word out: a document with values in its body, a table, a text box, a header,
 * a footer, a footnote, a comment, a tracked deletion and its properties. Extraction reads them
 * all; the redacted copy holds none of them in any part of the zip, keeps paragraphs and tables,
 * and has no tracked changes, comments or authors left.
 */
import JSZip from 'jszip';
import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  Footer,
  FootnoteReferenceRun,
  Header,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  Textbox,
  TextRun,
} from 'docx';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../templates/core/rng.js';
import { makeIban } from '../../templates/values/financialIds.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { makeTempDir, type TempDir } from './fixtures.js';

// Values of kinds the validated patterns find, so the test needs no model; from our generator.
const rng = new Rng(2026);
const V = {
  body: 'avery.body@example.org',
  table: makeIban(rng, 'DE').value,
  textbox: 'text.box@example.net',
  header: '+44 20 7946 0958',
  footer: 'footer.contact@example.com',
  footnote: '123-45-6789',
  comment: 'reviewer.note@example.org',
  deleted: 'deleted.value@example.com',
  author: 'author.person@example.com',
  title: 'title.mail@example.net',
  split: 'split.runs@example.com',
};

async function makeWordFile(): Promise<Buffer> {
  const doc = new Document({
    creator: V.author,
    lastModifiedBy: V.author,
    title: V.title,
    comments: {
      children: [
        {
          id: 0,
          author: 'Reviewer Person',
          date: new Date(0),
          children: [new Paragraph(`Ask ${V.comment}`)],
        },
      ],
    },
    footnotes: { 1: { children: [new Paragraph(`SSN on file: ${V.footnote}`)] } },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph(`Call ${V.header}`)] }) },
        footers: { default: new Footer({ children: [new Paragraph(`Write to ${V.footer}`)] }) },
        children: [
          new Paragraph({
            children: [
              new CommentRangeStart(0),
              new TextRun(`Dear client, reply to ${V.body} please.`),
              new CommentRangeEnd(0),
              new TextRun({ children: [new CommentReference(0)] }),
              new FootnoteReferenceRun(1),
            ],
          }),
          new Paragraph({
            children: [
              new TextRun('Old contact: '),
              new DeletedTextRun({
                text: V.deleted,
                id: 1,
                author: 'Editor Person',
                date: '2026-01-01T00:00:00Z',
              }),
              new TextRun(' (removed).'),
            ],
          }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('IBAN')] }),
                  new TableCell({ children: [new Paragraph(V.table)] }),
                ],
              }),
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('Note')] }),
                  new TableCell({ children: [new Paragraph('none')] }),
                ],
              }),
            ],
          }),
          new Textbox({
            alignment: 'left',
            style: { width: '200pt', height: '40pt' },
            children: [new Paragraph(`Box: ${V.textbox}`)],
          }),
          // One value across runs of different formatting: "split." in bold, the rest plain.
          new Paragraph({
            children: [
              new TextRun('Also: '),
              new TextRun({ text: 'split.', bold: true }),
              new TextRun({ text: 'runs@example.com', italics: true }),
              new TextRun(' thanks.'),
            ],
          }),
          new Paragraph('End of letter.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

async function partsOf(bytes: Buffer): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const out: Record<string, string> = {};
  for (const [name, file] of Object.entries(zip.files)) {
    if (!file.dir && /\.(xml|rels)$/.test(name)) out[name] = await file.async('string');
  }
  return out;
}

const count = (xml: string, tag: string) =>
  (xml.match(new RegExp(`<${tag}[ >]`, 'g')) ?? []).length;

let dir: TempDir;
let input: string;
beforeAll(async () => {
  dir = await makeTempDir();
  input = await dir.file('in/letter.docx', await makeWordFile());
});
afterAll(() => dir.remove());

describe('Word documents', () => {
  it('are read in every part: body, table, text box, header, footer, footnote, comment, deletion, properties', async () => {
    const { text } = await extractDocument(input, { ocr: 'never' });
    for (const value of Object.values(V)) expect(text).toContain(value);
  });

  it('come out redacted in every part, with their structure and no tracked changes, comments or authors', async () => {
    const out = join(dir.path, 'out');
    const [result] = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['docx', 'txt'],
    });
    expect(result?.status).toBe('ok');
    expect([...new Set(result!.spans.map((s) => s.text))].sort()).toEqual(Object.values(V).sort());
    const original = await partsOf(await readFile(input));
    const redacted = await partsOf(await readFile(join(out, 'redacted', 'letter.docx')));
    const everything = Object.values(redacted).join('\n');
    for (const value of Object.values(V)) expect(everything).not.toContain(value);
    expect(everything).not.toContain('Reviewer Person');
    expect(everything).not.toContain('Editor Person');
    const body = redacted['word/document.xml']!;
    const before = original['word/document.xml']!;
    expect(count(body, 'w:p')).toBe(count(before, 'w:p'));
    expect(count(body, 'w:tbl')).toBe(count(before, 'w:tbl'));
    expect(count(body, 'w:tc')).toBe(count(before, 'w:tc'));
    expect(count(body, 'w:del')).toBe(0);
    expect(count(body, 'w:commentReference')).toBe(0);
    expect(body).toContain('Dear client, reply to [EMAIL REDACTED] please.');
    expect(body).toContain('[BANK ACCOUNT REDACTED]');
    // The span across runs: the placeholder in its first run, the rest of it gone, formatting kept.
    expect(body).toMatch(/<w:b\/>[\s\S]*?<w:t xml:space="preserve">\[EMAIL REDACTED\]<\/w:t>/);
    expect(body).toContain('Also: ');
    expect(body).not.toContain('runs@example.com');
    expect(redacted['word/header1.xml'] ?? '').toContain('Call [PHONE NUMBER REDACTED]');
    // Reading the copy back finds the placeholders where the values were, and no value.
    const { text } = await extractDocument(join(out, 'redacted', 'letter.docx'), { ocr: 'never' });
    expect(text).toContain('Box: [EMAIL REDACTED]');
    expect(text).toContain('SSN on file: [SSN REDACTED]');
  });
});
