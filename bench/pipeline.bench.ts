/**
 * Core pipeline speed: extraction throughput per format, then whole `runBatch` runs writing
 * Results.xlsx, anonymised text and detections.jsonl, at concurrency 1 and 2 (patterns only);
 * then with the model, as `finredact redact` runs by default (bench/scale/modelCase.ts): 200
 * one-page text PDFs, dense 2,000–4,000-character pages, and 250 and 1,000 small files (peak
 * RSS over a long batch); and one small file as a user runs it (the built CLI, five fresh
 * processes: a .txt, and a one-page PDF with its copy). `MODEL=0` skips the model cases.
 *   npm run bench:pipeline          (40 txt, 20 five-page PDFs, 20 docx)
 *   npm run bench:pipeline -- 10    (10 / 5 / 5)
 * The documents are synthetic invoices made here; the machine's load average is printed because
 * a background job (model training) skews the figures.
 *
 * Then the cost of reading Office copies back (src/verify): Word copies built alone, and built
 * and read back, patterns only and with the model. Then, with the model, 200 one-page text PDFs
 * and a 100-page scanned report (`SCANNED_PAGES`) with their redacted copies, read back
 * (`COPIES=0` skips them).
 *
 * Then files from the world (bench/scale/worldCase.ts: wild-dev, real-dev and real-dev2 from
 * ../shared/datasets, with the model, every copy read back), with the share of time per stage;
 * `WORLD=0` skips it.
 *
 * Then the scale cases, each in a process of its own so its peak RSS is its own
 * (bench/scale/scaleCase.ts): one plain-text file of 1, 2, 4 and 8 MB through every text output
 * (time should grow linearly), and the redacted copy of a 100- and a 400-page text PDF (peak RSS
 * should stay nearly flat and under 1 GB). `SCALE=0` skips them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractDocument } from '../src/extract/extractDocument.js';
import { DEFAULT_REDACT_OPTIONS } from '../src/pipeline/redactOptions.js';
import { runBatch } from '../src/pipeline/runBatch.js';
import { cpuSummary } from './cpuSummary.js';
import type { FileResult } from '../src/domain/fileResult.js';

const txtCount = Number(process.argv[2] ?? 40);
const pdfCount = Math.max(1, Math.round(txtCount / 2));
const docxCount = pdfCount;
const PDF_PAGES = 5;

function invoiceLines(seed: number): string[] {
  const lines: string[] = [
    `INVOICE INV-${1000 + seed}`,
    `Bill to: Customer ${seed}`,
    `${seed} Example Road, Springfield`,
  ];
  for (let i = 0; i < 40; i++) {
    lines.push(
      i % 5 === 0
        ? `Contact c${seed}.${i}@example.com or +1 (555) 01${String(i).padStart(2, '0')}-${1000 + seed}`
        : `Item ${i}: consulting services, ${i} h at 120.00 = ${(i * 120).toFixed(2)} EUR`,
    );
  }
  lines.push('Card 4111 1111 1111 1111, SSN 123-45-6789, portal example.com/pay');
  return lines;
}

async function makeCorpus(dir: string): Promise<{ txt: string[]; pdf: string[]; docx: string[] }> {
  const txt: string[] = [];
  const pdf: string[] = [];
  const docx: string[] = [];
  for (let i = 0; i < txtCount; i++) {
    const file = join(dir, 'in', `invoice-${i}.txt`);
    await writeFile(file, invoiceLines(i).join('\n'));
    txt.push(file);
  }
  for (let i = 0; i < pdfCount; i++) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < PDF_PAGES; p++) {
      const page = doc.addPage([595, 842]);
      invoiceLines(i * 10 + p).forEach((line, n) =>
        page.drawText(line, { x: 50, y: 800 - n * 18, size: 10, font }),
      );
    }
    const file = join(dir, 'in', `statement-${i}.pdf`);
    await writeFile(file, await doc.save());
    pdf.push(file);
  }
  for (let i = 0; i < docxCount; i++) {
    const doc = new Document({
      sections: [
        { children: invoiceLines(i).map((l) => new Paragraph({ children: [new TextRun(l)] })) },
      ],
    });
    const file = join(dir, 'in', `letter-${i}.docx`);
    await writeFile(file, await Packer.toBuffer(doc));
    docx.push(file);
  }
  return { txt, pdf, docx };
}

async function timeExtraction(
  label: string,
  files: readonly string[],
  unit: (pages: number, chars: number) => string,
): Promise<void> {
  const start = performance.now();
  let pages = 0;
  let chars = 0;
  for (const file of files) {
    const doc = await extractDocument(file, { ocr: 'never' });
    pages += doc.pages.length;
    chars += doc.text.length;
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `extract ${label.padEnd(5)} ${files.length} files in ${seconds.toFixed(2)} s: ${(files.length / seconds).toFixed(1)} files/s, ${unit(pages / seconds, chars / seconds)}`,
  );
}

/**
 * An Excel 97 export that declares A1:R65536 for 100 filled cells (banks' exports do): reading
 * it must follow the cells, not the declared range (issue: such a 19 KB file ran over 400 s).
 */
