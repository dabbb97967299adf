import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentText } from '../../src/domain/documentText.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { closeOcr } from '../../src/extract/ocr/ocrPool.js';
import { redactionBoxes } from '../../src/write/redactionBoxes.js';
import { boxesPerLine, writeRedactedImage } from '../../src/write/redactedImage.js';
import { fixture } from './helpers/fixtures.js';

const letter = fixture('letter-300dpi-noisy.jpg');
let dir: string;
let document: DocumentText;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-redact-img-'));
  document = await extractDocument(letter.path, { ocr: 'auto' });
});

afterAll(async () => {
  await closeOcr();
  await rm(dir, { recursive: true, force: true });
});

function spanOf(value: string, type: Span['type']): Span {
  const start = document.text.indexOf(value);
  expect(start, `OCR text should contain ${value}`).toBeGreaterThanOrEqual(0);
  return makeSpan(document.text, start, start + value.length, type, 1, 'pattern');
}

describe('writeRedactedImage', () => {
  it('burns one solid box per span and line, and the redacted values no longer OCR', async () => {
    const email = spanOf('info@jaskolski.net', 'EMAIL');
    // An address over two lines: two boxes, not one box swallowing the text between them.
    const addressStart = document.text.indexOf('9858');
    const addressEnd = document.text.indexOf('40044-6140') + '40044-6140'.length;
    const address = makeSpan(document.text, addressStart, addressEnd, 'ADDRESS', 1, 'ner');
    expect(address.text).toMatch(/^9858 Garret Drive\nPort Chanelle, NH 40044-6140$/);
    const spans = [email, address];

    const out = path.join(dir, 'redacted', 'letter.png');
    const result = await writeRedactedImage(
      { file: letter.path, fragments: document.fragments, spans },
      out,
    );
    const boxes = boxesPerLine(redactionBoxes(spans, document.fragments));
    expect(boxes.filter((b) => b.spanIndex === 1)).toHaveLength(2);
    expect(result).toEqual({ pages: 1, boxes: 3 });

    const original = await sharp(letter.path).metadata();
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([original.width, original.height]);
    for (const { box } of boxes) {
      const cx = Math.round(box.x + box.width / 2);
      const cy = Math.round(box.y + box.height / 2);
      expect(data[(cy * info.width + cx) * info.channels]).toBe(0);
    }

    const reread = await extractDocument(out, { ocr: 'auto' });
    expect(reread.text).not.toContain('jaskolski.net');
    expect(reread.text).not.toContain('Garret');
    expect(reread.text).not.toContain('40044');
    // What was not redacted is still there.
    expect(reread.text).toContain('Credit Card Statement');
    expect((await readdir(path.dirname(out))).sort()).toEqual(['letter.png']);
  });

  it('stacks the pages of a multi-page TIFF into one PNG', async () => {
    const tiff = fixture('two-pages-200dpi.tiff');
    const out = path.join(dir, 'two-pages.png');
    const pageBox = { x: 100, y: 100, width: 200, height: 50 };
    const fragments = [
      { start: 0, end: 5, page: 1, box: pageBox },
      { start: 6, end: 11, page: 2, box: pageBox },
    ];
    const spans = [makeSpan('hello world', 6, 11, 'NAME', 1, 'ner')];
    await writeRedactedImage({ file: tiff.path, fragments, spans }, out);
    const meta = await sharp(tiff.path).metadata();
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    const pageHeight = meta.height; // a TIFF's metadata describes its first page
    expect([info.width, info.height]).toEqual([meta.width, pageHeight * 2]);
    const at = (x: number, y: number): number => data[(y * info.width + x) * info.channels] ?? -1;
    expect(at(200, pageHeight + 125)).toBe(0); // page 2's box is drawn on page 2
    expect(at(200, 125)).toBeGreaterThan(200); // page 1 is untouched there
  });
});
