/**
 * Inputs that used to lose the whole batch's outputs or confuse its report (issue 28): the same
 * file name given twice, names near the file system's limit, hidden files, names that are not
 * UTF-8, a path that does not exist, and an output folder that already holds an earlier run.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/domain/usageError.js';
import { fitName, MAX_NAME_BYTES } from '../../src/pipeline/outputPaths.js';
import { DEFAULT_REDACT_OPTIONS, type RedactOptions } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { makeTempDir, SYNTHETIC_TEXT, type TempDir } from './fixtures.js';

const OPTIONS: RedactOptions = {
  ...DEFAULT_REDACT_OPTIONS,
  ner: false,
  formats: ['xlsx', 'txt', 'json'],
};

let dir: TempDir;

async function records(out: string): Promise<{ file: string; status: string; error?: string }[]> {
  const text = await readFile(join(out, 'detections.jsonl'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { file: string; status: string; error?: string });
}

beforeAll(async () => {
  dir = await makeTempDir('finredact-edges-');
});
afterAll(async () => {
  await dir.remove();
});

describe('batch edges', () => {
  it('writes every output for two files of the same name given side by side', async () => {
    await dir.file('a/statement.txt', SYNTHETIC_TEXT);
    await dir.file('b/statement.txt', SYNTHETIC_TEXT.replace('Jane', 'Joan'));
    const out = join(dir.path, 'out-dup');
    const results = await runBatch(
      [join(dir.path, 'a', 'statement.txt'), join(dir.path, 'b', 'statement.txt')],
      out,
      OPTIONS,
    );
    expect(results.map((r) => [r.relativePath, r.status])).toEqual([
      ['statement.txt', 'ok'],
      ['statement (2).txt', 'ok'],
    ]);
    expect((await records(out)).map((r) => r.file)).toEqual(['statement.txt', 'statement (2).txt']);
    expect((await readdir(join(out, 'anonymized'))).sort()).toEqual([
      'statement (2).txt',
      'statement.txt',
    ]);
    expect(existsSync(join(out, 'Results.xlsx'))).toBe(true);
  });

  it('writes every output for names of 240 bytes, shortened where an extension is added', async () => {
    const long = `${'é'.repeat(60)}${'x'.repeat(116)}.txt`; // 60×2 + 116 + 4 = 240 bytes
    expect(Buffer.byteLength(long)).toBe(240);
    await dir.file(`long/${long}`, SYNTHETIC_TEXT);
    await dir.file(`long/${long.replace('.txt', '.pdf.txt').slice(4)}`, SYNTHETIC_TEXT);
    const out = join(dir.path, 'out-long');
    const results = await runBatch([join(dir.path, 'long')], out, OPTIONS);
    expect(results.every((r) => r.status === 'ok')).toBe(true);
    const written = await readdir(join(out, 'anonymized'));
    expect(written).toHaveLength(2);
    for (const name of written) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect((await records(out)).map((r) => r.status)).toEqual(['ok', 'ok']);
  });

  it('shortens a name that is too long readably, uniquely and on a character boundary', () => {
    const a = fitName(`${'ä'.repeat(200)}-a.pdf.txt`);
    const b = fitName(`${'ä'.repeat(200)}-b.pdf.txt`);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(a).toMatch(/^ä+~[0-9a-f]{8}\.txt$/);
    expect(a).not.toBe(b);
    expect(fitName('short.txt')).toBe('short.txt');
  });

  it('lists hidden files and names that are not UTF-8 with their reason; the rest is redacted', async () => {
    await dir.file('mixed/ok.txt', SYNTHETIC_TEXT);
    await dir.file('mixed/.DS_Store', 'junk');
    writeFileSync(
      Buffer.concat([
        Buffer.from(join(dir.path, 'mixed', 'bad')),
        Buffer.from([0xff]),
        Buffer.from('.txt'),
      ]),
      'x',
    );
    const out = join(dir.path, 'out-mixed');
    const results = await runBatch([join(dir.path, 'mixed')], out, OPTIONS);
    const byStatus = Object.fromEntries(results.map((r) => [r.status, r.error ?? '']));
    expect(byStatus.skipped).toMatch(/^\.DS_Store: skipped, a hidden file/);
    expect(byStatus.error).toMatch(/the file name is not valid UTF-8/);
    expect(results.filter((r) => r.status === 'ok').map((r) => r.relativePath)).toEqual(['ok.txt']);
    expect((await records(out)).map((r) => r.status).sort()).toEqual(['error', 'ok', 'skipped']);
  });

  it('makes a path that does not exist, given alone, a usage error naming the full path', async () => {
    const missing = join(dir.path, 'nowhere', 'lost.pdf');
    const run = runBatch([missing], join(dir.path, 'out-missing'), OPTIONS);
    await expect(run).rejects.toBeInstanceOf(UsageError);
    await expect(run).rejects.toThrow(`no such file or folder: ${missing}`);
  });

  it('refuses an output folder holding an earlier run unless told to overwrite, then clears it', async () => {
    await dir.file('rerun/first.txt', SYNTHETIC_TEXT);
    const out = join(dir.path, 'out-rerun');
    await runBatch([join(dir.path, 'rerun')], out, OPTIONS);
    await dir.file('out-rerun/anonymized/stale.txt', 'an earlier run of another input');
    await dir.file('out-rerun/notes-of-mine.md', 'not ours: must survive');
    await expect(runBatch([join(dir.path, 'rerun')], out, OPTIONS)).rejects.toThrow(
      /already holds the outputs of an earlier run .*--overwrite/,
    );
    await runBatch([join(dir.path, 'rerun')], out, { ...OPTIONS, overwrite: true });
    expect(await readdir(join(out, 'anonymized'))).toEqual(['first.txt']);
    expect(existsSync(join(out, 'notes-of-mine.md'))).toBe(true);
  });
});
