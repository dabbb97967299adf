/**
 * Invoices that carry their payee in a payment QR code, for the barcode tests (issue 39): an EPC
 * "GiroCode" (payee name, IBAN, amount), drawn with zxing-wasm's writer into a PNG invoice, a
 * text-layer PDF invoice (the code an embedded image beside real text) and a scanned PDF (the
 * whole page one image). Values are synthetic: a generated IBAN and a made-up name.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { Rng } from '../core/rng.js';
import { makeIban } from '../values/financialIds.js';

export const PAYEE = 'Avery Quill-Hartmann';
export const PAYEE_IBAN = makeIban(new Rng(39), 'DE').value;

/** An EPC069-12 (version 002) credit-transfer payload. */
export function epcPayload(name = PAYEE, iban = PAYEE_IBAN): string {
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    'COBADEFFXXX',
    name,
    iban,
    'EUR1250.00',
    '',
    '',
    'Invoice 2026-117',
  ].join('\n');
}

type Writer = typeof import('zxing-wasm/full');
let writer: Promise<Writer> | undefined;

async function zxing(): Promise<Writer> {
  writer ??= (async () => {
    const full = await import('zxing-wasm/full');
    const wasm = createRequire(import.meta.url).resolve('zxing-wasm/full/zxing_full.wasm');
    await full.prepareZXingModule({
      overrides: { wasmBinary: (await readFile(wasm)).buffer as ArrayBuffer },
      fireImmediately: true,
    });
    return full;
  })();
  return writer;
}

/** The payload as a QR code PNG, `scale` pixels a module. */
export async function qrPng(payload: string, scale = 6): Promise<Buffer> {
  const made = await (await zxing()).writeBarcode(payload, { format: 'QRCode', scale });
  if (!made.image) throw new Error(`QR code not written: ${made.error}`);
  return Buffer.from(await made.image.arrayBuffer());
}

const PAGE_TEXT = ['INVOICE 2026-117', 'Amount due: EUR 1,250.00', 'Pay with your banking app:'];

/** An A4 page at 150 DPI with the invoice's words and its payment code. */
export async function invoicePng(payload = epcPayload()): Promise<Buffer> {
  const lines = PAGE_TEXT.map(
    (t, i) =>
      `<text x="100" y="${160 + i * 70}" font-size="40" font-family="DejaVu Sans">${t}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="white"/>${lines}</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: await qrPng(payload), left: 100, top: 420 }])
    .png()
    .toBuffer();
}

/** A text-layer PDF invoice: the words as text, the payment code as an embedded image. */
export async function invoicePdf(payload = epcPayload()): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  PAGE_TEXT.forEach((t, i) => page.drawText(t, { x: 50, y: 780 - i * 24, size: 14, font }));
  const code = await pdf.embedPng(await qrPng(payload));
  page.drawImage(code, { x: 50, y: 480, width: 180, height: 180 });
  return pdf.save();
}

/** A scanned invoice: one page that is one image, no text layer. */
export async function scannedInvoicePdf(payload = epcPayload()): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const scan = await pdf.embedPng(await invoicePng(payload));
  page.drawImage(scan, { x: 0, y: 0, width: 595, height: 842 });
  return pdf.save();
}

/**
 * A text-layer PDF invoice whose payment code is drawn as vector shapes, one filled square per
 * dark module, as invoice software often draws it: there is no image on the page.
 */
export async function vectorCodeInvoicePdf(payload = epcPayload()): Promise<Uint8Array> {
  const modules = await sharp(await qrPng(payload, 1))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  PAGE_TEXT.forEach((t, i) => page.drawText(t, { x: 50, y: 780 - i * 24, size: 14, font }));
  const side = 3;
  const { width, height } = modules.info;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((modules.data[y * width + x] ?? 255) < 128)
        page.drawRectangle({ x: 50 + x * side, y: 650 - y * side, width: side, height: side });
    }
  }
  return pdf.save();
}
