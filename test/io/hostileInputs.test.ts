/**
 * Hostile and degenerate files get their own specific error (or one warning) instead of a wrong
 * message, a flood of stack traces or gigabytes of memory (issue 28).
 */
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { checkPdfStreamSizes, zipDeclaredSize } from '../../src/extract/inflateLimits.js';
import { extractPptx } from '../../src/extract/text/extractMarkup.js';
import { extractPdf } from '../../src/extract/pdf/extractPdf.js';
import { extractDocx } from '../../src/extract/docx/extractDocx.js';
import { extractImage } from '../../src/extract/image/extractImage.js';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header says 20,000 × 20,000 (400 MP) with almost no pixel data behind it. */
function hugePng(): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-entry ZIP whose directory declares `declared` uncompressed bytes. */
function zipDeclaring(declared: number, entry = 'word/document.xml'): Uint8Array {
  const name = Buffer.from(entry);
  const data = deflateSync(Buffer.from('<w:document/>'), { level: 9 }).subarray(2, -4);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** A page that shows a line of text and then draws a form XObject that draws itself. */
async function selfReferencingPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const ctx = doc.context;
  const form = ctx.flateStream('/X0 Do', {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, 100, 100],
  });
  const formRef = ctx.register(form);
  form.dict.set(PDFName.of('Resources'), ctx.obj({ XObject: { X0: formRef } }));
  page.node.setXObject(PDFName.of('X0'), formRef);
  page.node.setFontDictionary(PDFName.of('F1'), font.ref);
  const content = ctx.flateStream('BT /F1 12 Tf 20 100 Td (Pay Jane Doe) Tj ET /X0 Do');
  page.node.set(PDFName.of('Contents'), ctx.register(content));
  return doc.save();
}

describe('hostile inputs', () => {
  it('says a PDF without pages has no pages', async () => {
    const empty = await (await PDFDocument.create()).save({ addDefaultPage: false });
    await expect(extractPdf(empty, '/x/empty.pdf', { ocr: 'never' })).rejects.toMatchObject({
      code: 'empty',
      message: 'empty.pdf: the PDF has no pages; check that it was saved or exported completely',
    });
  });

  it('reads a page whose drawing refers to itself, with one warning', async () => {
    const doc = await extractPdf(await selfReferencingPdf(), '/x/loop.pdf', { ocr: 'never' });
    expect(doc.text).toContain('Pay Jane Doe');
    expect(doc.warnings).toEqual([
      'a drawing refers to itself; the loop was cut so the pages can be read',
    ]);
  });

  it('gives an image over the pixel limit the documented error, not "damaged"', async () => {
    await expect(extractImage(hugePng(), '/x/poster.png')).rejects.toMatchObject({
      code: 'image-too-large',
      message: expect.stringMatching(/poster\.png: .*400 megapixels.*over the limit of 60/),
    });
  });

  it('refuses a .docx whose parts declare more than the limit, before inflating any', async () => {
    const bomb = zipDeclaring(0xfff00000);
    expect(zipDeclaredSize(bomb)).toBe(0xfff00000);
    await expect(extractDocx(bomb, '/x/bomb.docx')).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringMatching(/^bomb\.docx: the Word document would inflate to 4095 MB/),
    });
  });

  it('refuses a .pptx whose text parts declare more than the limit; its media do not count', async () => {
    await expect(
      extractPptx(zipDeclaring(0xfff00000, 'ppt/slides/slide1.xml'), '/x/bomb.pptx'),
    ).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringMatching(
        /^bomb\.pptx: the presentation's text parts would inflate to 4095 MB/,
      ),
    });
    // A deck with a long video: the video is never inflated, so it is no reason to refuse.
    const video = zipDeclaring(0xfff00000, 'ppt/media/media1.mp4');
    expect(zipDeclaredSize(video, (name) => name.endsWith('.xml'))).toBe(0);
    await expect(extractPptx(video, '/x/talk.pptx')).rejects.toMatchObject({
      code: 'corrupt-pptx',
    });
  });

  it('refuses a PDF stream that inflates past the cap, holding no more than the cap', () => {
    const inflated = Buffer.alloc(3 * 1024 * 1024, 0x20);
    const stream = deflateSync(inflated);
    const pdf = Buffer.concat([
      Buffer.from(
        `%PDF-1.7\n4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`,
      ),
      stream,
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    expect(() => checkPdfStreamSizes(pdf, '/x/bomb.pdf', 1024 * 1024)).toThrow(
      /bomb\.pdf: a page-description stream of the PDF inflates to more than 1 MB/,
    );
    expect(() => checkPdfStreamSizes(pdf, '/x/fine.pdf', 4 * 1024 * 1024)).not.toThrow();
  });

  it('still reads ordinary files through the same checks', async () => {
    const doc = await extractDocument(
      new URL('../../samples/tax-letter-en_US.pdf', import.meta.url).pathname,
      { ocr: 'never' },
    );
    expect(doc.text.length).toBeGreaterThan(100);
    expect(doc.warnings).toEqual([]);
  });
});
