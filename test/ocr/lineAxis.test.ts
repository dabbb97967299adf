/**
 * Which way a page's lines run, from its ink: what lets a page lying on its side be probed at
 * its two sideways turns only, without Tesseract reading its print sideways first.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CLEAR_AXIS_RATIO, lineAxis } from '../../src/extract/ocr/lineAxis.js';
import { inkPreview } from '../../src/extract/ocr/preparePageImage.js';
import { projectionSharpness } from '../../src/extract/ocr/skewAngle.js';

/** A receipt-like page: short lines of print, and (if asked) a coloured stripe down one edge. */
function page(stripe: boolean): Buffer {
  const canvas = createCanvas(700, 1400);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, 700, 1400);
  if (stripe) {
    // Inside the page, not at its edge: a frame along the edge is cleared before measuring.
    ctx.fillStyle = '#c03070';
    ctx.fillRect(120, 0, 40, 1400);
  }
  ctx.fillStyle = '#555';
  ctx.font = '26px sans-serif';
  const lines = [
    'Tax invoice for the goods below',
    'Qty 2 Widget assembly 14.00',
    'Subtotal before tax 28.00',
    'Paid in cash 30.00, change 2.00',
    'Thank you for shopping with us',
  ];
  for (let i = 0; i < 24; i++) ctx.fillText(lines[i % lines.length]!, 190, 80 + i * 52);
  return canvas.toBuffer('image/png');
}

async function axisOf(png: Buffer, turn: number) {
  const preview = await inkPreview(sharp(await sharp(png).rotate(turn).png().toBuffer()));
  return lineAxis(preview.data, preview.width, preview.height);
}

describe('lineAxis', () => {
  it('tells lines across the page (upright, upside down) from lines down it (on its side)', async () => {
    const png = page(false);
    for (const turn of [0, 180]) expect((await axisOf(png, turn)).axis).toBe('across');
    for (const turn of [90, 270]) expect((await axisOf(png, turn)).axis).toBe('down');
  });

  it('is not misled by a stripe running the length of the page', async () => {
    const png = page(true);
    // Without the long runs taken out the stripe alone reads as lines down the page: the
    // ratio of the raw projections is checked to show the fixture does test that.
    const raw = await inkPreview(sharp(png));
    const rawRatio =
      projectionSharpness(raw.data, raw.width, raw.height, false) /
      projectionSharpness(raw.data, raw.width, raw.height, true);
    expect(rawRatio).toBeLessThan(CLEAR_AXIS_RATIO);
    expect((await axisOf(png, 0)).axis).toBe('across');
    expect((await axisOf(png, 90)).axis).toBe('down');
  });

  it('says nothing of a blank page', async () => {
    const blank = await sharp({
      create: { width: 600, height: 800, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    expect((await axisOf(blank, 0)).axis).toBeUndefined();
  });
});
