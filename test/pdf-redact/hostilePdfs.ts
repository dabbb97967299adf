/**
 * Test support: PDFs whose text layer does not say what the page shows (issue 28), built with
 * pdf-lib from raw content-stream operators. Each holds the same PII line, drawn so that a naive
 * reading of the text layer would put redaction boxes in the wrong place or miss the value.
 */
import sharp from 'sharp';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import opentype from 'opentype.js';
import { PDFDocument, PDFName, StandardFonts, type PDFPage, type PDFRef } from 'pdf-lib';

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
  const { ref, chars } = await type3Font(doc, PII_LINE);
  page.node.setFontDictionary(PDFName.of('T3'), ref);
  setContent(
    doc,
    page,
    `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n` +
      `BT /T3 14 Tf 50 600 Td ${codesOf(PII_LINE, chars)} Tj ET`,
  );
  return doc.save();
}

/**
 * A Type3 font whose ToUnicode map lies: the page shows the PII line, the text layer reads every
 * letter 13 places on and every digit 3 on ("Wnar Qbr FFA 456-78-9012 …").
 */
export async function type3LyingUnicode(): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  const { ref, chars } = await type3Font(doc, PII_LINE, scrambled);
  page.node.setFontDictionary(PDFName.of('T3'), ref);
  setContent(
    doc,
    page,
    `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n` +
      `BT /F1 11 Tf 50 764 Td ${lit(FILLER.slice(80))} Tj ET\n` +
      `BT /T3 14 Tf 50 600 Td ${codesOf(PII_LINE, chars)} Tj ET`,
  );
  return doc.save();
}

/** The PII image drawn two form XObjects deep, each with its own matrix. */
export async function nestedFormImage(): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  const ctx = doc.context;
  const image = await doc.embedJpg(await textImage(PII_LINE));
  const inner = ctx.register(
    ctx.flateStream('q 250 0 0 16 0 0 cm /Im1 Do Q', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 250, 16],
      Matrix: [2, 0, 0, 2, 0, 0],
      Resources: ctx.obj({ XObject: ctx.obj({ Im1: image.ref }) }),
    }),
  );
  const outer = ctx.register(
    ctx.flateStream('q 1 0 0 1 0 0 cm /Fm2 Do Q', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 500, 32],
      Matrix: [1, 0, 0, 1, 50, 500],
      Resources: ctx.obj({ XObject: ctx.obj({ Fm2: inner }) }),
    }),
  );
  page.node.setXObject(PDFName.of('Fm1'), outer);
  setContent(
    doc,
    page,
    `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n` +
      `BT /F1 11 Tf 50 764 Td ${lit(FILLER.slice(80))} Tj ET\n/Fm1 Do`,
  );
  return doc.save();
}

/** The PII line upside down inside a form XObject whose own matrix turns it. */
export async function upsideDownForm(): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  const ctx = doc.context;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const form = ctx.register(
    ctx.flateStream(`BT /H 14 Tf 0 8 Td ${lit(PII_LINE)} Tj ET`, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 500, 30],
      Matrix: [-1, 0, 0, -1, 540, 420],
      Resources: ctx.obj({ Font: ctx.obj({ H: helvetica.ref }) }),
    }),
  );
  page.node.setXObject(PDFName.of('Fm1'), form);
  setContent(doc, page, `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n/Fm1 Do`);
  return doc.save();
}

/** The PII line with horizontal scaling 160%, 1.5 pt character spacing and an 8 pt rise. */
export async function scaledRisenText(): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  setContent(
    doc,
    page,
    `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n` +
      `BT /F1 9 Tf 160 Tz 1.5 Tc 8 Ts 40 600 Td ${lit(PII_LINE)} Tj ET\n` +
      `BT /F1 12 Tf 45 Tz -12 Ts 50 560 Td ${lit(PII_LINE)} Tj ET`,
  );
  return doc.save();
}

/** The PDF string literal of `s` for a Type3 font whose codes index `chars`. */
function codesOf(text: string, chars: readonly string[]): string {
  return `<${[...text].map((ch) => chars.indexOf(ch).toString(16).padStart(2, '0')).join('')}>`;
}

/**
 * The PII line as filled glyph outlines (Liberation Sans from pdfjs-dist, drawn with `m l c f`):
 * the ink reads it, the text layer holds only the filler line above it.
 */
