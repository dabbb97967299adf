/**
 * Large spreadsheets are read as a stream, a chunk of rows at a time: the redacted copy holds
 * every row with every detection replaced (in the run's placeholder mode), the counts cover the
 * whole file, and the result keeps only the first chunk as its preview (memory stays bounded;
 * `npm run bench:pipeline` measures it). A CSV streams from 1 MB, a workbook from 1 MB too; these
 * tests call the streaming path directly on smaller files.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDetector, type Detector } from '../../src/detect/engine.js';
import { runReplacements } from '../../src/pipeline/anonymiseRun.js';
import { processLargeCsv } from '../../src/pipeline/largeSheets/largeCsv.js';
import { processLargeXlsx } from '../../src/pipeline/largeSheets/largeXlsx.js';
import { CHUNK_ROWS } from '../../src/pipeline/largeSheets/sheetChunks.js';
import type { PlaceholderMode } from '../../src/domain/placeholderMode.js';
import { makeTempDir, type TempDir } from './fixtures.js';

const ROWS = CHUNK_ROWS * 2 + 123;
let dir: TempDir;
let csvInput: string;
let xlsxInput: string;
let detector: Detector;

function options(relativePath: string, placeholders: PlaceholderMode = 'redacted') {
  return {
    detector,
    policy: detector.policy,
    columns: [],
    replacements: runReplacements({ placeholders }),
    relativePath,
  };
}

beforeAll(async () => {
  dir = await makeTempDir();
  detector = await createDetector({ ner: false });
  // \u0080 is written as the byte 0x80: Windows-1252's euro sign.
  const lines = ['Client;E-mail;Amount \u0080'];
  for (let i = 0; i < ROWS; i++) {
    lines.push(`${i % 500 === 0 ? 'Renée' : 'Client'} ${i};client${i % 1000}@example.org;${i},00`);
  }
  // Windows-1252 with a semicolon delimiter, as a continental export writes it.
  csvInput = await dir.file('in/export.csv', Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));

  const wb = new ExcelJS.Workbook();
  wb.creator = 'author.person@example.net';
  const ws = wb.addWorksheet('Clients');
  ws.addRow(['Client', 'E-mail', 'Amount', 'Booked', 'Copy']);
  for (let i = 0; i < ROWS; i++) {
    // Row 1001 (i = 999) stays empty: row numbers must hold in the copy.
    if (i === 999) continue;
    ws.getRow(i + 2).values = [
      `Client ${i}`,
      `client${i}@example.org`,
      i + 0.5,
      new Date(Date.UTC(2024, 0, 1 + (i % 28))),
      { formula: `B${i + 2}`, result: `client${i}@example.org` },
    ];
  }
  ws.getCell('A2').note = 'Call note.person@example.net';
  const named = wb.addWorksheet('kim.lee@example.org');
  named.addRow(['Balance', 1200]);
  xlsxInput = join(dir.path, 'in', 'book.xlsx');
  await writeFile(xlsxInput, Buffer.from(await wb.xlsx.writeBuffer()));
}, 60_000);
afterAll(() => dir.remove());

describe('a large CSV', () => {
  it('is redacted row by row in chunks, every row in the copy, every detection counted', async () => {
    const copy = join(dir.path, 'out', 'export.csv');
    const result = await processLargeCsv(
      { file: csvInput, relativePath: 'export.csv' },
      options('export.csv'),
      copy,
    );
    expect(result.status).toBe('ok');
    expect(result.totals).toEqual({ EMAIL: ROWS });
    // The preview is the first chunk only.
    expect(result.spans.length).toBe(CHUNK_ROWS);
    expect(result.warnings[0]).toMatch(
      /is large \(4,123 rows\): it was read in chunks of 2,000 rows/,
    );
    expect(result.warnings[0]).toMatch(/not valid UTF-8 and was read as Windows-1252/);
    const lines = (await readFile(copy, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    // Read as Windows-1252, not Latin-1: the euro sign and the accented name survive the round
    // trip into UTF-8.
    expect(lines[0]).toBe('Client;E-mail;Amount €');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]).toBe('Renée 0;[EMAIL REDACTED];0,00');
    expect(lines[ROWS]).toBe(`Client ${ROWS - 1};[EMAIL REDACTED];${ROWS - 1},00`);
    expect(lines.join('\n')).not.toMatch(/@example\.org/);
  });

  it('takes the run’s placeholder mode, one value one replacement across chunks', async () => {
    const copy = join(dir.path, 'out-numbered', 'export.csv');
    const result = await processLargeCsv(
      { file: csvInput, relativePath: 'export.csv' },
      options('export.csv', 'numbered'),
      copy,
    );
    const lines = (await readFile(copy, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    // client0@… is row 1 and row 1001 (another chunk): the same number both times.
    expect(lines[1]).toBe('Renée 0;[EMAIL 1 REDACTED];0,00');
    expect(lines[1001]).toBe('Renée 1000;[EMAIL 1 REDACTED];1000,00');
    expect(lines[ROWS]).toMatch(/^Client 4122;\[EMAIL 123 REDACTED\];/);
    // The mapping lists each distinct value once.
    expect(result.streamedMapping).toHaveLength(1000);
    expect(result.replacements?.[0]).toBe('[EMAIL 1 REDACTED]');
  });
});

describe("a large CSV with Excel's sep= line", () => {
  it('takes the line below it as the header, and writes the line back first', async () => {
    const lines = ['sep=;', 'Client;E-mail'];
    for (let i = 0; i < CHUNK_ROWS + 10; i++) lines.push(`Client ${i};client${i}@example.org`);
    const input = await dir.file('in/sep.csv', `${lines.join('\r\n')}\r\n`);
    const copy = join(dir.path, 'out-sep', 'sep.csv');
    const result = await processLargeCsv(
      { file: input, relativePath: 'sep.csv' },
      { ...options('sep.csv'), columns: ['client'] },
      copy,
    );
    expect(result.status).toBe('ok');
    const written = (await readFile(copy, 'utf8')).split('\r\n');
    expect(written.slice(0, 3)).toEqual([
      '\ufeffsep=;',
      'Client;E-mail',
      '[REDACTED];[EMAIL REDACTED]',
    ]);
    expect(written[CHUNK_ROWS + 11]).toBe('[REDACTED];[EMAIL REDACTED]');
  });
});

describe('the second reading of a streamed copy', () => {
  /**
   * The run's detector, except that its first pass misses every e-mail address ending in 7 (run
   * with propagation off, or the table-row rule fills the column's gaps before the second reading
   * can).
   */
  function missingSevens(): Detector {
    return {
      ...detector,
      async candidates(text) {
        return (await detector.candidates(text)).filter((s) => !/7@/.test(s.text));
      },
    };
  }

  it("reads each chunk's redacted rows again and redacts what the first pass missed", async () => {
    const copy = join(dir.path, 'out-readback', 'export.csv');
    const result = await processLargeCsv(
      { file: csvInput, relativePath: 'export.csv' },
      {
        ...options('export.csv'),
        detector: missingSevens(),
        policy: { ...detector.policy, propagate: 'off' },
      },
      copy,
    );
    expect(result.status).toBe('ok');
    // One address in ten ends in 7: the second reading found them all, in every chunk.
    expect(result.totals).toEqual({ EMAIL: ROWS });
    expect(result.warnings.join('\n')).toMatch(
      /reading the redacted rows back found \d+ more values/,
    );
    expect(result.spans.filter((s) => s.source === 'read-back').length).toBeGreaterThan(0);
    const written = await readFile(copy, 'utf8');
    expect(written).not.toMatch(/@example\.org/);
  });

  it('fails the file, naming rows and type, when the reading finds what the text does not hold', async () => {
    // A detector whose full reading of redacted rows names a value the chunk's text does not
    // hold (as a reading would that saw what the first pass could not), beside a replacement.
    const phantom: Detector = {
      ...detector,
      async detect(text) {
        const found = await detector.detect(text);
        const at = text.indexOf('[EMAIL REDACTED]') + '[EMAIL REDACTED]'.length;
        if (at < '[EMAIL REDACTED]'.length) return found;
        return [
          ...found,
          {
            start: at,
            end: at + 1,
            type: 'NAME',
            score: 1,
            source: 'pattern',
            text: 'Zed Phantom',
          },
        ];
      },
    };
    await expect(
      processLargeCsv(
        { file: csvInput, relativePath: 'export.csv' },
        { ...options('export.csv'), detector: phantom },
        join(dir.path, 'out-phantom', 'export.csv'),
      ),
    ).rejects.toThrow(/reading the redacted rows 1–2,000 of CSV back found NAME still there/);
  });
});

