/**
 * Phone photos in HEIC (issue 40): decoded offline, turned upright as the photo's EXIF says
 * (the fixture's pixels are stored sideways), OCR'd, the planted values detected; the redacted
 * copy is an upright PNG with no metadata, and reading it again by OCR finds none of them.
 * A photo taken in poor light is read the same way (issue 53). A cut-off HEIC gets a specific error
 * and the batch goes on.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import {
  DIM_HEIC_FIXTURE,
  HEIC_FIXTURE,
  PHOTO_VALUES,
} from '../../templates/photos/heicFixture.js';
import { makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/.keep', '');
  await copyFile(HEIC_FIXTURE, join(dir.path, 'in', 'receipt.heic'));
  await copyFile(DIM_HEIC_FIXTURE, join(dir.path, 'in', 'dim-receipt.heic'));
  await dir.file('in/cut.heic', (await readFile(HEIC_FIXTURE)).subarray(0, 4000));
});
afterAll(() => dir.remove());

describe('HEIC phone photos', () => {
  it('are read upright, and their redacted PNG copy shows no planted value', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    const byPath = new Map(results.map((r) => [r.relativePath, r]));
    const photo = byPath.get('receipt.heic')!;
    expect(photo.status, photo.error).toBe('ok');
    expect(photo.kind).toBe('image');
    for (const value of Object.values(PHOTO_VALUES))
      expect(photo.spans.map((s) => s.text.replace(/\s/g, ''))).toContain(value.replace(/\s/g, ''));

    const copyPath = join(out, 'redacted', 'receipt.heic.png');
    const meta = await sharp(copyPath).metadata();
    // Upright: the receipt is wider than tall, as drawn; the photo's EXIF is not carried over.
    expect([meta.width, meta.height]).toEqual([1100, 640]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const reread = await extractDocument(copyPath, { ocr: 'auto' });
    expect(reread.text).toMatch(/CORNER STATIONERY/);
    for (const value of Object.values(PHOTO_VALUES))
      expect(reread.text.replace(/\s/g, '')).not.toContain(value.replace(/\s/g, ''));

    // Taken in poor light (paper at grey 50, ink at 23): read like the bright one, not skipped
    // as a blank page, its first words not painted over as a dark frame. Whether OCR reads the
    // IBAN right the first time or only in the copy (then the words under it are redacted in the
    // text too), no digit group of it is left in the anonymised text.
    const dim = byPath.get('dim-receipt.heic')!;
    expect(dim.status, dim.error).toBe('ok');
    expect(dim.warnings.join(' ')).not.toMatch(/blank/);
    expect(dim.text).toMatch(/CORNER STATIONERY|Receipt 4471/);
    for (const piece of ['3704', '0044', '0532', '0130', 'receipts.owner'])
      expect(dim.anonymized, piece).not.toContain(piece);
    const dimReread = await extractDocument(join(out, 'redacted', 'dim-receipt.heic.png'), {
      ocr: 'auto',
    });
    expect(dimReread.text).toMatch(/CORNER STATIONERY/);
    for (const value of Object.values(PHOTO_VALUES))
      expect(dimReread.text.replace(/\s/g, '')).not.toContain(value.replace(/\s/g, ''));

    expect(byPath.get('cut.heic')!.error).toMatch(
      /^cut\.heic: the image is damaged or truncated and cannot be decoded/,
    );
  }, 120_000);
});
