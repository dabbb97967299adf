/**
 * `finredact eval --report`'s page in Chromium: it renders its three charts and tables, and no
 * request leaves the page — not even to the file system beyond the page itself. The screenshot
 * goes to .tmp/screenshots (docs/screenshots with UPDATE_SCREENSHOTS=1).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildEvaluationReport } from '../../src/eval/report/evaluationReport.js';
import { writeEvaluationReport } from '../../src/eval/report/writeReport.js';
import { CHROMIUM, chromiumMissing, repoRoot } from './browserHarness.js';

const FIXTURE = path.join(repoRoot, 'test', 'fixtures', 'generated', 'synth-200.jsonl');
const screenshotDir = process.env.UPDATE_SCREENSHOTS
  ? path.join(repoRoot, 'docs', 'screenshots')
  : path.join(repoRoot, '.tmp', 'screenshots');

if (chromiumMissing) console.log(`[skipped] report in a browser: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== null)('the evaluation report in a browser', () => {
  it('shows its charts and tables offline, with no request leaving the page', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-report-e2e-'));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox'],
    });
    try {
      const data = await buildEvaluationReport({ data: FIXTURE, ner: true });
      const { html } = await writeEvaluationReport(dir, data);
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      const url = pathToFileURL(html).href;
      await page.goto(url);
      expect(await page.locator('svg').count()).toBe(3);
      expect(await page.locator('table').first().locator('tbody tr').count()).toBeGreaterThan(5);
      expect(await page.getByRole('heading', { name: 'Confusion matrix' }).count()).toBe(1);
      expect(requests).toEqual([url]);
      expect(problems).toEqual([]);
      await mkdir(screenshotDir, { recursive: true });
      await page.screenshot({ path: path.join(screenshotDir, 'eval-report.png'), fullPage: false });
    } finally {
      await browser.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
