/**
 * The review's export holds what reading the copies back finds and the review never showed:
 * nothing is written until the reviewer accepts or rejects each value, and then exactly that is
 * written. A batch nobody reviews (no `holdFindings`) adds them, as `finredact redact` does.
 *
 * The finding is made certain by changing Settings' recognizers after the file was processed:
 * the export's reading of the copy uses the new recognizer, the stored detections do not.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { AppBackend } from '../../src/bridge/appBackend.js';
import type { ReviewDecisions } from '../../src/domain/reviewDecisions.js';
import { appBackendIn, processedWith } from './appBackendFixture.js';

let dir: string;
let backend: AppBackend;
let memo: string;
const TEXT = 'Item,Note\nPayment,for the annual fee\nAccount,the annual fee is closed\n';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-held-'));
  memo = path.join(dir, 'memo.csv');
  await writeFile(memo, TEXT);
  backend = appBackendIn(dir);
  await processedWith(backend, [memo], { ocr: 'never' });
  const settings = await backend.getSettings();
  await backend.saveSettings({
    ...settings,
    recognizers:
      'recognizers:\n  - name: codenames\n    type: COMPANY\n    terms: ["annual fee"]\n',
  });
}, 120_000);

afterAll(async () => {
  await backend?.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function exportWith(out: string, decisions?: ReviewDecisions, hold = true) {
  const settings = await backend.getSettings();
  return backend.exportResults({
    outputFolder: out,
    policy: { types: settings.types, modelThreshold: settings.threshold },
    files: [decisions ? { file: memo, decisions } : { file: memo }],
    ...(hold ? { holdFindings: true } : {}),
  });
}

describe("the review's export holds read-back findings", () => {
  it('returns them and writes nothing, not even a staging folder', async () => {
    expect(backend.getResult(memo).spans.some((s) => /annual fee/.test(s.text ?? ''))).toBe(false);
    const out = path.join(dir, 'held');
    const summary = await exportWith(out);
    expect(summary.written).toEqual([]);
    expect(summary.findings).toHaveLength(1);
    const found = summary.findings![0]!.findings;
    expect(found.map((f) => [f.type, f.text, TEXT.slice(f.start, f.end)])).toEqual([
      ['COMPANY', 'annual fee', 'annual fee'],
      ['COMPANY', 'annual fee', 'annual fee'],
    ]);
    expect(await readdir(out)).toEqual([]);
  }, 120_000);

  it('writes an accepted finding redacted, with its decision in the Review sheet', async () => {
    const found = (await exportWith(path.join(dir, 'probe'))).findings![0]!.findings;
    const at = new Date().toISOString();
    const decisions: ReviewDecisions = {
      rejected: [],
      retyped: [],
      added: found.map((f) => ({ ...f, score: 1, source: 'manual' as const })),
      log: found.map((f) => ({ key: `found:${f.start}-${f.end}`, at })),
    };
    const out = path.join(dir, 'accepted');
    // An export the app was killed in left its staging folder behind: this one removes it.
    await mkdir(path.join(out, '.finredact-export-killed', 'shareable'), { recursive: true });
    await writeFile(path.join(out, '.finredact-export-killed', 'detections.jsonl'), '{}');
    const summary = await exportWith(out, decisions);
    expect(summary.findings).toEqual([]);
    expect(summary.written.every((f) => f.startsWith(out + path.sep))).toBe(true);
    expect(summary.written.some((f) => f.includes('.finredact-export-'))).toBe(false);
    const text = await readFile(path.join(out, 'redacted', 'memo.csv'), 'utf8');
    expect(text).not.toMatch(/annual fee/i);
    expect(text).toContain('for the [COMPANY NAME REDACTED]');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(out, 'Results.xlsx'));
    const actions: string[] = [];
    book.getWorksheet('Review')!.eachRow((row) => actions.push(row.values!.toString()));
    expect(actions.filter((a) => a.includes('added on reading the copy'))).toHaveLength(2);
    expect((await readdir(out)).filter((n) => n.startsWith('.'))).toEqual([]);
  }, 120_000);

  it('writes a rejected finding as it stands, and does not add it back', async () => {
    const found = (await exportWith(path.join(dir, 'probe2'))).findings![0]!.findings;
    const decisions: ReviewDecisions = {
      rejected: [],
      retyped: [],
      added: [],
      rejectedAt: found.map(({ start, end }) => ({ start, end })),
    };
    const out = path.join(dir, 'rejected');
    const summary = await exportWith(out, decisions);
    expect(summary.findings).toEqual([]);
    expect(summary.failed).toEqual([]);
    const copy = await readFile(path.join(out, 'redacted', 'memo.csv'), 'utf8');
    // The copy is written with a byte-order mark and CRLF lines, as Excel reads CSV best.
    expect(copy.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n')).toBe(TEXT);
  }, 120_000);

  it('adds them without holding when nobody reviews, as the CLI does', async () => {
    const out = path.join(dir, 'batch');
    const summary = await exportWith(out, undefined, false);
    expect(summary.findings).toEqual([]);
    const text = await readFile(path.join(out, 'redacted', 'memo.csv'), 'utf8');
    expect(text).not.toMatch(/annual fee/i);
  }, 120_000);
});