async function timeDeclaredRange(dir: string): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const rows = Array.from({ length: 25 }, (_, r) => [
    `2026-01-${(r % 28) + 1}`,
    `Payment ${r}`,
    `${r}.50`,
    'EUR',
  ]);
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!ref'] = 'A1:R65536';
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Export');
  const file = join(dir, 'in-declared', 'export.xls');
  await import('node:fs/promises').then((fs) => fs.mkdir(join(dir, 'in-declared')));
  await writeFile(file, XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
  const start = performance.now();
  const doc = await extractDocument(file, { ocr: 'never' });
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `extract xls declaring A1:R65536 with 100 filled cells: ${seconds.toFixed(2)} s (${doc.text.length} chars)`,
  );
}

const dir = await mkdtemp(join(tmpdir(), 'finredact-bench-pipeline-'));
try {
  await import('node:fs/promises').then((fs) => fs.mkdir(join(dir, 'in')));
  const corpus = await makeCorpus(dir);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // Warm up pdf.js and mammoth so module loading is not timed.
  await extractDocument(corpus.pdf[0]!, { ocr: 'never' });
  await extractDocument(corpus.docx[0]!, { ocr: 'never' });
  await timeExtraction('txt', corpus.txt, (_p, c) => `${(c / 1e6).toFixed(2)} M chars/s`);
  await timeExtraction('pdf', corpus.pdf, (p) => `${p.toFixed(1)} pages/s`);
  await timeExtraction('docx', corpus.docx, (_p, c) => `${(c / 1e6).toFixed(2)} M chars/s`);
  await timeDeclaredRange(dir);

  const total = corpus.txt.length + corpus.pdf.length + corpus.docx.length;
  for (const concurrency of [1, 2]) {
    const start = performance.now();
    const results = await runBatch([join(dir, 'in')], join(dir, `out-${concurrency}`), {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      concurrency,
      formats: ['xlsx', 'txt', 'json'],
    });
    const seconds = (performance.now() - start) / 1000;
    const spans = results.reduce((n, r) => n + r.spans.length, 0);
    const failed = results.filter((r) => r.status !== 'ok').length;
    console.log(
      `runBatch concurrency ${concurrency}: ${total} files (${corpus.pdf.length * PDF_PAGES} PDF pages) in ${seconds.toFixed(2)} s = ${(total / seconds).toFixed(1)} files/s, ${spans} spans, ${failed} failed`,
    );
  }
  await timeReadBack(corpus.docx, dir);
} finally {
  await rm(dir, { recursive: true, force: true });
}

/**
 * What the second reading of Office copies costs (src/verify): each Word file's redacted copy
 * built alone, then built and read back (the copy opened again and every zip part read, the
 * detector run on what comes back), patterns only and, unless MODEL=0, with the model.
 */
async function timeReadBack(files: readonly string[], dir: string): Promise<void> {
  const { createRunDetector } = await import('../src/pipeline/createRunDetector.js');
  const { processFile } = await import('../src/pipeline/processFile.js');
  const { writeRedactedCopy } = await import('../src/pipeline/redactedCopies.js');
  const { readBackOptions } = await import('../src/pipeline/readBackAdditions.js');
  for (const ner of process.env.MODEL === '0' ? [false] : [false, true]) {
    const opts = { ...DEFAULT_REDACT_OPTIONS, ner, concurrency: 1 };
    const detector = await createRunDetector(opts, () => undefined);
    const results: FileResult[] = [];
    for (const file of files)
      results.push(await processFile({ file, relativePath: file }, { detector }, opts));
    const time = async (readBack: boolean) => {
      const start = performance.now();
      for (const [i, r] of results.entries()) {
        const out = join(dir, `copies-${ner}-${readBack}`, `${i}.docx`);
        const written = await writeRedactedCopy(
          r,
          out,
          opts,
          readBack ? readBackOptions(detector, opts) : undefined,
        );
        if (written.status !== 'ok') throw new Error(written.error);
      }
      return (performance.now() - start) / 1000;
    };
    const alone = await time(false);
    const checked = await time(true);
    console.log(
      `Word copies ${ner ? 'with the model' : 'patterns only'}: ${files.length} built in ${alone.toFixed(2)} s (${(files.length / alone).toFixed(1)}/s); built and read back in ${checked.toFixed(2)} s (${(files.length / checked).toFixed(1)}/s, read-back ${(((checked - alone) / alone) * 100).toFixed(0)}% more)`,
    );
    await detector.close?.();
  }
}

