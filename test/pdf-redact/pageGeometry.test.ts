/**
 * Pages that are not a plain upright text page: scans (no text layer; the fragments come from OCR,
 * in points), rotated pages and pages whose media box does not start at the origin. The expected
 * ink positions come from pdf.js's own viewport transform of the original, not from our box code.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOcr } from '../../src/extract/ocr/ocrPool.js';
import { anonymise } from '../../src/anonymise/anonymise.js';
import type { PageInfo } from '../../src/domain/documentText.js';
import { makeSpan } from '../../src/domain/span.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import { redactPdf } from '../../src/write/redactedPdf.js';
import { pageText } from '../../src/verify/verifyRedactedPdf.js';

const NAME = 'Cordelia Vantongeren';
const LINE = `Account holder: ${NAME}, Zurich branch`;
const UPSIDE_DOWN_LINE = `Reference 2291-A settled for ${NAME}`;
const SIZE = 14;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finredact-geometry-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeOcr();
});

/** User-space centres of the name's glyphs on a page where `line` was drawn at (x, y). */
async function nameGlyphCentres(x: number, y: number, line = LINE): Promise<[number, number][]> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const advance = (s: string): number =>
    Array.from(s).reduce((w, c) => w + font.widthOfTextAtSize(c, SIZE), 0);
  const at = line.indexOf(NAME);
  return Array.from(NAME)
    .map((c, i): [string, number] => [c, x + advance(line.slice(0, at + i)) + advance(c) / 2])
    .filter(([c]) => c !== ' ')
    .map(([, cx]) => [cx, y + 0.35 * SIZE]);
}

/** Output pixel darkness at the viewport positions of user-space points of the ORIGINAL page. */
async function darkAt(
  original: Uint8Array,
  output: Uint8Array,
  pageNumber: number,
  points: [number, number][],
) {
  const src = await loadPdf(original, 'original.pdf');
  const out = await loadPdf(output, 'redacted.pdf');
  try {
    const viewport = (await src.getPage(pageNumber)).getViewport({ scale: 1 });
    const page = await renderPdfPage(out, pageNumber, { dpi: 100 });
    const pixels = page.context.getImageData(0, 0, page.pixelWidth, page.pixelHeight).data;
    const result = points.map(([x, y]) => {
      const [vx = 0, vy = 0] = viewport.convertToViewportPoint(x, y);
      const i = (Math.round(vy * page.scale) * page.pixelWidth + Math.round(vx * page.scale)) * 4;
      return (pixels[i] ?? 255) < 64;
    });
    page.release();
    return result;
  } finally {
    await src.destroy();
    await out.destroy();
  }
}

