import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymise } from '../../src/anonymise/anonymise.js';
import { makeSpan } from '../../src/domain/span.js';
import type { Span } from '../../src/domain/span.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { loadPdf } from '../../src/document/loadPdf.js';
import { writeRedactedPdf } from '../../src/pipeline/redactedCopies.js';
import {
  pageText,
  RedactedPdfVerificationError,
  verifyRedactedPdf,
} from '../../src/verify/verifyRedactedPdf.js';

const NAME = 'Adaline Quentin-Marsh';
const text = `Invoice for ${NAME}`;
const spans: Span[] = [makeSpan(text, 12, text.length, 'NAME', 1, 'manual')];
const A4 = [{ width: 595, height: 842 }];

/** A one-page A4 PDF; `build` adds whatever leak the test needs. */
async function pdfWith(
  build: (doc: PDFDocument) => Promise<void> | void,
  pages = 1,
  useObjectStreams = true,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]);
  await build(doc);
  return doc.save({ useObjectStreams });
}

async function failure(bytes: Uint8Array, pageSizes = A4): Promise<RedactedPdfVerificationError> {
  const error = await verifyRedactedPdf(bytes, { pageSizes, spans }, 'leaky.pdf').catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RedactedPdfVerificationError);
  const message = (error as Error).message;
  // The message names the file and the span, never the value itself.
  expect(message).toContain('leaky.pdf');
  expect(message).not.toContain('Quentin');
  return error as RedactedPdfVerificationError;
}

describe('verifyRedactedPdf', () => {
  it('passes a clean image-only PDF of the right size', async () => {
    await expect(
      verifyRedactedPdf(await pdfWith(() => undefined), { pageSizes: A4, spans }, 'ok.pdf'),
    ).resolves.toBe(undefined);
  });

  it('does not look for the scrap of text a drawn area cut (issue 41: "span 132 (AREA, 1 characters)")', async () => {
    // The document info holds "1" in its format version; a rectangle that cut one digit of an
    // amount must not fail a copy whose area is burnt black.
    const scrap = makeSpan('Total 1', 6, 7, 'AREA', 1, 'manual');
    const bytes = await pdfWith((doc) => {
      doc.setProducer('FinRedact 1');
    });
    await expect(
      verifyRedactedPdf(bytes, { pageSizes: A4, spans: [...spans, scrap] }, 'area.pdf'),
    ).resolves.toBe(undefined);
  });

  it('catches a value drawn as text under a black box (the classic failed redaction)', async () => {
    const bytes = await pdfWith(async (doc) => {
      const page = doc.getPage(0);
      page.drawText(text, {
        x: 50,
        y: 700,
        size: 12,
        font: await doc.embedFont(StandardFonts.Helvetica),
      });
      page.drawRectangle({ x: 48, y: 696, width: 300, height: 18 });
    });
    const error = await failure(bytes);
    expect(error.problems.join()).toMatch(
      /span 1 \(NAME, 21 characters\) is readable in the text of page 1/u,
    );
  });

  it('catches a value in invisible text, even when split over runs and re-spaced', async () => {
    const bytes = await pdfWith(async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      const page = doc.getPage(0);
      page.drawText('Adaline', { x: 50, y: 700, size: 12, font, opacity: 0 });
      page.drawText('QUENTIN -', { x: 100, y: 700, size: 12, font, opacity: 0 });
      page.drawText('Marsh', { x: 160, y: 700, size: 12, font, opacity: 0 });
    });
    await failure(bytes);
  });

  it('catches the value in the document info and in XMP metadata', async () => {
    const info = await failure(await pdfWith((doc) => doc.setTitle(`Statement of ${NAME}`)));
    expect(info.problems.join()).toMatch(/in the document info/u);
    expect(info.problems.join()).toMatch(/carries Title/u);
    const xmp = await failure(
      await pdfWith((doc) => {
        const stream = doc.context.stream(
          `<x:xmpmeta><dc:creator>${NAME}</dc:creator></x:xmpmeta>`,
          {
            Type: 'Metadata',
            Subtype: 'XML',
          },
        );
        doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));
      }),
    );
    expect(xmp.problems.join()).toMatch(/XMP/u);
  });

  it('catches a value hidden in bytes no reader shows', async () => {
    const error = await failure(
      // Uncompressed, as many producers write their objects.
      await pdfWith(
        (doc) => {
          doc.catalog.set(PDFName.of('Stray'), PDFString.of(NAME));
        },
        1,
        false,
      ),
    );
    expect(error.problems.join()).toMatch(/raw bytes/u);
  });

  it('catches attachments and a page count or size that differs from the original', async () => {
    expect(
      (
        await failure(await pdfWith((doc) => doc.attach(new Uint8Array([1]), 'a.txt')))
      ).problems.join(),
    ).toMatch(/attachments/u);
    expect((await failure(await pdfWith(() => undefined, 2))).problems.join()).toMatch(
      /2 pages where the original has 1/u,
    );
    const letter = [{ width: 612, height: 792 }];
    expect((await failure(await pdfWith(() => undefined), letter)).problems.join()).toMatch(
      /page 1 is 595.0×842.0 pt/u,
    );
  });
});

