/**
 * `finredact redact --recognizers` and `--propagate` as a user runs them (issue acceptance): a
 * text with the README's recognizers file, bad files refused with exit 2 and their line, and a
 * value spread across the files of a run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './runCliCaptured.js';
import { makeTempDir, type TempDir } from './fixtures.js';

// The example the README documents and the demo runs with, as the issue wrote it.
const RECOGNIZERS = readFileSync(
  join(import.meta.dirname, '..', '..', 'samples', 'recognizers.yaml'),
  'utf8',
);

const MEMO =
  'Project Falcon is our code name for the client Acme Holdings, client code CL-123456.\n' +
  'The Reserve Bank of India approved the transfer to IBAN DE89 3704 0044 0532 0130 00.\n' +
  'A second transfer to DE89 3704 0044 0532 0130 01 bounced.\n';

async function finredact(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  // The two streams together, as a user reads them in a terminal.
  const run = await runCliCaptured(args);
  return { code: run.code, stderr: run.stdout + run.stderr };
}

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/x.txt', MEMO);
  await dir.file('r.yaml', RECOGNIZERS);
  await dir.file('bad.yaml', RECOGNIZERS.replace("'\\bCL-\\d{6}\\b'", "'CL-(\\d{6}'"));
  await dir.file('self/memo.txt', MEMO);
  await dir.file('self/rules.yaml', RECOGNIZERS);
  await dir.file('run/a.txt', 'Account No: 30556847\n');
  await dir.file('run/b.txt', 'Please quote 30556847 with your payment.\n');
});
afterAll(() => dir.remove());

describe('finredact redact --recognizers', () => {
  it('redacts the user terms, types and patterns, keeps the allow-list, and checks IBANs', async () => {
    const out = join(dir.path, 'o');
    const r = await finredact([
      'redact',
      join(dir.path, 'in/x.txt'),
      '--recognizers',
      join(dir.path, 'r.yaml'),
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const text = await readFile(join(out, 'shareable/anonymized/x.txt'), 'utf8');
    expect(text).toContain(
      '[COMPANY NAME REDACTED] is our code name for the client [COMPANY NAME REDACTED]',
    );
    expect(text).toContain('client code [CLIENT CODE REDACTED].');
    expect(text).toContain('The Reserve Bank of India approved');
    expect(text).toContain('IBAN [BANK ACCOUNT REDACTED].');
    expect(text).toContain('A second transfer to DE89 3704 0044 0532 0130 01 bounced.');

    // The custom type has its own column in the workbook, after the built-in ones.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(out, 'Results.xlsx'));
    const header = (book.getWorksheet('Predicted')?.getRow(1).values ?? []) as unknown[];
    expect(header.slice(-3)).toEqual(['Bank Account', 'Tax ID', 'Client Code']);
    const row = (book.getWorksheet('Predicted')?.getRow(2).values ?? []) as unknown[];
    expect(row.at(-1)).toBe('CL-123456');
  });

  it('refuses a bad recognizers file with exit 2, naming file, line and problem, and writes nothing', async () => {
    const out = join(dir.path, 'o-bad');
    const bad = join(dir.path, 'bad.yaml');
    const r = await finredact(['redact', join(dir.path, 'in'), '--recognizers', bad, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `${bad.replace(/[.\\/]/g, '\\$&')}:10: recognizer "Client codes": invalid pattern`,
      ),
    );
    expect(existsSync(out)).toBe(false);
  });

  it("accepts the file's own types in --types and refuses unknown ones", async () => {
    const base = [
      'redact',
      join(dir.path, 'in'),
      '--recognizers',
      join(dir.path, 'r.yaml'),
      '--no-ner',
    ];
    const ok = await finredact([
      ...base,
      '--types',
      'CLIENT_CODE',
      '--out',
      join(dir.path, 'o-types'),
    ]);
    expect(ok.code).toBe(0);
    const text = await readFile(join(dir.path, 'o-types/shareable/anonymized/x.txt'), 'utf8');
    expect(text).toContain('[CLIENT CODE REDACTED]');
    expect(text).toContain('Acme Holdings');
    const unknown = await finredact([
      ...base,
      '--types',
      'CLIENT_KODE',
      '--out',
      join(dir.path, 'o-x'),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown entity type CLIENT_KODE');
  });

  it('lists its own recognizers file as skipped when it lies in an input folder', async () => {
    const out = join(dir.path, 'o-self');
    const rules = join(dir.path, 'self/rules.yaml');
    const r = await finredact([
      'redact',
      join(dir.path, 'self'),
      '--recognizers',
      rules,
      '--no-ner',
      '--formats',
      'json',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const lines = (await readFile(join(out, 'detections.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; status: string; error?: string });
    expect(lines.map((l) => [l.file.split('/').at(-1), l.status])).toEqual([
      ['memo.txt', 'ok'],
      ['rules.yaml', 'skipped'],
    ]);
    expect(lines[1]?.error).toContain("this run's --recognizers file");
  });
});

describe('finredact redact --propagate', () => {
  async function second(scope: string): Promise<string> {
    const out = join(dir.path, `o-prop-${scope}`);
    const r = await finredact([
      'redact',
      join(dir.path, 'run'),
      '--no-ner',
      '--propagate',
      scope,
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    return readFile(join(out, 'shareable/anonymized/b.txt'), 'utf8');
  }

  it("spreads an account number found in one file to the run's other files only with batch", async () => {
    expect(await second('batch')).toContain('Please quote [BANK ACCOUNT REDACTED] with');
    expect(await second('document')).toContain('Please quote 30556847 with');
  });
});
