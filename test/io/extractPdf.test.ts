import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { InputError } from '../../src/domain/inputError.js';
import { helveticaWidth, makePdf, makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(async () => {
  await dir.remove();
});

describe('text-layer PDF extraction', () => {
  it('extracts lines in reading order with a blank line between pages', async () => {
    const file = await dir.file(
      'two-pages.pdf',
      await makePdf([
        {
          lines: [
            { text: 'Invoice for Jane Example', x: 72, y: 700 },
            { text: 'jane@example.com', x: 72, y: 685 },
          ],
        },
        { lines: [{ text: 'Page two total 12.00', x: 72, y: 700 }] },
      ]),
    );
    const doc = await extractDocument(file, { ocr: 'never' });
    expect(doc.kind).toBe('pdf');
    expect(doc.text).toBe('Invoice for Jane Example\njane@example.com\n\nPage two total 12.00');
    expect(doc.pages.map((p) => [p.page, p.width, p.height, p.textSource])).toEqual([
      [1, 612, 792, 'text-layer'],
      [2, 612, 792, 'text-layer'],
    ]);
    expect(doc.warnings).toEqual([]);
  });

  it('maps each fragment to the right page and box, with exact offsets', async () => {
    const file = await dir.file(
      'boxes.pdf',
      await makePdf([
        { lines: [{ text: 'Header line', x: 72, y: 720, size: 12 }] },
        { lines: [{ text: 'Call 555-0100', x: 100, y: 500, size: 20 }] },
      ]),
    );
    const doc = await extractDocument(file, { ocr: 'never' });
    const at = (needle: string) => {
      const start = doc.text.indexOf(needle);
      return doc.fragments.find((f) => f.start <= start && start < f.end)!;
    };
    const second = at('Call 555-0100');
    expect(second.page).toBe(2);
    expect(doc.text.slice(second.start, second.end)).toBe('Call 555-0100');
    // Top-left origin: baseline 500 on a 792-pt page, box from 0.8 em above the baseline.
    expect(second.box.x).toBeCloseTo(100, 1);
    expect(second.box.y).toBeCloseTo(792 - 500 - 0.8 * 20, 1);
    expect(second.box.height).toBeCloseTo(20, 1);
    expect(second.box.width).toBeCloseTo(await helveticaWidth('Call 555-0100', 20), 1);
    expect(at('Header line').page).toBe(1);
    // Fragments are sorted and do not overlap.
    for (let i = 1; i < doc.fragments.length; i++) {
      expect(doc.fragments[i]!.start).toBeGreaterThanOrEqual(doc.fragments[i - 1]!.end);
    }
  });

  it('follows page rotation: boxes are in the rotated (displayed) page space', async () => {
    const file = await dir.file(
      'rotated.pdf',
      await makePdf([
        {
          width: 600,
          height: 400,
          rotate: 90,
          lines: [{ text: 'Rotated', x: 50, y: 300, size: 10 }],
        },
      ]),
    );
    const doc = await extractDocument(file, { ocr: 'never' });
    expect(doc.pages[0]).toMatchObject({ width: 400, height: 600 });
    const box = doc.fragments[0]!.box;
    // Rotating 90° clockwise maps user (x, y) to displayed (y, x) on a 400-wide page.
    expect(box.x).toBeCloseTo(300 - 2, 0);
    expect(box.y).toBeCloseTo(50, 0);
    expect(box.width).toBeCloseTo(10, 0);
  });

  it('reports a page without text as such instead of skipping it', async () => {
    const file = await dir.file(
      'blank-page.pdf',
      await makePdf([
        { lines: [{ text: 'Page one', x: 72, y: 700 }] },
        { lines: [] },
        { lines: [{ text: 'Page three', x: 72, y: 700 }] },
      ]),
    );
    const doc = await extractDocument(file, { ocr: 'never' });
    expect(doc.pages.map((p) => p.textSource)).toEqual(['text-layer', 'none', 'text-layer']);
    expect(doc.warnings).toHaveLength(1);
    expect(doc.warnings[0]).toMatch(/^page 2 has no text layer/);
    expect(doc.text).toBe('Page one\n\n\n\nPage three');
  });

  it('refuses a password-protected PDF with a specific error', async () => {
    const file = await dir.file(
      'locked.pdf',
      await readFile(new URL('./fixtures/password-protected.pdf', import.meta.url)),
    );
    const error = await extractDocument(file, { ocr: 'never' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('encrypted-pdf');
    expect((error as InputError).message).toMatch(
      /^locked\.pdf: the PDF is password-protected; remove the password/,
    );
  });

  it('refuses a damaged PDF with a specific error', async () => {
    const good = await makePdf([{ lines: [{ text: 'Truncated', x: 72, y: 700 }] }]);
    const file = await dir.file('damaged.pdf', good.slice(0, 40));
    const error = await extractDocument(file, { ocr: 'never' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('corrupt-pdf');
    expect((error as InputError).message).toMatch(/damaged\.pdf: the PDF is damaged/);
  });
});
