/**
 * `finredact redact --placeholders …` as a user runs it: numbered placeholders on the bundled
 * samples (the same number for a repeated person), the mode in the Summary sheet, the mapping
 * written only when asked, and labelled boxes in a redacted copy that still passes its checks.
 */
import { Writable } from 'node:stream';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { paintBoxLabels } from '../../src/write/boxLabels.js';
import { makePdf, makeTempDir, type TempDir } from './fixtures.js';

const SAMPLES = join(import.meta.dirname, '..', '..', 'samples');

async function finredact(args: readonly string[]): Promise<number> {
  const sink = () => new Writable({ write: (_c, _e, done) => done() });
  return runCli(args, { stdout: sink(), stderr: sink() });
}

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(() => dir.remove());

describe('finredact redact --placeholders', () => {
  it('numbers the samples: a person named again, even by title and surname, keeps their number', async () => {
    const out = join(dir.path, 'numbered');
    const mapping = join(dir.path, 'mapping.csv');
    const code = await finredact([
      'redact',
      SAMPLES,
      '--recognizers',
      join(SAMPLES, 'recognizers.yaml'),
      '--placeholders',
      'numbered',
      '--formats',
      'txt,xlsx',
      '--mapping',
      mapping,
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    const letter = await readFile(
      join(out, 'shareable', 'anonymized', 'tax-letter-en_US.pdf.txt'),
      'utf8',
    );
    expect(letter.match(/\[NAME 1 REDACTED\]/g)?.length).toBeGreaterThanOrEqual(2);
    expect(letter).toContain('Dear Dr. [NAME 1 REDACTED],');
    expect(letter).not.toMatch(/\[NAME REDACTED\]/);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(out, 'Results.xlsx'));
    const summary = book.getWorksheet('Summary')!;
    const header = summary.getRow(1).values as unknown[];
    const column = header.indexOf('Placeholders');
    expect(column).toBeGreaterThan(0);
    expect(summary.getRow(2).getCell(column).value).toBe('numbered');

    const csv = await readFile(mapping, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('file,type,original,replacement');
    expect(csv).toMatch(/tax-letter-en_US\.pdf,NAME,[^,]+,\[NAME 1 REDACTED\]/);
  });

  it('keeps no mapping unless asked', async () => {
    const out = join(dir.path, 'fake');
    const code = await finredact([
      'redact',
      join(SAMPLES, 'invoice-en_GB.txt'),
      '--no-ner',
      '--placeholders',
      'fake',
      '--seed',
      '5',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    const files = await readdir(out);
    expect(files.some((f) => /mapping/i.test(f))).toBe(false);
    const text = await readFile(join(out, 'shareable', 'anonymized', 'invoice-en_GB.txt'), 'utf8');
    expect(text).not.toMatch(/REDACTED/);
    expect(text).toMatch(/@example\.(com|org|net)/);
  });

  it('labels the boxes of a redacted copy, which still passes its checks', async () => {
    const pdf = await dir.file(
      'in/letter.pdf',
      await makePdf([
        { lines: [{ text: 'Write to jane.doe@example.org today', x: 72, y: 700, size: 24 }] },
      ]),
    );
    const out = join(dir.path, 'labelled');
    const code = await finredact([
      'redact',
      pdf,
      '--no-ner',
      '--label-boxes',
      '--placeholders',
      'numbered',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    expect(existsSync(join(out, 'shareable', 'redacted', 'letter.pdf'))).toBe(true);
  });
});

describe('box labels', () => {
  it('write the label in white inside the black box and nothing outside it', () => {
    const canvas = createCanvas(300, 60);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 300, 60);
    const box = { x: 10, y: 10, width: 200, height: 30 };
    context.fillStyle = '#000000';
    context.fillRect(box.x, box.y, box.width, box.height);
    paintBoxLabels(context, 1, [{ box, spanIndex: 0 }], ['[NAME 1 REDACTED]']);
    const data = canvas.data();
    const lightAt = (x: number, y: number) => data[(y * 300 + x) * 4]! > 128;
    let lightInside = 0;
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) if (lightAt(x, y)) lightInside++;
    }
    expect(lightInside).toBeGreaterThan(50);
    // Outside the box the page is as it was: white, no stray label pixels in black.
    for (let x = 0; x < 300; x++) expect(lightAt(x, 5)).toBe(true);
    for (let y = 0; y < 60; y++) expect(lightAt(250, y)).toBe(true);
  });
});