/** Runs one case script of bench/scale/ in its own process and returns the JSON it printed. */
function caseInOwnProcess(
  script: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Record<string, number | string> {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'scale', script), ...args],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...env } },
  );
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !line.startsWith('{')) {
    throw new Error(`${script} ${args.join(' ')} failed: ${run.stderr.slice(-2000)}`);
  }
  return JSON.parse(line) as Record<string, number | string>;
}

function scaleCase(
  kind: 'text' | 'pdf' | 'csv' | 'xlsx',
  size: number,
): Record<string, number | string> {
  return caseInOwnProcess('scaleCase.ts', [kind, String(size)]);
}

/** A model-on case (bench/scale/modelCase.ts): every figure it prints is a number. */
function modelCase(
  kind: 'pages' | 'dense' | 'batch' | 'scanned',
  size: number,
  env: Record<string, string> = {},
): Record<string, number> {
  return caseInOwnProcess('modelCase.ts', [kind, String(size)], env) as Record<string, number>;
}

if (process.env.MODEL !== '0') {
  console.log(
    `\nwith the model (finredact redact's defaults: concurrency 2, xlsx+txt+json); CPU: ${cpuSummary()}`,
  );
  const pages = modelCase('pages', 200);
  console.log(
    `200 one-page text PDFs, one generated document each (${Math.round(pages.chars! / pages.pages!)} chars/page): ${pages.seconds!.toFixed(1)} s = ${(pages.pages! / pages.seconds!).toFixed(1)} pages/s, ${Math.round(pages.chars! / pages.seconds!).toLocaleString('en-US')} chars/s, ${pages.spans} spans, ${pages.failed} failed, peak RSS ${pages.peakRssMb!.toFixed(0)} MB`,
  );
  const dense = modelCase('dense', 60);
  console.log(
    `60 dense text-PDF pages, 5 to a file (${Math.round(dense.chars! / dense.pages!)} chars/page): ${dense.seconds!.toFixed(1)} s = ${(dense.pages! / dense.seconds!).toFixed(2)} pages/s, ${Math.round(dense.chars! / dense.seconds!).toLocaleString('en-US')} chars/s, ${dense.spans} spans, ${dense.failed} failed, peak RSS ${dense.peakRssMb!.toFixed(0)} MB`,
  );
  for (const files of [250, 1000]) {
    const batch = modelCase('batch', files);
    console.log(
      `${files} small .txt files: ${batch.seconds!.toFixed(1)} s = ${(files / batch.seconds!).toFixed(1)} files/s, ${batch.failed} failed, peak RSS ${batch.peakRssMb!.toFixed(0)} MB`,
    );
  }
}

/**
 * One small file as a user runs it: the built CLI started afresh each time (module loading and
 * the model's load are most of it), wall time from spawn to exit, the model on, default outputs;
 * the bin (bundled, scripts/bundle-cli.mjs) and tsc's unbundled modules it is made from.
 */
