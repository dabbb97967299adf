/**
 * Barcodes on a page image, decoded offline with zxing-wasm (ZXing C++ built to WebAssembly; its
 * .wasm ships inside the npm package and is read from there, never fetched). A payment QR code
 * (EPC "GiroCode", Swiss QR-bill, UPI) or a vCard carries a payee's name, IBAN or phone as
 * plainly as printed text, so every page image that is read is also scanned for codes.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Box } from '../domain/documentText.js';

export interface FoundBarcode {
  /** ZXing's name of the symbology: "QRCode", "DataMatrix", "Code128", … */
  readonly format: string;
  readonly text: string;
  /** The code's bounding box in pixels of the image it was found in. */
  readonly box: Box;
}

type Reader = typeof import('zxing-wasm/reader');
let reader: Promise<Reader> | undefined;

function loadReader(): Promise<Reader> {
  reader ??= (async () => {
    const zxing = await import('zxing-wasm/reader');
    const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    await zxing.prepareZXingModule({
      overrides: { wasmBinary: (await readFile(wasm)).buffer as ArrayBuffer },
      fireImmediately: true,
    });
    return zxing;
  })();
  return reader;
}

/** Every barcode ZXing reads in an RGBA image (try-harder: rotated and inverted codes too). */
export async function decodeBarcodes(
  rgba: Uint8Array,
  width: number,
  height: number,
): Promise<FoundBarcode[]> {
  const zxing = await loadReader();
  const found = await zxing.readBarcodes(
    {
      data: new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, rgba.byteLength),
      width,
      height,
      colorSpace: 'srgb',
    },
    { formats: [], tryHarder: true, tryRotate: true, tryInvert: true, maxNumberOfSymbols: 32 },
  );
  return found
    .filter((b) => b.isValid && b.text.length > 0)
    .map((b) => {
      const p = b.position;
      const xs = [p.topLeft.x, p.topRight.x, p.bottomLeft.x, p.bottomRight.x];
      const ys = [p.topLeft.y, p.topRight.y, p.bottomLeft.y, p.bottomRight.y];
      const x = Math.max(0, Math.min(...xs));
      const y = Math.max(0, Math.min(...ys));
      return {
        format: b.format,
        text: b.text,
        box: { x, y, width: Math.max(...xs) - x + 1, height: Math.max(...ys) - y + 1 },
      };
    });
}
