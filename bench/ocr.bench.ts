/**
 * OCR throughput (`npm run bench:ocr`): pages per second of our tesseract.js pool on dense
 * generated 300-DPI scans, against Debian's native `tesseract` on the same PNG files (one
 * process per core, OMP_THREAD_LIMIT=1 so each process uses one thread), and the ratio.
 *
 * Native runs twice: with Debian's own eng.traineddata (the reference the issue names) and with
 * the very traineddata and parameters we ship (like for like: engine vs engine). Character error
 * rates are printed too, so a speed-up never hides an accuracy loss.
 *
 * Usage: tsx bench/ocr.bench.ts [--pages N] [--workers N]
 * The machine's load average is printed before and after: other work on the same cores (a model
 * training, say) slows both sides, so compare the ratio, not the absolute figures.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { extractDocument } from '../src/extract/extractDocument.js';
import { localLangPath } from '../src/extract/ocr/ocrDataFolder.js';
import { engineParameters } from '../src/extract/ocr/ocrEngine.js';
import { closeOcr, sharedOcrPool } from '../src/extract/ocr/ocrPool.js';
import { scanPage, scanToPng, typesetPage } from './ocr/scanFixtures.js';
import { characterErrorRate } from './ocr/textMetrics.js';

const run = promisify(execFile);

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

function load(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/** Runs `task` over `items` with `lanes` in flight; returns results in order. */
async function inLanes<T, R>(
  items: readonly T[],
  lanes: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i] as T);
      }
    }),
  );
  return results;
}

interface Timed {
  readonly seconds: number;
  /** CPU seconds spent (user + system), all threads / processes of that side. */
  readonly cpuSeconds: number;
  readonly texts: string[];
}

async function timeOurs(work: () => Promise<string[]>): Promise<Timed> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const texts = await work();
  const used = process.cpuUsage(cpu);
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    texts,
  };
}

