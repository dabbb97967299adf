import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentText } from '../../src/domain/documentText.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { closeOcr } from '../../src/extract/ocr/ocrPool.js';
import { characterErrorRate } from '../../bench/ocr/textMetrics.js';
import { fixture } from './helpers/fixtures.js';

const scanned = fixture('scanned-300dpi.pdf');
let dir: string;
let mixedFile: string;

/** Page 1 has a real text layer, page 2 is the scanned fixture's image only. */
async function mixedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const first = pdf.addPage([595, 842]);
  first.drawText('Cover letter from the synthetic audit team, contact audit.team@example.com', {
    x: 50,
    y: 780,
    size: 11,
    font,
  });
  const source = await PDFDocument.load(await readFile(scanned.path));
  const [copied] = await pdf.copyPages(source, [0]);
  if (copied) pdf.addPage(copied);
  return pdf.save();
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-ocr-pdf-'));
  mixedFile = path.join(dir, 'mixed.pdf');
  await writeFile(mixedFile, await mixedPdf());
});

afterAll(async () => {
  await closeOcr();
  await rm(dir, { recursive: true, force: true });
});

function pageText(document: DocumentText, page: number): string {
  return document.fragments
    .filter((f) => f.page === page)
    .map((f) => document.text.slice(f.start, f.end))
    .join(' ');
}

describe('OCR of PDF pages', () => {
  it('OCRs an image-only PDF in auto mode, with boxes in PDF points', async () => {
    const document = await extractDocument(scanned.path, { ocr: 'auto' });
    expect(characterErrorRate(scanned.pages[0]?.text ?? '', document.text)).toBeLessThanOrEqual(
      0.02,
    );
    const [page] = document.pages;
    expect(page).toMatchObject({ page: 1, textSource: 'ocr' });
    expect(page?.ocrConfidence).toBeGreaterThan(80);
    // The fixture page is A4-wide (595 pt): boxes in pixels would run far past it.
    for (const f of document.fragments) {
      expect(f.box.x + f.box.width).toBeLessThanOrEqual((page?.width ?? 0) + 0.5);
      expect(f.box.y + f.box.height).toBeLessThanOrEqual((page?.height ?? 0) + 0.5);
    }
    // A 10 pt line is ~7 pt tall in ink; in 300-DPI pixels it would be ~30.
    const heights = document.fragments.map((f) => f.box.height).sort((a, b) => a - b);
    expect(heights[Math.floor(heights.length / 2)]).toBeGreaterThan(4);
    expect(heights[Math.floor(heights.length / 2)]).toBeLessThan(12);
  });

  it('keeps the "no text layer" warning and no text when OCR is never', async () => {
    const document = await extractDocument(scanned.path, { ocr: 'never' });
    expect(document.text.trim()).toBe('');
    expect(document.pages[0]?.textSource).toBe('none');
    expect(document.warnings[0]).toMatch(/page 1 has no text layer/);
  });

  it("decides page by page in a mixed PDF: text layer kept, scanned page OCR'd", async () => {
    const document = await extractDocument(mixedFile, { ocr: 'auto' });
    expect(document.pages.map((p) => p.textSource)).toEqual(['text-layer', 'ocr']);
    expect(pageText(document, 1)).toContain('audit.team@example.com');
    expect(
      characterErrorRate(scanned.pages[0]?.text ?? '', pageText(document, 2)),
    ).toBeLessThanOrEqual(0.02);
  });

  it('OCRs every page when OCR is always', async () => {
    const document = await extractDocument(mixedFile, { ocr: 'always' });
    expect(document.pages.map((p) => p.textSource)).toEqual(['ocr', 'ocr']);
    expect(pageText(document, 1)).toContain('audit.team@example.com');
  });
});
