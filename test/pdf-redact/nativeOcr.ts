/**
 * Test support: reads a PDF's pages the way a person or an attacker would, from the pixels, with
 * native tesseract (Debian's tesseract-ocr), in all four orientations — independent of our own
 * OCR pipeline, which is under test. Missing tesseract makes the callers skip with a reason.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
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

/**
 * Tesseract's OpenMP threads cost more than they save on page-sized images: on a 2-core EPYC one
 * reading took 6.7 s wall with them and 1.6 s with one thread. One thread each, and the four
 * orientations run side by side instead.
 */
const ONE_THREAD = { ...process.env, OMP_THREAD_LIMIT: '1' };
const execFileAsync = promisify(execFile);

/** Native tesseract's reading of one image file, single-threaded (synchronous, for simple callers). */
export function nativeTesseract(file: string, psm: string): string {
  return execFileSync('tesseract', [file, '-', '--psm', psm], {
    encoding: 'utf8',
    env: ONE_THREAD,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

async function nativeTesseractAsync(file: string, psm: string): Promise<string> {
  const { stdout } = await execFileAsync('tesseract', [file, '-', '--psm', psm], {
    encoding: 'utf8',
    env: ONE_THREAD,
  });
  return stdout;
}

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
      const readings = [0, 90, 180, 270].map(async (angle) => {
        const file = join(dir, `p${n}-${angle}.png`);
        await writeFile(file, await sharp(png).rotate(angle).toBuffer());
        return nativeTesseractAsync(file, '3');
      });
      texts.push(...(await Promise.all(readings)));
    }
    return texts.join('\n');
  } finally {
    await pdf.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