describe('a large workbook', () => {
  it('streams every sheet into a copy of values: detections replaced, names too, nothing else kept', async () => {
    const copy = join(dir.path, 'out', 'book.xlsx');
    const result = await processLargeXlsx(
      { file: xlsxInput, relativePath: 'book.xlsx' },
      options('book.xlsx'),
      copy,
    );
    expect(result.status).toBe('ok');
    // Each row's e-mail and its formula's cached copy, and the sheet's name.
    expect(result.totals).toEqual({ EMAIL: 2 * (ROWS - 1) + 1 });
    expect(result.warnings[0]).toMatch(
      /is large \(4,123 rows\).*notes and properties were not read/,
    );

    const bytes = await readFile(copy);
    const zip = await JSZip.loadAsync(bytes);
    let everything = '';
    for (const [name, file] of Object.entries(zip.files)) {
      if (!file.dir) everything += `${name}\n${await file.async('string')}`;
    }
    expect(everything).not.toMatch(/@example\.(org|net)/);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => [w.name, w.rowCount])).toEqual([
      ['Clients', ROWS + 1],
      ['(EMAIL REDACTED)', 1],
    ]);
    const ws = wb.getWorksheet('Clients')!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Client',
      'E-mail',
      'Amount',
      'Booked',
      'Copy',
    ]);
    expect(ws.getCell('B2').value).toBe('[EMAIL REDACTED]');
    expect(ws.getCell('E2').value).toBe('[EMAIL REDACTED]');
    // Numbers and dates stay numbers and dates.
    expect(ws.getCell('C2').value).toBe(0.5);
    expect(ws.getCell('D2').value).toEqual(new Date(Date.UTC(2024, 0, 1)));
    // The empty row is still empty, and the rows below it keep their numbers.
    expect(ws.getCell('A1001').value ?? null).toBeNull();
    expect(ws.getCell(`A${ROWS + 1}`).value).toBe(`Client ${ROWS - 1}`);
    expect(ws.getCell(`B${ROWS + 1}`).value).toBe('[EMAIL REDACTED]');
    expect(wb.getWorksheet('(EMAIL REDACTED)')!.getCell('B1').value).toBe(1200);
  });
});
