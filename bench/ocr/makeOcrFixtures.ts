/**
 * Writes the small committed OCR fixtures in test/ocr/fixtures/ (`npm run fixtures:ocr`):
 * the top of generated documents, typeset, rendered and degraded like scans, in every image
 * format we accept plus an image-only PDF, and `fixtures.json` with each one's reference text
 * and gold values. Deterministic: running it again rewrites the same files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  linesHeightPt,
  scanPage,
  scansToTiff,
  scanToImagePdf,
  scanToJpeg,
  scanToPng,
  typesetPage,
  type Degradation,
  type GoldValue,
} from './scanFixtures.js';

const OUT_DIR = path.join(import.meta.dirname, '..', '..', 'test', 'ocr', 'fixtures');

export interface FixtureEntry {
  readonly file: string;
  readonly dpi: number;
  readonly degradation: Degradation;
  /** Reference text per page. */
  readonly pages: readonly { readonly text: string; readonly gold: readonly GoldValue[] }[];
}

async function page(seed: number, lines: number, dpi: number, degradation: Degradation) {
  const typeset = await typesetPage(seed, lines);
  const drawnLines = typeset.text.split('\n').length;
  const scan = await scanPage(typeset.pdf, dpi, degradation, linesHeightPt(drawnLines));
  return { typeset, scan };
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const entries: FixtureEntry[] = [];
  const save = async (
    file: string,
    bytes: Uint8Array,
    entry: Omit<FixtureEntry, 'file'>,
  ): Promise<void> => {
    await writeFile(path.join(OUT_DIR, file), bytes);
    entries.push({ file, ...entry });
    console.log(`${file}: ${(bytes.length / 1024).toFixed(0)} KiB`);
  };

  const skewed: Degradation = { rotate: 1.2, blur: 0.6, noise: 0, seed: 11 };
  const a = await page(21, 14, 300, skewed);
  await save('letter-300dpi-skewed.png', await scanToPng(a.scan, 16), {
    dpi: 300,
    degradation: skewed,
    pages: [{ text: a.typeset.text, gold: a.typeset.gold }],
  });

  const noisy: Degradation = { rotate: -0.8, blur: 0.7, noise: 8, seed: 12 };
  const b = await page(22, 12, 300, noisy);
  await save('letter-300dpi-noisy.jpg', await scanToJpeg(b.scan, 75), {
    dpi: 300,
    degradation: noisy,
    pages: [{ text: b.typeset.text, gold: b.typeset.gold }],
  });

  // Equal |rotation| keeps both pages the same size, which one TIFF of stacked pages needs.
  const tiffPages = await Promise.all([
    page(23, 8, 200, { rotate: 0.5, blur: 0.5, noise: 0, seed: 13 }),
    page(24, 8, 200, { rotate: -0.5, blur: 0.5, noise: 0, seed: 14 }),
  ]);
  await save('two-pages-200dpi.tiff', await scansToTiff(tiffPages.map((p) => p.scan)), {
    dpi: 200,
    degradation: { rotate: 0.5, blur: 0.5, noise: 0, seed: 13 },
    pages: tiffPages.map((p) => ({ text: p.typeset.text, gold: p.typeset.gold })),
  });

  const scanned: Degradation = { rotate: 0.6, blur: 0.6, noise: 6, seed: 15 };
  const c = await page(25, 10, 300, scanned);
  await save('scanned-300dpi.pdf', await scanToImagePdf(c.scan, 70), {
    dpi: 300,
    degradation: scanned,
    pages: [{ text: c.typeset.text, gold: c.typeset.gold }],
  });

  await writeFile(path.join(OUT_DIR, 'fixtures.json'), JSON.stringify(entries, null, 2) + '\n');
  console.log(
    `wrote ${entries.length} fixtures and fixtures.json to ${path.relative(process.cwd(), OUT_DIR)}`,
  );
}

await main();
