/**
 * Test support: reads a PDF's pages the way a person or an attacker would, from the pixels, with
 * native tesseract (Debian's tesseract-ocr), in all four orientations — independent of our own
 * OCR pipeline, which is under test. Missing tesseract makes the callers skip with a reason.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';

export const nativeTesseractMissing: string | null =
  spawnSync('tesseract', ['--version']).status === 0
    ? null
    : 'native tesseract is not installed (apt-get install tesseract-ocr)';

/** Every page rendered at 200 DPI and read by tesseract turned 0°, 90°, 180° and 270°. */
export async function readPagesInFourOrientations(pdfBytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'finredact-native-ocr-'));
  const pdf = await loadPdf(pdfBytes, 'redacted.pdf');
  try {
    const texts: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await renderPdfPage(pdf, n, { dpi: 200 });
      const raw = page.pixels();
      const png = await sharp(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
        raw: { width: page.pixelWidth, height: page.pixelHeight, channels: 4 },
      })
        .png()
        .toBuffer();
      page.release();
      for (const angle of [0, 90, 180, 270]) {
        const file = join(dir, `p${n}-${angle}.png`);
        await writeFile(file, await sharp(png).rotate(angle).toBuffer());
        texts.push(
          execFileSync('tesseract', [file, '-', '--psm', '3'], {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
          }),
        );
      }
    }
    return texts.join('\n');
  } finally {
    await pdf.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
