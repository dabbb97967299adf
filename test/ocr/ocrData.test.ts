/**
 * `--ocr-data` / FINREDACT_OCR_DATA: another local traineddata folder (tessdata_fast, say) for
 * the OCR workers. A folder with an uncompressed eng.traineddata is read without gunzip; a folder
 * without one is refused before any file is read, with exit 2 and the folder's name.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../io/runCliCaptured.js';
import { textPng } from './helpers/textPng.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { localLangPath, ocrDataFolder } from '../../src/extract/ocr/ocrDataFolder.js';
import { closeOcr } from '../../src/extract/ocr/ocrPool.js';

let dir: string;
let plain: string;
let image: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-ocr-data-'));
  plain = path.join(dir, 'plain');
  await mkdir(plain);
  // The bundled model, uncompressed: the layout of Debian's /usr/share/tesseract-ocr/5/tessdata.
  await writeFile(
    path.join(plain, 'eng.traineddata'),
    gunzipSync(await readFile(path.join(localLangPath(), 'eng.traineddata.gz'))),
  );
  await mkdir(path.join(dir, 'empty'));
  image = path.join(dir, 'advice.png');
  await writeFile(
    image,
    textPng(1200, 300, 40, ['Remittance advice for Harbour Street'], { x: 60, y: 150 }),
  );
});
afterAll(async () => {
  delete process.env.FINREDACT_OCR_DATA;
  await closeOcr();
  await rm(dir, { recursive: true, force: true });
});

describe('the OCR model folder', () => {
  it('is the bundled gzip folder unless one is chosen', () => {
    expect(ocrDataFolder({})).toEqual({ langPath: localLangPath(), gzip: true });
    expect(ocrDataFolder({ FINREDACT_OCR_DATA: plain })).toEqual({ langPath: plain, gzip: false });
    expect(ocrDataFolder({ FINREDACT_OCR_DATA: localLangPath() }).gzip).toBe(true);
    expect(() => ocrDataFolder({ FINREDACT_OCR_DATA: path.join(dir, 'empty') })).toThrow(
      /no eng\.traineddata or eng\.traineddata\.gz in .*empty/,
    );
  });

  it('reads a page with an uncompressed traineddata', async () => {
    await closeOcr();
    process.env.FINREDACT_OCR_DATA = plain;
    try {
      const doc = await extractDocument(image, { ocr: 'auto' });
      expect(doc.text).toContain('Remittance advice for Harbour Street');
    } finally {
      delete process.env.FINREDACT_OCR_DATA;
      await closeOcr();
    }
  });

  it('refuses --ocr-data without a model before reading any file', async () => {
    const empty = path.join(dir, 'empty');
    const { code, stderr } = await runCliCaptured([
      'redact',
      image,
      '--out',
      path.join(dir, 'out'),
      '--no-ner',
      '--ocr-data',
      empty,
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--ocr-data: no eng\.traineddata or eng\.traineddata\.gz in .*empty/);
    expect(process.env.FINREDACT_OCR_DATA).toBeUndefined();
  });
});