describe('redactPdf page geometry', () => {
  it('covers the name on rotated pages and on a page whose media box is offset', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const rotated = doc.addPage([595, 842]);
    rotated.setRotation(degrees(90));
    rotated.drawText(LINE, { x: 60, y: 500, size: SIZE, font });
    const offset = doc.addPage([400, 300]);
    offset.setMediaBox(100, 200, 400, 300);
    offset.drawText(LINE, { x: 110, y: 400, size: SIZE, font });
    // Upside down, with the name at the end of the line: slicing from the wrong end would miss it.
    const upsideDown = doc.addPage([595, 842]);
    upsideDown.setRotation(degrees(180));
    upsideDown.drawText(UPSIDE_DOWN_LINE, { x: 60, y: 300, size: SIZE, font });
    const bytes = await doc.save();
    const file = join(dir, 'geometry.pdf');
    await writeFile(file, bytes);

    const extracted = await extractDocument(file, { ocr: 'never' });
    const spans = [...extracted.text.matchAll(new RegExp(NAME, 'gu'))].map((m) =>
      makeSpan(extracted.text, m.index, m.index + NAME.length, 'NAME', 1, 'ner'),
    );
    expect(spans).toHaveLength(3);
    const redacted = await redactPdf(
      {
        file,
        pageInfo: extracted.pages,
        fragments: extracted.fragments,
        spans,
        anonymized: anonymise(extracted.text, spans),
      },
      { dpi: 200, searchable: false },
    );
    expect(await darkAt(bytes, redacted.bytes, 1, await nameGlyphCentres(60, 500))).not.toContain(
      false,
    );
    expect(await darkAt(bytes, redacted.bytes, 2, await nameGlyphCentres(110, 400))).not.toContain(
      false,
    );
    expect(
      await darkAt(bytes, redacted.bytes, 3, await nameGlyphCentres(60, 300, UPSIDE_DOWN_LINE)),
    ).not.toContain(false);
    // And the text before the name is still ink on paper, not a box.
    expect(await darkAt(bytes, redacted.bytes, 1, [[62, 500 + SIZE]])).toEqual([false]);
    const out = await loadPdf(redacted.bytes, 'redacted.pdf');
    const sizes = [];
    for (let n = 1; n <= out.numPages; n++) {
      const { width, height } = (await out.getPage(n)).getViewport({ scale: 1 });
      sizes.push([Math.round(width), Math.round(height)]);
    }
    await out.destroy();
    expect(sizes).toEqual([
      [842, 595],
      [400, 300],
      [595, 842],
    ]);
  });

  it('redacts a scanned page from OCR word boxes, with no text layer in the original', async () => {
    // The "scan": a text page rendered to an image and placed in a new PDF with no text at all.
    const textDoc = await PDFDocument.create();
    const font = await textDoc.embedFont(StandardFonts.Helvetica);
    textDoc.addPage([595, 842]).drawText(LINE, { x: 60, y: 700, size: SIZE, font });
    const textFile = join(dir, 'text.pdf');
    await writeFile(textFile, await textDoc.save());
    const textPdf = await loadPdf(await readFile(textFile), textFile);
    const image = await renderPdfPage(textPdf, 1, { dpi: 150 });
    const png = await image.canvas.encode('png');
    image.release();
    await textPdf.destroy();
    const scanDoc = await PDFDocument.create();
    scanDoc
      .addPage([595, 842])
      .drawImage(await scanDoc.embedPng(png), { x: 0, y: 0, width: 595, height: 842 });
    const scan = await scanDoc.save();
    const scanFile = join(dir, 'scan.pdf');
    await writeFile(scanFile, scan);
    expect((await extractDocument(scanFile, { ocr: 'never' })).fragments).toHaveLength(0);

    // OCR output stands in: one fragment per word, boxes in points (what the OCR stage hands over).
    const words = await extractDocument(textFile, { ocr: 'never' });
    const at = words.text.indexOf(NAME);
    const spans = [makeSpan(words.text, at, at + NAME.length, 'NAME', 0.9, 'ner')];
    const pageInfo: PageInfo[] = [
      { page: 1, width: 595, height: 842, textSource: 'ocr', ocrConfidence: 91 },
    ];
    const anonymized = anonymise(words.text, spans);
    const redacted = await redactPdf(
      { file: scanFile, pageInfo, fragments: words.fragments, spans, anonymized },
      { dpi: 200, searchable: true },
    );
    expect(await darkAt(scan, redacted.bytes, 1, await nameGlyphCentres(60, 700))).not.toContain(
      false,
    );
    const out = await loadPdf(redacted.bytes, 'redacted.pdf');
    const layer = await pageText(out, 1);
    await out.destroy();
    expect(layer.trim()).toBe('Account holder: [NAME REDACTED], Zurich branch');
  });

  it('draws neither form field values nor annotations, which extraction reads into the text', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    page.drawText('Account holder:', { x: 60, y: 700, size: SIZE, font });
    const field = doc.getForm().createTextField('holder');
    field.setText(NAME);
    field.addToPage(page, { x: 200, y: 690, width: 250, height: 30, borderWidth: 0, font });
    const bytes = await doc.save();
    const file = join(dir, 'form.pdf');
    await writeFile(file, bytes);
    const extracted = await extractDocument(file, { ocr: 'never' });
    // A viewer shows the field's value, so it is read (and detected) like the page's text…
    expect(extracted.text).toContain(`holder: ${NAME}`);
    expect(extracted.warnings.join(' ')).toMatch(/1 form field shown by a viewer were read/);

    const original = await loadPdf(bytes, file);
    const withField = await renderPdfPage(original, 1, { dpi: 100, annotations: true });
    const inkIn = (rendered: typeof withField): number => {
      const s = rendered.scale;
      const pixels = rendered.context.getImageData(200 * s, (842 - 720) * s, 250 * s, 30 * s).data;
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) < 128) dark++;
      return dark;
    };
    // The field's value is visible when annotations are drawn...
    expect(inkIn(withField)).toBeGreaterThan(50);
    withField.release();
    await original.destroy();

    // ...and absent from the redacted copy.
    const redacted = await redactPdf(
      {
        file,
        pageInfo: extracted.pages,
        fragments: extracted.fragments,
        spans: [],
        anonymized: extracted.text,
      },
      { dpi: 200, searchable: false },
    );
    const out = await loadPdf(redacted.bytes, 'redacted.pdf');
    const rendered = await renderPdfPage(out, 1, { dpi: 100, annotations: true });
    expect(inkIn(rendered)).toBe(0);
    rendered.release();
    await out.destroy();
  });

  it('redacts a scanned page end to end: real OCR words in, black boxes on the glyphs out', async () => {
    const textDoc = await PDFDocument.create();
    const font = await textDoc.embedFont(StandardFonts.Helvetica);
    const lines = [LINE, 'Email: cordelia.v@example.org', 'Balance EUR 12,400.00'];
    const textPage = textDoc.addPage([595, 842]);
    lines.forEach((line, i) =>
      textPage.drawText(line, { x: 60, y: 700 - i * 24, size: SIZE, font }),
    );
    const textPdf = await loadPdf(await textDoc.save(), 'text.pdf');
    const image = await renderPdfPage(textPdf, 1, { dpi: 150 });
    const png = await image.canvas.encode('png');
    image.release();
    await textPdf.destroy();
    const scanDoc = await PDFDocument.create();
    scanDoc
      .addPage([595, 842])
      .drawImage(await scanDoc.embedPng(png), { x: 0, y: 0, width: 595, height: 842 });
    const scan = await scanDoc.save();
    const file = join(dir, 'ocr-scan.pdf');
    await writeFile(file, scan);

    const extracted = await extractDocument(file, { ocr: 'auto' });
    expect(extracted.pages[0]?.textSource).toBe('ocr');
    const at = extracted.text.indexOf(NAME);
    expect(at, `OCR read: ${extracted.text}`).toBeGreaterThanOrEqual(0);
    const spans = [makeSpan(extracted.text, at, at + NAME.length, 'NAME', 0.9, 'ner')];
    const redacted = await redactPdf(
      {
        file,
        pageInfo: extracted.pages,
        fragments: extracted.fragments,
        spans,
        anonymized: anonymise(extracted.text, spans),
        text: extracted.text,
      },
      { dpi: 200, searchable: false },
    );
    expect(await darkAt(scan, redacted.bytes, 1, await nameGlyphCentres(60, 700))).not.toContain(
      false,
    );
    // The other lines are untouched.
    expect(await darkAt(scan, redacted.bytes, 1, [[62, 676 + SIZE]])).toEqual([false]);
    const out = await loadPdf(redacted.bytes, 'redacted.pdf');
    expect((await pageText(out, 1)).trim()).toBe('');
    await out.destroy();
  }, 180_000);
});
