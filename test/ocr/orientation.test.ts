/**
 * A page scanned lying on its side or upside down is read upright, and the boxes of its words
 * land on the page as it lies: the redaction box of an e-mail covers that e-mail's ink.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Box } from '../../src/domain/documentText.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { closeOcr } from '../../src/extract/ocr/ocrPool.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';

const W = 1400;
const H = 900;
const EMAIL = 'anna.kowalska@example.org';
// Where the e-mail is drawn on the upright page.
const EMAIL_BOX = { x: 100, y: 512, width: 0, height: 40 };

let dir: string;
let upright: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-orientation-'));
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = 'black';
  ctx.font = '34px sans-serif';
  const lines = [
    'Statement of account for November',
    'Opening balance carried forward 1,204.50',
    'Payments received during the period 300.00',
    'Interest charged on the balance 12.75',
    'Closing balance due on receipt 917.25',
  ];
  lines.forEach((line, i) => ctx.fillText(line, 100, 120 + i * 70));
  ctx.fillText(`Contact: ${EMAIL}`, 100, 540);
  EMAIL_BOX.x = 100 + ctx.measureText('Contact: ').width;
  EMAIL_BOX.width = ctx.measureText(EMAIL).width;
  upright = canvas.toBuffer('image/png');
});
afterAll(async () => {
  await closeOcr();
  await rm(dir, { recursive: true, force: true });
});

/** Where a box of the upright page lies once the page is turned clockwise by `turn`. */
function turnedBox(b: Box, turn: 90 | 180 | 270): Box {
  if (turn === 90) return { x: H - b.y - b.height, y: b.x, width: b.height, height: b.width };
  if (turn === 180)
    return { x: W - b.x - b.width, y: H - b.y - b.height, width: b.width, height: b.height };
  return { x: b.y, y: W - b.x - b.width, width: b.height, height: b.width };
}

function overlap(a: Box, b: Box): number {
  const x = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const y = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  return (x * y) / (b.width * b.height);
}

describe('a page lying turned', () => {
  for (const turn of [90, 180, 270] as const) {
    it(`is read upright when turned by ${turn}°, its boxes on the page as it lies`, async () => {
      const file = path.join(dir, `turned-${turn}.png`);
      await writeFile(file, await sharp(upright).rotate(turn).png().toBuffer());
      const doc = await extractDocument(file, { ocr: 'auto' });
      expect(doc.text).toContain('Opening balance carried forward');
      expect(doc.warnings.join(' ')).toContain(`turned by ${turn}°`);
      const start = doc.text.indexOf(EMAIL);
      expect(start).toBeGreaterThan(0);
      const boxes = doc.fragments.filter((f) => f.start < start + EMAIL.length && f.end > start);
      expect(boxes.length).toBeGreaterThan(0);
      const union = boxes
        .map((f) => f.box)
        .reduce((a, b) => ({
          x: Math.min(a.x, b.x),
          y: Math.min(a.y, b.y),
          width: Math.max(a.x + a.width, b.x + b.width) - Math.min(a.x, b.x),
          height: Math.max(a.y + a.height, b.y + b.height) - Math.min(a.y, b.y),
        }));
      // Most of the e-mail's ink, as it lies on the turned page, is inside the box OCR gives.
      expect(overlap(union, turnedBox(EMAIL_BOX, turn))).toBeGreaterThan(0.6);
    });
  }

  it('gets a redacted copy whose box hides the e-mail, read back by OCR', async () => {
    const file = path.join(dir, 'in', 'turned.png');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await sharp(upright).rotate(90).png().toBuffer());
    const [result] = await runBatch([file], path.join(dir, 'out'), {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['pdf'],
    });
    // 'ok' means the copy was read back by OCR and no detected value was readable in it.
    expect(result?.status).toBe('ok');
    expect(result?.spans.map((s) => s.text)).toContain(EMAIL);
    const copy = await extractDocument(path.join(dir, 'out', 'redacted', 'turned.png'), {
      ocr: 'auto',
    });
    expect(copy.text).toContain('Opening balance');
    expect(copy.text).not.toContain('example.org');
  });

  it('leaves an upright page as it is, without a warning', async () => {
    const file = path.join(dir, 'upright.png');
    await writeFile(file, upright);
    const doc = await extractDocument(file, { ocr: 'auto' });
    expect(doc.text).toContain(EMAIL);
    expect(doc.warnings.join(' ')).not.toMatch(/turned/);
  });
});
