/**
 * Queue throughput (`npm run bench:queue`): the same batch through `finredact submit` with one
 * and then two local workers (separate processes of the built CLI, started and ready before the
 * clock starts), files/s for each and the ratio. Two batches: OCR-heavy (300-DPI scanned pages
 * as PNG, read by tesseract.js) and text (the generator's sample documents: text, PDF, Word).
 * Redis is Debian's redis-server on a free loopback port, started and stopped here.
 *
 * Usage: tsx bench/queue.bench.ts [--scans N] [--texts N] [--no-ner]
 * Needs `npm run build` (the workers run dist/src/cli/main.js).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_REDACT_OPTIONS, type RedactOptions } from '../src/pipeline/redactOptions.js';
import { submitBatch } from '../src/queue/submitBatch.js';
import { waitForBatch } from '../src/queue/waitForBatch.js';
import { RedisServer, redisAvailable, REDIS_MISSING } from '../test/queue/redisServer.js';
import { scanPage, scanToPng, typesetPage } from './ocr/scanFixtures.js';

const ROOT = path.join(import.meta.dirname, '..');
const CLI = path.join(ROOT, 'dist', 'src', 'cli', 'main.js');

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function startWorker(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'worker', '--queue', url], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    child.stderr?.on('data', (d: Buffer) => {
      if (d.toString().includes('worker ready')) resolve();
    });
  });
  child.stderr?.resume();
  return child;
}

async function stop(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          c.removeAllListeners('exit');
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  );
}

async function timeBatch(
  redis: RedisServer,
  inputs: string,
  outDir: string,
  workers: number,
  options: RedactOptions,
): Promise<{ files: number; seconds: number; failed: number }> {
  const children: ChildProcess[] = [];
  for (let i = 0; i < workers; i++) children.push(await startWorker(redis.url));
  // A warm-up batch first, so each worker has loaded the model before the clock starts.
  const warmUp = await submitBatch([path.join(ROOT, 'samples')], {
    queueUrl: redis.url,
    outDir: `${outDir}-warm-up`,
    options,
    send: 'path',
    attempts: 1,
  });
  await waitForBatch(redis.url, `${outDir}-warm-up`, warmUp.batchId, { pollMs: 100 });
  const started = performance.now();
  const batch = await submitBatch([inputs], {
    queueUrl: redis.url,
    outDir,
    options,
    send: 'path',
    attempts: 3,
  });
  const { results } = await waitForBatch(redis.url, outDir, batch.batchId, { pollMs: 100 });
  const seconds = (performance.now() - started) / 1000;
  await stop(children);
  return {
    files: results.length,
    seconds,
    failed: results.filter((r) => r.status !== 'ok').length,
  };
}

async function main(): Promise<void> {
  if (!redisAvailable) {
    console.log(`bench:queue skipped: ${REDIS_MISSING}`);
    return;
  }
  const cpu = (os.cpus()[0]?.model ?? 'unknown CPU').trim();
  console.log(`queue throughput — ${cpu}, ${os.availableParallelism()} cores`);
  const options: RedactOptions = {
    ...DEFAULT_REDACT_OPTIONS,
    ner: !process.argv.includes('--no-ner'),
    concurrency: 1,
  };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-bench-queue-'));
  const redis = await RedisServer.start();
  try {
    const scans = path.join(dir, 'scans');
    await mkdir(scans);
    for (let i = 0; i < arg('scans', 12); i++) {
      const page = await typesetPage(3000 + i, 30);
      const scan = await scanPage(page.pdf, 300, {
        rotate: 0.3,
        blur: 0.5,
        noise: 5,
        seed: 300 + i,
      });
      await writeFile(path.join(scans, `scan-${i + 1}.png`), await scanToPng(scan));
    }
    const texts = path.join(dir, 'texts');
    await mkdir(texts);
    const samples = (await readdir(path.join(ROOT, 'samples'))).filter((n) => !n.endsWith('.yaml'));
    for (let i = 0; i < arg('texts', 8); i++) {
      for (const name of samples)
        await copyFile(path.join(ROOT, 'samples', name), path.join(texts, `${i + 1}-${name}`));
    }
    for (const [label, inputs] of [
      ['OCR-heavy (300-DPI PNG scans)', scans],
      ['text (samples: txt, text PDF, docx)', texts],
    ] as const) {
      const one = await timeBatch(
        redis,
        inputs,
        path.join(dir, `out-${label.length}-1`),
        1,
        options,
      );
      const two = await timeBatch(
        redis,
        inputs,
        path.join(dir, `out-${label.length}-2`),
        2,
        options,
      );
      const rate = (r: { files: number; seconds: number }) => r.files / r.seconds;
      console.log(
        `${label}, model ${options.ner ? 'on' : 'off'}: ${one.files} files — 1 worker ${one.seconds.toFixed(1)} s = ${rate(one).toFixed(2)} files/s; 2 workers ${two.seconds.toFixed(1)} s = ${rate(two).toFixed(2)} files/s; ×${(rate(two) / rate(one)).toFixed(2)}${one.failed + two.failed ? ` (${one.failed + two.failed} failed)` : ''}`,
      );
    }
  } finally {
    await redis.remove();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
