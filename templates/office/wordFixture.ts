/**
 * The Word fixture of the Office tests: a letter with a generated value in each part a reader can
 * see or recover — body, table, text box, header, footer, footnote, comment, tracked deletion,
 * document properties — and one value split across runs of different formatting. The values are
 * of kinds the validated patterns find, so tests need no model.
 */
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
import { Rng } from '../core/rng.js';
import { makePhone, makeSsn } from '../values/contacts.js';
import { makeIban } from '../values/financialIds.js';

const rng = new Rng(2026);
export const WORD_VALUES = {
  body: 'avery.body@example.org',
  table: makeIban(rng, 'DE').value,
  textbox: 'text.box@example.net',
  header: makePhone(rng, 'en_GB').value,
  footer: 'footer.contact@example.com',
  footnote: makeSsn(rng).value,
  comment: 'reviewer.note@example.org',
  deleted: 'deleted.value@example.com',
  author: 'author.person@example.com',
  title: 'title.mail@example.net',
  split: 'split.runs@example.com',
};

export async function wordFixture(): Promise<Buffer> {
  const doc = new Document({
    creator: WORD_VALUES.author,
    lastModifiedBy: WORD_VALUES.author,
    title: WORD_VALUES.title,
    comments: {
      children: [
        {
          id: 0,
          author: 'Reviewer Person',
          date: new Date(0),
          children: [new Paragraph(`Ask ${WORD_VALUES.comment}`)],
        },
      ],
    },
    footnotes: { 1: { children: [new Paragraph(`SSN on file: ${WORD_VALUES.footnote}`)] } },
    sections: [
      {
        headers: {
          default: new Header({ children: [new Paragraph(`Call ${WORD_VALUES.header}`)] }),
        },
        footers: {
          default: new Footer({ children: [new Paragraph(`Write to ${WORD_VALUES.footer}`)] }),
        },
        children: [
          new Paragraph({
            children: [
              new CommentRangeStart(0),
              new TextRun(`Dear client, reply to ${WORD_VALUES.body} please.`),
              new CommentRangeEnd(0),
              new TextRun({ children: [new CommentReference(0)] }),
              new FootnoteReferenceRun(1),
            ],
          }),
          new Paragraph({
            children: [
              new TextRun('Old contact: '),
              new DeletedTextRun({
                text: WORD_VALUES.deleted,
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
                  new TableCell({ children: [new Paragraph(WORD_VALUES.table)] }),
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
            children: [new Paragraph(`Box: ${WORD_VALUES.textbox}`)],
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
