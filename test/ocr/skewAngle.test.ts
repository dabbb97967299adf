import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateSkewDegrees } from '../../src/extract/ocr/skewAngle.js';

/** A fake text page: rows of dark dashes ("words") on white, 800 px wide. */
async function fakePage(rotate: number): Promise<{ data: Buffer; width: number; height: number }> {
  const width = 800;
  const height = 1000;
  const gray = Buffer.alloc(width * height, 255);
  for (let line = 0; line < 25; line++) {
    const y0 = 80 + line * 34;
    for (let x = 60; x < 740; x++) {
      if (x % 70 > 55) continue; // gaps between words
      for (let y = y0; y < y0 + 12; y++) gray[y * width + x] = 0;
    }
  }
  const { data, info } = await sharp(gray, { raw: { width, height, channels: 1 } })
    .rotate(rotate, { background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('estimateSkewDegrees', () => {
  it.each([0, 0.6, -1.3, 2.5, -4])('finds a rotation of %s° within 0.15°', async (angle) => {
    const page = await fakePage(angle);
    expect(
      Math.abs(estimateSkewDegrees(page.data, page.width, page.height) - angle),
    ).toBeLessThanOrEqual(0.15);
  });

  it('returns 0 for a page without ink', () => {
    expect(estimateSkewDegrees(new Uint8Array(100 * 100).fill(255), 100, 100)).toBe(0);
  });
});
