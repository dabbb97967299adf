/**
 * Redacted-PDF writing speed and size: pages per second and output KB per page, at the default
 * 200 DPI and at 300 DPI, with and without the searchable text layer.
 *   npm run bench:pdf            (12 generated documents + a dense text page + a photo-like page)
 *   npm run bench:pdf -- 4       (fewer generated documents)
 * Corpus: generated documents (templates/) laid out as text PDFs with their gold spans redacted,
 * one full page of dense text (the worst case for lossless compression) and one page holding a
 * noisy photograph-like image (where JPEG should win). Timings cover everything redactPdf does:
 * render, paint, encode, assemble, verify.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { anonymise } from '../src/anonymise/anonymise.js';
import { makeSpan } from '../src/domain/span.js';
import { extractDocument } from '../src/extract/extractDocument.js';
import { redactPdf } from '../src/write/redactedPdf.js';
import type { RedactedPdfInput } from '../src/write/redactedPdf.js';
import { verifyRedactedPdf } from '../src/verify/verifyRedactedPdf.js';
import { drawableDocuments, goldSpansIn, writeGoldPdf } from '../test/pdf-redact/goldPdf.js';

const generatedCount = Number(process.argv[2] ?? 12);
const dir = await mkdtemp(join(tmpdir(), 'finredact-bench-pdf-'));

async function denseTextPdf(file: string): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  for (let i = 0; i < 62; i++) {
    const line = `${i + 1}. Invoice line ${1000 + i}: consulting services for Jane Example, EUR ${(i * 137.41).toFixed(2)} net`;
    page.drawText(line, { x: 40, y: 810 - i * 12.8, size: 9, font });
  }
  await writeFile(file, await doc.save());
}

async function photoPdf(file: string): Promise<void> {
  // Smooth gradients plus noise: what a phone photo of a receipt looks like to an encoder.
  const width = 600;
  const height = 800;
  const rgb = new Uint8Array(width * height * 3);
  let seed = 12345;
  const noise = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 40) - 20;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      rgb[i] = Math.max(0, Math.min(255, 180 + (x % 97) - (y % 53) + noise()));
      rgb[i + 1] = Math.max(0, Math.min(255, 160 + ((x + y) % 71) + noise()));
      rgb[i + 2] = Math.max(0, Math.min(255, 140 + (y % 89) + noise()));
    }
  }
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(width, height);
  for (let p = 0; p < width * height; p++) {
    image.data[p * 4] = rgb[p * 3] ?? 0;
    image.data[p * 4 + 1] = rgb[p * 3 + 1] ?? 0;
    image.data[p * 4 + 2] = rgb[p * 3 + 2] ?? 0;
    image.data[p * 4 + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawImage(await doc.embedJpg(await canvas.encode('jpeg', 85)), {
    x: 0,
    y: 0,
    width: 595,
    height: 842,
  });
  page.drawText('Receipt for Jane Example', { x: 60, y: 760, size: 16, font });
  await writeFile(file, await doc.save());
}

/** Redaction input for a PDF: extraction plus spans for `values` (or for gold spans). */
async function inputFor(
  file: string,
  spansOf: (text: string) => RedactedPdfInput['spans'],
): Promise<RedactedPdfInput> {
  const extracted = await extractDocument(file, { ocr: 'never' });
  const spans = spansOf(extracted.text);
  return {
    file,
    pageInfo: extracted.pages,
    fragments: extracted.fragments,
    spans,
    anonymized: anonymise(extracted.text, spans),
    text: extracted.text,
  };
}

function spansFor(value: string) {
  return (text: string) =>
    [...text.matchAll(new RegExp(value, 'gu'))].map((m) =>
      makeSpan(text, m.index, m.index + value.length, 'NAME', 1, 'manual'),
    );
}

