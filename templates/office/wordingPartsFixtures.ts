/**
 * Word files whose values sit in places a reader sees but a paragraph walk of `w:t` misses (issue
 * 53): an equation's text (`m:t`), a right-to-left override (`w:bdo`) that shows a reversed IBAN
 * the right way round, a tracked deletion and a move glued to the next word, a numbering level's
 * text, a style's name and id, and a style name only the model can tell is a name. One file per
 * case, every value synthetic.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import JSZip from 'jszip';

export interface WordingCase {
  readonly file: string;
  /** The value planted, as a reader sees it. */
  readonly value: string;
  /** Other spellings of it the file holds (the reversed characters of an override). */
  readonly stored?: readonly string[];
  readonly bytes: Uint8Array;
}

const IBAN = 'GB82WEST12345698765432';
const reversed = (s: string) => [...s].reverse().join('');
const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const DATE = 'w:author="Editor" w:date="2026-01-05T00:00:00Z"';

async function withBody(
  paragraph: string,
  edit?: (zip: JSZip) => Promise<void>,
): Promise<Uint8Array> {
  const base = await Packer.toBuffer(
    new Document({
      sections: [
        {
          children: ['Statement of account.', 'MARKER', 'Thank you for your business.'].map(
            (t) => new Paragraph({ children: [new TextRun(t)] }),
          ),
        },
      ],
    }),
  );
  const zip = await JSZip.loadAsync(base);
  const xml = await zip.file('word/document.xml')!.async('string');
  zip.file(
    'word/document.xml',
    xml.replace(/<w:p>(?:(?!<w:p>).)*?MARKER.*?<\/w:p>/s, `<w:p>${paragraph}</w:p>`),
  );
  await edit?.(zip);
  return zip.generateAsync({ type: 'uint8array' });
}

async function addStyle(zip: JSZip, style: string): Promise<void> {
  const xml = await zip.file('word/styles.xml')!.async('string');
  zip.file('word/styles.xml', xml.replace('</w:styles>', `${style}</w:styles>`));
}

export async function wordingPartsFixtures(): Promise<WordingCase[]> {
  const numbering = async (zip: JSZip) => {
    zip.file(
      'word/numbering.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:abstractNum w:abstractNumId="7"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="Refund to ${IBAN} %1."/></w:lvl></w:abstractNum><w:num w:numId="7"><w:abstractNumId w:val="7"/></w:num></w:numbering>`,
    );
    const types = await zip.file('[Content_Types].xml')!.async('string');
    if (!types.includes('/word/numbering.xml'))
      zip.file(
        '[Content_Types].xml',
        types.replace(
          '</Types>',
          '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>',
        ),
      );
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    if (!rels.includes('numbering.xml'))
      zip.file(
        'word/_rels/document.xml.rels',
        rels.replace(
          '</Relationships>',
          '<Relationship Id="rIdNumbering7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>',
        ),
      );
  };
  return [
    {
      file: 'equation.docx',
      value: 'equation.author@example.org',
      bytes: await withBody(
        `${run('Computed by ')}<m:oMath><m:r><m:t>equation.author@example.org</m:t></m:r></m:oMath>${run(' for the audit.')}`,
      ),
    },
    {
      file: 'override.docx',
      value: IBAN,
      stored: [reversed(IBAN)],
      bytes: await withBody(
        `${run('Pay to IBAN ')}<w:bdo w:val="rtl"><w:r><w:t>${reversed(IBAN.slice(8))}</w:t></w:r><w:r><w:t>${reversed(IBAN.slice(0, 8))}</w:t></w:r></w:bdo>`,
      ),
    },
    {
      file: 'deletion.docx',
      value: 'deleted.contact@example.org',
      bytes: await withBody(
        `${run('Write to ')}<w:del w:id="1" ${DATE}><w:r><w:delText>deleted.contact@example.org</w:delText></w:r></w:del><w:ins w:id="2" ${DATE}>${run('the desk')}</w:ins>`,
      ),
    },
    {
      file: 'move.docx',
      value: 'moved.contact@example.org',
      bytes: await withBody(
        `${run('Write to ')}<w:moveFrom w:id="3" ${DATE}><w:r><w:t>moved.contact@example.org</w:t></w:r></w:moveFrom>${run('today')}`,
      ),
    },
    {
      file: 'numbering.docx',
      value: IBAN,
      bytes: await withBody(
        `<w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="7"/></w:numPr></w:pPr>${run('Refund issued.')}`,
        numbering,
      ),
    },
    {
      file: 'style-name.docx',
      value: 'style.owner@example.org',
      stored: ['StyleOwnerExampleOrg'],
      bytes: await withBody(
        `<w:pPr><w:pStyle w:val="StyleOwnerExampleOrg"/></w:pPr>${run('Reviewed the ledger.')}`,
        (zip) =>
          addStyle(
            zip,
            '<w:style w:type="paragraph" w:customStyle="1" w:styleId="StyleOwnerExampleOrg"><w:name w:val="Letter for style.owner@example.org"/></w:style>',
          ),
      ),
    },
    {
      file: 'style-person.docx',
      value: 'Margaret Ellingham',
      stored: ['MargaretEllingham'],
      bytes: await withBody(
        `<w:pPr><w:pStyle w:val="MargaretEllingham"/></w:pPr>${run('Reviewed the ledger.')}`,
        (zip) =>
          addStyle(
            zip,
            '<w:style w:type="paragraph" w:customStyle="1" w:styleId="MargaretEllingham"><w:name w:val="Letter to Margaret Ellingham"/></w:style>',
          ),
      ),
    },
  ];
}
