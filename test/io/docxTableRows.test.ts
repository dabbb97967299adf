/**
 * A Word table is read a row to a line, its cells after tabs, as a sheet's rows are: the
 * detector then sees a column of names beside their hours, not a column of words a line each.
 * A cell of two paragraphs keeps its line break, and a table nested in a cell its own rows.
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
  it('reads a row to a line, its cells after tabs; a cell of two paragraphs keeps its break', async () => {
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
    expect(text).toContain('Timesheet\nName\tHours\nQuill Harrow\t32\nAda\nLindqvist\t57\n\t8\n');
  });

  it('reads a table nested in a cell on lines of its own', async () => {
    const inner = new Table({ rows: [row('a', 'b')] });
    const doc = new Document({
      sections: [{ children: [new Table({ rows: [row(inner, 'Outer')] })] }],
    });
    const file = await dir.file('in/nested.docx', await Packer.toBuffer(doc));
    const { text } = await extractDocument(file, { ocr: 'never' });
    // Word ends a cell with a paragraph, so the empty one after the nested table takes the tab.
    expect(text).toContain('Inner\na\tb\n\tOuter');
  });
});
