/**
 * Workbooks that hide personal values where FinRedact's cell walk does not look, for the
 * sanitising tests (issue 39): one made the way openpyxl writes (absolute part names, notes in
 * xl/comments/, an unprefixed drawing with a chart whose title names a person's address), one
 * made with exceljs that carries a formula's text, a hyperlink target, a data-validation list and
 * prompt, a number format's literal text, a conditional-formatting rule and a defined name, each
 * holding a value the cells do not show. Every value is synthetic (reserved example domains).
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** Values a copy must not hold, however it was hidden. */
export const HIDDEN = {
  chartTitle: 'chart.owner@example.org',
  note: 'note.writer@example.org',
  cell: 'cell.client@example.org',
  formula: 'formula.text@example.net',
  link: 'link.target@example.net',
  validation: 'pick.list@example.net',
  prompt: 'prompt.text@example.net',
  numberFormat: 'format.text@example.net',
  conditional: 'rule.text@example.net',
  definedName: 'DefinedFor_jo_bloggs_example_org',
} as const;

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument';

/** A workbook laid out as openpyxl 3.1 writes one with a note and a bar chart. */
export async function openpyxlStyleWorkbook(): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" /><Default Extension="xml" ContentType="application/xml" /><Default Extension="vml" ContentType="${CT}.vmlDrawing" /><Override PartName="/xl/workbook.xml" ContentType="${CT}.spreadsheetml.sheet.main+xml" /><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.spreadsheetml.worksheet+xml" /><Override PartName="/xl/comments/comment1.xml" ContentType="${CT}.spreadsheetml.comments+xml" /><Override PartName="/xl/drawings/drawing1.xml" ContentType="${CT}.drawing+xml" /><Override PartName="/xl/charts/chart1.xml" ContentType="${CT}.drawingml.chart+xml" /></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<Relationships xmlns="${PKG}"><Relationship Type="${REL}/officeDocument" Target="xl/workbook.xml" Id="rId1" /></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `<workbook xmlns:r="${REL}" xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><workbookPr /><sheets><sheet name="Clients" sheetId="1" state="visible" r:id="rId1" /></sheets><definedNames /><calcPr calcId="124519" fullCalcOnLoad="1" /></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${PKG}"><Relationship Type="${REL}/worksheet" Target="/xl/worksheets/sheet1.xml" Id="rId1" /></Relationships>`,
  );
  const cell = (ref: string, text: string) =>
    `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${cell('A1', 'Client')}${cell('B1', 'E-mail')}<c r="C1" t="inlineStr"><is><t>Amount</t></is></c></row><row r="2">${cell('A2', 'A')}${cell('B2', HIDDEN.cell)}<c r="C2" t="n"><v>1200</v></c></row></sheetData><pageMargins left="0.75" right="0.75" top="1" bottom="1" header="0.5" footer="0.5" /><drawing xmlns:r="${REL}" r:id="rId1" /><legacyDrawing xmlns:r="${REL}" r:id="anysvml" /></worksheet>`,
  );
  zip.file(
    'xl/worksheets/_rels/sheet1.xml.rels',
    `<Relationships xmlns="${PKG}"><Relationship Type="${REL}/drawing" Target="/xl/drawings/drawing1.xml" Id="rId1" /><Relationship Type="${REL}/comments" Target="/xl/comments/comment1.xml" Id="comments" /><Relationship Type="${REL}/vmlDrawing" Target="/xl/drawings/commentsDrawing1.vml" Id="anysvml" /></Relationships>`,
  );
  zip.file(
    'xl/comments/comment1.xml',
    `<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors><author>Auditor</author></authors><commentList><comment ref="B2" authorId="0" shapeId="0"><text><t>Call back ${HIDDEN.note}</t></text></comment></commentList></comments>`,
  );
  zip.file(
    'xl/drawings/commentsDrawing1.vml',
    `<xml xmlns:ns0="urn:schemas-microsoft-com:office:office" xmlns:ns1="urn:schemas-microsoft-com:vml" xmlns:ns2="urn:schemas-microsoft-com:office:excel"><ns1:shape type="#_x0000_t202" style="position:absolute;visibility:hidden" id="_x0000_s1026"><ns1:textbox><div style="text-align:left" /></ns1:textbox><ns2:ClientData ObjectType="Note"><ns2:Row>1</ns2:Row><ns2:Column>1</ns2:Column></ns2:ClientData></ns1:shape></xml>`,
  );
  zip.file(
    'xl/drawings/drawing1.xml',
    `<wsDr xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:r="${REL}" xmlns="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"><oneCellAnchor><from><col>4</col><colOff>0</colOff><row>1</row><rowOff>0</rowOff></from><ext cx="5400000" cy="2700000" /><graphicFrame><nvGraphicFramePr><cNvPr id="1" name="Chart 1" /><cNvGraphicFramePr /></nvGraphicFramePr><xfrm /><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart r:id="rId1" /></a:graphicData></a:graphic></graphicFrame><clientData /></oneCellAnchor></wsDr>`,
  );
  zip.file(
    'xl/drawings/_rels/drawing1.xml.rels',
    `<Relationships xmlns="${PKG}"><Relationship Type="${REL}/chart" Target="/xl/charts/chart1.xml" Id="rId1" /></Relationships>`,
  );
  zip.file(
    'xl/charts/chart1.xml',
    `<chartSpace xmlns="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><chart><title><tx><rich><a:bodyPr /><a:p><a:r><a:t>Paid by ${HIDDEN.chartTitle}</a:t></a:r></a:p></rich></tx></title><plotArea><barChart><barDir val="col" /><ser><idx val="0" /><order val="0" /><cat><strRef><f>'Clients'!$B$2</f><strCache><ptCount val="1" /><pt idx="0"><v>${HIDDEN.cell}</v></pt></strCache></strRef></cat><val><numRef><f>'Clients'!$C$2</f></numRef></val></ser></barChart></plotArea></chart></chartSpace>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** A workbook whose cells look clean while its formulas, links and rules do not. */
export async function hiddenContentWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ledger');
  ws.addRow(['Item', 'Owner', 'Amount']);
  ws.getCell('A2').value = 'Fees';
  // The cached result is clean; the formula's text is not.
  ws.getCell('B2').value = {
    formula: `IF(C2>0,"ok","${HIDDEN.formula}")`,
    result: 'ok',
  };
  ws.getCell('A3').value = { text: 'Contact', hyperlink: `mailto:${HIDDEN.link}` };
  ws.getCell('C2').value = 1200;
  ws.getCell('C2').numFmt = `"${HIDDEN.numberFormat} "#,##0.00`;
  ws.getCell('B3').dataValidation = {
    type: 'list',
    allowBlank: true,
    formulae: [`"${HIDDEN.validation},other@example.net"`],
    showInputMessage: true,
    promptTitle: 'Owner',
    prompt: `Ask ${HIDDEN.prompt}`,
  };
  ws.addConditionalFormatting({
    ref: 'B2:B9',
    rules: [
      {
        type: 'containsText',
        operator: 'containsText',
        text: HIDDEN.conditional,
        priority: 1,
        style: { fill: { type: 'pattern', pattern: 'solid', bgColor: { argb: 'FFFF0000' } } },
      },
    ],
  });
  wb.definedNames.add("'Ledger'!$C$2", HIDDEN.definedName);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A workbook laid out as .NET's Open XML SDK writes one: a byte-order mark before every part,
 * SpreadsheetML and the extended properties behind a prefix (<x:worksheet>), absolute part
 * names. Made from `source` (any exceljs-written workbook), so its cells are known.
 */
export async function openXmlSdkStyle(source: Uint8Array): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(source);
  const prefixed: [string, string][] = [
    ['http://schemas.openxmlformats.org/spreadsheetml/2006/main', 'x'],
    ['http://schemas.openxmlformats.org/officeDocument/2006/extended-properties', 'ap'],
  ];
  for (const name of Object.keys(zip.files)) {
    if (zip.files[name]!.dir || !/\.(?:xml|rels)$/.test(name)) continue;
    let xml = await zip.file(name)!.async('string');
    for (const [ns, p] of prefixed) {
      if (!xml.includes(`xmlns="${ns}"`)) continue;
      xml = xml
        .replace(/<(\/?)([A-Za-z][\w.-]*)(?=[\s>/])/g, (tag, slash: string, local: string) =>
          local.includes(':') || local === 'xml' ? tag : `<${slash}${p}:${local}`,
        )
        .replace(`xmlns="${ns}"`, `xmlns:${p}="${ns}"`);
    }
    if (name.endsWith('.rels')) {
      const folder = name.replace(/_rels\/[^/]+$/, '');
      xml = xml.replace(/Target="(?!\/|[a-z]+:)([^"]+)"/g, (_, t: string) => {
        const parts: string[] = [];
        for (const seg of `${folder}${t}`.split('/')) {
          if (seg === '..') parts.pop();
          else if (seg && seg !== '.') parts.push(seg);
        }
        return `Target="/${parts.join('/')}"`;
      });
    }
    zip.file(name, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, 'utf8')]));
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
