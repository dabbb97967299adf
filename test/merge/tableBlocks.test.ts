/**
 * A model span over a block of a sheet's cells (two rows and two columns or more) is cut at its
 * cells: amounts leave it, names keep their cells with their column's type. A span along a row
 * (an address in columns) or down a column (an invoice's address lines) is left whole. Then a
 * run over a made-up payee list with whole-number amounts: every name redacted, every amount kept.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetText } from '../../src/document/sheetTable.js';
import { makeSpan, type SpanSource } from '../../src/domain/span.js';
import { cutTableBlocks } from '../../src/merge/tableBlocks.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { makeTempDir, type TempDir } from '../io/fixtures.js';

function sheet(rows: string[][]) {
  return sheetText({ sheets: [{ name: 'Payments', rows, notes: [] }], properties: [] });
}

/** A span from the start of `first` to the end of `last`. */
function over(
  text: string,
  first: string,
  last: string,
  type: string,
  score: number,
  source: SpanSource = 'ner',
) {
  return makeSpan(text, text.indexOf(first), text.indexOf(last) + last.length, type, score, source);
}

const PAYEES = [
  ['Payee', 'Amount'],
  ['Quill Harrow', '1200'],
  ['Ada Lindqvist', '800'],
  ['Emrys Dunmore', '£ 450'],
];

describe('a model span over a block of cells', () => {
  it('is cut at its cells, its amounts left out, its names typed as their column', () => {
    const { text, cells } = sheet(PAYEES);
    const block = over(text, '1200', '£ 450', 'ADDRESS', 0.98);
    const name = over(text, 'Quill', 'Harrow', 'NAME', 0.99);
    const cut = cutTableBlocks(text, [name, block], cells);
    expect(cut.map((s) => [s.type, s.text, s.score])).toEqual([
      ['NAME', 'Quill Harrow', 0.99],
      ['NAME', 'Ada Lindqvist', 0.98],
      ['NAME', 'Emrys Dunmore', 0.98],
    ]);
  });

  it("keeps the span's own type where the model gave its column's values none", () => {
    const { text, cells } = sheet(PAYEES);
    const block = over(text, '1200', '£ 450', 'ADDRESS', 0.9);
    expect(cutTableBlocks(text, [block], cells).map((s) => [s.type, s.text])).toEqual([
      ['ADDRESS', 'Ada Lindqvist'],
      ['ADDRESS', 'Emrys Dunmore'],
    ]);
  });

  it('leaves an address along a row, one down a column, a pattern span and text without cells', () => {
    const { text, cells } = sheet([
      ['Bill to', 'Quill Harrow', '', ''],
      ['', '12 High Street', '', ''],
      ['', 'Leeds', '', ''],
      ['Ship to', '4 Mill Lane', 'York', 'YO1 7HH'],
    ]);
    const down = over(text, '12 High', 'Leeds', 'ADDRESS', 0.99);
    const along = over(text, '4 Mill', 'YO1 7HH', 'ADDRESS', 0.99);
    const pattern = over(text, 'Leeds', 'York', 'ADDRESS', 1, 'pattern');
    expect(cutTableBlocks(text, [down, along, pattern], cells)).toEqual([down, along, pattern]);
    expect(cutTableBlocks(text, [down], [])).toEqual([down]);
  });
});

describe('a payee list through a run', () => {
  let dir: TempDir;
  beforeAll(async () => {
    dir = await makeTempDir();
    const rows = [
      'Payee,Amount',
      'Quill Harrow,1200',
      'Ada Lindqvist,800',
      'Emrys Dunmore,450',
      'Corin Brannock,75',
    ];
    await dir.file('in/payees.csv', `${rows.join('\n')}\n`);
  });
  afterAll(() => dir.remove());

  it('redacts every name and keeps every amount in the copy', async () => {
    const out = join(dir.path, 'out');
    const [result] = await runBatch([join(dir.path, 'in')], out, DEFAULT_REDACT_OPTIONS);
    expect(result!.status, result!.error).toBe('ok');
    const copy = (await readFile(join(out, 'redacted', 'payees.csv'), 'utf8')).replace(
      /^\ufeff/,
      '',
    );
    const lines = copy.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Payee,Amount');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['1200', '800', '450', '75']);
    for (const line of lines.slice(1)) expect(line.split(',')[0]).toMatch(/^\[[A-Z ]+ REDACTED\]$/);
  }, 120_000);
});
