/**
 * A Word 97-2003 engagement letter (.doc) for the legacy Word tests (issue 40). The source is a
 * .docx built here with planted values in the body, header, footer, a footnote, a comment and
 * the document properties; `npm run fixtures:doc` converts it to .doc with LibreOffice (Debian's
 * libreoffice-writer-nogui) into test/fixtures/legacy/, where the tests read it — so the tests
 * need no LibreOffice, and the committed file is reproducible from this code. Every value is
 * synthetic (reserved example domains, a test IBAN, a made-up person).
 */
import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  Footer,
  FootnoteReferenceRun,
  Header,
  Packer,
  Paragraph,
  TextRun,
} from 'docx';

export const LEGACY_WORD_VALUES = {
  client: 'Margaret Oyelaran',
  email: 'm.oyelaran@example.org',
  iban: 'GB33 BUKB 2020 1555 5555 55',
  headerEmail: 'engagements@example.net',
  footerPhone: '+44 20 7946 0958',
  footnoteEmail: 'footnote.contact@example.com',
  commentEmail: 'reviewer.note@example.com',
  author: 'Jonathan Whitfield',
} as const;

export const LEGACY_WORD_FIXTURE = 'test/fixtures/legacy/engagement-letter.doc';

export async function legacyWordSource(): Promise<Buffer> {
  const v = LEGACY_WORD_VALUES;
  return Packer.toBuffer(
    new Document({
      creator: v.author,
      title: 'Engagement letter',
      lastModifiedBy: v.author,
      footnotes: {
        1: { children: [new Paragraph(`Questions on fees go to ${v.footnoteEmail}.`)] },
      },
      comments: {
        children: [
          {
            id: 0,
            author: 'Reviewer',
            date: new Date('2024-02-01T09:00:00Z'),
            children: [new Paragraph(`Check the account with ${v.commentEmail}`)],
          },
        ],
      },
      sections: [
        {
          headers: {
            default: new Header({
              children: [new Paragraph(`Engagements desk: ${v.headerEmail}`)],
            }),
          },
          footers: {
            default: new Footer({ children: [new Paragraph(`Switchboard ${v.footerPhone}`)] }),
          },
          children: [
            new Paragraph('Letter of engagement'),
            new Paragraph({
              children: [new TextRun(`Dear ${v.client},`), new FootnoteReferenceRun(1)],
            }),
            new Paragraph(
              `We confirm the terms of our audit engagement. Please write to ${v.email} with any questions.`,
            ),
            new Paragraph({
              children: [
                new CommentRangeStart(0),
                new TextRun(`Fees are paid to IBAN ${v.iban}.`),
                new CommentRangeEnd(0),
                new TextRun({ children: [new CommentReference(0)] }),
              ],
            }),
            new Paragraph('Yours sincerely,'),
          ],
        },
      ],
    }),
  );
}

/**
 * The letter with Word's own hyphen codes inside two values, as Word stores them when a writer
 * types them (issue 53): an optional hyphen (0x1F, invisible unless a line breaks there) for the
 * space after the IBAN's country block, and a non-breaking hyphen (0x1E, shown as "-") for a space
 * in the footer's phone number. Patched in place, character for character, so the file's piece
 * table still holds.
 */
export function legacyWordWithHyphenCodes(letter: Uint8Array): Uint8Array {
  const out = Buffer.from(letter);
  const patch = (value: string, at: number, code: number) => {
    const stored = Buffer.from(value, 'utf16le');
    const where = out.indexOf(stored);
    if (where < 0) throw new Error(`${value} is not stored as UTF-16 in the letter`);
    out.writeUInt16LE(code, where + at * 2);
  };
  patch(LEGACY_WORD_VALUES.iban, 4, 0x1f);
  patch(LEGACY_WORD_VALUES.footerPhone, 6, 0x1e);
  return new Uint8Array(out);
}
