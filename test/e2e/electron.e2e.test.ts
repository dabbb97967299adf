/**
 * Launches the packaged-to-be app with Playwright's Electron driver. Electron's binary cannot be
 * downloaded on every machine (it is an optional dependency), so this runs only where it is
 * installed and built (`npm run build:electron`), and otherwise says why it skipped.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FinRedactApi } from '../../src/api/finredactApi.js';
import { repoRoot } from './browserHarness.js';

function electronBinary(): { path: string } | { reason: string } {
  try {
    // The electron package's main export is the path of its binary.
    const binary = createRequire(import.meta.url)('electron') as unknown;
    if (typeof binary === 'string' && existsSync(binary)) return { path: binary };
    return { reason: 'the electron package is installed but its binary is missing' };
  } catch {
    return {
      reason:
        'electron is not installed (optional dependency; its binary cannot be downloaded here)',
    };
  }
}

const mainScript = path.join(repoRoot, 'dist', 'electron', 'main.js');
const binary = electronBinary();
const skipReason =
  'reason' in binary
    ? binary.reason
    : existsSync(mainScript)
      ? null
      : `${path.relative(repoRoot, mainScript)} is not built; run \`npm run build:electron\``;

if (skipReason) console.log(`[skipped] Electron launch test: ${skipReason}`);

describe('Electron app', () => {
  it.skipIf(skipReason !== null)(
    'opens one locked-down window with the API exposed',
    async () => {
      const app = await electron.launch({
        executablePath: (binary as { path: string }).path,
        args: [mainScript, '--no-sandbox'],
        env: { ...process.env, ELECTRON_DISABLE_SECURITY_WARNINGS: '1' },
      });
      try {
        const page = await app.firstWindow();
        await page.waitForSelector('h1');
        expect(await page.title()).toBe('FinRedact');
        const probe = await page.evaluate(async () => ({
          node: typeof (globalThis as { require?: unknown }).require,
          process: typeof (globalThis as { process?: unknown }).process,
          platform: (
            await (window as unknown as { finredact: FinRedactApi }).finredact.capabilities()
          ).platform,
        }));
        expect(probe).toEqual({ node: 'undefined', process: 'undefined', platform: 'electron' });
        const prefs = await app.evaluate(({ BrowserWindow }) => {
          const wins = BrowserWindow.getAllWindows();
          // Typed loosely: playwright-core bundles older Electron typings than the app uses.
          const contents = wins[0]!.webContents as unknown as {
            getLastWebPreferences(): Record<string, unknown> | null;
          };
          const p = contents.getLastWebPreferences();
          return {
            count: wins.length,
            contextIsolation: p?.contextIsolation,
            sandbox: p?.sandbox,
            nodeIntegration: p?.nodeIntegration,
          };
        });
        expect(prefs).toEqual({
          count: 1,
          contextIsolation: true,
          sandbox: true,
          nodeIntegration: false,
        });
        // Navigation away from the app is refused.
        await page.evaluate(() => {
          window.location.href = 'https://example.com/';
        });
        await page.waitForTimeout(500);
        expect(page.url().startsWith('file://')).toBe(true);
      } finally {
        await app.close();
      }
    },
    120_000,
  );
});
