/**
 * One scale case of `npm run bench:pipeline`, run in a process of its own so its peak RSS is its
 * own: `text <MB>` redacts a plain-text file of that size (patterns only, every output), `pdf
 * <pages>` writes the redacted copy of a text PDF of that many pages, `csv <rows>` and `xlsx
 * <rows>` redact a customer list of that many rows (read as a stream in chunks). Prints one JSON line.
 */
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';

const [kind, sizeArg] = process.argv.slice(2);
const size = Number(sizeArg);

const LINE =
  'Payment from Jane Doe, jane.doe@example.com, +1 (415) 555-0134, card 4111 1111 1111 1111, ' +
  'SSN 123-45-6789, portal https://pay.example.com; 12 h consulting at 120.00 = 1,440.00 EUR.\n';

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'finredact-scale-'));
  try {
    let input: string;
    if (kind === 'csv') {
      input = join(dir, 'customers.csv');
      // Written a block at a time: the input held whole in this process would count in its peak.
      await writeFile(input, 'Customer,Email,Phone,Amount,Reference\n');
      for (let from = 0; from < size; from += 10_000) {
        const rows: string[] = [];
        for (let i = from; i < Math.min(size, from + 10_000); i++) {
          rows.push(
            `Jane Doe ${i},jane.doe${i}@example.com,+44 20 7946 ${String(i % 10000).padStart(4, '0')},${i % 9999}.50,REF-${i}\n`,
          );
        }
        await appendFile(input, rows.join(''));
      }
    } else if (kind === 'xlsx') {
      input = join(dir, 'customers.xlsx');
      // exceljs's streaming writer: the input is never whole in this process either.
      const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: input });
      const sheet = writer.addWorksheet('Customers');
      sheet.addRow(['Customer', 'Email', 'Phone', 'Amount', 'Reference']).commit();
      for (let i = 0; i < size; i++) {
        sheet
          .addRow([
            `Jane Doe ${i}`,
            `jane.doe${i}@example.com`,
            `+44 20 7946 ${String(i % 10000).padStart(4, '0')}`,
            (i % 9999) + 0.5,
            `REF-${i}`,
          ])
          .commit();
      }
      sheet.commit();
      await writer.commit();
    } else if (kind === 'text') {
      input = join(dir, 'big.txt');
      await writeFile(input, LINE.repeat(Math.ceil((size * 1_000_000) / LINE.length)));
    } else {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let p = 0; p < size; p++) {
        const page = doc.addPage([595, 842]);
        for (let n = 0; n < 30; n++)
          page.drawText(`${p + 1}.${n + 1} ${LINE.trim().slice(0, 90)}`, {
            x: 40,
            y: 800 - n * 24,
            size: 9,
            font,
          });
      }
      input = join(dir, 'long.pdf');
      await writeFile(input, await doc.save());
    }
    const started = performance.now();
    const [result] = await runBatch([input], join(dir, 'out'), {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats:
        kind === 'text'
          ? ['xlsx', 'txt', 'json']
          : kind === 'csv'
            ? ['sheets', 'xlsx', 'json']
            : ['pdf'],
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      JSON.stringify({
        kind,
        size,
        status: result?.status,
        error: result?.error,
        spans: result?.totals
          ? Object.values(result.totals).reduce((a, n) => a + n, 0)
          : result?.spans.length,
        seconds,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
