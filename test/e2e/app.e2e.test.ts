/**
 * The real UI in Chromium against the real bridge, used as a reviewer would: add the samples
 * folder, wait for processing, open a document, reject a detection, add one by hand, export, and
 * check that both corrections reached Results.xlsx.
 *
 * Screenshots go to .tmp/screenshots; with UPDATE_SCREENSHOTS=1 (`npm run screenshots`) they
 * replace the committed ones in docs/screenshots.
 */
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, repoRoot, startHarness, type Harness } from './browserHarness.js';

const screenshotDir = process.env.UPDATE_SCREENSHOTS
  ? path.join(repoRoot, 'docs', 'screenshots')
  : path.join(repoRoot, '.tmp', 'screenshots');

/** Obviously synthetic documents, used while GEN's samples/ folder is not there yet. */
const SYNTHETIC_DOCS: Record<string, string> = {
  'invoice-0001.txt': [
    'INVOICE 0001                                   Date: 2024-03-05',
    'Bill to: Sample Customer, 12 Example Street, Testville',
    'Contact: billing.sample@example.com  Tel: (555) 123-4567',
    'Card on file: 4111 1111 1111 1111',
    'Taxpayer SSN: 123-45-6789',
    'Terms and remittance details at https://example.com/pay',
    '',
    'Description                         Qty      Amount',
    'Consulting services, March            10    1,250.00',
    'Reviewed by Quentin Placeholder, account manager.',
  ].join('\n'),
  'notice-0002.txt':
    'Dear customer, write to privacy.sample@example.org or call +44 20 7946 0958.\n',
};

async function inputFolder(dir: string): Promise<string> {
  const samples = path.join(repoRoot, 'samples');
  const present = await readdir(samples).catch(() => [] as string[]);
  const documents = present.filter((f) => !f.startsWith('.') && !f.endsWith('.yaml'));
  if (documents.length > 0) {
    // The documents only: samples/recognizers.yaml is the demo's configuration, not a document.
    const copy = path.join(dir, 'samples');
    await mkdir(copy, { recursive: true });
    for (const f of documents) await copyFile(path.join(samples, f), path.join(copy, f));
    return copy;
  }
  const own = path.join(dir, 'synthetic-samples');
  await mkdir(own, { recursive: true });
  for (const [name, text] of Object.entries(SYNTHETIC_DOCS))
    await writeFile(path.join(own, name), text);
  return own;
}

/** Export… to `outDir`, accepting a filter warning if one comes, and wait for the summary. */
async function exportAll(
  page: Page,
  outDir: string,
  before?: (dialog: Locator) => Promise<void>,
  held = 0,
): Promise<Locator> {
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export' });
  await dialog.getByLabel('Export folder').fill(outDir);
  await before?.(dialog);
  // The preview answers shortly after the dialog opens.
  await page.waitForTimeout(500);
  if ((await dialog.getByLabel('Export them in clear anyway').count()) > 0)
    await dialog.getByLabel('Export them in clear anyway').check();
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const outcome = await Promise.race([
    dialog
      .getByRole('status')
      .waitFor({ timeout: 120_000 })
      .then(() => 'written' as const),
    dialog
      .locator('.export-held')
      .waitFor({ timeout: 120_000 })
      .then(() => 'held' as const),
  ]);
  if (outcome === 'written') return dialog;
  expect(held, 'values found on reading the copies again after they were accepted').toBe(0);
  await acceptHeldFindings(page, dialog);
  return exportAll(page, outDir, before, held + 1);
}

/**
 * Reading a copy back found values the review never showed (the export wrote nothing): as a
 * reviewer would, close the dialog, open each file the queue marks and accept what was found.
 */
async function acceptHeldFindings(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  const marked = page.locator('.queue-row', { has: page.locator('.queue-to-decide') });
  for (let n = await marked.count(); n > 0; n = await marked.count()) {
    await marked.first().locator('.queue-open').click();
    const panel = page.getByRole('region', { name: 'Found on reading the copy' });
    await panel.waitFor();
    const all = panel.getByRole('button', { name: /^Accept all/ });
    const one = panel.getByRole('button', { name: /^Accept / }).first();
    await ((await all.count()) > 0 ? all : one).click();
    await expect.poll(() => marked.count()).toBeLessThan(n);
  }
}

