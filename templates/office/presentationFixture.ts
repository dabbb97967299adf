/**
 * A PowerPoint package written part by part, as PowerPoint lays one out: two slides listed in
 * presentation.xml in the opposite order of their file names (a deck whose slides were moved), a
 * table, speaker notes, a comment with its author in commentAuthors.xml, a picture, and the
 * document properties. The values are synthetic: reserved example domains, the textbook IBAN,
 * Ofcom's drama number.
 */
import JSZip from 'jszip';

export const PRESENTATION_VALUES = {
  email: 'quill.harrow@example.org',
  iban: 'GB82 WEST 1234 5698 7654 32',
  phone: '020 7946 0958',
  commentAuthor: 'Ada Lindqvist',
  creator: 'Emrys Dunmore',
} as const;

const P =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const paragraph = (text: string) => `<a:p><a:r><a:rPr lang="en-GB"/><a:t>${text}</a:t></a:r></a:p>`;
const shape = (...paragraphs: string[]) =>
  `<p:sp><p:txBody><a:bodyPr/>${paragraphs.map(paragraph).join('')}</p:txBody></p:sp>`;
const slide = (body: string) => `<p:sld ${P}><p:cSld><p:spTree>${body}</p:spTree></p:cSld></p:sld>`;
const rels = (list: [string, string, string][]) =>
  `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list
    .map(
      ([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`,
    )
    .join('')}</Relationships>`;

export async function presentationPptx(): Promise<Uint8Array> {
  const v = PRESENTATION_VALUES;
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  );
  zip.file(
    'ppt/presentation.xml',
    `<p:presentation ${P}><p:sldIdLst><p:sldId id="256" r:id="rId3"/><p:sldId id="257" r:id="rId2"/></p:sldIdLst></p:presentation>`,
  );
  zip.file(
    'ppt/_rels/presentation.xml.rels',
    rels([
      ['rId2', 'slide', 'slides/slide1.xml'],
      ['rId3', 'slide', 'slides/slide2.xml'],
    ]),
  );
  // slide2.xml is shown first: the year-end title slide.
  zip.file('ppt/slides/slide2.xml', slide(shape('Year-end review', `Questions to ${v.email}`)));
  zip.file(
    'ppt/slides/_rels/slide2.xml.rels',
    rels([['rId1', 'notesSlide', '../notesSlides/notesSlide1.xml']]),
  );
  zip.file(
    'ppt/notesSlides/notesSlide1.xml',
    `<p:notes ${P}><p:cSld><p:spTree>${shape(`Call the desk on ${v.phone} first.`)}</p:spTree></p:cSld></p:notes>`,
  );
  const cell = (text: string) => `<a:tc><a:txBody><a:bodyPr/>${paragraph(text)}</a:txBody></a:tc>`;
  zip.file(
    'ppt/slides/slide1.xml',
    slide(
      `${shape('Payments over limit')}<p:graphicFrame><a:graphic><a:graphicData><a:tbl>` +
        `<a:tr>${cell('Payee')}${cell('IBAN')}</a:tr><a:tr>${cell('Refund')}${cell(v.iban)}</a:tr>` +
        '</a:tbl></a:graphicData></a:graphic></p:graphicFrame>',
    ),
  );
  zip.file(
    'ppt/commentAuthors.xml',
    `<p:cmAuthorLst ${P}><p:cmAuthor id="0" name="${v.commentAuthor}" initials="AL" lastIdx="1" clrIdx="0"/></p:cmAuthorLst>`,
  );
  zip.file(
    'ppt/comments/comment1.xml',
    `<p:cmLst ${P}><p:cm authorId="0" idx="1"><p:pos x="10" y="10"/><p:text>Check the IBAN with ${v.email}</p:text></p:cm></p:cmLst>`,
  );
  zip.file('ppt/media/image1.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  zip.file(
    'docProps/core.xml',
    `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Year-end</dc:title><dc:creator>${v.creator}</dc:creator></cp:coreProperties>`,
  );
  return zip.generateAsync({ type: 'uint8array' });
}
