import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrImagePage } from '../../src/extract/ocr/ocrImagePage.js';
import { closeOcr, OcrPool, sharedOcrPool } from '../../src/extract/ocr/ocrPool.js';
import { fixture } from './helpers/fixtures.js';

const run = promisify(execFile);
const letter = fixture('letter-300dpi-noisy.jpg');

/** Horizontal strips of the letter fixture: small, quick pages that still carry text. */
async function strips(count: number): Promise<Buffer[]> {
  const { width = 0, height = 0 } = await sharp(letter.path).metadata();
  const top = Math.round(height * 0.15);
  const stripHeight = Math.floor((height - top) / count);
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp(letter.path)
        .extract({ left: 0, top: top + i * stripHeight, width, height: stripHeight })
        .png()
        .toBuffer(),
    ),
  );
}

afterAll(async () => {
  await closeOcr();
});

describe('OCR worker pool', () => {
  it('starts workers on demand up to its size and reuses them across jobs', async () => {
    const pool = new OcrPool(2);
    expect(pool.started).toBe(0);
    const images = await strips(3);
    const read = (image: Buffer): Promise<string> =>
      ocrImagePage(sharp(image), { dpi: 300, unitsPerPixel: 1, pool }).then((p) => p.text);
    const texts = await Promise.all(images.map(read));
    expect(pool.started).toBe(2);
    expect(texts.join('\n')).toContain('Jaskolski');
    // A later file reuses the warm workers.
    await read(images[0] as Buffer);
    expect(pool.started).toBe(2);
    await pool.close();
    await expect(read(images[0] as Buffer)).rejects.toThrow('OCR pool is closed');
  });

  it('terminates workers that stay idle, and starts a fresh one when work comes back', async () => {
    const pool = new OcrPool(1, 300);
    const [image] = await strips(4);
    const read = (): Promise<string> =>
      ocrImagePage(sharp(image), { dpi: 300, unitsPerPixel: 1, pool }).then((p) => p.text);
    await read();
    expect(pool.started).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(pool.started).toBe(0);
    expect(await read()).toContain('Jaskolski');
    await pool.close();
  });

  it('refuses a pool without workers', () => {
    expect(() => new OcrPool(0)).toThrow(/≥ 1/);
  });

  it('creates the shared pool lazily and closes it idempotently', async () => {
    await closeOcr();
    const pool = sharedOcrPool();
    expect(pool.started).toBe(0);
    expect(sharedOcrPool()).toBe(pool);
    await closeOcr();
    await closeOcr();
    expect(sharedOcrPool()).not.toBe(pool);
  });

  it('lets the process exit when OCR is done even if closeOcr() is never called', async () => {
    const script = path.join(import.meta.dirname, 'helpers', 'ocrWithoutClose.ts');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, letter.path], {
      timeout: 90_000,
    });
    expect(Number(stdout.trim())).toBeGreaterThan(100);
  });
});
