/**
 * One scale case of `npm run bench:pipeline`, run in a process of its own so its peak RSS is its
 * own: `text <MB>` redacts a plain-text file of that size (patterns only, every output), `pdf
 * <pages>` writes the redacted copy of a text PDF of that many pages, `csv <rows>` redacts a
 * customer list of that many rows (read as a stream in chunks). Prints one JSON line.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
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
      const rows = ['Customer,Email,Phone,Amount,Reference'];
      for (let i = 0; i < size; i++) {
        rows.push(
          `Jane Doe ${i},jane.doe${i}@example.com,+44 20 7946 ${String(i % 10000).padStart(4, '0')},${i % 9999}.50,REF-${i}`,
        );
      }
      await writeFile(input, `${rows.join('\n')}\n`);
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
