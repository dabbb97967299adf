/**
 * Names inside an e-mail, as a reviewer meets them (issue 53): the Export dialog lists each
 * attachment name it will write redacted before anything is written, and the exported folder's
 * shareable part — the copies' paths and the rebuilt e-mail — holds none of the names' values.
 * The screenshot goes to .tmp/screenshots (docs/screenshots with UPDATE_SCREENSHOTS=1).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail } from '../../src/document/mailMessage.js';
import { NAME_VALUES, namedAttachmentsMail } from '../../templates/archives/namedMembers.js';
import { everyFile } from '../io/readAll.js';
import { chromiumMissing, repoRoot, startHarness, type Harness } from './browserHarness.js';

const screenshotDir = process.env.UPDATE_SCREENSHOTS
  ? path.join(repoRoot, 'docs', 'screenshots')
  : path.join(repoRoot, '.tmp', 'screenshots');

if (chromiumMissing) console.log(`[skipped] names in the app's export: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== null)("names inside an e-mail, in the app's export", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('are listed before the export and written redacted', async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(h.bridge.url);
    const mail = path.join(h.dir, 'in', 'letter.eml');
    await mkdir(path.dirname(mail), { recursive: true });
    await writeFile(mail, await namedAttachmentsMail());
    await page.getByLabel('File or folder path').fill(mail);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(/3 of 3 processed/).waitFor({ timeout: 120_000 });

    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export' });
    const names = dialog.getByRole('note', { name: 'Names redacted' });
    await names.waitFor({ timeout: 60_000 });
    const listed = await names.locator('li').allTextContents();
    expect(listed).toHaveLength(2);
    for (const line of listed) {
      const [from, to] = line.split(' → ');
      expect(from).toMatch(new RegExp(`${NAME_VALUES.iban}|${NAME_VALUES.attachmentPerson}`));
      expect(to).toMatch(/REDACTED\]/);
      expect(to).not.toMatch(new RegExp(`${NAME_VALUES.iban}|${NAME_VALUES.attachmentPerson}`));
    }
    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, 'export-names.png') });

    const out = path.join(h.dir, 'export');
    await dialog.getByLabel('Export folder').fill(out);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByRole('status').waitFor({ timeout: 120_000 });
    const shared = (await everyFile(path.join(out, 'shareable'))).map((f) => path.relative(out, f));
    expect(shared).toContain(path.join('shareable', 'redacted', 'letter.eml'));
    const rebuilt = await readMail(
      await readFile(path.join(out, 'shareable', 'redacted', 'letter.eml')),
    );
    const seen = [...shared, rebuilt.body, ...rebuilt.attachments.map((a) => a.filename)].join(
      '\n',
    );
    for (const value of [NAME_VALUES.iban, NAME_VALUES.attachmentPerson])
      expect(seen).not.toContain(value);
    expect(rebuilt.attachments.map((a) => a.filename)).toEqual(
      expect.arrayContaining(['[NAME REDACTED]_statement.txt']),
    );
    await page.close();
  }, 240_000);
});
