/**
 * A Word file that hides personal values where the paragraph walk does not look, for the
 * sanitising tests (issue 39): field instructions (a mailto HYPERLINK, a MERGEFIELD, a
 * DOCPROPERTY), a hyperlink's target and tooltip, an altChunk import (HTML), a chart, custom XML
 * and a content control's alias, tag and binding, document variables, a glossary entry,
 * people.xml and a bookmark's name. The visible text is clean. Every value is synthetic.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import JSZip from 'jszip';

export const WORD_HIDDEN = {
  fieldLink: 'field.link@example.org',
  mergeField: 'merge.field@example.org',
  docProperty: 'doc.property@example.org',
  linkTarget: 'link.target@example.net',
  linkTooltip: 'tool.tip@example.net',
  altChunk: 'alt.chunk@example.net',
  chart: 'chart.series@example.net',
  customXml: 'custom.xml@example.com',
  controlAlias: 'control.alias@example.com',
  controlTag: 'control.tag@example.com',
  docVariable: 'doc.variable@example.com',
  glossary: 'glossary.entry@example.com',
  person: 'people.author@example.com',
  bookmark: 'Bookmark_jo_bloggs_example_org',
} as const;

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;

export async function hiddenWordFixture(): Promise<Buffer> {
  const base = await Packer.toBuffer(
    new Document({
      sections: [{ children: [new Paragraph({ children: [new TextRun('Placeholder body')] })] }],
    }),
  );
  const zip = await JSZip.loadAsync(base);
  const h = WORD_HIDDEN;
  const body = [
    // A complex field: the instruction names an address, the result shows "write to us".
    `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "mailto:${h.fieldLink}" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('write to us')}<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`,
    `<w:p><w:fldSimple w:instr=" MERGEFIELD ${h.mergeField} ">${run('Client')}</w:fldSimple>${run(' and ')}<w:fldSimple w:instr=" DOCPROPERTY &quot;${h.docProperty}&quot; ">${run('Owner')}</w:fldSimple></w:p>`,
    `<w:p><w:hyperlink r:id="rIdLink" w:tooltip="${h.linkTooltip}">${run('our desk')}</w:hyperlink></w:p>`,
    `<w:altChunk r:id="rIdChunk"/>`,
    `<w:sdt><w:sdtPr><w:alias w:val="${h.controlAlias}"/><w:tag w:val="${h.controlTag}"/><w:dataBinding w:xpath="/root/client" w:storeItemID="{00000000-0000-0000-0000-000000000001}"/></w:sdtPr><w:sdtContent><w:p>${run('Signed for the firm')}</w:p></w:sdtContent></w:sdt>`,
    `<w:p><w:bookmarkStart w:id="0" w:name="${h.bookmark}"/>${run('Totals')}<w:bookmarkEnd w:id="0"/></w:p>`,
    `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="100" cy="100"/><wp:docPr id="1" name="Chart 1"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rIdChart"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`,
  ].join('');
  let doc = await zip.file('word/document.xml')!.async('string');
  doc = doc.replace(/(<w:body>)/, `$1${body}`);
  zip.file('word/document.xml', doc);

  let rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  rels = rels.replace(
    '</Relationships>',
    `<Relationship Id="rIdLink" Type="${REL}/hyperlink" Target="mailto:${h.linkTarget}" TargetMode="External"/><Relationship Id="rIdChunk" Type="${REL}/aFChunk" Target="afchunk1.html"/><Relationship Id="rIdChart" Type="${REL}/chart" Target="charts/chart1.xml"/><Relationship Id="rIdPeople" Type="http://schemas.microsoft.com/office/2011/relationships/people" Target="people.xml"/><Relationship Id="rIdGlossary" Type="${REL}/glossaryDocument" Target="glossary/document.xml"/><Relationship Id="rIdCustom" Type="${REL}/customXml" Target="../customXml/item1.xml"/></Relationships>`,
  );
  zip.file('word/_rels/document.xml.rels', rels);
  zip.file('word/afchunk1.html', `<html><body><p>Contact ${h.altChunk}</p></body></html>`);
  zip.file(
    'word/charts/chart1.xml',
    `<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart><c:plotArea><c:barChart><c:ser><c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>${h.chart}</c:v></c:pt></c:strCache></c:strRef></c:tx></c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>`,
  );
  zip.file('customXml/item1.xml', `<root><client>${h.customXml}</client></root>`);
  zip.file(
    'word/people.xml',
    `<w15:people xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"><w15:person w15:author="${h.person}"/></w15:people>`,
  );
  zip.file(
    'word/glossary/document.xml',
    `<w:glossaryDocument ${W}><w:docParts><w:docPart><w:docPartBody><w:p>${run(h.glossary)}</w:p></w:docPartBody></w:docPart></w:docParts></w:glossaryDocument>`,
  );
  let settings = await zip.file('word/settings.xml')!.async('string');
  settings = settings.replace(
    /(<w:settings\b[^>]*>)/,
    `$1<w:docVars><w:docVar w:name="client" w:val="${h.docVariable}"/></w:docVars>`,
  );
  zip.file('word/settings.xml', settings);
  let types = await zip.file('[Content_Types].xml')!.async('string');
  types = types.replace(
    '</Types>',
    `<Default Extension="html" ContentType="text/html"/><Override PartName="/word/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/></Types>`,
  );
  zip.file('[Content_Types].xml', types);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
