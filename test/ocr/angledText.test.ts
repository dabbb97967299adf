/**
 * A name and IBAN printed at 45° across a scan (issue 39): the page reading turns them into a
 * streak of one-letter guesses; the streak is read again at the probe angles, the IBAN detected
 * and blacked out where it is printed. Native tesseract, reading the redacted copy turned back
 * upright, finds none of it (and finds it on the original, so the fixture really shows it).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guessStreaks, isGuess, unturnPoint } from '../../src/extract/ocr/angledText.js';
import { solidBlack } from '../../src/extract/ocr/solidBlack.js';
import { ocrImagePage, RESCUE_BELOW } from '../../src/extract/ocr/ocrImagePage.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { makeTempDir, type TempDir } from '../io/fixtures.js';
import { nativeTesseract, nativeTesseractMissing } from '../pdf-redact/nativeOcr.js';

const IBAN = 'DE89 3704 0044 0532 0130 00';
const LINE = `Payee Jane Doe IBAN ${IBAN}`;

async function scanWithAngledLine(): Promise<Buffer> {
  const upright = [
    'INVOICE 2026-117',
    'Amount due: EUR 1,250.00',
    'Thank you for your business.',
    'Payment within thirty days of the invoice date.',
  ]
    .map(
      (t, i) =>
        `<text x="100" y="${200 + i * 60}" font-size="36" font-family="DejaVu Sans">${t}</text>`,
    )
    .join('');
  const angled = `<text x="300" y="1300" font-size="30" font-family="DejaVu Sans" transform="rotate(-45 300 1300)">${LINE}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="white"/>${upright}${angled}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Native tesseract on `png` turned 45° clockwise (the angled line upright). */
async function readTurned(png: Buffer, file: string): Promise<string> {
  await writeFile(file, await sharp(png).rotate(45, { background: '#ffffff' }).png().toBuffer());
  return nativeTesseract(file, '11');
}

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/angled.png', await scanWithAngledLine());
});
afterAll(() => dir.remove());

