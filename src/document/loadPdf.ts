/**
 * The one place pdf.js is set up for Node; text extraction, OCR (page rendering) and redacted-PDF
 * writing all open documents through `loadPdf`.
 *
 * Setup decisions: the legacy build (the modern one needs browser APIs Node lacks); no worker
 * thread — we import the worker module into this thread so pdf.js's "fake worker" runs in-process,
 * which is simpler and fast enough for a CLI; `isEvalSupported: false` so a hostile PDF's fonts can
 * never reach `eval`; the standard 14 fonts from the package's own `standard_fonts/`, so nothing
 * is ever fetched.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { InputError } from '../domain/inputError.js';
import { withoutXObjectLoops } from './xobjectCycles.js';

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

const require = createRequire(import.meta.url);
const PDFJS_ROOT = dirname(require.resolve('pdfjs-dist/package.json'));
/** pdf.js's Node font loader reads `${standardFontDataUrl}${name}` from disk: keep the slash. */
const STANDARD_FONT_DATA_URL = join(PDFJS_ROOT, 'standard_fonts') + '/';

let pdfjsPromise: Promise<PdfJs> | undefined;

/** Loads pdf.js once, with its worker code running in this thread. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // Importing the worker module registers `globalThis.pdfjsWorker`, which pdf.js then uses
    // in-process instead of spawning a worker.
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return pdfjs;
  })();
  return pdfjsPromise;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

/**
 * Opens a PDF from bytes. Throws `InputError` 'encrypted-pdf' for a password-protected file and
 * 'corrupt-pdf' for one pdf.js cannot parse. `file` is only used in messages.
 */
export async function loadPdf(
  bytes: Uint8Array,
  file: string,
  onWarning?: (message: string) => void,
): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const { bytes: readable, loopsCut } = await withoutXObjectLoops(bytes);
  if (loopsCut > 0) {
    onWarning?.(
      `${loopsCut === 1 ? 'a drawing refers' : `${loopsCut} drawings refer`} to itself; the loop was cut so the pages can be read`,
    );
  }
  const task = pdfjs.getDocument({
    // pdf.js transfers (detaches) the buffer it is given; the caller keeps its own copy.
    data: new Uint8Array(readable),
    standardFontDataUrl: STANDARD_FONT_DATA_URL,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw pdfOpenError(error, file);
  }
}

export function pdfOpenError(error: unknown, file: string): InputError {
  if (errorName(error) === 'PasswordException') {
    return new InputError(
      'encrypted-pdf',
      file,
      'the PDF is password-protected',
      'remove the password (open it and save or print an unprotected copy) and try again',
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new InputError(
    'corrupt-pdf',
    file,
    `the PDF is damaged and cannot be read (${detail})`,
    'check that the file opens in a PDF viewer, or export it again',
  );
}