async function smallFileRuns(): Promise<void> {
  const clis = [
    {
      name: 'the bin',
      path: join(import.meta.dirname, '..', 'dist', 'src', 'bin', 'finredact.js'),
    },
    {
      name: 'unbundled',
      path: join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js'),
    },
  ];
  if (clis.some((cli) => !existsSync(cli.path))) {
    console.log('one small file: dist/ not built (npm run build), skipped');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'finredact-small-'));
  try {
    const txt = join(dir, 'note.txt');
    await writeFile(txt, invoiceLines(7).slice(0, 6).join('\n'));
    const pdf = join(dir, 'invoice.pdf');
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    invoiceLines(8).forEach((line, n) =>
      page.drawText(line, { x: 50, y: 800 - n * 18, size: 10, font }),
    );
    await writeFile(pdf, await doc.save());
    const cases = [
      { name: 'a 6-line .txt (xlsx+txt+json)', file: txt, formats: [] as string[] },
      {
        name: 'a one-page text PDF with its redacted copy',
        file: pdf,
        formats: ['--formats', 'xlsx,txt,json,pdf'],
      },
    ];
    for (const c of cases) {
      for (const cli of clis) await fiveRuns(c, cli);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  async function fiveRuns(
    c: { name: string; file: string; formats: string[] },
    cli: { name: string; path: string },
  ): Promise<void> {
    const walls: number[] = [];
    for (let run = 0; run < 5; run++) {
      const out = join(dir, `out-${run}`);
      const started = performance.now();
      const r = spawnSync(
        process.execPath,
        [cli.path, 'redact', c.file, '--out', out, ...c.formats],
        { encoding: 'utf8' },
      );
      walls.push((performance.now() - started) / 1000);
      if (r.status !== 0) throw new Error(`finredact redact ${c.file} failed: ${r.stderr}`);
      await rm(out, { recursive: true, force: true });
    }
    walls.sort((a, b) => a - b);
    console.log(
      `one small file, ${c.name}, five fresh runs of ${cli.name}: median ${walls[2]!.toFixed(2)} s (${walls[0]!.toFixed(2)}–${walls[4]!.toFixed(2)} s)`,
    );
  }
}

if (process.env.MODEL !== '0') await smallFileRuns();

if (process.env.MODEL !== '0' && process.env.COPIES !== '0') {
  // Redacted copies and their second reading (src/verify, verifyPixels): text-layer pages are
  // read back only where they draw images or shapes without text; every scanned page is OCR'd
  // again and run through the full detector. `COPIES=0` skips these (the scan takes minutes).
  const copies = { FORMATS: 'xlsx,txt,json,pdf' };
  const pages = modelCase('pages', 200, copies);
  console.log(
    `200 one-page text PDFs with redacted copies: ${pages.seconds!.toFixed(1)} s = ${(pages.pages! / pages.seconds!).toFixed(1)} pages/s, ${pages.spans} spans, ${pages.failed} failed, peak RSS ${pages.peakRssMb!.toFixed(0)} MB`,
  );
  const scan = modelCase('scanned', Number(process.env.SCANNED_PAGES ?? 100), copies);
  console.log(
    `a ${scan.pages}-page scanned report with its redacted copy: ${scan.seconds!.toFixed(1)} s = ${(scan.pages! / scan.seconds!).toFixed(2)} pages/s, ${scan.spans} spans, ${scan.failed} failed, peak RSS ${scan.peakRssMb!.toFixed(0)} MB`,
  );
}

if (process.env.MODEL !== '0' && process.env.WORLD !== '0') {
  // Files from the world (wild-dev, real-dev, real-dev2 beside the checkout), every copy read
  // back: about 11 minutes on 2 cores. `WORLD=0` skips it; run alone with
  // `node --import tsx bench/scale/worldCase.ts`.
  const world = caseInOwnProcess('worldCase.ts', []);
  if (Number(world.folders) > 0) {
    const shares = Object.entries(world)
      .filter(([k]) => k.startsWith('share '))
      .map(([k, v]) => `${k.slice(6)} ${Number(v).toFixed(1)}%`)
      .join(', ');
    console.log(
      `files from the world (${world.folders} folders, ${world.files} files, ${world.pages} pages; a file without pages counts one): ${Number(world.seconds).toFixed(0)} s = ${(Number(world.files) / Number(world.seconds)).toFixed(2)} files/s, ${(Number(world.pages) / Number(world.seconds)).toFixed(2)} pages/s, ${world.failed} not redacted, peak RSS ${Number(world.peakRssMb).toFixed(0)} MB\n  stage time: ${shares}`,
    );
  } else console.log('files from the world: ../shared/datasets not found beside the checkout');
}

if (process.env.SCALE !== '0') {
  const perMb: number[] = [];
  for (const mb of [1, 2, 4, 8]) {
    const r = scaleCase('text', mb);
    perMb.push(Number(r.seconds) / mb);
    console.log(
      `text ${mb} MB (patterns, xlsx+txt+json): ${Number(r.seconds).toFixed(2)} s = ${(Number(r.seconds) / mb).toFixed(2)} s/MB, ${r.spans} spans, peak RSS ${Number(r.peakRssMb).toFixed(0)} MB`,
    );
  }
  console.log(
    `  s/MB from 1 to 8 MB: ${perMb.map((x) => x.toFixed(2)).join(' → ')} (flat = linear time)`,
  );
  for (const kind of ['csv', 'xlsx'] as const) {
    for (const rows of [50_000, 200_000]) {
      const r = scaleCase(kind, rows);
      console.log(
        `${kind.toUpperCase()} ${rows.toLocaleString('en')} rows (patterns, streamed in chunks; redacted ${kind} + xlsx + json): ${Number(r.seconds).toFixed(1)} s = ${(rows / Number(r.seconds)).toFixed(0)} rows/s, ${r.spans} detections, peak RSS ${Number(r.peakRssMb).toFixed(0)} MB, ${r.status}`,
      );
    }
  }
  for (const pages of [100, 400]) {
    const r = scaleCase('pdf', pages);
    console.log(
      `redacted PDF ${pages} pages (200 DPI): ${Number(r.seconds).toFixed(1)} s = ${(pages / Number(r.seconds)).toFixed(1)} pages/s, peak RSS ${Number(r.peakRssMb).toFixed(0)} MB, ${r.status}`,
    );
  }
}
