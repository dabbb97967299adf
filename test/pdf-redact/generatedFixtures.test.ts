/**
 * The generator's PDF fixtures (test/fixtures/generated/pdf, written by templates/samples with
 * Helvetica, Times and Courier on A4 and Letter) with their gold spans: every gold value must be
 * gone from the redacted copy and every gold span's place on the page must be black.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anonymise } from '../../src/anonymise/anonymise.js';
import type { EntityType } from '../../src/domain/entityTypes.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import { holdsValue } from '../../src/domain/valueMatching.js';
import { redactPdf } from '../../src/write/redactedPdf.js';
import { pageText } from '../../src/verify/verifyRedactedPdf.js';
import { valueSpansIn } from './goldPdf.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'generated', 'pdf');
const GOLD = join(FIXTURES, 'gold.jsonl');

interface GoldLine {
  readonly file: string;
  readonly spans: readonly {
    readonly type: EntityType;
    readonly value: string;
    readonly start: number;
  }[];
}

const gold: GoldLine[] = existsSync(GOLD)
  ? readFileSync(GOLD, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as GoldLine)
  : [];
if (gold.length === 0)
  console.warn(`skipping generated PDF fixtures: ${GOLD} is missing (run npm run samples)`);

async function pageSizes(bytes: Uint8Array): Promise<number[][]> {
  const pdf = await loadPdf(bytes, 'sizes.pdf');
  const sizes: number[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const { width, height } = (await pdf.getPage(n)).getViewport({ scale: 1 });
    sizes.push([Math.round(width * 10) / 10, Math.round(height * 10) / 10]);
  }
  await pdf.destroy();
  return sizes;
}

describe.skipIf(gold.length === 0)('redactPdf on the generator’s PDF fixtures', () => {
  it.each(gold.map((g) => [g.file, g] as const))(
    '%s: no gold value survives, pages match, spans are black',
    async (_, line) => {
      const file = join(FIXTURES, line.file);
      const original = await readFile(file);
      const extracted = await extractDocument(file, { ocr: 'never' });
      const spans = valueSpansIn(
        extracted.text,
        [...line.spans].sort((a, b) => a.start - b.start),
        line.file,
      );
      const input = {
        file,
        pageInfo: extracted.pages,
        fragments: extracted.fragments,
        spans,
        anonymized: anonymise(extracted.text, spans),
        text: extracted.text,
      };

      for (const searchable of [false, true]) {
        const redacted = await redactPdf(input, { dpi: 200, searchable });
        expect(await pageSizes(redacted.bytes)).toEqual(await pageSizes(original));
        const pdf = await loadPdf(redacted.bytes, 'redacted.pdf');
        let text = '';
        for (let n = 1; n <= pdf.numPages; n++) text += await pageText(pdf, n);
        const { info, metadata } = await pdf.getMetadata();
        const meta = JSON.stringify(info) + (metadata?.getRaw() ?? '');
        for (const span of spans) {
          expect(
            holdsValue(text, span.text, 'any'),
            `${span.type} in text (searchable: ${searchable})`,
          ).toBe(false);
          expect(holdsValue(meta, span.text, 'any'), `${span.type} in metadata`).toBe(false);
        }
        if (searchable) expect(text).toContain('REDACTED]');

        if (!searchable) {
          // The centre of each span's slice of each fragment (3+ characters, so the centre is well
          // inside the span whatever the font's glyph widths) must be black.
          let sampled = 0;
          for (let n = 1; n <= pdf.numPages; n++) {
            const page = await renderPdfPage(pdf, n, { dpi: 100 });
            const pixels = page.context.getImageData(0, 0, page.pixelWidth, page.pixelHeight).data;
            for (const span of spans) {
              for (const f of extracted.fragments) {
                const from = Math.max(span.start, f.start);
                const to = Math.min(span.end, f.end);
                if (f.page !== n || to - from < 3) continue;
                const centre = (from + to) / 2 - f.start;
                const x = f.box.x + (f.box.width * centre) / (f.end - f.start);
                const y = f.box.y + f.box.height * 0.55;
                const i =
                  (Math.round(y * page.scale) * page.pixelWidth + Math.round(x * page.scale)) * 4;
                expect(
                  pixels[i] ?? 255,
                  `${span.type} on page ${n} at ${x.toFixed(1)},${y.toFixed(1)}`,
                ).toBeLessThan(64);
                sampled++;
              }
            }
            page.release();
          }
          expect(sampled).toBeGreaterThanOrEqual(spans.length);
        }
        await pdf.destroy();
      }
    },
  );
});
