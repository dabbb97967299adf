/**
 * Payment QR codes: an EPC "GiroCode" on a PNG invoice, on a text-layer PDF (an embedded image,
 * and drawn as vector squares) and on a scanned PDF is decoded, its payee and IBAN join the document's text as labelled lines,
 * and the redacted copy's code is blacked out whole — Debian's zbarimg, an independent decoder,
 * reads no payload with a planted value from any copy, nor does our own. Payload parsing of EPC,
 * Swiss QR-bill, UPI and vCard is checked on its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBarcodes } from '../../src/document/barcodes.js';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import { barcodeText } from '../../src/extract/ocr/barcodeText.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import ExcelJS from 'exceljs';
import {
  epcPayload,
  invoicePdf,
  invoicePng,
  PAYEE,
  PAYEE_IBAN,
  scannedInvoicePdf,
  vectorCodeInvoicePdf,
} from '../../templates/barcodes/paymentCodes.js';
import { makeTempDir, type TempDir } from '../io/fixtures.js';

const zbarMissing =
  spawnSync('zbarimg', ['--version']).status === 0
    ? null
    : 'zbarimg is not installed (apt-get install zbar-tools)';
if (zbarMissing)
  console.log(`barcode tests: the independent zbarimg check is skipped: ${zbarMissing}`);

/** Each page of a copy as PNG: a PDF rendered at 150 DPI, an image as it is. */
async function pagesOf(file: string): Promise<Buffer[]> {
  const bytes = await readFile(file);
  if (!file.endsWith('.pdf')) return [bytes];
  const pdf = await loadPdf(bytes, file);
  const pages: Buffer[] = [];
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await renderPdfPage(pdf, n, { dpi: 150 });
      const raw = page.pixels();
      pages.push(
        await sharp(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
          raw: { width: page.pixelWidth, height: page.pixelHeight, channels: 4 },
        })
          .png()
          .toBuffer(),
      );
      page.release();
    }
  } finally {
    await pdf.destroy();
  }
  return pages;
}

/** Every payload zbarimg and our decoder read on the pages. */
async function payloads(pages: readonly Buffer[], scratch: string): Promise<string[]> {
  const out: string[] = [];
  for (const [i, png] of pages.entries()) {
    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    out.push(...(await decodeBarcodes(data, info.width, info.height)).map((c) => c.text));
    if (zbarMissing) continue;
    const file = join(scratch, `page${i}.png`);
    await writeFile(file, png);
    const zbar = spawnSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8' });
    if (zbar.stdout) out.push(zbar.stdout);
  }
  return out;
}

let dir: TempDir;
let scratch: string;
beforeAll(async () => {
  dir = await makeTempDir();
  scratch = await mkdtemp(join(tmpdir(), 'finredact-zbar-'));
  await dir.file('in/photo.png', await invoicePng());
  await dir.file('in/text.pdf', await invoicePdf());
  await dir.file('in/scan.pdf', await scannedInvoicePdf());
  await dir.file('in/vector.pdf', await vectorCodeInvoicePdf());
});
afterAll(async () => {
  await dir.remove();
  await rm(scratch, { recursive: true, force: true });
});

describe('payment QR codes', () => {
  it('are decoded in the originals by both decoders (the fixture is sound)', async () => {
    for (const name of ['photo.png', 'text.pdf', 'scan.pdf', 'vector.pdf']) {
      const read = await payloads(await pagesOf(join(dir.path, 'in', name)), scratch);
      expect(read.join('\n'), name).toContain(PAYEE_IBAN);
    }
  }, 60_000);

  it('join the text as labelled fields, and no copy keeps a readable code', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    for (const r of results) {
      expect(r.status, `${r.relativePath}: ${r.error}`).toBe('ok');
      expect(r.text, r.relativePath).toContain(`Payee: ${PAYEE}\nIBAN: ${PAYEE_IBAN}`);
      expect(r.spans.some((s) => s.type === 'BANK_ACCOUNT' && s.text === PAYEE_IBAN)).toBe(true);
      // OCR's misreading of the code's modules is not in the text.
      expect(r.text.split('EPC payment QR code:')).toHaveLength(2);
      const copy = join(out, 'redacted', r.relativePath);
      const read = (await payloads(await pagesOf(copy), scratch)).join('\n');
      expect(read, r.relativePath).not.toContain(PAYEE_IBAN);
      expect(read, r.relativePath).not.toContain(PAYEE);
    }
    expect((await readdir(join(out, 'redacted'))).sort()).toEqual([
      'photo.png',
      'scan.pdf',
      'text.pdf',
      'vector.pdf',
    ]);
    // The Spans sheet says the IBAN was found in a barcode, and on which page.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(out, 'Results.xlsx'));
    const rows: string[][] = [];
    workbook.getWorksheet('Spans')!.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    const ibanRows = rows.filter((r) => r[3] === 'BANK_ACCOUNT' && r[4] === PAYEE_IBAN);
    expect(ibanRows.map((r) => [r[0], r[7]]).sort()).toEqual(
      ['photo.png', 'scan.pdf', 'text.pdf', 'vector.pdf'].map((f) => [f, 'barcode, page 1']),
    );
  }, 120_000);
});

describe('payload parsing', () => {
  it('names the fields of EPC, Swiss QR-bill, UPI and vCard payloads', () => {
    expect(barcodeText('QRCode', epcPayload('Jo Bloggs', 'DE89370400440532013000'))).toBe(
      'EPC payment QR code:\nBIC: COBADEFFXXX\nPayee: Jo Bloggs\nIBAN: DE89370400440532013000\nAmount: EUR1250.00\nRemittance text: Invoice 2026-117',
    );
    const swiss = [
      'SPC',
      '0200',
      '1',
      'CH4431999123000889012',
      'S',
      'Robert Schneider AG',
      'Rue du Lac',
      '1268',
      '2501',
      'Biel',
      'CH',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '1949.75',
      'CHF',
      'S',
      'Pia-Maria Rutschmann',
      'Grosse Marktgasse',
      '28',
      '9400',
      'Rorschach',
      'CH',
      'QRR',
      '210000000003139471430009017',
      'Order of 15.06.2020',
      'EPD',
    ].join('\n');
    const s = barcodeText('QRCode', swiss);
    expect(s).toMatch(
      /^Swiss QR-bill:\nIBAN: CH4431999123000889012\nCreditor: Robert Schneider AG/,
    );
    expect(s).toContain('Debtor: Pia-Maria Rutschmann');
    expect(s).toContain('Debtor town: Rorschach');
    expect(
      barcodeText('QRCode', 'upi://pay?pa=jo.bloggs@okbank&pn=Jo%20Bloggs&am=10.00&cu=INR'),
    ).toBe(
      'UPI payment QR code:\nPayee UPI ID: jo.bloggs@okbank\nPayee: Jo Bloggs\nAmount: 10.00\nCurrency: INR',
    );
    expect(
      barcodeText(
        'QRCode',
        'BEGIN:VCARD\nVERSION:3.0\nFN:Jo Bloggs\nTEL;TYPE=work:+44 20 7946 0958\nEMAIL:jo@example.org\nEND:VCARD',
      ),
    ).toBe('vCard:\nName: Jo Bloggs\nPhone: +44 20 7946 0958\nE-mail: jo@example.org');
    expect(barcodeText('Code128', 'ORDER-4471')).toBe('Code128:\nORDER-4471');
  });
});
