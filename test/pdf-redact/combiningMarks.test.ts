/**
 * Combining marks in a PDF's text layer (issue 53): an e-mail address, an IBAN and an SSN with a
 * mark over (or under) every character are found, replaced with their marks — no stray mark sits
 * on the placeholder — and boxed whole in the copy: the copy's pixels where each value was drawn
 * are black to its last character, and its text layer, read with pdf.js as a reader would, holds
 * no piece of a value with or without its marks.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import type { FileResult } from '../../src/domain/fileResult.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import {
  combiningMarksPdf,
  MARKED_VALUES,
  type MarkedValueBox,
} from '../../templates/pdf/combiningMarksPdf.js';
import { makeTempDir, type TempDir } from '../io/fixtures.js';

const DPI = 150;
let dir: TempDir;
let result: FileResult;
let boxes: MarkedValueBox[];

beforeAll(async () => {
  dir = await makeTempDir();
  const made = await combiningMarksPdf();
  boxes = made.boxes;
  await dir.file('in/marks.pdf', Buffer.from(made.pdf));
  [result] = (await runBatch([join(dir.path, 'in')], join(dir.path, 'out'), {
    ...DEFAULT_REDACT_OPTIONS,
    ner: false,
  })) as [FileResult];
}, 120_000);
afterAll(() => dir.remove());

const unmarked = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '');
/** Pieces of each value a reader would recognise, compared without marks or spaces. */
const PIECES = ['ellen', 'varga', 'GB82', 'WEST', '56987654', '123-45', '6789'];

describe('combining marks in a PDF text layer', () => {
  it('finds each value with its marks and replaces the marks with it', async () => {
    expect(result.status, result.error).toBe('ok');
    for (const { type, value } of MARKED_VALUES) {
      expect(result.spans.map((s) => [s.type, s.text])).toContainEqual([type, value]);
    }
    const text = await readFile(join(dir.path, 'out', 'anonymized', 'marks.pdf.txt'), 'utf8');
    expect(text).not.toMatch(/\p{M}/u);
    for (const piece of PIECES) expect(unmarked(text).replace(/\s/g, '')).not.toContain(piece);
  });

  it('boxes each value to its last character, and its text layer holds none of it', async () => {
    const copy = await loadPdf(
      new Uint8Array(await readFile(join(dir.path, 'out', 'redacted', 'marks.pdf'))),
      'marks.pdf',
    );
    try {
      const page = await copy.getPage(1);
      const content = await page.getTextContent();
      const layer = content.items.map((i) => ('str' in i ? i.str : '')).join('');
      for (const piece of PIECES) expect(unmarked(layer).replace(/\s/g, '')).not.toContain(piece);

      const rendered = await renderPdfPage(copy, 1, { dpi: DPI });
      const px = rendered.pixels();
      const scale = DPI / 72;
      /** Share of black pixels between x `from` and `to` (points) on the letters of `box`'s line. */
      const darkShare = (box: MarkedValueBox, from: number, to: number): number => {
        // The letters' height above the baseline (a 12 pt line's capitals).
        const top = Math.ceil((box.baselineFromTop - 8) * scale);
        const bottom = Math.floor(box.baselineFromTop * scale);
        let dark = 0;
        let all = 0;
        for (let y = top; y < bottom; y++) {
          for (let x = Math.ceil(from * scale); x < Math.floor(to * scale); x++) {
            const at = (y * rendered.pixelWidth + x) * 4;
            all++;
            if (px[at]! < 60 && px[at + 1]! < 60 && px[at + 2]! < 60) dark++;
          }
        }
        return dark / all;
      };
      for (const [i, box] of boxes.entries()) {
        const type = MARKED_VALUES[i]!.type;
        // All black, the whole value and its last character (about 6 points) on their own: the
        // box runs past both ends, so anti-aliasing stays outside.
        expect(darkShare(box, box.left + 0.5, box.right - 0.5), type).toBeGreaterThan(0.99);
        expect(
          darkShare(box, box.right - 6, box.right - 0.5),
          `${type}, last character`,
        ).toBeGreaterThan(0.99);
      }
    } finally {
      await copy.destroy();
    }
  });
});