/** Native tesseract under /usr/bin/time, whose last stderr line is "user system" CPU seconds. */
async function nativeTesseract(
  files: string[],
  lanes: number,
  extraArgs: string[],
): Promise<Timed> {
  let cpuSeconds = 0;
  const started = performance.now();
  const texts = await inLanes(files, lanes, async (file) => {
    const { stdout, stderr } = await run(
      '/usr/bin/time',
      ['-f', '%U %S', 'tesseract', file, 'stdout', '-l', 'eng', ...extraArgs],
      { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 16 * 1024 * 1024 },
    );
    const [user = 0, system = 0] = (stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
    cpuSeconds += user + system;
    return stdout;
  });
  return { seconds: (performance.now() - started) / 1000, cpuSeconds, texts };
}

/** The folder of native tesseract's own eng.traineddata, from `tesseract --list-langs`. */
async function debianTessdata(): Promise<string | undefined> {
  try {
    const { stdout } = await run('tesseract', ['--list-langs']);
    const folder = /"([^"]+)"/.exec(stdout)?.[1];
    return folder && existsSync(path.join(folder, 'eng.traineddata')) ? folder : undefined;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const pageCount = Number(arg('pages', '6'));
  const lanes = Number(arg('workers', String(sharedOcrPool().size)));
  process.env.FINREDACT_OCR_WORKERS = String(lanes);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-ocr-bench-'));
  try {
    console.log(
      `OCR throughput — ${pageCount} dense A4 pages at 300 DPI, ${lanes} workers/processes, ${os.availableParallelism()} cores`,
    );
    console.log(`load average before: ${load()}`);
    const files: string[] = [];
    const references: string[] = [];
    for (let i = 0; i < pageCount; i++) {
      const page = await typesetPage(2000 + i);
      const scan = await scanPage(page.pdf, 300, {
        rotate: i % 2 ? -0.6 : 0.4,
        blur: 0.6,
        noise: 6,
        seed: 200 + i,
      });
      const file = path.join(dir, `page-${i + 1}.png`);
      await writeFile(file, await scanToPng(scan));
      files.push(file);
      references.push(page.text);
    }
    const chars = references.reduce((n, t) => n + t.length, 0);
    console.log(`pages: ${chars} characters in total (${Math.round(chars / pageCount)} per page)`);

    // Start the pool's workers before timing: in a batch they start once and serve every file.
    await Promise.all(files.slice(0, lanes).map((f) => extractDocument(f, { ocr: 'auto' })));

    const ours = await timeOurs(() =>
      inLanes(files, lanes, async (file) => (await extractDocument(file, { ocr: 'auto' })).text),
    );

    // The same pool reading Debian's eng.traineddata (tessdata_fast), the model native tesseract
    // uses by default here: the like-for-like comparison of the two engines on that model.
    const debianData = await debianTessdata();
    let oursFast: Timed | undefined;
    if (debianData) {
      await closeOcr();
      process.env.FINREDACT_OCR_DATA = debianData;
      await Promise.all(files.slice(0, lanes).map((f) => extractDocument(f, { ocr: 'auto' })));
      oursFast = await timeOurs(() =>
        inLanes(files, lanes, async (file) => (await extractDocument(file, { ocr: 'auto' })).text),
      );
      delete process.env.FINREDACT_OCR_DATA;
    }

    const debian = await nativeTesseract(files, lanes, []);

    const tessdata = path.join(dir, 'tessdata');
    await run('mkdir', ['-p', tessdata]);
    await writeFile(
      path.join(tessdata, 'eng.traineddata'),
      gunzipSync(await readFile(path.join(localLangPath(), 'eng.traineddata.gz'))),
    );
    const params = Object.entries(engineParameters(300)).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
    const sameData = await nativeTesseract(files, lanes, [
      '--tessdata-dir',
      tessdata,
      '--oem',
      '1',
      ...params,
    ]);

    const cer = (t: Timed): string => {
      const rates = t.texts.map((text, i) => characterErrorRate(references[i] ?? '', text));
      return `${((100 * rates.reduce((a, b) => a + b, 0)) / rates.length).toFixed(2)}%`;
    };
    const rate = (t: Timed): number => pageCount / t.seconds;
    // CPU seconds per page barely move with other load on the machine; wall time does.
    const cpuRate = (t: Timed): number => pageCount / t.cpuSeconds;
    const row = (name: string, t: Timed): void =>
      console.log(
        `${name.padEnd(50)} ${rate(t).toFixed(3).padStart(6)} pages/s  ${t.seconds.toFixed(1).padStart(6)} s wall  ` +
          `${(t.cpuSeconds / pageCount).toFixed(2).padStart(5)} CPU-s/page  CER ${cer(t)}`,
      );
    console.log('');
    row('finredact (tesseract.js pool, full extract path)', ours);
    if (oursFast) row('finredact, FINREDACT_OCR_DATA=Debian tessdata_fast', oursFast);
    row('native tesseract, Debian eng.traineddata', debian);
    row('native tesseract, our traineddata and parameters', sameData);
    console.log('');
    const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;
    console.log(
      `ratio vs native (Debian data):      ${ratio(rate(ours), rate(debian))} by wall time, ` +
        `${ratio(cpuRate(ours), cpuRate(debian))} by CPU time`,
    );
    console.log(
      `ratio vs native (same data/params): ${ratio(rate(ours), rate(sameData))} by wall time, ` +
        `${ratio(cpuRate(ours), cpuRate(sameData))} by CPU time`,
    );
    if (oursFast)
      console.log(
        `ratio, both on Debian tessdata_fast: ${ratio(rate(oursFast), rate(debian))} by wall time, ` +
          `${ratio(cpuRate(oursFast), cpuRate(debian))} by CPU time`,
      );
    console.log(`load average after: ${load()}`);
  } finally {
    await closeOcr();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