const corpus: { label: string; input: RedactedPdfInput }[] = [];
for (const doc of await drawableDocuments(generatedCount, 4242)) {
  const file = join(dir, `${doc.id}.pdf`);
  await writeGoldPdf(doc, file);
  corpus.push({
    label: 'generated',
    input: await inputFor(file, (text) => goldSpansIn(text, doc)),
  });
}
await denseTextPdf(join(dir, 'dense.pdf'));
corpus.push({
  label: 'dense text',
  input: await inputFor(join(dir, 'dense.pdf'), spansFor('Jane Example')),
});
await photoPdf(join(dir, 'photo.pdf'));
corpus.push({
  label: 'photo',
  input: await inputFor(join(dir, 'photo.pdf'), spansFor('Jane Example')),
});

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (model training may be running in the background)`,
);
console.log(
  `corpus: ${generatedCount} generated documents, 1 dense text page, 1 photo-like page; ${corpus.reduce((n, c) => n + c.input.pageInfo.length, 0)} pages`,
);

// Warm-up: first use loads pdf.js, fonts and the canvas library.
await redactPdf(corpus[0]!.input, { dpi: 200, searchable: false });

for (const [dpi, searchable] of [
  [200, false],
  [200, true],
  [300, false],
] as const) {
  const byLabel = new Map<
    string,
    { pages: number; bytes: number; ms: number; encodings: Map<string, number> }
  >();
  let verifyMs = 0;
  let cpuMs = 0;
  for (const { label, input } of corpus) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const result = await redactPdf(input, { dpi, searchable });
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    cpuMs += (cpu.user + cpu.system) / 1000;
    const row = byLabel.get(label) ?? {
      pages: 0,
      bytes: 0,
      ms: 0,
      encodings: new Map<string, number>(),
    };
    row.pages += result.pages;
    row.bytes += result.bytes.length;
    row.ms += ms;
    for (const image of result.pageImages)
      row.encodings.set(image.encoding, (row.encodings.get(image.encoding) ?? 0) + 1);
    byLabel.set(label, row);
    // Verification runs inside redactPdf; timed again on its own to show its share.
    const v = performance.now();
    await verifyRedactedPdf(
      result.bytes,
      {
        pageSizes: input.pageInfo.map((p) => ({ width: p.width, height: p.height })),
        spans: input.spans,
      },
      input.file,
    );
    verifyMs += performance.now() - v;
  }
  let pages = 0;
  let ms = 0;
  let bytes = 0;
  console.log(`\n${dpi} DPI${searchable ? ', searchable' : ''}:`);
  for (const [label, row] of byLabel) {
    pages += row.pages;
    ms += row.ms;
    bytes += row.bytes;
    const encodings = [...row.encodings].map(([e, n]) => `${e}×${n}`).join(' ');
    console.log(
      `  ${label.padEnd(10)} ${String(row.pages).padStart(3)} pages  ${(row.pages / (row.ms / 1000)).toFixed(2)} pages/s  ${(row.bytes / row.pages / 1024).toFixed(0)} KB/page  (${encodings})`,
    );
  }
  console.log(
    `  all        ${String(pages).padStart(3)} pages  ${(pages / (ms / 1000)).toFixed(2)} pages/s  ${(bytes / pages / 1024).toFixed(0)} KB/page  (verification ${(verifyMs / pages).toFixed(0)} ms/page of ${(ms / pages).toFixed(0)})`,
  );
  // Wall time depends on what else the machine runs; CPU time per page does much less.
  console.log(
    `  CPU time   ${(cpuMs / pages).toFixed(0)} ms/page → ${(pages / (cpuMs / 1000)).toFixed(2)} pages per CPU-second (main thread and native helpers)`,
  );
}

/**
 * Sizes before and after, as a user sees them: a 10-page text report and (where the evaluation
 * sets are present) each real PDF, redacted with the defaults — 200 DPI, searchable — against the
 * rule a copy must meet: no larger than 3 times the original or 100 KB a page, whichever is larger.
 */
async function reportPdf(file: string, pages: number): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Audit report, section ${p + 1}`, { x: 40, y: 800, size: 14, font });
    for (let i = 0; i < 55; i++) {
      const line = `${p + 1}.${i + 1} Reviewed the ledger of Jane Example for period ${i + 1}: balance EUR ${(i * 911.37 + p).toFixed(2)}, no exceptions.`;
      page.drawText(line, { x: 40, y: 770 - i * 13.2, size: 9, font });
    }
  }
  await writeFile(file, await doc.save());
}

function sizeLine(
  label: string,
  original: number,
  copy: number,
  pages: number,
  encodings: string,
): string {
  const limit = Math.max(3 * original, 100 * 1024 * pages);
  return `  ${label.padEnd(40)} ${String(pages).padStart(3)} pages  ${(original / 1024).toFixed(0).padStart(5)} KB → ${(copy / 1024).toFixed(0).padStart(5)} KB  ${(copy / 1024 / pages).toFixed(0).padStart(4)} KB/page  ${(copy / original).toFixed(1).padStart(4)}×  ${copy <= limit ? 'within' : 'OVER'} the limit  (${encodings})`;
}

const { readdir, stat } = await import('node:fs/promises');
const encodingsOf = (images: readonly { encoding: string }[]) => {
  const counts = new Map<string, number>();
  for (const i of images) counts.set(i.encoding, (counts.get(i.encoding) ?? 0) + 1);
  return [...counts].map(([e, n]) => `${e}×${n}`).join(' ');
};
console.log('\nsizes, defaults (200 DPI, searchable): original → redacted copy');
const report = join(dir, 'report-10-pages.pdf');
await reportPdf(report, 10);
{
  const input = await inputFor(report, spansFor('Jane Example'));
  const result = await redactPdf(input, { dpi: 200, searchable: true });
  console.log(
    sizeLine(
      '10-page text report (generated)',
      (await stat(report)).size,
      result.bytes.length,
      result.pages,
      encodingsOf(result.pageImages),
    ),
  );
}
for (const set of ['real-dev', 'real-dev2']) {
  const folder = join(import.meta.dirname, '..', '..', 'shared', 'datasets', set, 'docs');
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) =>
    n.endsWith('.pdf'),
  );
  if (names.length === 0) console.log(`  (${set}: not present, skipped)`);
  for (const name of names.sort()) {
    const file = join(folder, name);
    // No spans: the size of a copy does not depend on where its boxes are.
    const result = await redactPdf(
      { file, pageInfo: [], fragments: [], spans: [], anonymized: '', text: '' },
      { dpi: 200, searchable: true },
    );
    console.log(
      sizeLine(
        `${set}/${name}`,
        (await stat(file)).size,
        result.bytes.length,
        result.pages,
        encodingsOf(result.pageImages),
      ),
    );
  }
}

await rm(dir, { recursive: true, force: true });
