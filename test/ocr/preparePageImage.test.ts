import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Box } from '../../src/domain/documentText.js';
import {
  boxOnSource,
  clearDarkBorders,
  otsuThreshold,
  preparePageImage,
} from '../../src/extract/ocr/preparePageImage.js';

const WIDTH = 1200;
const HEIGHT = 1600;

/** White page with text-like bars and one solid marker block whose position we track. */
function page(): Buffer {
  const gray = Buffer.alloc(WIDTH * HEIGHT, 255);
  const fill = (x0: number, y0: number, w: number, h: number): void => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) gray[y * WIDTH + x] = 0;
  };
  for (let line = 0; line < 20; line++) {
    for (let x = 100; x < 1100; x += 90) fill(x, 200 + line * 40, 70, 14);
  }
  fill(900, 1450, 120, 60);
  return gray;
}

/** Bounding box of pixels darker than 128 inside `region` of a 1-channel image. */
function inkBox(gray: Buffer, width: number, region: Box): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let y = region.y; y < region.y + region.height; y++) {
    for (let x = region.x; x < region.x + region.width; x++) {
      if ((gray[y * width + x] ?? 255) < 128) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + 1);
        y1 = Math.max(y1, y + 1);
      }
    }
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

describe('preparePageImage', () => {
  it('straightens a rotated page and maps boxes back onto the rotated original', async () => {
    const rotated = await sharp(page(), { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
      .rotate(2, { background: '#ffffff' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const prepared = await preparePageImage(
      sharp(rotated.data, {
        raw: { width: rotated.info.width, height: rotated.info.height, channels: 1 },
      }),
      { deskew: true, normalise: false, binarise: false, maxDpi: 0 },
    );
    expect(prepared.skewDegrees).toBeCloseTo(2, 0);
    const straight = await sharp(prepared.png).toColourspace('b-w').raw().toBuffer();
    // The marker in the straightened image, mapped back, must cover the marker in the source.
    const region = (w: number, h: number): Box => ({
      x: Math.round(w * 0.6),
      y: Math.round(h * 0.85),
      width: Math.round(w * 0.35),
      height: Math.round(h * 0.13),
    });
    const markerPrepared = inkBox(
      straight,
      prepared.width,
      region(prepared.width, prepared.height),
    );
    const markerSource = inkBox(
      rotated.data,
      rotated.info.width,
      region(rotated.info.width, rotated.info.height),
    );
    const mapped = boxOnSource(prepared, markerPrepared);
    expect(mapped.x).toBeLessThanOrEqual(markerSource.x + 2);
    expect(mapped.y).toBeLessThanOrEqual(markerSource.y + 2);
    expect(mapped.x + mapped.width).toBeGreaterThanOrEqual(markerSource.x + markerSource.width - 2);
    expect(mapped.y + mapped.height).toBeGreaterThanOrEqual(
      markerSource.y + markerSource.height - 2,
    );
    // …and not much more than it (a loose box would black out neighbouring words).
    expect(mapped.width * mapped.height).toBeLessThan(
      1.3 * markerSource.width * markerSource.height,
    );
  });

  it('leaves an upright page untouched and its boxes unchanged', async () => {
    const prepared = await preparePageImage(
      sharp(page(), { raw: { width: WIDTH, height: HEIGHT, channels: 1 } }),
    );
    expect(prepared.skewDegrees).toBe(0);
    expect([prepared.width, prepared.height]).toEqual([WIDTH, HEIGHT]);
    const box = { x: 10, y: 20, width: 30, height: 40 };
    expect(boxOnSource(prepared, box)).toEqual(box);
  });

  it('marks a white page as blank', async () => {
    const white = sharp({
      create: { width: 800, height: 1000, channels: 3, background: '#ffffff' },
    });
    expect((await preparePageImage(white)).blank).toBe(true);
  });

  it('treats transparent pixels as paper, not ink', async () => {
    const transparent = sharp({
      create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    });
    expect((await preparePageImage(transparent)).blank).toBe(true);
  });

  it('scales huge pages down for OCR and scales boxes back up', async () => {
    const huge = sharp({
      create: { width: 6000, height: 4000, channels: 3, background: '#ffffff' },
    }).png();
    const prepared = await preparePageImage(sharp(await huge.toBuffer()));
    expect(prepared.width * prepared.height).toBeLessThanOrEqual(20_000_000);
    const mapped = boxOnSource(prepared, { x: 100, y: 100, width: 100, height: 100 });
    expect(mapped.x).toBeCloseTo(100 / prepared.scale, 0);
    expect(mapped.width).toBeCloseTo(100 / prepared.scale, 0);
  });

  it('scales pages above maxDpi down to it and reports the resulting resolution', async () => {
    const scan = sharp(page(), { raw: { width: WIDTH, height: HEIGHT, channels: 1 } });
    const options = { deskew: false, normalise: false, binarise: false, maxDpi: 300 };
    const prepared = await preparePageImage(scan, options, 600);
    expect([prepared.width, prepared.height, prepared.dpi]).toEqual([WIDTH / 2, HEIGHT / 2, 300]);
    expect(boxOnSource(prepared, { x: 10, y: 10, width: 10, height: 10 })).toEqual({
      x: 20,
      y: 20,
      width: 20,
      height: 20,
    });
    const unknown = await preparePageImage(
      sharp(page(), { raw: { width: WIDTH, height: HEIGHT, channels: 1 } }),
      options,
      0,
    );
    expect([unknown.width, unknown.dpi]).toEqual([WIDTH, 0]);
  });

  it('puts the Otsu threshold between ink and paper', () => {
    const gray = new Uint8Array(1000).map((_, i) => (i % 10 === 0 ? 30 : 220));
    const t = otsuThreshold(gray);
    expect(t).toBeGreaterThan(30);
    expect(t).toBeLessThanOrEqual(220);
  });
});

describe('clearDarkBorders', () => {
  /** The test page inside a near-black frame 15–30 px deep (ragged, as a scanner lid leaves it). */
  function framed(): Buffer {
    const gray = page();
    // 15–30 px: the test page's text comes within 40 px of the right edge.
    const depth = (i: number): number => 15 + 15 * Math.abs(Math.sin(i / 50));
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const inFrame =
          x < depth(y) ||
          WIDTH - 1 - x < depth(y + 7) ||
          y < depth(x) ||
          HEIGHT - 1 - y < depth(x + 9);
        // Every 97th frame pixel is speckle lighter than the frame threshold.
        if (inFrame) gray[y * WIDTH + x] = (y * WIDTH + x) % 97 === 0 ? 160 : 25;
      }
    }
    return gray;
  }

  it('whitens the frame and keeps every text pixel', () => {
    const original = page();
    const cleared = clearDarkBorders({ data: framed(), width: WIDTH, height: HEIGHT });
    let darkLeft = 0;
    let textLost = 0;
    for (let i = 0; i < original.length; i++) {
      if (original[i] === 0 && cleared.data[i] !== 0) textLost++;
      // A light speckle may stay where the frame ended; nothing dark may.
      if (original[i] === 255 && (cleared.data[i] as number) < 100) darkLeft++;
    }
    expect({ darkLeft, textLost }).toEqual({ darkLeft: 0, textLost: 0 });
  });

  it('leaves a page without a frame as it is, even with ink near an edge', () => {
    const gray = page();
    // A logo touching the left edge on a tenth of the page's height is not a frame.
    for (let y = 20; y < 180; y++) for (let x = 0; x < 150; x++) gray[y * WIDTH + x] = 0;
    const input = { data: gray, width: WIDTH, height: HEIGHT };
    expect(clearDarkBorders(input)).toBe(input);
  });

  it('is applied before a page is measured, so a framed blank page stays blank', async () => {
    const blank = Buffer.alloc(WIDTH * HEIGHT, 255);
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH; x++)
        if (x < 50 || y < 50 || WIDTH - x <= 50 || HEIGHT - y <= 50) blank[y * WIDTH + x] = 20;
    const prepared = await preparePageImage(
      sharp(blank, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } }),
    );
    expect(prepared.blank).toBe(true);
    expect(Math.max(...prepared.inkBands)).toBe(0);
  });
});
