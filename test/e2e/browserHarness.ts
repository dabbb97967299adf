/**
 * Shared set-up for browser end-to-end tests: builds the renderer into a temp folder, starts the
 * real HTTP bridge (real pipeline, real processing host) and launches Debian's Chromium headless.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { AppBackend } from '../../src/bridge/appBackend.js';
import { forkProcessingHost } from '../../src/bridge/forkProcessingHost.js';
import { startHttpBridge, type RunningBridge } from '../../src/bridge/httpBridge.js';
import { ExtractionCache } from '../../src/bridge/extractionCache.js';
import { randomBytes } from 'node:crypto';

export const CHROMIUM = '/usr/bin/chromium';
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const chromiumMissing = existsSync(CHROMIUM)
  ? null
  : `${CHROMIUM} is not installed (apt-get install chromium)`;

export interface Harness {
  readonly dir: string;
  readonly bridge: RunningBridge;
  readonly browser: Browser;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-e2e-'));
  const assets = path.join(dir, 'renderer');
  // Built fresh so the test never runs against a stale dist/renderer; about two seconds.
  const { build } = await import('vite');
  await build({
    configFile: path.join(repoRoot, 'renderer', 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: assets, emptyOutDir: true },
  });
  const backend = new AppBackend({
    launchHost: forkProcessingHost,
    settingsFile: path.join(dir, 'config', 'settings.json'),
    dropFolder: path.join(dir, 'dropped'),
    // As the app runs: a page opened later restores the queue from the cache, not by OCR again.
    cache: new ExtractionCache(path.join(dir, 'cache'), randomBytes(32)),
  });
  const bridge = await startHttpBridge(backend, assets);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return {
    dir,
    bridge,
    browser,
    async close() {
      await browser.close();
      await backend.dispose();
      await bridge.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
