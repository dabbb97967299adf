import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentText } from '../../src/domain/documentText.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { extractImage } from '../../src/extract/image/extractImage.js';
import { InputError } from '../../src/domain/inputError.js';
import { closeOcr } from '../../src/extract/ocr/ocrPool.js';
import { characterErrorRate } from '../../bench/ocr/textMetrics.js';
import { fixture } from './helpers/fixtures.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-ocr-'));
});

afterAll(async () => {
  await closeOcr();
  await rm(dir, { recursive: true, force: true });
});

/** Every fragment's text is a word of the document and its box lies on its page. */
function expectFragmentsOnPages(document: DocumentText): void {
  expect(document.fragments.length).toBeGreaterThan(10);
  for (const f of document.fragments) {
    const page = document.pages[f.page - 1];
    expect(page).toBeDefined();
    expect(document.text.slice(f.start, f.end)).not.toMatch(/\s/);
    expect(f.box.x).toBeGreaterThanOrEqual(0);
    expect(f.box.y).toBeGreaterThanOrEqual(0);
    expect(f.box.x + f.box.width).toBeLessThanOrEqual((page?.width ?? 0) + 0.5);
    expect(f.box.y + f.box.height).toBeLessThanOrEqual((page?.height ?? 0) + 0.5);
  }
}

async function rejection(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe('image extraction with OCR', () => {
  it('reads a skewed 300-DPI PNG scan with ≤ 2% character errors, boxes in image pixels', async () => {
    const f = fixture('letter-300dpi-skewed.png');
    const document = await extractDocument(f.path, { ocr: 'auto' });
    expect(document.kind).toBe('image');
    expect(characterErrorRate(f.pages[0]?.text ?? '', document.text)).toBeLessThanOrEqual(0.02);
    const meta = await sharp(f.path).metadata();
    expect(document.pages).toEqual([
      expect.objectContaining({
        page: 1,
        width: meta.width,
        height: meta.height,
        textSource: 'ocr',
      }),
    ]);
    expect(document.pages[0]?.ocrConfidence).toBeGreaterThan(80);
    expect(document.warnings).toEqual([]);
    expectFragmentsOnPages(document);
  });

  it('reads a noisy JPEG scan', async () => {
    const f = fixture('letter-300dpi-noisy.jpg');
    const document = await extractDocument(f.path, { ocr: 'auto' });
    expect(characterErrorRate(f.pages[0]?.text ?? '', document.text)).toBeLessThanOrEqual(0.03);
    // The e-mail address must come through intact for the detector to find it.
    for (const g of f.pages[0]?.gold ?? [])
      if (g.type === 'EMAIL') expect(document.text).toContain(g.value);
  });

  it('reads every page of a multi-page TIFF, fragments tagged with their page', async () => {
    const f = fixture('two-pages-200dpi.tiff');
    const progress: string[] = [];
    const document = await extractDocument(f.path, {
      ocr: 'auto',
      onProgress: (m) => progress.push(m),
    });
    expect(document.pages.map((p) => p.textSource)).toEqual(['ocr', 'ocr']);
    const pageText = (n: number): string =>
      document.fragments
        .filter((fr) => fr.page === n)
        .map((fr) => document.text.slice(fr.start, fr.end))
        .join(' ');
    expect(characterErrorRate(f.pages[0]?.text ?? '', pageText(1))).toBeLessThanOrEqual(0.03);
    expect(characterErrorRate(f.pages[1]?.text ?? '', pageText(2))).toBeLessThanOrEqual(0.03);
    expect(progress.at(-1)).toBe('OCR: 2 of 2 pages read');
    expectFragmentsOnPages(document);
  });

  it('warns about a blank page without sending it to the engine', async () => {
    const file = path.join(dir, 'blank.png');
    await writeFile(
      file,
      await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#fdfdfd' } })
        .png()
        .toBuffer(),
    );
    const document = await extractDocument(file, { ocr: 'auto' });
    expect(document.text).toBe('');
    expect(document.warnings).toEqual(['page 1 is blank']);
    expect(document.pages[0]?.textSource).toBe('none');
  });

  it('rejects an image over the pixel limit from its header, before decoding', async () => {
    const file = path.join(dir, 'poster.png');
    // 9000×8000 = 72 MP of white compresses to a few KB; only the header is read.
    await writeFile(
      file,
      await sharp({ create: { width: 9000, height: 8000, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const error = await rejection(extractDocument(file, { ocr: 'auto' }));
    expect(error.code).toBe('image-too-large');
    expect(error.message).toMatch(
      /poster\.png: the image is 9000×8000 pixels \(72 megapixels\), over the limit of 60 megapixels/,
    );
  });

  it('applies the pixel limit to every page of a TIFF', async () => {
    const bytes = await readFile(fixture('two-pages-200dpi.tiff').path);
    const error = await rejection(extractImage(bytes, 'scan.tiff', { maxPixels: 200_000 }));
    expect(error.code).toBe('image-too-large');
    expect(error.message).toMatch(/page 1 of the image is \d+×\d+ pixels/);
  });

  it('reports a truncated PNG as damaged', async () => {
    const bytes = await readFile(fixture('letter-300dpi-skewed.png').path);
    const file = path.join(dir, 'cut.png');
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const error = await rejection(extractDocument(file, { ocr: 'auto' }));
    expect(error.code).toBe('corrupt-image');
    expect(error.message).toMatch(/^cut\.png: the image is damaged or truncated/);
  });

  it('reports a truncated JPEG as damaged', async () => {
    const bytes = await readFile(fixture('letter-300dpi-noisy.jpg').path);
    const file = path.join(dir, 'cut.jpg');
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const error = await rejection(extractDocument(file, { ocr: 'auto' }));
    expect(error.code).toBe('corrupt-image');
  });

  it('reports a file with an image signature but garbage inside as damaged', async () => {
    const file = path.join(dir, 'garbage.tif');
    await writeFile(
      file,
      Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), Buffer.alloc(4096, 0x5a)]),
    );
    const error = await rejection(extractDocument(file, { ocr: 'auto' }));
    expect(error.code).toBe('corrupt-image');
  });

  it('refuses unsupported image types with a specific error', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const asGif = path.join(dir, 'scan.gif');
    await writeFile(asGif, gif);
    expect((await rejection(extractDocument(asGif, { ocr: 'auto' }))).code).toBe(
      'unsupported-type',
    );
    const disguised = path.join(dir, 'scan.png');
    await writeFile(disguised, gif);
    const mismatch = await rejection(extractDocument(disguised, { ocr: 'auto' }));
    expect(mismatch.code).toBe('type-mismatch');
    expect(mismatch.message).toContain('a GIF image');
  });

  it('explains that images need OCR when it is switched off', async () => {
    const error = await rejection(
      extractDocument(fixture('letter-300dpi-noisy.jpg').path, { ocr: 'never' }),
    );
    expect(error.code).toBe('needs-ocr');
    expect(error.message).toContain('--ocr auto');
  });
});
