/**
 * A column under a person's header is filled where the model found one of its names: every
 * other cell shaped as a name becomes one, and the model's partial or mistyped spans in those
 * cells give way. A header alone, a find alone, totals, companies and the table below an empty
 * row are left as they are. Then a run over a short "Name | Hours" list the model reads in part.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetText } from '../../src/document/sheetTable.js';
import { makeSpan, type SpanSource } from '../../src/domain/span.js';
import { fillNameColumns, nameShaped } from '../../src/merge/nameColumns.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { makeTempDir, type TempDir } from '../io/fixtures.js';

function sheet(rows: string[][]) {
  return sheetText({ sheets: [{ name: 'Hours', rows, notes: [] }], properties: [] });
}

function at(text: string, value: string, type: string, score = 0.97, source: SpanSource = 'ner') {
  const start = text.indexOf(value);
  return makeSpan(text, start, start + value.length, type, score, source);
}

const shown = (spans: { type: string; text: string; source: string }[]) =>
  spans.map((s) => [s.type, s.text, s.source]).sort((a, b) => a[1]!.localeCompare(b[1]!));

describe('a column under a person header', () => {
  const rows = [
    ['Name', 'Hours'],
    ['Quill Harrow', '32'],
    ['Ada Lindqvist', '57'],
    ["Emrys O'Dunmore-Vale", '22'],
    ['Floor van Brannock', '9'],
    ['Total', '120'],
  ];

  it('is filled where the model found one of its names; numbers and totals stay', () => {
    const { text, cells } = sheet(rows);
    const found = at(text, 'Quill Harrow', 'NAME');
    expect(shown(fillNameColumns(text, [found], cells))).toEqual([
      ['NAME', 'Ada Lindqvist', 'ner'],
      ['NAME', "Emrys O'Dunmore-Vale", 'ner'],
      ['NAME', 'Floor van Brannock', 'ner'],
      ['NAME', 'Quill Harrow', 'ner'],
    ]);
  });

  it("lets the model's partial or mistyped span give way to the whole cell; a pattern stays", () => {
    const { text, cells } = sheet(rows);
    const spans = [
      at(text, 'Quill Harrow', 'NAME'),
      at(text, 'Lindqvist', 'ADDRESS', 0.7),
      at(text, 'Emrys', 'NAME', 0.8),
      at(text, 'Brannock', 'NAME', 1, 'user'),
      // A number alone in the filled table's cell is no address.
      at(text, '57', 'ADDRESS', 0.54),
    ];
    expect(shown(fillNameColumns(text, spans, cells))).toEqual([
      ['NAME', 'Ada Lindqvist', 'ner'],
      ['NAME', 'Brannock', 'user'],
      ['NAME', "Emrys O'Dunmore-Vale", 'ner'],
      ['NAME', 'Floor van Brannock', 'ner'],
      ['NAME', 'Quill Harrow', 'ner'],
    ]);
  });

  it('decides nothing on a header alone, a find alone, or a find below an empty row', () => {
    const { text, cells } = sheet(rows);
    expect(fillNameColumns(text, [], cells)).toEqual([]);
    const item = sheet([['Item', 'Hours'], ...rows.slice(1)]);
    const lone = at(item.text, 'Quill Harrow', 'NAME');
    expect(fillNameColumns(item.text, [lone], item.cells)).toEqual([lone]);
    const below = sheet([
      ['Name', 'Hours'],
      ['Widget Blue', '3'],
      ['', ''],
      ['Quill Harrow', '32'],
    ]);
    const found = at(below.text, 'Quill Harrow', 'NAME');
    expect(fillNameColumns(below.text, [found], below.cells)).toEqual([found]);
  });

  it('fills nothing where the model found one name among many accounts under "Name"', () => {
    const accounts = ['Checking', 'Savings', 'Receivables', 'Undeposited Funds', 'Inventory'];
    const ledger = sheet([
      ['Name', 'Balance'],
      ...accounts.map((a, i) => [a, `${i + 1}00.00`]),
      ['Quill Harrow', '50.00'],
    ]);
    const found = at(ledger.text, 'Quill Harrow', 'NAME');
    expect(fillNameColumns(ledger.text, [found], ledger.cells)).toEqual([found]);
  });

  it("leaves companies: a cell with a legal form or trade word, a column the model read as companies'", () => {
    const mixed = sheet([
      ['Customer', 'Balance'],
      ['Quill Harrow', '1,200.00'],
      ['Harrow Ltd', '80.00'],
      ['Lindqvist Logistics', '45.10'],
      ['Ada Lindqvist', '12.00'],
    ]);
    const found = at(mixed.text, 'Quill Harrow', 'NAME');
    expect(shown(fillNameColumns(mixed.text, [found], mixed.cells))).toEqual([
      ['NAME', 'Ada Lindqvist', 'ner'],
      ['NAME', 'Quill Harrow', 'ner'],
    ]);
    const companies = sheet([
      ['Client', 'Fee'],
      ['Harrow Brannock', '10'],
      ['Dunmore Vale', '20'],
      ['Quill Harrow', '30'],
      ['Ada Lindqvist', '40'],
    ]);
    const spans = [
      at(companies.text, 'Harrow Brannock', 'COMPANY'),
      at(companies.text, 'Dunmore Vale', 'COMPANY'),
      at(companies.text, 'Quill Harrow', 'NAME'),
    ];
    expect(fillNameColumns(companies.text, spans, companies.cells)).toEqual(spans);
  });

  it('reads a name by its shape', () => {
    for (const name of [
      'Quill Harrow',
      'HARROW, Quill',
      'J. Harrow',
      'Ada van der Vale',
      'Zoë Ångström',
    ]) {
      expect(nameShaped(name), name).toBe(true);
    }
    for (const other of [
      'Grand total',
      'N/A',
      'quill harrow',
      'Room 12',
      'Harrow & Sons',
      'Name',
      'Acme GmbH',
    ]) {
      expect(nameShaped(other), other).toBe(false);
    }
  });
});

describe('a short "Name | Hours" list through a run', () => {
  let dir: TempDir;
  // Four names the shipped model, read on this list, found two of (the other two it finds in
  // prose): the column's header and its two finds redact all four.
  const names = ['Linda Jones', 'Glen Fletcher', 'Katie Bailey', 'Sylvia Ellis'];
  beforeAll(async () => {
    dir = await makeTempDir();
    const rows = ['Name,Hours', ...names.map((n, i) => `${n},${[32, 57, 22, 47][i]}`)];
    await dir.file('in/hours.csv', `${rows.join('\n')}\n`);
  });
  afterAll(() => dir.remove());

  it('redacts every name in the copy and keeps the hours', async () => {
    const out = join(dir.path, 'out');
    const [result] = await runBatch([join(dir.path, 'in')], out, DEFAULT_REDACT_OPTIONS);
    expect(result!.status, result!.error).toBe('ok');
    const copy = (await readFile(join(out, 'redacted', 'hours.csv'), 'utf8')).replace(
      /^\ufeff/,
      '',
    );
    const lines = copy.trim().split(/\r?\n/);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['32', '57', '22', '47']);
    for (const line of lines.slice(1)) expect(line.split(',')[0]).toBe('[NAME REDACTED]');
  }, 120_000);
});
