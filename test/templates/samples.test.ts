import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import mammoth from 'mammoth';

interface SampleGold {
  file: string;
  format: 'txt' | 'pdf' | 'docx';
  text: string;
  spans: { start: number; end: number; type: string; value: string }[];
}

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

async function extractPdf(path: string): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(readFileSync(path)),
    useSystemFonts: false,
    standardFontDataUrl: join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts/'),
  }).promise;
  const pages: string[] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    const content = await (await pdf.getPage(p)).getTextContent();
    pages.push(
      content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : ' ') : '')).join(''),
    );
  }
  await pdf.destroy();
  return pages.join('\n');
}

function readGold(goldPath: string): SampleGold[] {
  return readFileSync(goldPath, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as SampleGold);
}

describe.each([
  ['samples', 'test/fixtures/samples-gold.jsonl'],
  ['test/fixtures/generated/pdf', 'test/fixtures/generated/pdf/gold.jsonl'],
])('generated documents in %s', (dir, goldPath) => {
  const gold = readGold(goldPath);

  it('has gold spans that slice to their values', () => {
    for (const g of gold) {
      expect(existsSync(join(dir, g.file))).toBe(true);
      for (const s of g.spans) expect(g.text.slice(s.start, s.end)).toBe(s.value);
      expect(new Set(g.spans.map((s) => s.type)).size).toBeGreaterThanOrEqual(5);
    }
  });

  it('holds every gold value in the text a reader extracts from the file', async () => {
    for (const g of gold) {
      const path = join(dir, g.file);
      let extracted: string;
      if (g.format === 'txt') {
        extracted = readFileSync(path, 'utf8');
        expect(extracted.trimEnd()).toBe(g.text);
      } else if (g.format === 'pdf') {
        extracted = await extractPdf(path);
      } else {
        extracted = (await mammoth.extractRawText({ path })).value;
      }
      const flat = collapse(extracted);
      const missing = g.spans.map((s) => collapse(s.value)).filter((v) => !flat.includes(v));
      expect(missing, `${g.file}`).toEqual([]);
    }
  });
});

describe('generated fixture corpus', () => {
  it('holds 200 documents in the JSONL schema', () => {
    const lines = readFileSync('test/fixtures/generated/synth-200.jsonl', 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(200);
    for (const l of lines) {
      const d = JSON.parse(l) as { text: string; spans: { start: number; end: number }[] };
      for (const s of d.spans) expect(s.end).toBeLessThanOrEqual(d.text.length);
    }
  });
});
