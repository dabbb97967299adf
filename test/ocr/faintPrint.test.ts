/**
 * Grey, slightly blurred small print under clean black text (a stamp, a carbon copy): one
 * reading returns no word for it and the page still reads well overall, so nothing would say it
 * was missed. Ink where no word came back earns the page a second, stronger reading, which reads it.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrImagePage } from '../../src/extract/ocr/ocrImagePage.js';
import { closeOcr } from '../../src/extract/ocr/ocrPool.js';

const FAINT = 'Faded receipt stamp reference number and cashier note';
let png: Buffer;

beforeAll(async () => {
  const canvas = createCanvas(1654, 1200);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, 1654, 1200);
  ctx.fillStyle = 'black';
  ctx.font = '34px serif';
  for (let i = 0; i < 6; i++)
    ctx.fillText(
      `Statement line ${i + 1}: opening balance carried forward 1,204.50`,
      120,
      100 + i * 70,
    );
  ctx.fillStyle = 'rgb(150,150,150)';
  ctx.font = '20px serif';
  for (let i = 0; i < 3; i++) ctx.fillText(`${FAINT} ${i}`, 120, 800 + i * 40);
  const page = canvas.toBuffer('image/png');
  // Only the grey print is smudged.
  const top = await sharp(page)
    .extract({ left: 0, top: 0, width: 1654, height: 700 })
    .png()
    .toBuffer();
  const bottom = await sharp(page)
    .extract({ left: 0, top: 700, width: 1654, height: 500 })
    .blur(1.2)
    .png()
    .toBuffer();
  png = await sharp({ create: { width: 1654, height: 1200, channels: 3, background: 'white' } })
    .composite([
      { input: top, top: 0, left: 0 },
      { input: bottom, top: 700, left: 0 },
    ])
    .png()
    .toBuffer();
});
afterAll(() => closeOcr());

describe('faint print on a clean page', () => {
  it('is missed by one reading, and read by the second one its unread ink asks for', async () => {
    const once = await ocrImagePage(sharp(png), { dpi: 0, unitsPerPixel: 1, rescue: false });
    expect(once.text).toContain('Statement line 6');
    expect(once.text).not.toContain('cashier note');
    const page = await ocrImagePage(sharp(png), { dpi: 0, unitsPerPixel: 1 });
    expect(page.text).toContain('Statement line 6');
    expect(page.text).toContain(`${FAINT} 2`);
  });
});
