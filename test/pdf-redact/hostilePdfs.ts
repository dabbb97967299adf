/**
 * Test support: PDFs whose text layer does not say what the page shows (issue 28), built with
 * pdf-lib from raw content-stream operators. Each holds the same PII line, drawn so that a naive
 * reading of the text layer would put redaction boxes in the wrong place or miss the value.
 */
import sharp from 'sharp';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import { PDFDocument, PDFName, StandardFonts, type PDFPage } from 'pdf-lib';

export const PII = {
  name: 'Jane Doe',
  ssn: '123-45-6789',
  email: 'jane.doe@example.com',
};
export const PII_LINE = `${PII.name} SSN ${PII.ssn} ${PII.email}`;
const FILLER =
  'This statement lists the movements on the account for the period shown above. ' +
  'Please check every entry and report any difference within thirty days.';

const W = 595;
const H = 842;

async function newDoc(): Promise<{ doc: PDFDocument; page: PDFPage; font: string }> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([W, H]);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  page.node.setFontDictionary(PDFName.of('F1'), helvetica.ref);
  return { doc, page, font: 'F1' };
}

function setContent(doc: PDFDocument, page: PDFPage, ops: string): void {
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(ops)));
}

/** The PDF string literal of `s` (ASCII only). */
function lit(s: string): string {
  return `(${s.replace(/([\\()])/g, '\\$1')})`;
}

/** The PII line drawn upside down by the text matrix, on a page whose /Rotate is 0. */
export async function upsideDownText(): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  setContent(
    doc,
    page,
    `BT /F1 11 Tf 1 0 0 1 50 780 Tm ${lit(FILLER.slice(0, 80))} Tj ET\n` +
      `BT /F1 14 Tf -1 0 0 -1 520 300 Tm ${lit(PII_LINE)} Tj ET`,
  );
  return doc.save();
}

/** The PII line upside down by the current transformation matrix (cm), /Rotate 0. */
export async function upsideDownCtm(): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  setContent(
    doc,
    page,
    `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n` +
      `q -1 0 0 -1 ${W} ${H} cm BT /F1 14 Tf 60 500 Td ${lit(PII_LINE)} Tj ET Q`,
  );
  return doc.save();
}

/** The PII line with 3 pt of character spacing (Tc): "J a n e   D o e". */
export async function letterSpacedText(): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  setContent(
    doc,
    page,
    `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n` +
      `BT /F1 10 Tf 3 Tc 50 600 Td ${lit(PII_LINE)} Tj ET`,
  );
  return doc.save();
}

/**
 * A JPEG of `text` in black Helvetica on white at 200 DPI, as a scanner or a pasted screenshot
 * would hold it. Drawn by pdf.js from a one-line PDF, so no system font is needed.
 */
export async function textImage(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([500, 32]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 6, y: 10, size: 14, font });
  const pdf = await loadPdf(await doc.save(), 'image.pdf');
  try {
    const rendered = await renderPdfPage(pdf, 1, { dpi: 200 });
    const raw = rendered.pixels();
    const png = await sharp(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
      raw: { width: rendered.pixelWidth, height: rendered.pixelHeight, channels: 4 },
    })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
    rendered.release();
    return png;
  } finally {
    await pdf.destroy();
  }
}

/** A page that draws an image of the PII line (as /Im1, 500 × 32 pt at 50, 500), then `ops`. */
async function pageWithPiiImage(ops: string): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  const image = await doc.embedJpg(await textImage(PII_LINE));
  page.node.setXObject(PDFName.of('Im1'), image.ref);
  setContent(doc, page, `q 500 0 0 32 50 500 cm /Im1 Do Q\n${ops}`);
  return doc.save();
}

/** A real text page (filler) with an image that shows the PII line. */
export function imageOnTextPage(): Promise<Uint8Array> {
  return pageWithPiiImage(
    `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n` +
      `BT /F1 11 Tf 50 764 Td ${lit(FILLER.slice(80))} Tj ET`,
  );
}

/** A "searchable scan": the PII line as an image, and an invisible OCR layer 40 pt below it. */
export function offsetOcrLayer(): Promise<Uint8Array> {
  return pageWithPiiImage(
    `BT 3 Tr /F1 11 Tf 50 80 Td ${lit(FILLER.slice(0, 60))} Tj ET\n` +
      `BT 3 Tr /F1 14 Tf 50 468 Td ${lit(PII_LINE)} Tj ET`,
  );
}

/**
 * A Type3 font whose glyphs draw Helvetica characters but whose encoding names them /g0, /g1, …
 * and which has no ToUnicode map: the page shows the PII line, the text layer holds nonsense.
 */
export async function type3WithoutUnicode(): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  const ctx = doc.context;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const chars = [...new Set(PII_LINE)];
  const charProcs: Record<string, ReturnType<typeof ctx.register>> = {};
  const differences: (number | PDFName)[] = [0];
  chars.forEach((ch, i) => {
    const width = Math.round(helvetica.widthOfTextAtSize(ch, 1000));
    charProcs[`g${i}`] = ctx.register(
      ctx.flateStream(`${width} 0 d0 BT /H 1000 Tf 0 0 Td ${lit(ch)} Tj ET`),
    );
    differences.push(PDFName.of(`g${i}`));
  });
  const widths = chars.map((ch) => Math.round(helvetica.widthOfTextAtSize(ch, 1000)));
  const type3 = ctx.obj({
    Type: 'Font',
    Subtype: 'Type3',
    FontBBox: [0, -200, 1000, 800],
    FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    CharProcs: ctx.obj(charProcs),
    Encoding: ctx.obj({ Type: 'Encoding', Differences: differences }),
    FirstChar: 0,
    LastChar: chars.length - 1,
    Widths: widths,
    Resources: ctx.obj({ Font: ctx.obj({ H: helvetica.ref }) }),
  });
  page.node.setFontDictionary(PDFName.of('T3'), ctx.register(type3));
  const codes = [...PII_LINE].map((ch) => chars.indexOf(ch).toString(16).padStart(2, '0')).join('');
  setContent(
    doc,
    page,
    `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n` +
      `BT /T3 14 Tf 50 600 Td <${codes}> Tj ET`,
  );
  return doc.save();
}

export const HOSTILE_PDFS = {
  'upside-down text matrix': upsideDownText,
  'upside-down transformation matrix': upsideDownCtm,
  'letter-spaced text': letterSpacedText,
  'image on a text page': imageOnTextPage,
  'OCR layer 40 pt off the ink': offsetOcrLayer,
  'Type3 font without ToUnicode': type3WithoutUnicode,
} as const;