export async function vectorOutlineText(): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  const require = createRequire(import.meta.url);
  const fontFile = join(
    dirname(require.resolve('pdfjs-dist/package.json')),
    'standard_fonts',
    'LiberationSans-Regular.ttf',
  );
  const font = opentype.loadSync(fontFile);
  const path = font.getPath(PII_LINE, 50, H - 500, 14);
  const ops: string[] = [];
  let x0 = 0;
  let y0 = 0;
  const pt = (x: number, y: number): string => `${x.toFixed(2)} ${(H - y).toFixed(2)}`;
  for (const c of path.commands) {
    if (c.type === 'M' || c.type === 'L') {
      ops.push(`${pt(c.x, c.y)} ${c.type === 'M' ? 'm' : 'l'}`);
      [x0, y0] = [c.x, c.y];
    } else if (c.type === 'C') {
      ops.push(`${pt(c.x1, c.y1)} ${pt(c.x2, c.y2)} ${pt(c.x, c.y)} c`);
      [x0, y0] = [c.x, c.y];
    } else if (c.type === 'Q') {
      // A quadratic segment as the cubic that draws the same curve.
      const c1 = [x0 + ((c.x1 - x0) * 2) / 3, y0 + ((c.y1 - y0) * 2) / 3] as const;
      const c2 = [c.x + ((c.x1 - c.x) * 2) / 3, c.y + ((c.y1 - c.y) * 2) / 3] as const;
      ops.push(`${pt(...c1)} ${pt(...c2)} ${pt(c.x, c.y)} c`);
      [x0, y0] = [c.x, c.y];
    } else {
      ops.push('h');
    }
  }
  setContent(
    doc,
    page,
    `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n0 g\n${ops.join('\n')}\nf`,
  );
  return doc.save();
}

/** The PII line painted by a tiling pattern whose one cell draws it as text: no text on the page. */
export async function tilingPatternText(): Promise<Uint8Array> {
  const { doc, page } = await newDoc();
  const ctx = doc.context;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const cell = ctx.flateStream(`BT /H 14 Tf 10 10 Td ${lit(PII_LINE)} Tj ET`, {
    Type: 'Pattern',
    PatternType: 1,
    PaintType: 1,
    TilingType: 1,
    BBox: [0, 0, 520, 34],
    XStep: 520,
    YStep: 34,
    Matrix: [1, 0, 0, 1, 40, 490],
    Resources: ctx.obj({ Font: ctx.obj({ H: helvetica.ref }) }),
  });
  const resources = page.node.Resources();
  resources?.set(PDFName.of('Pattern'), ctx.obj({ P1: ctx.register(cell) }));
  setContent(
    doc,
    page,
    `BT /F1 11 Tf 50 780 Td ${lit(FILLER.slice(0, 80))} Tj ET\n` +
      `/Pattern cs /P1 scn 40 490 520 34 re f`,
  );
  return doc.save();
}

/** What a lying ToUnicode map says for each character: letters and digits shifted, rest kept. */
function scrambled(ch: string): string {
  if (/[a-z]/.test(ch)) return String.fromCharCode(((ch.charCodeAt(0) - 97 + 13) % 26) + 97);
  if (/[A-Z]/.test(ch)) return String.fromCharCode(((ch.charCodeAt(0) - 65 + 13) % 26) + 65);
  if (/\d/.test(ch)) return String((Number(ch) + 3) % 10);
  return ch;
}

/** A Type3 font built from Helvetica glyphs, one code per character of `text` (with `toUnicode`). */
async function type3Font(
  doc: PDFDocument,
  text: string,
  toUnicode?: (ch: string) => string,
): Promise<{ ref: PDFRef; chars: string[] }> {
  const ctx = doc.context;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const chars = [...new Set(text)];
  const charProcs: Record<string, PDFRef> = {};
  const differences: (number | PDFName)[] = [0];
  chars.forEach((ch, i) => {
    const width = Math.round(helvetica.widthOfTextAtSize(ch, 1000));
    charProcs[`g${i}`] = ctx.register(
      ctx.flateStream(`${width} 0 d0 BT /H 1000 Tf 0 0 Td ${lit(ch)} Tj ET`),
    );
    differences.push(PDFName.of(`g${i}`));
  });
  const widths = chars.map((ch) => Math.round(helvetica.widthOfTextAtSize(ch, 1000)));
  const map = toUnicode
    ? ctx.register(
        ctx.flateStream(
          [
            '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
            '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
            '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
            '1 begincodespacerange <00> <FF> endcodespacerange',
            `${chars.length} beginbfchar`,
            ...chars.map(
              (ch, i) =>
                `<${i.toString(16).padStart(2, '0')}> <${toUnicode(ch).charCodeAt(0).toString(16).padStart(4, '0')}>`,
            ),
            'endbfchar endcmap CMapName currentdict /CMapResource defineresource pop end end',
          ].join('\n'),
        ),
      )
    : undefined;
  const ref = ctx.register(
    ctx.obj({
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
      ...(map ? { ToUnicode: map } : {}),
    }),
  );
  return { ref, chars };
}

export const HOSTILE_PDFS = {
  'upside-down text matrix': upsideDownText,
  'upside-down transformation matrix': upsideDownCtm,
  'letter-spaced text': letterSpacedText,
  'image on a text page': imageOnTextPage,
  'OCR layer 40 pt off the ink': offsetOcrLayer,
  'Type3 font without ToUnicode': type3WithoutUnicode,
  'Type3 font with a lying ToUnicode map': type3LyingUnicode,
  'glyphs drawn as vector outlines': vectorOutlineText,
  'text painted by a tiling pattern': tilingPatternText,
  'image two form XObjects deep': nestedFormImage,
  'upside-down form XObject': upsideDownForm,
  'scaled, spaced and risen text': scaledRisenText,
} as const;