describe('text at an angle', () => {
  it('maps a point of a turned image back to where it came from', () => {
    // A quarter turn clockwise takes a 100 × 50 image's top-left corner to the top-right (50, 0).
    const [x, y] = unturnPoint(50, 0, 90, 100, 50);
    expect(x).toBeCloseTo(0, 6);
    expect(y).toBeCloseTo(0, 6);
    // Any angle: the centre stays the centre.
    const t = (45 * Math.PI) / 180;
    const side = 100 * Math.cos(t) + 50 * Math.sin(t);
    const c = unturnPoint(side / 2, side / 2, 45, 100, 50);
    expect(c[0]).toBeCloseTo(50, 6);
    expect(c[1]).toBeCloseTo(25, 6);
  });

  it('finds streaks only where guesses cluster', () => {
    const word = (text: string, x: number, y: number, confidence = 90) => ({
      text,
      confidence,
      box: { x, y, width: 20, height: 20 },
    });
    const clean = {
      width: 1000,
      height: 1000,
      confidence: 90,
      paragraphs: [{ lines: [{ words: [word('Invoice', 10, 10), word('total', 40, 10)] }] }],
    };
    expect(guessStreaks(clean)).toEqual([]);
    const streak = Array.from({ length: 8 }, (_, i) => word('o', 300 + i * 25, 300 + i * 25, 30));
    const scattered = Array.from({ length: 8 }, (_, i) => word('x', i * 400, (i % 2) * 900, 30));
    expect(isGuess(streak[0]!)).toBe(true);
    expect(guessStreaks({ ...clean, paragraphs: [{ lines: [{ words: streak }] }] })).toHaveLength(
      1,
    );
    expect(guessStreaks({ ...clean, paragraphs: [{ lines: [{ words: scattered }] }] })).toEqual([]);
  });

  it('counts short words read as confidently as print, and solid black bars, as no guesses', () => {
    const word = (text: string, confidence: number, x = 0) => ({
      text,
      confidence,
      box: { x, y: 100, width: 20, height: 20 },
    });
    // An angled line's guesses read at 0–75; upright print's "of", "No", "7" at 90–96.
    expect(isGuess(word('oF', 68))).toBe(true);
    expect(isGuess(word('~v', 0))).toBe(true);
    expect(isGuess(word('of', 96))).toBe(false);
    expect(isGuess(word('7', 93))).toBe(false);
    // A long word read badly is still a guess.
    expect(isGuess(word('Velazquez', 21))).toBe(true);
    // A 100 × 40 grey page: a black bar at x 0–49, print-like strokes (every other column) beyond.
    const data = new Uint8Array(100 * 40).fill(255);
    for (let y = 0; y < 40; y++)
      for (let x = 0; x < 100; x++) if (x < 50 || x % 2 === 0) data[y * 100 + x] = 0;
    const solid = solidBlack({ data, width: 100, height: 40, channels: 1 });
    expect(solid({ x: 5, y: 5, width: 40, height: 30 })).toBe(true);
    expect(solid({ x: 55, y: 5, width: 40, height: 30 })).toBe(false);
    // Eight low-confidence readings of the bar in a row are a streak unless the bar is known solid.
    const bar = {
      width: 1000,
      height: 1000,
      confidence: 60,
      paragraphs: [
        { lines: [{ words: Array.from({ length: 8 }, (_, i) => word('EE', 20, i * 25)) }] },
      ],
    };
    expect(guessStreaks(bar)).toHaveLength(1);
    expect(guessStreaks(bar, () => true)).toEqual([]);
  });

  it('finds no text at an angle in upright prose full of short words and black boxes', async () => {
    // A redacted copy's page: short words ("of", "to", "No") on every line and black boxes
    // between them. Before, its short words and the boxes' readings chained into streaks of
    // "scattered letters", each probed at six angles and warned about.
    const lines = Array.from({ length: 14 }, (_, i) => {
      const y = 120 + i * 56;
      return (
        `<text x="80" y="${y}" font-size="30" font-family="DejaVu Sans">No. ${i + 1} of 14 is to go to us by ${i + 7} or so</text>` +
        `<rect x="820" y="${y - 26}" width="${180 + (i % 3) * 40}" height="32" fill="black"/>`
      );
    }).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1000"><rect width="100%" height="100%" fill="white"/>${lines}</svg>`;
    const page = await ocrImagePage(sharp(Buffer.from(svg)), { dpi: 150, unitsPerPixel: 1 });
    expect(page.text).toContain('of 14');
    expect((page.lowRegions ?? []).filter((r) => r.scattered)).toEqual([]);
  }, 120_000);

  it('judges a page by its print, not by the readings of its black boxes', async () => {
    // A form's copy: a label and a black box on every line. Tesseract reads the boxes as words
    // at 0–30, which pulled the page's mean below RESCUE_BELOW and sent a clean copy through
    // every rescue (stronger clean-up, four turns).
    const lines = Array.from({ length: 12 }, (_, i) => {
      const y = 110 + i * 70;
      return (
        `<text x="80" y="${y}" font-size="30" font-family="DejaVu Sans">Field ${i + 1}:</text>` +
        [300, 560, 820]
          .map(
            (x, k) =>
              `<rect x="${x}" y="${y - 26}" width="${200 + k * 20}" height="34" fill="black"/>`,
          )
          .join('')
      );
    }).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1000"><rect width="100%" height="100%" fill="white"/>${lines}</svg>`;
    const page = await ocrImagePage(sharp(Buffer.from(svg)), { dpi: 150, unitsPerPixel: 1 });
    expect(page.text).toContain('Field 12');
    expect(page.confidence).toBeGreaterThanOrEqual(RESCUE_BELOW);
  }, 120_000);

  it('is read at 45°, detected and blacked out where it is printed', async () => {
    const out = join(dir.path, 'out');
    const [result] = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    expect(result!.status, result!.error).toBe('ok');
    expect(result!.text).toContain(LINE);
    expect(result!.spans.map((s) => [s.type, s.text])).toEqual([['BANK_ACCOUNT', IBAN]]);
    if (nativeTesseractMissing) {
      console.log(`angled-text native check skipped: ${nativeTesseractMissing}`);
      return;
    }
    const original = await readTurned(await scanWithAngledLine(), join(dir.path, 'o.png'));
    expect(original.replace(/\s/g, '')).toContain('DE89');
    const copy = await readFile(join(out, 'redacted', 'angled.png'));
    const read = (await readTurned(copy, join(dir.path, 'c.png'))).replace(/\s/g, '');
    for (const part of ['DE89', '3704', '0532', '0130']) expect(read).not.toContain(part);
  }, 120_000);
});
