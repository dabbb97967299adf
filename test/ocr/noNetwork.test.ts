import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './helpers/fixtures.js';

const run = promisify(execFile);
const HELPERS = path.join(import.meta.dirname, 'helpers');
// The child runs in an empty temp dir (to see that nothing is written there), so the TypeScript
// loader is passed by absolute URL.
const TSX_LOADER = pathToFileURL(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
    'dist',
    'loader.mjs',
  ),
).href;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-offline-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('OCR offline', () => {
  it('reads a scan with every network API disabled, in the main thread and the OCR worker threads', async () => {
    const log = path.join(dir, 'network.log');
    // A fresh process: its main thread and every worker thread it starts load the guard
    // (worker threads inherit execArgv), so a request from tesseract.js's worker would be caught.
    const { stdout } = await run(
      process.execPath,
      [
        '--require',
        path.join(HELPERS, 'denyNetwork.cjs'),
        '--import',
        TSX_LOADER,
        path.join(HELPERS, 'ocrOffline.ts'),
        fixture('letter-300dpi-noisy.jpg').path,
      ],
      {
        env: { ...process.env, DENY_NETWORK_LOG: log, FINREDACT_OCR_WORKERS: '1' },
        cwd: dir,
        timeout: 120_000,
      },
    );
    const entries = (await readFile(log, 'utf8')).trim().split('\n');
    expect(entries).toContain('main: guard loaded');
    expect(entries.some((e) => /^worker \d+: guard loaded$/.test(e))).toBe(true);
    expect(entries.filter((e) => e.includes('DENIED'))).toEqual([]);
    const result = JSON.parse(stdout) as { text: string; pages: { textSource: string }[] };
    expect(result.pages[0]?.textSource).toBe('ocr');
    expect(result.text).toContain('Jaskolski');
    // cacheMethod 'none': tesseract.js must not leave a copy of the traineddata in the cwd.
    expect((await readdir(dir)).filter((f) => f.includes('traineddata'))).toEqual([]);
  });

  it('the guard does catch a TCP connect and a request made from a worker thread', async () => {
    const log = path.join(dir, 'probe.log');
    const probe = `
      try { require('node:net').connect(9, '127.0.0.1'); } catch {}
      const { Worker } = require('node:worker_threads');
      const w = new Worker("fetch('https://example.com').catch(() => process.exit(0))", { eval: true });
      w.on('exit', () => {});
    `;
    await run(process.execPath, ['--require', path.join(HELPERS, 'denyNetwork.cjs'), '-e', probe], {
      env: { ...process.env, DENY_NETWORK_LOG: log },
    });
    const entries = await readFile(log, 'utf8');
    expect(entries).toMatch(/^main: DENIED net\.Socket\.connect/m);
    expect(entries).toMatch(/^worker \d+: DENIED fetch https:\/\/example\.com$/m);
  });
});
