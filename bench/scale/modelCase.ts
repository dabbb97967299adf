/**
 * One model-on case of `npm run bench:pipeline`, in a process of its own so its peak RSS is its
 * own. Documents come from the generator (seed 4242, bench:presidio's texts), one per page:
 *   pages <n>   n one-page text PDFs, one generated document each (≈ 800 characters a page)
 *   dense <n>   n text-PDF pages of 2,000–4,000 characters (generated documents run together),
 *               five pages to a file: invoice and statement pages of realistic density
 *   batch <n>   n small .txt files, one generated document each (memory over a long batch)
 *   scanned <n> one n-page scanned report: dense pages as above, each printed to a 200 DPI
 *               grey JPEG, so every page is OCR'd
 * Every case runs `runBatch` as `finredact redact` does by default (model on, concurrency 2,
 * Results.xlsx + anonymised text + detections.jsonl; `FORMATS=xlsx,txt,json,pdf` adds the
 * redacted copies and their read-back) and prints one JSON line.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { iterateDocuments } from '../../templates/generateDocuments.js';
import sharp from 'sharp';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import type { OutputFormat } from '../../src/domain/fileResult.js';

/** Each page of a text PDF printed and scanned: a 200 DPI grey JPEG a page, no text layer. */
async function scanned(bytes: Uint8Array): Promise<Uint8Array> {
  const source = await loadPdf(bytes, 'report.pdf');
  const out = await PDFDocument.create();
  try {
    for (let n = 1; n <= source.numPages; n++) {
      const page = await renderPdfPage(source, n, { dpi: 200 });
      const raw = page.pixels();
      const jpeg = await sharp(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
        raw: { width: page.pixelWidth, height: page.pixelHeight, channels: 4 },
      })
        .grayscale()
        .jpeg({ quality: 80 })
        .toBuffer();
      page.release();
      const image = await out.embedJpg(jpeg);
      out.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    }
  } finally {
    await source.destroy();
  }
  return out.save();
}

const [kind, sizeArg] = process.argv.slice(2);
const size = Number(sizeArg);
const WRAP = 105;
const LINE_HEIGHT = 12;

/** The generator's text as the lines a page prints: long lines wrapped, Latin-1 only. */
function printable(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.replace(/[^\n\x20-\x7e\xa0-\xff]/g, '?').split('\n')) {
    for (let at = 0; at < raw.length || at === 0; at += WRAP) lines.push(raw.slice(at, at + WRAP));
  }
  return lines;
}

function drawPage(doc: PDFDocument, font: PDFFont, lines: readonly string[]): void {
  const page = doc.addPage([595, 842]);
  lines.forEach((line, n) =>
    page.drawText(line, { x: 40, y: 800 - n * LINE_HEIGHT, size: 8.5, font }),
  );
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'finredact-model-case-'));
  const inDir = join(dir, 'in');
  await mkdir(inDir);
  try {
    const docs = iterateDocuments({ n: 1_000_000, seed: 4242 });
    let pages = 0;
    let chars = 0;
    if (kind === 'batch') {
      for (let i = 0; i < size; i++) {
        const text = docs.next().value!.text;
        chars += text.length;
        await writeFile(join(inDir, `doc-${i}.txt`), text);
      }
    } else if (kind === 'pages') {
      for (let i = 0; i < size; i++) {
        const lines = printable(docs.next().value!.text).slice(0, 62);
        chars += lines.join('\n').length;
        const doc = await PDFDocument.create();
        drawPage(doc, await doc.embedFont(StandardFonts.Helvetica), lines);
        await writeFile(join(inDir, `page-${i}.pdf`), await doc.save());
        pages++;
      }
    } else if (kind === 'scanned') {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      let lines: string[] = [];
      while (pages < size) {
        lines.push(...printable(docs.next().value!.text), '');
        if (lines.join('\n').length < 2000) continue;
        const page = lines.slice(0, 62);
        lines = [];
        chars += page.join('\n').length;
        drawPage(doc, font, page);
        pages++;
      }
      await writeFile(join(inDir, 'scanned-report.pdf'), await scanned(await doc.save()));
    } else {
      let doc = await PDFDocument.create();
      let font = await doc.embedFont(StandardFonts.Helvetica);
      let file = 0;
      let lines: string[] = [];
      while (pages < size) {
        // Whole documents until the page holds at least 2,000 characters, at most 62 lines.
        lines.push(...printable(docs.next().value!.text), '');
        if (lines.join('\n').length < 2000) continue;
        const page = lines.slice(0, 62);
        lines = [];
        chars += page.join('\n').length;
        drawPage(doc, font, page);
        pages++;
        if (pages % 5 === 0 || pages === size) {
          await writeFile(join(inDir, `report-${file++}.pdf`), await doc.save());
          doc = await PDFDocument.create();
          font = await doc.embedFont(StandardFonts.Helvetica);
        }
      }
    }
    const started = performance.now();
    const results = await runBatch([inDir], join(dir, 'out'), {
      ...DEFAULT_REDACT_OPTIONS,
      ner: true,
      nerRequired: true,
      // MODEL_THREADS / CONCURRENCY override the defaults, to compare thread plans.
      ...(process.env.MODEL_THREADS ? { nerThreads: Number(process.env.MODEL_THREADS) } : {}),
      ...(process.env.CONCURRENCY ? { concurrency: Number(process.env.CONCURRENCY) } : {}),
      formats: (process.env.FORMATS?.split(',') ?? ['xlsx', 'txt', 'json']) as OutputFormat[],
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      JSON.stringify({
        kind,
        size,
        files: results.length,
        failed: results.filter((r) => r.status !== 'ok').length,
        errors: results.flatMap((r) => (r.error ? [r.error.slice(0, 300)] : [])),
        pages,
        chars,
        spans: results.reduce((n, r) => n + r.spans.length, 0),
        seconds,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
