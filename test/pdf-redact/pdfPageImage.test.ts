import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import { drawPageImage, encodePageImage } from '../../src/write/pdfPageImage.js';

/**
 * Renders page 1 of `bytes`, encodes it, puts it in a new PDF and renders that back, at 72 DPI
 * so image pixels map 1:1 onto rendered pixels and only the encoding can change them.
 */
async function roundTrip(bytes: Uint8Array) {
  const original = await loadPdf(bytes, 'original.pdf');
  const page = await renderPdfPage(original, 1, { dpi: 72 });
  const before = page.context.getImageData(0, 0, page.pixelWidth, page.pixelHeight).data;
  const image = await encodePageImage(page);
  page.release();
  await original.destroy();
  const doc = await PDFDocument.create();
  const out = doc.addPage([595, 842]);
  await drawPageImage(doc, out, image);
  const copy = await loadPdf(await doc.save(), 'copy.pdf');
  const again = await renderPdfPage(copy, 1, { dpi: 72 });
  const after = again.context.getImageData(0, 0, again.pixelWidth, again.pixelHeight).data;
  again.release();
  await copy.destroy();
  return { image, before, after };
}

/** Share of pixels whose colour visibly changed (by more than `tolerance` in some channel). */
function changedShare(a: Uint8ClampedArray, b: Uint8ClampedArray, tolerance: number): number {
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      if (Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0)) > tolerance) {
        changed++;
        break;
      }
    }
  }
  return changed / (a.length / 4);
}

async function textPage(colour: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  if (colour)
    page.drawRectangle({ x: 40, y: 760, width: 515, height: 40, color: rgb(0.1, 0.3, 0.8) });
  for (let i = 0; i < 40; i++)
    page.drawText(`Line ${i}: services rendered, EUR ${i * 12}.50`, {
      x: 50,
      y: 740 - i * 16,
      size: 11,
      font,
    });
  return doc.save();
}

/** Text on a light grey panel: a tint, continuous tone. */
async function greyTintPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawRectangle({ x: 40, y: 300, width: 515, height: 400, color: rgb(0.6, 0.6, 0.6) });
  page.drawText('Totals for the year', { x: 50, y: 760, size: 11, font });
  return doc.save();
}

/** Bands of many hues: more colours than a palette of 16 holds. */
async function gradientPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  for (let i = 0; i < 120; i++)
    page.drawRectangle({
      x: 0,
      y: i * 7,
      width: 595,
      height: 7,
      color: rgb((i % 10) / 10, ((i * 3) % 11) / 11, ((i * 7) % 13) / 13),
    });
  return doc.save();
}

describe('encodePageImage', () => {
  it('keeps a black-and-white text page at 1 bit per pixel: every pixel on its side of mid-grey', async () => {
    const { image, before, after } = await roundTrip(await textPage(false));
    expect(image.encoding).toBe('flate-gray1');
    // Thresholding moves an anti-aliased edge to black or white, never across mid-grey.
    expect(changedShare(before, after, 128)).toBe(0);
    const grey4 = (await roundTrip(await greyTintPage())).image;
    // A grey fill is continuous tone: 4-bit grey, not thresholded away.
    expect(grey4.encoding).toBe('flate-gray4');
  });

  it('keeps a few-colour page in a palette of 16, and a page that needs more in full colour', async () => {
    const { image, before, after } = await roundTrip(await textPage(true));
    expect(image.encoding).toBe('flate-palette4');
    // The palette rule: at most 1% of pixels off by more than 40 on a channel.
    expect(changedShare(before, after, 40)).toBeLessThan(0.01);
    const rainbow = await roundTrip(await gradientPage());
    expect(['flate-rgb4', 'jpeg']).toContain(rainbow.image.encoding);
    expect(changedShare(rainbow.before, rainbow.after, 48)).toBeLessThan(0.05);
  });

  it('switches to JPEG for photograph-like pages, where it is smaller', async () => {
    const width = 400;
    const height = 560;
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    const pixels = context.createImageData(width, height);
    let seed = 7;
    for (let i = 0; i < pixels.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const p = i / 4;
      pixels.data[i] = 120 + ((p % width) % 90) + (seed % 30);
      pixels.data[i + 1] = 100 + (Math.floor(p / width) % 80) + ((seed >> 8) % 30);
      pixels.data[i + 2] = 90 + ((seed >> 16) % 60);
      pixels.data[i + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
    const doc = await PDFDocument.create();
    const photo = await doc.embedJpg(await canvas.encode('jpeg', 90));
    doc.addPage([595, 842]).drawImage(photo, { x: 0, y: 0, width: 595, height: 842 });
    const { image, before, after } = await roundTrip(await doc.save());
    expect(image.encoding).toBe('jpeg');
    expect(changedShare(before, after, 48)).toBeLessThan(0.05);
  });
});
