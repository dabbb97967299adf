/**
 * A Word data table is read a row to a line, its cells after tabs, as a sheet's rows are: the
 * detector then sees a column of names beside their hours, not a column of words a line each.
 * A layout row — a cell of two paragraphs, a nested table, one filled cell among empty ones —
 * keeps a line a paragraph.
 */
import { Document, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { makeTempDir, type TempDir } from './fixtures.js';

const row = (...cells: (string | Paragraph[] | Table)[]) =>
  new TableRow({
    children: cells.map(
      (c) =>
        new TableCell({
          children:
            typeof c === 'string'
              ? [new Paragraph(c)]
              : c instanceof Table
                ? [new Paragraph('Inner'), c]
                : c,
        }),
    ),
  });

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(() => dir.remove());

describe('a Word table', () => {
  it('reads a data row to a line, its cells after tabs; a layout row a paragraph a line', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph('Timesheet'),
            new Table({
              rows: [
                row('Name', 'Hours'),
                row('Quill Harrow', '32'),
                row([new Paragraph('Ada'), new Paragraph('Lindqvist')], '57'),
                row('', '8'),
              ],
            }),
            new Paragraph('Signed'),
          ],
        },
      ],
    });
    const file = await dir.file('in/hours.docx', await Packer.toBuffer(doc));
    const { text } = await extractDocument(file, { ocr: 'never' });
    expect(text).toContain(
      'Timesheet\nName\tHours\nQuill Harrow\t32\nAda\nLindqvist\n57\n\n8\nSigned',
    );
  });

  it('reads a table nested in a cell on lines of its own, as rows', async () => {
    const inner = new Table({ rows: [row('a', 'b')] });
    const doc = new Document({
      sections: [{ children: [new Table({ rows: [row(inner, 'Outer')] })] }],
    });
    const file = await dir.file('in/nested.docx', await Packer.toBuffer(doc));
    const { text } = await extractDocument(file, { ocr: 'never' });
    expect(text).toContain('Inner\na\tb\n\nOuter');
  });
});
