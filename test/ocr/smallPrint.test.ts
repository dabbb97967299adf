/**
 * Small print in the corner of an A4 scan (13 px at 150 DPI: an e-mail and an IBAN) is read:
 * the band of ink the page reading left without words is read again three times larger, its
 * values detected and boxed where they are printed — not passed as "ok" with a warning. Native
 * tesseract, reading the copy's band enlarged the same way, finds neither value.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { makeTempDir, type TempDir } from '../io/fixtures.js';
import { nativeTesseract, nativeTesseractMissing } from '../pdf-redact/nativeOcr.js';

const EMAIL = 'small.print@example.org';
const IBAN = 'DE89 3704 0044 0532 0130 00';

async function scanWithSmallPrint(): Promise<Buffer> {
  const big = ['INVOICE 2026-117', 'Amount due: EUR 1,250.00', 'Thank you for your business.']
    .map(
      (t, i) =>
        `<text x="100" y="${200 + i * 60}" font-size="36" font-family="DejaVu Sans">${t}</text>`,
    )
    .join('');
  const small = [`Queries: ${EMAIL}`, `IBAN ${IBAN}`]
    .map(
      (t, i) =>
        `<text x="900" y="${1700 + i * 18}" font-size="13" font-family="DejaVu Sans">${t}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="white"/>${big}${small}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/scan.png', await scanWithSmallPrint());
});
afterAll(() => dir.remove());

describe('small print on a scan', () => {
  it('is read, detected and boxed, with no unread-print warning', async () => {
    const out = join(dir.path, 'out');
    const [result] = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    expect(result!.status, result!.error).toBe('ok');
    expect(result!.spans.map((s) => [s.type, s.text])).toEqual([
      ['EMAIL', EMAIL],
      ['BANK_ACCOUNT', IBAN],
    ]);
    expect(result!.warnings.join(' ')).not.toMatch(/could not read/);
    if (nativeTesseractMissing) {
      console.log(`small-print native check skipped: ${nativeTesseractMissing}`);
      return;
    }
    const band = join(dir.path, 'band.png');
    await writeFile(
      band,
      await sharp(await readFile(join(out, 'redacted', 'scan.png')))
        .extract({ left: 0, top: 1640, width: 1240, height: 114 })
        .resize({ width: 3720 })
        .png()
        .toBuffer(),
    );
    const read = nativeTesseract(band, '6');
    expect(read).toContain('Queries');
    expect(read).not.toContain('example');
    expect(read.replace(/\s/g, '')).not.toContain('DE89');
  }, 120_000);
});