/** Waits until the queue has files and every one of them is processed. */
async function queueProcessed(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const bar = document.querySelector<HTMLProgressElement>('progress.overall-progress');
      return !!bar && bar.max > 0 && bar.value === bar.max;
    },
    undefined,
    { timeout: 240_000 },
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** A visible word of plain (undetected) text in the original pane, with where to double-click it. */
function findPlainWord(page: Page) {
  return page.evaluate(() => {
    const pane = document.querySelector('[aria-label="Original text"]')!;
    const paneRect = pane.getBoundingClientRect();
    for (const el of pane.querySelectorAll<HTMLElement>(':scope > span[data-start]')) {
      const node = el.firstChild;
      if (!node) continue;
      for (const m of (el.textContent ?? '').matchAll(/\b[A-Za-z]{6,}\b/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const r = range.getBoundingClientRect();
        if (r.width > 0 && r.top >= paneRect.top && r.bottom <= paneRect.bottom) {
          return {
            word: m[0],
            start: Number(el.dataset.start) + m.index,
            x: r.left + r.width / 2,
            y: r.top + r.height / 2,
          };
        }
      }
    }
    return null;
  });
}

/** Buttons, inputs and selects that a screen reader could not name. */
function unnamedControls(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, input, select, textarea, [role="slider"]')]
      .filter((el) => {
        const labelled =
          el.getAttribute('aria-label') ||
          el.getAttribute('aria-labelledby') ||
          (el as HTMLInputElement).labels?.length ||
          (el.tagName === 'BUTTON' && el.textContent?.trim());
        return !labelled;
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

describe.skipIf(chromiumMissing !== null)('desktop UI in a browser, over the HTTP bridge', () => {
  let h: Harness;
  let page: Page;
  const pageProblems: string[] = [];

  beforeAll(async () => {
    h = await startHarness();
    page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (err) => pageProblems.push(`page error: ${err.message}`));
    // A CSP violation means some code or style would be blocked in Electron too.
    page.on('response', (res) => {
      if (res.status() >= 400) pageProblems.push(`HTTP ${res.status()}: ${res.url()}`);
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') pageProblems.push(`console error: ${msg.text()}`);
    });
  });

  afterAll(async () => {
    await h?.close();
  });

  it("processes a folder, takes a reviewer's corrections and exports them to Results.xlsx", async () => {
    await page.goto(h.bridge.url);
    // The token went into a cookie and out of the address bar.
    expect(page.url()).toBe(`${h.bridge.origin}/`);
    await shoot(page, 'empty');

    const folder = await inputFolder(h.dir);
    await page.getByLabel('File or folder path').fill(folder);
    await page.getByRole('button', { name: 'Add', exact: true }).click();

    const overall = page.getByLabel('Overall progress');
    await page.waitForFunction(
      () => {
        const bar = document.querySelector<HTMLProgressElement>('progress.overall-progress');
        return (
          !!bar &&
          bar.max > 0 &&
          bar.value === bar.max &&
          document.querySelectorAll('.queue-row').length > 0
        );
      },
      undefined,
      { timeout: 240_000 },
    );
    expect(Number(await overall.getAttribute('value'))).toBeGreaterThan(0);
    await shoot(page, 'queue');

    // Prefer a text document: its text is what the panes show verbatim.
    const openButtons = page.getByRole('button', { name: /^Open .* for review$/ });
    const names = await openButtons.evaluateAll((els) =>
      els
        .filter((e) => !(e as HTMLButtonElement).disabled)
        .map((e) => e.getAttribute('aria-label')!),
    );
    expect(names.length).toBeGreaterThan(0);
    const chosen = names.find((n) => /\.txt for review$/.test(n)) ?? names[0]!;
    const relativePath = chosen.replace(/^Open /, '').replace(/ for review$/, '');
    await page.getByRole('button', { name: chosen, exact: true }).click();
    await page.getByRole('region', { name: 'Original text' }).waitFor();

    // Reject the first detection.
    const firstMark = page.locator('mark.detection[data-status="accepted"]').first();
    await firstMark.waitFor();
    const rejectedStart = Number(await firstMark.getAttribute('data-start'));
    const rejectedText = (await firstMark.textContent())!;
    const rejectedId = (await firstMark.getAttribute('data-span-id'))!;
    await firstMark.click();
    await page.getByRole('button', { name: /^Reject (this one|all \d+)$/ }).click();
    const rejectedMark = page.locator(`mark[data-span-id="${rejectedId}"]`).first();
    await expect.poll(() => rejectedMark.getAttribute('data-status')).toBe('rejected');
    // The anonymised view updates at once: the rejected value is readable there now.
    await expect
      .poll(() => page.getByTestId('anonymised-text').textContent())
      .toContain(rejectedText);

    // Add a detection by hand: double-click a plain word, choose a type, add.
    const target = await findPlainWord(page);
    expect(target).not.toBeNull();
    await page.mouse.dblclick(target!.x, target!.y);
    const addBar = page.getByRole('group', { name: 'Add selected text' });
    await addBar.waitFor();
    await addBar.getByLabel('Type for selected text').selectOption('NAME');
    await addBar.getByRole('button', { name: 'Add detection' }).click();
    const manualMark = page.locator(`mark.detection[data-start="${target!.start}"]`);
    await expect.poll(() => manualMark.getAttribute('data-status')).toBe('accepted');
    expect(await manualMark.textContent()).toBe(target!.word);
    await expect
      .poll(() => page.getByTestId('anonymised-text').textContent())
      .not.toContain(target!.word);

    // Undo takes the addition back, redo brings it again (Ctrl+Z / Ctrl+Shift+Z).
    await page.locator('body').press('Control+z');
    await expect.poll(() => manualMark.count()).toBe(0);
    await page.locator('body').press('Control+Shift+z');
    await expect.poll(() => manualMark.getAttribute('data-status')).toBe('accepted');

    // The queue shows the file as reviewed.
    expect(await page.getByRole('button', { name: chosen, exact: true }).textContent()).toContain(
      '2 corrections',
    );

    // The review is saved as it goes: a reload brings back the queue, both decisions and the undo
    // history.
    await page.waitForTimeout(300);
    await page.reload();
    const reopened = page.getByRole('button', { name: chosen, exact: true });
    await expect
      .poll(() => reopened.isEnabled().catch(() => false), { timeout: 240_000 })
      .toBe(true);
    await reopened.click();
    await page.getByRole('region', { name: 'Original text' }).waitFor();
    await expect
      .poll(() =>
        page.locator(`mark[data-span-id="${rejectedId}"]`).first().getAttribute('data-status'),
      )
      .toBe('rejected');
    await expect.poll(() => manualMark.getAttribute('data-status')).toBe('accepted');
    expect(await reopened.textContent()).toContain('2 corrections');
    // The undo history came back with them: Undo still takes the addition back, Redo returns it.
    await page.locator('body').press('Control+z');
    await expect.poll(() => manualMark.count()).toBe(0);
    await page.locator('body').press('Control+Shift+z');
    await expect.poll(() => manualMark.getAttribute('data-status')).toBe('accepted');
    // The restored queue comes back from the app's cache of processed files; wait for it.
    await queueProcessed(page);

    // Keyboard navigation walks the detections.
    await page.locator('body').press('Escape');
    await page.locator('body').press('j');
    await expect.poll(() => page.locator('.nav-position').textContent()).toMatch(/^1 \/ \d+$/);
    await page.locator('body').press('k');
    await expect.poll(() => page.locator('.nav-position').textContent()).not.toMatch(/^1 \//);
    await page.locator(`mark[data-span-id="${rejectedId}"]`).first().click();
    await shoot(page, 'review');

    // Usable at 1280×800: nothing overflows sideways and every control has an accessible name.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    );
    expect(await unnamedControls(page)).toEqual([]);

    // Retype a detection: the inspector's type list, and the Review sheet records from → to.
    const retypeMark = page
      .locator('mark.detection[data-status="accepted"]:not([data-source="manual"])')
      .nth(1);
    const retypeText = (await retypeMark.textContent())!;
    const fromType = (await retypeMark.getAttribute('data-type'))!;
    const toType = fromType === 'ADDRESS' ? 'COMPANY' : 'ADDRESS';
    await retypeMark.click();
    await page.getByLabel('Detection type').selectOption(toType);

    // Search and redact across every processed document: "please", whole word, any case.
    await page.locator('body').press('/');
    const search = page.getByRole('region', { name: 'Search and redact' });
    expect(
      await search
        .getByLabel('Search', { exact: true })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await search.getByLabel('Search', { exact: true }).fill('please');
    await search.getByLabel('Search in').selectOption('all');
    await search.getByRole('button', { name: 'Find' }).click();
    const status = search.getByRole('status');
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toMatch(/^\d+ matches in [2-9]\d* documents$/);
    await shoot(page, 'search');
    await search.getByLabel('Type for the matches').selectOption('COMPANY');
    const redactButton = search.getByRole('button', { name: /^Redact \d+ match/ });
    const ticked = Number(/\d+/.exec((await redactButton.textContent())!)![0]);
    await redactButton.click();
    // A confirmation says what was added; searching again lists them as already redacted,
    // and none is ticked again.
    await expect
      .poll(() => search.getByRole('status').textContent())
      .toMatch(
        new RegExp(`^Added ${ticked} match(es)? of “please” as Company Name in \\d+ documents?`),
      );
    await search.getByRole('button', { name: 'Find' }).click();
    await expect
      .poll(() => search.locator('.search-redacted').count(), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(ticked);
    expect(await search.getByRole('button', { name: /^Redact \d+ match/ }).textContent()).toBe(
      'Redact 0 matches',
    );
    // The review-only type is offered for what no detector finds (an order number).
    expect(
      await search.getByLabel('Type for the matches').locator('option').allTextContents(),
    ).toContain('Other identifier');

    await page.getByRole('button', { name: 'Settings' }).click();
    const settingsDialog = page.getByRole('dialog', { name: 'Settings' });
    await settingsDialog.waitFor();
    await shoot(page, 'settings');
    await settingsDialog.getByRole('button', { name: 'Cancel' }).click();

    // A filter that would export detections in clear is said, with counts, before anything is
    // written, and Export waits for the reviewer to accept it.
    await page.getByRole('checkbox', { name: 'Email', exact: true }).first().uncheck();
    await page.getByRole('button', { name: 'Export…' }).click();
    const warned = page.getByRole('dialog', { name: 'Export' });
    const warning = warned.locator('.export-warning');
    await expect
      .poll(() => warning.textContent())
      .toMatch(/\d+ detections? hidden by your filters will be exported in clear \(\d+ Email\)/);
    expect(await warned.locator('.export-filters').textContent()).toBe(
      'Filters of this batch: Email off; model threshold 0.50.',
    );
    await warned.getByLabel('Export folder').fill(path.join(h.dir, 'not-written'));
    expect(await warned.getByRole('button', { name: 'Export', exact: true }).isDisabled()).toBe(
      true,
    );
    await shoot(page, 'export-warning');
    await warned.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('checkbox', { name: 'Email', exact: true }).first().check();

    // Export with the slider at 0.95: model detections below it go (after the warning, accepted),
    // validated pattern detections such as the tax letter's SSN stay redacted.
    await page.getByRole('slider', { name: 'Model threshold' }).fill('0.95');
    const outDir = path.join(h.dir, 'export');
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export' });
    await dialog.getByLabel('Export folder').fill(outDir);
    await expect
      .poll(() => dialog.locator('.export-filters').textContent())
      .toContain('model threshold 0.95');
    // The preview answers shortly after the dialog opens; accept its warning if it has one.
    await page.waitForTimeout(500);
    if ((await dialog.getByLabel('Export them in clear anyway').count()) > 0) {
      await dialog.getByLabel('Export them in clear anyway').check();
    }
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    // While it runs: a progress bar and how many files are written (an estimate once one is).
    const running = dialog.getByLabel('Export progress');
    await running.waitFor({ timeout: 10_000 });
    expect(await running.textContent()).toMatch(/Starting…|\d+ of \d+ files written/);
    await Promise.race([
      dialog.getByRole('status').waitFor({ timeout: 120_000 }),
      dialog.locator('.export-held').waitFor({ timeout: 120_000 }),
    ]);
    let done = dialog;
    if ((await dialog.locator('.export-held').count()) > 0) {
      await acceptHeldFindings(page, dialog);
      done = await exportAll(page, outDir, undefined, 1);
    }
    const writtenList = (await done.getByRole('status').textContent())!;
    // The two parts, each named for what it is, each listing its own files.
    expect(writtenList).toMatch(/shareable\/ — may be handed out/);
    expect(writtenList).toMatch(/The folder itself — keep inside/);
    const listed = async (part: string) =>
      await done
        .getByRole('list', { name: `${part} files` })
        .locator('li')
        .allTextContents();
    expect(await listed('shareable')).toContain('shareable/Results.xlsx');
    expect(await listed('internal')).toEqual(
      expect.arrayContaining(['Results.xlsx', 'detections.jsonl']),
    );
    expect((await listed('internal')).some((f) => f.startsWith('shareable/'))).toBe(false);
    // Redacted copies where the input allows one: every processed PDF gets one.
    for (const name of names.filter((n) => /\.pdf for review$/.test(n))) {
      const pdf = name.replace(/^Open /, '').replace(/ for review$/, '');
      expect(writtenList).toContain(`shareable/redacted/${pdf}`);
    }
    // The summary's chart: one bar per exported document, the totals per type in its legend.
    const chart = done.getByRole('img', { name: /^Redactions per document and type: \d+ / });
    await chart.waitFor();
    expect(await chart.locator('g').count()).toBe(names.length);
    await shoot(page, 'export');
    await done.locator('.export-part-internal').scrollIntoViewIfNeeded();
    await shoot(page, 'export-two-parts');
    const exported = (await readFile(path.join(outDir, 'detections.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; spans: { type: string; score: number }[] });
    const taxLetter = exported.find((r) => r.file.endsWith('tax-letter-en_US.pdf'));
    if (taxLetter) {
      const ssn = taxLetter.spans.find((sp) => sp.type === 'SSN');
      expect(ssn, 'the SSN is redacted at 0.95').toBeDefined();
    }
    // The shareable part holds none of the values found: its texts and its workbook's cells
    // (read as a zip's XML) are searched for each one of four characters or more.
    const values = [
      ...new Set(
        (await readFile(path.join(outDir, 'detections.jsonl'), 'utf8'))
          .trim()
          .split('\n')
          .flatMap((l) => (JSON.parse(l) as { spans: { text: string; source: string }[] }).spans)
          // A word the reviewer added by selection is redacted where it was selected only.
          .filter((sp) => sp.source !== 'manual')
          .map((sp) => sp.text)
          // The sample Word file's generator, "FinRedact", is found as a company; our workbooks
          // name their creator so too, which is no value of the client's.
          .filter((v) => v.replace(/\W/g, '').length >= 4 && v.toLowerCase() !== 'finredact'),
      ),
    ];
    expect(values.length).toBeGreaterThan(5);
    const shared = (await readdir(path.join(outDir, 'shareable'), { recursive: true }))
      .map(String)
      .filter((f) => /\.(txt|csv)$/.test(f));
    expect(shared.length).toBeGreaterThan(3);
    const sharedBook = await JSZip.loadAsync(
      await readFile(path.join(outDir, 'shareable', 'Results.xlsx')),
    );
    const texts = [
      ...(await Promise.all(
        shared.map((f) => readFile(path.join(outDir, 'shareable', f), 'utf8')),
      )),
      ...(await Promise.all(
        Object.values(sharedBook.files)
          .filter((e) => !e.dir)
          .map((e) => e.async('string')),
      )),
    ].map((t) => t.toLowerCase());
    for (const v of values)
      expect(
        texts.some((t) => t.includes(v)),
        v,
      ).toBe(false);
    await page.getByRole('slider', { name: 'Model threshold' }).fill('0.5');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(outDir, 'Results.xlsx'));
    const sheet = workbook.getWorksheet('Spans')!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const col = (name: string) => header.indexOf(name);
    const rows = sheet.getSheetValues().slice(2).filter(Boolean) as unknown[][];
    const forFile = rows.filter((r) =>
      String(r[col('File')]).endsWith(path.basename(relativePath)),
    );
    expect(forFile.length).toBeGreaterThan(0);
    // The rejected detection is gone...
    expect(
      forFile.some((r) => r[col('Start')] === rejectedStart && r[col('Text')] === rejectedText),
    ).toBe(false);
    // Search and redact reached other documents too, and the Review sheet says how.
    const review = workbook.getWorksheet('Review')!;
    const reviewRows = (review.getSheetValues().slice(2).filter(Boolean) as unknown[][]).map((r) =>
      r.slice(1),
    );
    const bySearch = reviewRows.filter((r) => r[1] === 'added by search');
    expect(new Set(bySearch.map((r) => r[0])).size).toBeGreaterThanOrEqual(2);
    expect(bySearch.every((r) => String(r[6]).toLowerCase() === 'please')).toBe(true);
    const rejectedRow = reviewRows.find((r) => r[1] === 'rejected' && r[6] === rejectedText);
    const retypedRow = reviewRows.find((r) => r[1] === 'retyped' && r[6] === retypeText);
    expect(retypedRow?.slice(2, 4)).toEqual([toType, fromType]);
    for (const row of [rejectedRow, retypedRow]) {
      expect(row?.[9], 'reviewer').toBeTruthy();
      expect(Date.parse(String(row?.[10])), 'time').not.toBeNaN();
    }
    // ...and the one added by hand is there, marked manual.
    const manual = forFile.find((r) => r[col('Start')] === target!.start);
    expect(manual?.[col('Text')]).toBe(target!.word);
    expect(manual?.[col('Type')]).toBe('NAME');
    expect(manual?.[col('Source')]).toBe('manual');

    // A PDF can be reviewed on its pages, with the boxes where its redacted copy burns them.
    const pdfName = names.find((n) => /\.pdf for review$/.test(n));
    if (pdfName) {
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await page.getByRole('button', { name: pdfName, exact: true }).click();
      await page.getByRole('radio', { name: 'Page' }).check();
      const view = page.getByRole('region', { name: 'Page view' });
      await view.getByRole('img', { name: 'Page 1' }).waitFor({ timeout: 60_000 });
      await expect.poll(() => view.locator('.page-box').count()).toBeGreaterThan(0);
      await shoot(page, 'page-view');
      // A box on the page selects its detection for the inspector.
      await view.locator('.page-box').first().click();
      await page.getByRole('group', { name: 'Selected detection' }).waitFor();
      await view.getByLabel('Preview as exported').check();
      expect(await view.locator('.page-box.exported').count()).toBe(
        await view.locator('.page-box').count(),
      );

      // Redact an area by drawing it: the top third of the page, text and all.
      await view.getByRole('button', { name: 'Redact an area' }).click();
      const sheet = view.getByTestId('page-sheet');
      const r = (await sheet.boundingBox())!;
      await page.mouse.move(r.x + r.width * 0.05, r.y + r.height * 0.03);
      await page.mouse.down();
      await page.mouse.move(r.x + r.width * 0.6, r.y + r.height * 0.2, { steps: 5 });
      await page.mouse.move(r.x + r.width * 0.95, r.y + r.height * 0.33, { steps: 5 });
      await page.mouse.up();
      await view.getByRole('button', { name: 'Remove the area redaction 1' }).waitFor();
      await expect
        .poll(() => view.locator('.page-box[data-type="AREA"]').count())
        .toBeGreaterThan(0);
      await shoot(page, 'page-area');

      const pdfFile = pdfName.replace(/^Open /, '').replace(/ for review$/, '');
      const areaOut = path.join(h.dir, 'export-area');
      const again = await exportAll(page, areaOut);
      // The redacted copy is black wherever the area was drawn...
      const { loadPdf } = await import('../../src/document/loadPdf.js');
      const { renderPdfPage } = await import('../../src/document/renderPdfPage.js');
      const copy = await loadPdf(
        await readFile(path.join(areaOut, 'shareable', 'redacted', pdfFile)),
        'area.pdf',
      );
      const rendered = await renderPdfPage(copy, 1, { dpi: 50 });
      const px = rendered.pixels();
      const inArea = (fx: number, fy: number) => {
        const x = Math.round(rendered.pixelWidth * fx);
        const y = Math.round(rendered.pixelHeight * fy);
        const at = (y * rendered.pixelWidth + x) * 4;
        return (px[at] ?? 255) + (px[at + 1] ?? 255) + (px[at + 2] ?? 255);
      };
      for (const [fx, fy] of [
        [0.1, 0.06],
        [0.5, 0.18],
        [0.9, 0.3],
      ] as const)
        expect(inArea(fx, fy)).toBeLessThan(60);
      rendered.release();
      await copy.destroy();
      // ...its text under the area is redacted in the text output, and the Review sheet says so.
      const anonymisedPdfText = await readFile(
        path.join(areaOut, 'shareable', 'anonymized', `${pdfFile}.txt`),
        'utf8',
      );
      expect(anonymisedPdfText).toContain('[AREA REDACTED]');
      const areaBook = new ExcelJS.Workbook();
      await areaBook.xlsx.readFile(path.join(areaOut, 'Results.xlsx'));
      const areaRows = (
        areaBook.getWorksheet('Review')!.getSheetValues().slice(2).filter(Boolean) as unknown[][]
      ).map((row) => row.slice(1));
      expect(areaRows.some((row) => row[0] === pdfFile && row[1] === 'area redacted')).toBe(true);

      // The PDF's original disappears after processing: the export names it in red, with its
      // reason, writes every other file, and offers to retry (issue 41).
      await again.getByRole('button', { name: 'Close' }).last().click();
      const problemsBefore = pageProblems.length;
      await rm(path.join(folder, pdfFile));
      await page.getByRole('button', { name: 'Export…' }).click();
      const failing = page.getByRole('dialog', { name: 'Export' });
      await failing.getByLabel('Export folder').fill(path.join(h.dir, 'export-missing'));
      await failing.getByRole('button', { name: 'Export', exact: true }).click();
      const failed = failing.locator('.export-failed');
      await failed.waitFor({ timeout: 120_000 });
      expect(await failed.textContent()).toContain(
        `${path.basename(pdfFile)}: the redacted copy could not be written`,
      );
      expect(await failing.getByRole('status').textContent()).toContain('Results.xlsx');
      await failing.getByRole('button', { name: 'Retry export' }).waitFor();
      await shoot(page, 'export-failed');
      // The open page view of the deleted file may ask for its page again: that answer is a 404
      // saying the file is gone (never a 500), and it is the only problem the deletion causes.
      const after = pageProblems.splice(problemsBefore);
      expect(after.filter((p) => !/404|getPageView|Failed to load resource/.test(p))).toEqual([]);
      expect(after.some((p) => /HTTP 500/.test(p))).toBe(false);
    }
    expect(pageProblems).toEqual([]);
  }, 300_000);

  it('takes dropped files, shows per-file errors, filters by type and threshold, scrolls panes together, keeps settings', async () => {
    const fresh = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh.goto(h.bridge.url);

    // A path that does not exist is reported on its own row, with its message.
    const missing = path.join(h.dir, 'no-such-folder', 'lost.pdf');
    await fresh.getByLabel('File or folder path').fill(missing);
    await fresh.getByRole('button', { name: 'Add', exact: true }).click();
    const errorRow = fresh.locator('.queue-row.status-error');
    await errorRow.waitFor({ timeout: 60_000 });
    expect(await errorRow.getByRole('alert').textContent()).toMatch(/lost\.pdf/);

    // Drag and drop: a browser cannot see the file's path, so the bridge receives its bytes.
    const lines = Array.from({ length: 160 }, (_, i) =>
      i % 8 === 0
        ? `Line ${i}: refund to ledger${i}@example.com, reference ${1000 + i}.`
        : `Line ${i}: reconciliation of account movements for period ${i}, no exceptions noted.`,
    );
    const transfer = await fresh.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'long-ledger.txt', { type: 'text/plain' }));
      return dt;
    }, lines.join('\n'));
    await fresh.dispatchEvent('.drop-zone', 'drop', { dataTransfer: transfer });
    const open = fresh.getByRole('button', { name: 'Open long-ledger.txt for review' });
    await expect.poll(() => open.isEnabled(), { timeout: 240_000 }).toBe(true);
    await open.click();

    const anonymised = fresh.getByTestId('anonymised-text');
    // Every address is redacted (the model may add detections of its own; they are not counted).
    await expect.poll(() => anonymised.textContent()).toContain('[EMAIL REDACTED]');
    expect(await anonymised.textContent()).not.toMatch(/ledger\d+@example\.com/);

    // A selection that overlaps only the start of a detection extends it, never un-redacts it:
    // the end of the line before + the first half of an address becomes a name; the rest of the
    // address stays hidden.
    const overlap = await fresh.evaluate(() => {
      const pane = document.querySelector('[aria-label="Original text"]')!;
      const marks = pane.querySelectorAll<HTMLElement>('mark[data-type="EMAIL"]');
      const mark = marks[marks.length - 1]!;
      const before = mark.previousElementSibling!.firstChild as Text;
      const inside = mark.firstChild as Text;
      const range = document.createRange();
      range.setStart(before, before.length - 3);
      range.setEnd(inside, Math.floor(inside.length / 2));
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      pane.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      return { email: mark.textContent!, tail: inside.data.slice(Math.floor(inside.length / 2)) };
    });
    const addBar = fresh.getByRole('group', { name: 'Add selected text' });
    await addBar.waitFor();
    await addBar.getByLabel('Type for selected text').selectOption('NAME');
    await addBar.getByRole('button', { name: 'Add detection' }).click();
    await expect.poll(() => anonymised.textContent()).not.toContain(overlap.email);
    expect(await anonymised.textContent()).not.toContain(overlap.tail);

    // Switching a type off shows its values again, at once; switching it on hides them.
    await fresh.getByRole('checkbox', { name: 'Email', exact: true }).first().uncheck();
    expect(await anonymised.textContent()).not.toContain('[EMAIL REDACTED]');
    expect(await anonymised.textContent()).toContain('ledger0@example.com');
    await fresh.getByRole('checkbox', { name: 'Email', exact: true }).first().check();
    expect(await anonymised.textContent()).toContain('[EMAIL REDACTED]');

    // The threshold slider never adds redactions when raised, and never hides a validated
    // pattern detection: at 1.00 every e-mail address is still redacted.
    const before = await fresh.locator('mark.placeholder').count();
    await fresh.getByRole('slider', { name: 'Model threshold' }).fill('1');
    await expect.poll(() => fresh.locator('.threshold output').textContent()).toBe('1.00');
    expect(await fresh.locator('mark.placeholder').count()).toBeLessThanOrEqual(before);
    expect(await anonymised.textContent()).not.toMatch(/ledger\d+@example\.com/);
    await fresh.getByRole('slider', { name: 'Model threshold' }).fill('0.5');
    // The panes are drawn again at the new threshold: scrolled before that, the drawing lands after
    // the scroll (a loaded CI run put the placeholder 2,511 px above the pane's top).
    await expect.poll(() => fresh.locator('.threshold output').textContent()).toBe('0.50');

    // Scrolling the original to a detection brings its placeholder to the same place on the right.
    const original = fresh.getByRole('region', { name: 'Original text' });
    const spanId = await original.evaluate((el) => {
      const mark = el.querySelectorAll<HTMLElement>('mark[data-type="EMAIL"]')[10]!;
      el.scrollTop = mark.offsetTop;
      return mark.dataset.spanId!;
    });
    await expect
      .poll(() =>
        anonymised.evaluate(
          (el, id) =>
            el.querySelector<HTMLElement>(`mark[data-span-id="${id}"]`)!.offsetTop - el.scrollTop,
          spanId,
        ),
      )
      .toBeLessThan(25);
    expect(
      await anonymised.evaluate(
        (el, id) =>
          el.querySelector<HTMLElement>(`mark[data-span-id="${id}"]`)!.offsetTop - el.scrollTop,
        spanId,
      ),
    ).toBeGreaterThan(-25);

    // Scrolling the original to its end brings the anonymised text to its end too.
    await original.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect
      .poll(() =>
        anonymised.evaluate((el) => el.scrollTop / Math.max(1, el.scrollHeight - el.clientHeight)),
      )
      .toBeGreaterThan(0.95);
    await shoot(fresh, 'review-scrolled');

    // Settings persist: saved in the dialog, still there after a reload.
    await fresh.getByRole('button', { name: 'Settings' }).click();
    const settings = fresh.getByRole('dialog', { name: 'Settings' });
    await settings.getByLabel('OCR').selectOption('never');
    await settings.getByLabel('Default output folder').fill(path.join(h.dir, 'default-out'));
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.waitFor({ state: 'detached' });
    await fresh.reload();
    await fresh.getByRole('button', { name: 'Settings' }).click();
    const reopened = fresh.getByRole('dialog', { name: 'Settings' });
    expect(await reopened.getByLabel('OCR').inputValue()).toBe('never');
    expect(await reopened.getByLabel('Default output folder').inputValue()).toBe(
      path.join(h.dir, 'default-out'),
    );
    await fresh.close();
  }, 300_000);

  it('pages follow j/k, the marks list jumps to each mark, and page ranges redact whole pages', async () => {
    const fresh = await h.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await fresh.goto(h.bridge.url);
    // Four pages, an address on pages 1, 2 and 4 (page 3 has text and no value).
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const lines = [
      'Statement sent to first.owner@example.com',
      'Copy held by second.clerk@example.org',
      'Totals carried forward, nothing to report',
      'Queries to fourth.desk@example.net',
    ];
    for (const line of lines) {
      const pdfPage = doc.addPage([595, 842]);
      pdfPage.drawText(line, { x: 60, y: 760, size: 14, font });
    }
    const bytes = Buffer.from(await doc.save()).toString('base64');
    const transfer = await fresh.evaluateHandle((b64) => {
      const raw = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([raw], 'four-pages.pdf', { type: 'application/pdf' }));
      return dt;
    }, bytes);
    await fresh.dispatchEvent('.drop-zone', 'drop', { dataTransfer: transfer });
    const open = fresh.getByRole('button', { name: 'Open four-pages.pdf for review' });
    await expect.poll(() => open.isEnabled(), { timeout: 240_000 }).toBe(true);
    await open.click();
    await fresh.getByRole('radio', { name: 'Page' }).check();
    const view = fresh.getByRole('region', { name: 'Page view' });
    await view.getByRole('img', { name: 'Page 1' }).waitFor({ timeout: 60_000 });
    const pageNumber = view.getByLabel('Page number');

    // j walks the detections: the page view goes to each one's page and marks its box.
    await fresh.locator('body').click({ position: { x: 5, y: 5 } });
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      await fresh.keyboard.press('j');
      await expect.poll(() => view.locator('.page-box.active').count()).toBe(1);
      seen.push(await pageNumber.inputValue());
    }
    expect(seen).toEqual(['1', '2', '4']);
    await fresh.keyboard.press('k');
    await expect.poll(() => pageNumber.inputValue()).toBe('2');

    // The page-number field.
    await pageNumber.fill('3');
    await pageNumber.press('Enter');
    await view.getByRole('img', { name: 'Page 3' }).waitFor();

    // Whole pages by range, then the marks list holds every mark by page and jumps to each.
    await view.getByLabel('Pages to redact').fill('9-10');
    await view.getByRole('button', { name: 'Redact pages' }).click();
    expect(await view.getByRole('alert').textContent()).toBe('the document has 4 pages, not 10');
    await view.getByLabel('Pages to redact').fill('3–4');
    await view.getByRole('button', { name: 'Redact pages' }).click();
    // The reviewer is told what happened and how to take it back.
    expect(await view.getByRole('status').filter({ hasText: 'redacted whole' }).textContent()).toBe(
      'pages 3–4 redacted whole; Undo (Ctrl+Z) takes them back.',
    );
    const marks = fresh.getByRole('navigation', { name: 'Marks' });
    await expect.poll(() => marks.locator('h3').textContent()).toBe('5 marks on 4 pages');
    expect(await marks.getByRole('region', { name: 'Page 4 marks' }).textContent()).toContain(
      'Whole page',
    );
    await shoot(fresh, 'marks-list');
    await marks
      .getByRole('region', { name: 'Page 2 marks' })
      .getByRole('button', { name: /second\.clerk@example\.org/ })
      .click();
    await expect.poll(() => pageNumber.inputValue()).toBe('2');
    await expect.poll(() => view.locator('.page-box.active').count()).toBe(1);
    expect(await fresh.getByRole('group', { name: 'Selected detection' }).textContent()).toContain(
      'second.clerk@example.org',
    );

    // The export blacks out the two pages whole; its boxes are navy and say "(b)(6)", as asked.
    const outDir = path.join(h.dir, 'export-pages');
    await exportAll(fresh, outDir, async (dialog) => {
      await dialog.getByLabel('Box colour').selectOption('#00004f');
      await dialog.getByLabel('Text on boxes').selectOption('code');
      // Asked for a code and given none: nothing to export yet.
      expect(await dialog.getByRole('button', { name: 'Export', exact: true }).isDisabled()).toBe(
        true,
      );
      await dialog.getByLabel('Overlay code').fill('(b)(6)');
      await shoot(fresh, 'export-overlay');
    });
    const copy = await loadPdf(
      await readFile(path.join(outDir, 'shareable', 'redacted', 'four-pages.pdf')),
      'copy.pdf',
    );
    try {
      const darkShare = async (n: number) => {
        const rendered = await renderPdfPage(copy, n, { dpi: 20 });
        const px = rendered.context.getImageData(
          0,
          0,
          rendered.pixelWidth,
          rendered.pixelHeight,
        ).data;
        rendered.release();
        let dark = 0;
        for (let i = 0; i < px.length; i += 4) if ((px[i] ?? 255) < 64) dark++;
        return dark / (px.length / 4);
      };
      expect(await darkShare(3)).toBeGreaterThan(0.95);
      expect(await darkShare(4)).toBeGreaterThan(0.95);
      expect(await darkShare(1)).toBeLessThan(0.2);
      // Page 1's box: navy, with the code's white letters in it.
      const rendered = await renderPdfPage(copy, 1, { dpi: 100 });
      const px = rendered.context.getImageData(
        0,
        0,
        rendered.pixelWidth,
        rendered.pixelHeight,
      ).data;
      const w = rendered.pixelWidth;
      rendered.release();
      let navy = 0;
      let lettersInBox = 0;
      const isNavy = (k: number) =>
        px[k]! < 24 && px[k + 1]! < 24 && px[k + 2]! > 50 && px[k + 2]! < 110;
      for (let y = 0; y < px.length / 4 / w; y++) {
        let first = -1;
        let last = -1;
        for (let x = 0; x < w; x++) {
          if (!isNavy((y * w + x) * 4)) continue;
          navy++;
          if (first < 0) first = x;
          last = x;
        }
        // Light pixels between a row's navy ones: the code's letters drawn inside the box.
        for (let x = first + 1; first >= 0 && x < last; x++) {
          const k = (y * w + x) * 4;
          if (px[k]! > 150 && px[k + 1]! > 150 && px[k + 2]! > 150) lettersInBox++;
        }
      }
      expect(navy).toBeGreaterThan(500);
      expect(lettersInBox).toBeGreaterThan(20);
    } finally {
      await copy.destroy();
    }
    await fresh.close();
  }, 300_000);

  it('keeps overlapping additions, and exports saved decisions after a reload without reopening the file', async () => {
    const fresh = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh.goto(h.bridge.url);
    // A string no recognizer finds (the detector now finds "BANK OF AMERICA, N.A." itself, which
    // this test first used), so both additions are the reviewer's own.
    const letter =
      'Funds held under code TXN-4471-ALPHA-BRAVO (INDIA BRANCHES) for the client.\nOrder ORD-55731 confirmed.\n';
    const transfer = await fresh.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'bank-letter.txt', { type: 'text/plain' }));
      return dt;
    }, letter);
    await fresh.dispatchEvent('.drop-zone', 'drop', { dataTransfer: transfer });
    const open = fresh.getByRole('button', { name: 'Open bank-letter.txt for review' });
    await expect.poll(() => open.isEnabled(), { timeout: 240_000 }).toBe(true);
    await open.click();
    const search = fresh.getByRole('region', { name: 'Search and redact' });
    const add = async (term: string, type: string) => {
      await search.getByLabel('Search', { exact: true }).fill(term);
      await search.getByRole('button', { name: 'Find' }).click();
      await search.getByLabel('Type for the matches').selectOption(type);
      await search.getByRole('button', { name: /^Redact 1 match$/ }).click();
    };
    // An addition over an earlier one of its type extends it: one span, nothing in clear.
    await add('TXN-4471-ALPHA-BRAVO', 'COMPANY');
    await add('BRAVO (INDIA BRANCHES)', 'COMPANY');
    await add('ORD-55731', 'OTHER_ID');
    const anonymised = fresh.getByTestId('anonymised-text');
    await expect
      .poll(() => anonymised.textContent())
      .toContain('Funds held under code [COMPANY NAME REDACTED] for the client.');
    expect(await anonymised.textContent()).toContain('Order [IDENTIFIER REDACTED] confirmed.');

    // A reload, then Export without opening the file again: the saved decisions are exported.
    await fresh.waitForTimeout(300);
    await fresh.reload();
    const again = fresh.getByRole('button', { name: 'Open bank-letter.txt for review' });
    await expect.poll(() => again.isEnabled().catch(() => false), { timeout: 240_000 }).toBe(true);
    expect(await again.textContent()).toContain('3 corrections');
    const outDir = path.join(h.dir, 'export-reloaded');
    await exportAll(fresh, outDir);
    const text = await readFile(
      path.join(outDir, 'shareable', 'anonymized', 'bank-letter.txt'),
      'utf8',
    );
    expect(text).toContain('Funds held under code [COMPANY NAME REDACTED] for the client.');
    expect(text).toContain('Order [IDENTIFIER REDACTED] confirmed.');
    expect(text).not.toMatch(/ALPHA|BRAVO|INDIA|ORD-55731/);
    await fresh.close();
  }, 300_000);

  it("lists a file whose copy fails the export's check in red, and writes the rest", async () => {
    const fresh = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh.goto(h.bridge.url);
    const folder = path.join(h.dir, 'changing');
    await mkdir(folder, { recursive: true });
    const ledger = path.join(folder, 'ledger.csv');
    await writeFile(ledger, 'Owner,Amount\nrow.owner@example.org,12.50\n');
    await writeFile(path.join(folder, 'note.txt'), 'Ask note.owner@example.org.\n');
    await fresh.getByLabel('File or folder path').fill(folder);
    await fresh.getByRole('button', { name: 'Add', exact: true }).click();
    const open = fresh.getByRole('button', { name: 'Open ledger.csv for review' });
    await expect.poll(() => open.isEnabled(), { timeout: 240_000 }).toBe(true);
    // The workbook changes after it was read and reviewed: its copy would not be what was
    // reviewed, so the export's check refuses it — named in red, every other file written.
    await writeFile(ledger, 'Owner,Amount\nsomeone.else@example.org,99.00\n');
    const dialog = await exportAll(fresh, path.join(h.dir, 'export-changed'));
    const failed = dialog.locator('.export-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toMatch(/ledger\.csv: .*changed since it was read/);
    expect(await dialog.getByRole('status').textContent()).toContain(
      'shareable/anonymized/note.txt',
    );
    await fresh.close();
  }, 300_000);

  it('removes a failed file from the queue: not exported, not brought back by a reload', async () => {
    const fresh = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh.goto(h.bridge.url);
    // The saved queue (the earlier tests' files) comes back first, so the counts below are of
    // the whole queue: on a loaded machine the drop can otherwise finish before it is listed.
    await queueProcessed(fresh);
    const transfer = await fresh.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(
        new File(['%PDF-1.7 this is no PDF'], 'broken-scan.pdf', { type: 'application/pdf' }),
      );
      dt.items.add(new File(['Call Max Murray today.\n'], 'call-note.txt', { type: 'text/plain' }));
      return dt;
    });
    await fresh.dispatchEvent('.drop-zone', 'drop', { dataTransfer: transfer });
    const row = fresh.locator('.queue-row', { hasText: 'broken-scan.pdf' });
    await expect
      .poll(() => row.getAttribute('class'), { timeout: 240_000 })
      .toContain('status-error');
    // Before it is removed, the dialog counts it apart from the processed files, and the
    // chart has no bar for it: a 0 there would read as "nothing to redact".
    // The saved queue comes back too: counted once every file of it is processed again.
    await expect
      .poll(() => fresh.locator('.queue-row.status-queued, .queue-row.status-processing').count(), {
        timeout: 240_000,
      })
      .toBe(0);
    const done = await fresh.locator('.queue-row.status-done').count();
    const failed = await fresh.locator('.queue-row.status-error').count();
    const before = await exportAll(fresh, path.join(h.dir, 'export-with-failed'));
    const intro = (await before.locator('form > p').first().textContent()) ?? '';
    expect(intro).toContain(`of ${done} processed file${done === 1 ? '' : 's'}`);
    expect(await before.locator('.export-unread').textContent()).toMatch(
      new RegExp(`^${failed} files? could not be read`),
    );
    expect(await before.locator('svg[role="img"] g', { hasText: 'broken-scan.pdf' }).count()).toBe(
      0,
    );
    await fresh.keyboard.press('Escape');
    await before.waitFor({ state: 'detached' });
    await fresh.getByRole('button', { name: 'Remove broken-scan.pdf from the queue' }).click();
    await expect.poll(() => row.count()).toBe(0);

    const dialog = await exportAll(fresh, path.join(h.dir, 'export-after-removal'));
    expect(await dialog.textContent()).not.toContain('broken-scan.pdf');
    await fresh.reload();
    await fresh
      .getByRole('button', { name: /^Open .* for review$/ })
      .first()
      .waitFor({ timeout: 240_000 });
    // The saved queue came back without it (its folder too: a dropped file's private copy is gone).
    await fresh.waitForTimeout(1000);
    expect(await fresh.locator('.queue').textContent()).not.toContain('broken-scan.pdf');
    await fresh.close();
  }, 300_000);

  it('rejects "this one" or "all N occurrences" as it says, undoes either, and exports exactly that', async () => {
    const fresh = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh.goto(h.bridge.url);
    const address = 'ops.desk@example.com';
    const memo = `Write to ${address} first.\nThe desk at ${address} answers.\nCopy ${address} in.\n`;
    const transfer = await fresh.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'repeat-memo.txt', { type: 'text/plain' }));
      return dt;
    }, memo);
    await fresh.dispatchEvent('.drop-zone', 'drop', { dataTransfer: transfer });
    const open = fresh.getByRole('button', { name: 'Open repeat-memo.txt for review' });
    await expect.poll(() => open.isEnabled(), { timeout: 240_000 }).toBe(true);
    await open.click();
    const anonymised = fresh.getByTestId('anonymised-text');
    const inClear = async () => (await anonymised.textContent())!.split(address).length - 1;
    await expect.poll(inClear).toBe(0);

    // The second occurrence: the inspector says how many there are and what will change.
    await fresh.locator('mark.detection[data-type="EMAIL"]').nth(1).click();
    const scope = fresh.getByLabel('Apply to');
    expect(await scope.locator('option').allTextContents()).toEqual([
      'this one',
      'all 3 occurrences',
    ]);
    await scope.selectOption('one');
    await shoot(fresh, 'reject-scope');
    await fresh.getByRole('button', { name: 'Reject this one' }).click();
    await expect.poll(inClear).toBe(1);
    expect((await anonymised.textContent())!).toContain(`The desk at ${address} answers`);
    await fresh.keyboard.press('Control+z');
    await expect.poll(inClear).toBe(0);

    await fresh.locator('mark.detection[data-type="EMAIL"]').nth(1).click();
    await fresh.getByLabel('Apply to').selectOption('all');
    await fresh.getByRole('button', { name: 'Reject all 3' }).click();
    await expect.poll(inClear).toBe(3);
    await fresh.keyboard.press('Control+z');
    await expect.poll(inClear).toBe(0);

    // Search by pattern set: every e-mail address the patterns find, those redacted not ticked.
    await fresh.locator('mark.detection[data-type="EMAIL"]').nth(1).click();
    await fresh.getByLabel('Apply to').selectOption('one');
    await fresh.getByRole('button', { name: 'Reject this one' }).click();
    const search = fresh.getByRole('region', { name: 'Search and redact' });
    await search.getByLabel('Find').selectOption('EMAIL');
    await search.getByRole('button', { name: 'Find' }).click();
    await expect
      .poll(() => search.getByRole('button', { name: /^Redact \d+ match/ }).textContent())
      .toBe('Redact 1 match');
    expect(await search.locator('.search-redacted').count()).toBe(2);
    await fresh.keyboard.press('Control+z');

    // "This one" again, then the export: exactly that occurrence is in clear in the files.
    await fresh.locator('mark.detection[data-type="EMAIL"]').nth(1).click();
    await fresh.getByLabel('Apply to').selectOption('one');
    await fresh.getByRole('button', { name: 'Reject this one' }).click();
    await expect.poll(inClear).toBe(1);
    const outDir = path.join(h.dir, 'export-scope');
    await exportAll(fresh, outDir);
    const text = await readFile(
      path.join(outDir, 'shareable', 'anonymized', 'repeat-memo.txt'),
      'utf8',
    );
    expect(text).toBe(
      `Write to [EMAIL REDACTED] first.\nThe desk at ${address} answers.\nCopy [EMAIL REDACTED] in.\n`,
    );
    await fresh.close();
  }, 300_000);

  it('keys pressed with a dialog open change nothing behind it, and Escape closes the dialog', async () => {
    const fresh = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh.goto(h.bridge.url);
    const address = 'keys.desk@example.com';
    const memo = `Write to ${address} first.\nThe desk at ${address} answers.\n`;
    const transfer = await fresh.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dialog-keys.txt', { type: 'text/plain' }));
      return dt;
    }, memo);
    await fresh.dispatchEvent('.drop-zone', 'drop', { dataTransfer: transfer });
    const open = fresh.getByRole('button', { name: 'Open dialog-keys.txt for review' });
    await expect.poll(() => open.isEnabled(), { timeout: 240_000 }).toBe(true);
    await open.click();
    const anonymised = fresh.getByTestId('anonymised-text');
    const inClear = async () => (await anonymised.textContent())!.split(address).length - 1;
    await expect.poll(inClear).toBe(0);

    // With the Export dialog open, the review keys (j, x, Delete) reach nothing behind it.
    await fresh.getByRole('button', { name: 'Export…' }).click();
    const dialog = fresh.getByRole('dialog', { name: 'Export' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (const key of ['j', 'j', 'x', 'Delete', 'k', 'x']) await fresh.keyboard.press(key);
    await fresh.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await inClear()).toBe(0);

    // The keyboard help likewise: keys go to it, Escape closes it.
    await fresh.keyboard.press('?');
    const help = fresh.getByRole('dialog', { name: 'Keyboard' });
    await expect.poll(() => help.isVisible()).toBe(true);
    for (const key of ['j', 'x']) await fresh.keyboard.press(key);
    await fresh.keyboard.press('Escape');
    await expect.poll(() => help.isVisible()).toBe(false);
    expect(await inClear()).toBe(0);

    // What leaves is what the screen showed: both occurrences redacted in the exported text.
    const outDir = path.join(h.dir, 'export-dialog-keys');
    await exportAll(fresh, outDir);
    const text = await readFile(
      path.join(outDir, 'shareable', 'anonymized', 'dialog-keys.txt'),
      'utf8',
    );
    expect(text).toBe('Write to [EMAIL REDACTED] first.\nThe desk at [EMAIL REDACTED] answers.\n');
    await fresh.close();
  }, 300_000);

  it('edits recognizers in Settings: a mistake shows its line, a sample shows what they find, and documents are redacted with them', async () => {
    const own = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await own.goto(h.bridge.url);
    await own.getByRole('button', { name: 'Settings' }).click();
    const settings = own.getByRole('dialog', { name: 'Settings' });
    const yaml = settings.getByLabel('Recognizers (YAML)');
    await yaml.fill(
      'recognizers:\n  - name: codes\n    type: CLIENT_CODE\n    patterns: ["CL-[0-9]{6}"]\n',
    );
    await settings.getByRole('button', { name: 'Test on sample' }).click();
    await expect
      .poll(() => settings.getByRole('alert').textContent())
      .toMatch(/^Settings › Recognizers:3: recognizer "codes": unknown type CLIENT_CODE/);

    await yaml.fill(
      'types:\n  - name: CLIENT_CODE\n    placeholder: "[CLIENT CODE REDACTED]"\n' +
        'recognizers:\n  - name: codes\n    type: CLIENT_CODE\n    patterns: ["CL-[0-9]{6}"]\n' +
        '  - name: clients\n    type: COMPANY\n    terms: ["Project Falcon"]\n' +
        'allow: ["Reserve Bank of India"]\n',
    );
    await settings.getByLabel('Sample text').fill('Project Falcon, client CL-123456.');
    await settings.getByRole('button', { name: 'Test on sample' }).click();
    const result = settings.getByLabel('Test result');
    await expect.poll(() => result.textContent()).toContain('CLIENT_CODE “CL-123456”');
    expect(await result.locator('pre').textContent()).toBe(
      '[COMPANY NAME REDACTED], client [CLIENT CODE REDACTED].',
    );
    await shoot(own, 'settings-recognizers');
    // Numbered placeholders: the review pane shows them as the export will write them.
    await settings.getByLabel('Placeholders').selectOption('numbered');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.waitFor({ state: 'detached' });

    const memo = path.join(h.dir, 'recognizers-memo.txt');
    await writeFile(
      memo,
      'Project Falcon pays client CL-654321 through the Reserve Bank of India.\n',
    );
    await own.getByLabel('File or folder path').fill(memo);
    await own.getByRole('button', { name: 'Add', exact: true }).click();
    const open = own.getByRole('button', { name: 'Open recognizers-memo.txt for review' });
    await expect.poll(() => open.isDisabled(), { timeout: 60_000 }).toBe(false);
    await open.click();
    await expect
      .poll(() => own.getByTestId('anonymised-text').textContent())
      .toBe(
        '[COMPANY NAME 1 REDACTED] pays client [CLIENT CODE 1 REDACTED] through the Reserve Bank of India.\n',
      );
    // The new type has its colour and toggle like the built-in ones.
    expect(await own.getByRole('checkbox', { name: 'Client Code' }).first().isChecked()).toBe(true);
    await own.close();
  }, 120_000);

  it('counts a file once: the same in the queue, the review, the export chart and the Summary sheet', async () => {
    const own = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await own.goto(h.bridge.url);
    const memo = path.join(h.dir, 'counts-memo.txt');
    await writeFile(
      memo,
      'Max Murray wrote to max.murray@example.org on Monday.\n' +
        'Max Murray called +44 20 7946 0958 later.\nReply to Max Murray at the office.\n',
    );
    await own.getByLabel('File or folder path').fill(memo);
    await own.getByRole('button', { name: 'Add', exact: true }).click();
    const open = own.getByRole('button', { name: 'Open counts-memo.txt for review' });
    await expect.poll(() => open.isDisabled(), { timeout: 60_000 }).toBe(false);
    const row = own.locator('.queue-row', { hasText: 'counts-memo.txt' });
    const inQueue = Number(/Done · (\d+) detections/.exec((await row.textContent()) ?? '')?.[1]);
    expect(inQueue).toBeGreaterThanOrEqual(5);
    await open.click();
    await expect
      .poll(() => own.locator('.nav-position').textContent())
      .toBe(`${inQueue} detections`);

    const outDir = path.join(h.dir, 'export-counts');
    const dialog = await exportAll(own, outDir);
    const bar = dialog.locator('svg[role="img"] g', { hasText: 'counts-memo.txt' });
    expect(await bar.locator('text').last().textContent()).toBe(String(inQueue));
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(outDir, 'Results.xlsx'));
    const summary = book.getWorksheet('Summary')!;
    const header = (summary.getRow(1).values as unknown[]).map(String);
    let total: unknown;
    summary.eachRow((r) => {
      const values = r.values as unknown[];
      if (String(values[header.indexOf('File')]).endsWith('counts-memo.txt'))
        total = values[header.indexOf('Total')];
    });
    expect(total).toBe(inQueue);
    await own.close();
  }, 180_000);

  it('writes a workbook copy with every placeholder whole and its sheet names unique', async () => {
    const own = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await own.goto(h.bridge.url);
    const file = path.join(h.dir, 'cups-report.xlsx');
    const source = new ExcelJS.Workbook();
    for (const region of ['North', 'South']) {
      const sheet = source.addWorksheet(`Harbour View Trading Ltd ${region}`);
      sheet.addRow(['Harbour View Trading Ltd Cups — Harbour View Trading Ltd Cups']);
      sheet.addRow(['Sales of Harbour View Trading Ltd', 'harbour.view@example.org']);
      sheet.addRow(['Cups', 1200]);
    }
    await source.xlsx.writeFile(file);
    await own.getByLabel('File or folder path').fill(file);
    await own.getByRole('button', { name: 'Add', exact: true }).click();
    const open = own.getByRole('button', { name: 'Open cups-report.xlsx for review' });
    await expect.poll(() => open.isDisabled(), { timeout: 60_000 }).toBe(false);
    const outDir = path.join(h.dir, 'export-cups');
    await exportAll(own, outDir);
    const copy = new ExcelJS.Workbook();
    await copy.xlsx.readFile(path.join(outDir, 'shareable', 'redacted', 'cups-report.xlsx'));
    const names = copy.worksheets.map((w) => w.name);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(2);
    const texts = [...names];
    for (const sheet of copy.worksheets)
      sheet.eachRow((r) => (r.values as unknown[]).forEach((v) => texts.push(String(v ?? ''))));
    expect(texts.join('\n')).not.toMatch(/Harbour|harbour\.view/);
    // Every placeholder whole: with the whole ones taken out no piece of one is left.
    const whole = /[[(][A-Z][A-Z ]*?(?: \d+)? REDACTED[\])]/g;
    for (const t of texts) expect(t.replace(whole, ''), t).not.toMatch(/REDACTED|[[\]()]/);
    expect(texts.some((t) => new RegExp(whole.source).test(t))).toBe(true);
    await own.close();
  }, 180_000);

  it('reviews a spreadsheet as a grid: headers, rows, each cell marked and as the copy holds it', async () => {
    const own = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await own.goto(h.bridge.url);
    const sheet = path.join(h.dir, 'client-balances.csv');
    await writeFile(
      sheet,
      'Client,E-mail,Balance\nRegular client,ann.lee@example.org,12.50\nWalk-in,bo.chan@example.org,7.00\n',
    );
    await own.getByLabel('File or folder path').fill(sheet);
    await own.getByRole('button', { name: 'Add', exact: true }).click();
    const open = own.getByRole('button', { name: 'Open client-balances.csv for review' });
    await expect.poll(() => open.isDisabled(), { timeout: 60_000 }).toBe(false);
    await open.click();
    const grid = own.getByRole('region', { name: 'Spreadsheet grid' });
    await grid.waitFor();
    expect(await own.getByRole('radio', { name: 'Grid' }).isChecked()).toBe(true);
    const table = grid.getByRole('table').first();
    const header = await table.locator('thead th').allTextContents();
    expect(header).toEqual(['', 'A', 'B', 'C']);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toBe('1ClientE-mailBalance');
    const email = rows.nth(1).locator('td').nth(1);
    expect(await email.locator('mark.detection').textContent()).toBe('ann.lee@example.org');
    // Placeholders as Settings say (an earlier test chose numbered ones).
    expect(await email.getByLabel('In the copy').textContent()).toMatch(
      /^\[EMAIL (1 )?REDACTED\]$/,
    );
    await shoot(own, 'review-grid');
    // A click on a cell's mark is the same decision as in the text: reject it, and the copy's
    // cell keeps the value.
    await email.locator('mark.detection').click();
    await own
      .getByRole('button', { name: /^Reject/ })
      .first()
      .click();
    await expect.poll(() => email.getByLabel('In the copy').count()).toBe(0);
    await own.getByRole('radio', { name: 'Text' }).check();
    expect(await own.getByTestId('anonymised-text').textContent()).toContain('ann.lee@example.org');
    await own.close();
  }, 120_000);

  it('holds what reading the copy back finds: listed for review, exported only once accepted', async () => {
    const own = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await own.goto(h.bridge.url);
    const ledger = path.join(h.dir, 'fees-ledger.csv');
    await writeFile(
      ledger,
      'Item,Note\nPayment,for the annual fee\nAccount,the annual fee is closed\n',
    );
    await own.getByLabel('File or folder path').fill(ledger);
    await own.getByRole('button', { name: 'Add', exact: true }).click();
    const open = own.getByRole('button', { name: 'Open fees-ledger.csv for review' });
    await expect.poll(() => open.isDisabled(), { timeout: 60_000 }).toBe(false);
    // Settings change after the file was read: the export's reading of the copy finds the new
    // recognizer's values, which the review never showed.
    await own.getByRole('button', { name: 'Settings' }).click();
    const settings = own.getByRole('dialog', { name: 'Settings' });
    await settings
      .getByLabel('Recognizers (YAML)')
      .fill('recognizers:\n  - name: fees\n    type: COMPANY\n    terms: ["annual fee"]\n');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.waitFor({ state: 'detached' });

    const outDir = path.join(h.dir, 'export-held');
    await own.getByRole('button', { name: 'Export…' }).click();
    const dialog = own.getByRole('dialog', { name: 'Export' });
    await dialog.getByLabel('Export folder').fill(outDir);
    await own.waitForTimeout(500);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const held = dialog.locator('.export-held');
    await held.waitFor({ timeout: 120_000 });
    expect(await held.textContent()).toMatch(/^Nothing was written.*fees-ledger\.csv: 2 values/s);
    expect(await readdir(outDir).catch(() => [])).toEqual([]);
    await own.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const row = own.locator('.queue-row', { hasText: 'fees-ledger.csv' });
    expect(await row.textContent()).toContain('2 found on reading the copy to decide');
    await open.click();
    const panel = own.getByRole('region', { name: 'Found on reading the copy' });
    await panel.waitFor();
    expect(await panel.textContent()).toContain('2 wait for your decision');
    await shoot(own, 'review-found-on-reading');
    await panel.getByRole('button', { name: 'Accept all 2' }).click();
    expect(await panel.textContent()).toContain('are decided');
    expect(await own.getByTestId('anonymised-text').textContent()).not.toContain('annual fee');

    const done = await exportAll(own, outDir);
    expect(await done.getByRole('status').textContent()).toContain(
      'shareable/redacted/fees-ledger.csv',
    );
    const copy = await readFile(
      path.join(outDir, 'shareable', 'redacted', 'fees-ledger.csv'),
      'utf8',
    );
    expect(copy).not.toMatch(/annual fee/i);
    expect(copy).toMatch(/for the \[COMPANY NAME (1 )?REDACTED\]/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(outDir, 'Results.xlsx'));
    const review: string[] = [];
    book.getWorksheet('Review')!.eachRow((r) => review.push(String(r.values)));
    expect(
      review.filter(
        (r) => r.includes('fees-ledger.csv') && r.includes('added on reading the copy'),
      ),
    ).toHaveLength(2);
    // Settings back as the other tests expect them.
    await own.keyboard.press('Escape');
    await done.waitFor({ state: 'detached' });
    await own.getByRole('button', { name: 'Settings' }).click();
    await settings.getByLabel('Recognizers (YAML)').fill('');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.waitFor({ state: 'detached' });
    await own.close();
  }, 300_000);
});

if (chromiumMissing) console.log(`[skipped] browser e2e: ${chromiumMissing}`);
