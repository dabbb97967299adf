import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymise } from '../../src/anonymise/anonymise.js';
import type { DocumentText } from '../../src/domain/documentText.js';
import type { Span } from '../../src/domain/span.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import { holdsValue } from '../../src/domain/valueMatching.js';
import { redactPdf } from '../../src/write/redactedPdf.js';
import { writeRedactedPdf } from '../../src/pipeline/redactedCopies.js';
import { pageText } from '../../src/verify/verifyRedactedPdf.js';
import type { GeneratedDocument } from '../../templates/generateDocuments.js';
import {
  drawableDocuments,
  goldSpansIn,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  writeGoldPdf,
} from './goldPdf.js';
import type { GoldPdf } from './goldPdf.js';

interface Case {
  readonly doc: GeneratedDocument;
  readonly file: string;
  readonly gold: GoldPdf;
  readonly extracted: DocumentText;
  readonly spans: Span[];
  readonly anonymized: string;
}

let dir: string;
const cases: Case[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finredact-pdf-redact-'));
  for (const doc of await drawableDocuments(3, 20261122)) {
    const file = join(dir, `${doc.id}.pdf`);
    const gold = await writeGoldPdf(doc, file);
    const extracted = await extractDocument(file, { ocr: 'never' });
    const spans = goldSpansIn(extracted.text, doc);
    cases.push({ doc, file, gold, extracted, spans, anonymized: anonymise(extracted.text, spans) });
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function inputOf(c: Case) {
  return {
    file: c.file,
    pageInfo: c.extracted.pages,
    fragments: c.extracted.fragments,
    spans: c.spans,
    anonymized: c.anonymized,
    text: c.extracted.text,
  };
}

async function allText(
  bytes: Uint8Array,
): Promise<{ text: string; info: string; pages: number; sizes: number[][] }> {
  const pdf = await loadPdf(bytes, 'redacted.pdf');
  try {
    let text = '';
    const sizes: number[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      text += await pageText(pdf, n);
      const { width, height } = (await pdf.getPage(n)).getViewport({ scale: 1 });
      sizes.push([width, height]);
    }
    const { info, metadata } = await pdf.getMetadata();
    return {
      text,
      info: JSON.stringify(info) + (metadata?.getRaw() ?? ''),
      pages: pdf.numPages,
      sizes,
    };
  } finally {
    await pdf.destroy();
  }
}

describe('redactPdf on generated documents with gold spans', () => {
  it('found drawable generated documents, with PII of several types in each', () => {
    expect(cases).toHaveLength(3);
    for (const c of cases) {
      expect(new Set(c.spans.map((s) => s.type)).size).toBeGreaterThan(1);
      // The originals do expose the values: the checks below would catch a copy of the original.
      expect(holdsValue(c.extracted.text, c.spans[0]!.text, 'any')).toBe(true);
    }
  });

  it('leaves no gold value in the extractable text or metadata, and keeps page count and sizes', async () => {
    for (const c of cases) {
      const redacted = await redactPdf(inputOf(c), { dpi: 200, searchable: false });
      const out = await allText(redacted.bytes);
      expect(out.pages).toBe(c.gold.pages);
      for (const size of out.sizes) {
        expect(size[0]).toBeCloseTo(PAGE_WIDTH, 1);
        expect(size[1]).toBeCloseTo(PAGE_HEIGHT, 1);
      }
      for (const span of c.spans) {
        expect(holdsValue(out.text, span.text, 'any'), `${span.type} in text`).toBe(false);
        expect(holdsValue(out.info, span.text, 'any'), `${span.type} in metadata`).toBe(false);
      }
      // The generator's title (set on the original) is gone too.
      expect(out.info).not.toContain('Generated');
    }
  });

  it('covers every ink pixel of every gold character and leaves the text away from spans readable', async () => {
    for (const c of cases) {
      const redacted = await redactPdf(inputOf(c), { dpi: 200, searchable: false });
      const original = await loadPdf(await readFile(c.file), c.file);
      const pdf = await loadPdf(redacted.bytes, 'redacted.pdf');
      try {
        const inSpan = new Set<number>();
        for (const g of c.doc.spans) for (let o = g.start; o < g.end; o++) inSpan.add(o);
        const nearSpan = (o: number): boolean => [-1, 0, 1].some((d) => inSpan.has(o + d));
        let goldInk = 0;
        let otherSampled = 0;
        let otherDark = 0;
        for (let n = 1; n <= pdf.numPages; n++) {
          const before = await renderPdfPage(original, n, { dpi: 100 });
          const after = await renderPdfPage(pdf, n, { dpi: 100 });
          expect([after.pixelWidth, after.pixelHeight]).toEqual([
            before.pixelWidth,
            before.pixelHeight,
          ]);
          const { pixelWidth: w, pixelHeight: h, scale } = before;
          const ink = before.context.getImageData(0, 0, w, h).data;
          const out = after.context.getImageData(0, 0, w, h).data;
          // Covered by a box: dark with its eight neighbours. A stroke of print is thinner than
          // that, so a glyph printed at 1 bit per pixel (its edges black, not grey) is not a box.
          const isDark = (x: number, y: number): boolean => {
            const cx = Math.round(x * scale);
            const cy = Math.round(y * scale);
            for (let dy = -1; dy <= 1; dy++)
              for (let dx = -1; dx <= 1; dx++)
                if ((out[((cy + dy) * w + cx + dx) * 4] ?? 255) >= 64) return false;
            return true;
          };
          for (const [offset, glyph] of c.gold.glyphs) {
            if (glyph.page !== n) continue;
            const { x: gx, y: gy, width: gw, height: gh } = glyph.box;
            if (inSpan.has(offset)) {
              // Every pixel the original inked for this glyph (its advance box from cap height
              // down through the descender) must be black in the copy.
              const x0 = Math.floor(gx * scale);
              const x1 = Math.ceil((gx + gw) * scale);
              const y0 = Math.floor((gy - 0.15 * gh) * scale);
              const y1 = Math.ceil((gy + gh + 0.35 * gh) * scale);
              for (let py = y0; py < y1; py++) {
                for (let px = x0; px < x1; px++) {
                  const i = (py * w + px) * 4;
                  if ((ink[i] ?? 255) >= 128) continue;
                  goldInk++;
                  expect(
                    out[i] ?? 255,
                    `char ${offset} of ${c.doc.id}, page ${n}, pixel ${px},${py}`,
                  ).toBeLessThan(64);
                }
              }
            } else if (!nearSpan(offset)) {
              otherSampled++;
              // A glyph's top corner is paper unless a redaction box covers it.
              if (isDark(gx + 0.3, gy + 0.3) && isDark(gx + gw / 2, gy + 0.3)) otherDark++;
            }
          }
          before.release();
          after.release();
        }
        expect(goldInk).toBeGreaterThan(500);
        expect(otherSampled).toBeGreaterThan(100);
        expect(otherDark / otherSampled).toBeLessThan(0.01);
      } finally {
        await original.destroy();
        await pdf.destroy();
      }
    }
  });

  it('in searchable mode holds the anonymised text but no gold value', async () => {
    for (const c of cases) {
      const redacted = await redactPdf(inputOf(c), { dpi: 200, searchable: true });
      const out = await allText(redacted.bytes);
      for (const span of c.spans) {
        expect(holdsValue(out.text, span.text, 'any'), span.type).toBe(false);
      }
      const placeholders = c.anonymized.match(/\[[A-Z ]+ REDACTED\]/gu) ?? [];
      expect(placeholders.length).toBeGreaterThan(0);
      for (const placeholder of new Set(placeholders)) expect(out.text).toContain(placeholder);
      // Every line of the anonymised text is there, up to spacing.
      const squash = (s: string): string => s.replace(/\s+/gu, '');
      const lines = c.anonymized
        .split('\n')
        .filter((l) => l.trim() !== '' && /^[\x20-\x7e]*$/u.test(l));
      expect(lines.length).toBeGreaterThan(3);
      for (const line of lines) expect(squash(out.text)).toContain(squash(line));
    }
  });

  it('writes atomically to the output path and reports pages and bytes', async () => {
    const c = cases[0]!;
    const outPath = join(dir, 'out', 'nested', 'redacted.pdf');
    const result = await writeRedactedPdf(inputOf(c), outPath, { dpi: 200, searchable: false });
    const written = await readFile(outPath);
    expect(result).toEqual({ pages: c.gold.pages, bytes: written.length });
    expect(await readdir(join(dir, 'out', 'nested'))).toEqual(['redacted.pdf']);
  });
});