describe('writeRedactedPdf verification gate', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'finredact-verify-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function original(lines: readonly (readonly string[])[]): Promise<string> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    lines.forEach((runs, i) => {
      let x = 50;
      for (const run of runs) {
        page.drawText(run, { x, y: 780 - 20 * i, size: 12, font });
        x += font.widthOfTextAtSize(`${run} `, 12);
      }
    });
    const file = join(dir, `original-${lines.length}-${Date.now()}.pdf`);
    await writeFile(file, await doc.save());
    return file;
  }

  it('masks a missed second occurrence split over two text runs in the searchable layer', async () => {
    // Line 2 is drawn as two runs, so the missed name spans two fragments.
    const file = await original([
      [`Client: ${NAME}`],
      ['Signed by Adaline', 'Quentin-Marsh today'],
    ]);
    const extracted = await extractDocument(file, { ocr: 'never' });
    const at = extracted.text.indexOf(NAME);
    const detected = [makeSpan(extracted.text, at, at + NAME.length, 'NAME', 1, 'ner')];
    const second = extracted.text.indexOf(NAME, at + 1);
    expect(second).toBeGreaterThan(at);
    expect(
      extracted.fragments.filter((f) => f.end > second && f.start < second + NAME.length),
    ).toHaveLength(2);
    const outPath = join(dir, 'masked.pdf');
    const input = {
      file,
      pageInfo: extracted.pages,
      fragments: extracted.fragments,
      spans: detected,
      anonymized: anonymise(extracted.text, detected),
    };
    // The anonymised text itself still holds the second occurrence; the PDF layer must not.
    expect(input.anonymized).toContain('Adaline');
    await writeRedactedPdf(input, outPath, { dpi: 200, searchable: true });
    const pdf = await loadPdf(await readFile(outPath), outPath);
    const layer = await pageText(pdf, 1);
    await pdf.destroy();
    expect(layer).toMatch(/Client: \[NAME REDACTED\]\s+Signed by \[REDACTED\]\s*today/u);
  });

  it('keeps a searchable layer, without PII, when the anonymised text cannot be split along fragments', async () => {
    const file = await original([[`Client: ${NAME}`], ['Total EUR 1,240.00']]);
    const extracted = await extractDocument(file, { ocr: 'never' });
    const at = extracted.text.indexOf(NAME);
    const detected = [makeSpan(extracted.text, at, at + NAME.length, 'NAME', 1, 'ner')];
    // Anonymised elsewhere with another placeholder style, so offsets cannot be mapped.
    const anonymized = extracted.text.replace(NAME, '<name>');
    const outPath = join(dir, 'fallback.pdf');
    const input = {
      file,
      pageInfo: extracted.pages,
      fragments: extracted.fragments,
      spans: detected,
      anonymized,
    };
    await writeRedactedPdf(input, outPath, { dpi: 200, searchable: true });
    const pdf = await loadPdf(await readFile(outPath), outPath);
    const layer = await pageText(pdf, 1);
    await pdf.destroy();
    expect(layer).toMatch(/Client: <name>\s+Total EUR 1,240\.00/u);
    expect(layer).not.toContain('Quentin');
  });

  it('refuses to write when the output would leak, leaving no file behind', async () => {
    // A span whose value is our own producer name: the output's metadata necessarily holds it.
    const file = await original([['Prepared with FinRedact for the board']]);
    const extracted = await extractDocument(file, { ocr: 'never' });
    const at = extracted.text.indexOf('FinRedact');
    const detected = [makeSpan(extracted.text, at, at + 'FinRedact'.length, 'COMPANY', 1, 'ner')];
    const outDir = join(dir, 'refused');
    const attempt = writeRedactedPdf(
      {
        file,
        pageInfo: extracted.pages,
        fragments: extracted.fragments,
        spans: detected,
        anonymized: anonymise(extracted.text, detected),
      },
      join(outDir, 'out.pdf'),
      { dpi: 200, searchable: false },
    );
    await expect(attempt).rejects.toBeInstanceOf(RedactedPdfVerificationError);
    await expect(readdir(outDir)).rejects.toThrow(/ENOENT/u);
  });

  it('refuses spans it cannot place on a page rather than leave them visible', async () => {
    const file = await original([[`Client: ${NAME}`]]);
    const extracted = await extractDocument(file, { ocr: 'never' });
    const at = extracted.text.indexOf(NAME);
    const detected = [makeSpan(extracted.text, at, at + NAME.length, 'NAME', 1, 'ner')];
    const attempt = writeRedactedPdf(
      { file, pageInfo: extracted.pages, fragments: [], spans: detected, anonymized: '' },
      join(dir, 'unplaced.pdf'),
      { dpi: 200, searchable: false },
    );
    await expect(attempt).rejects.toThrow(/20 characters of span 1 \(NAME\) have no position/u);
  });
});
