import Tesseract from 'tesseract.js';
import { ocrDataFolder } from './ocrDataFolder.js';

/**
 * Engine parameters set on every worker.
 * - `tessedit_do_invert=0`: Tesseract 5 re-reads every low-confidence line as white-on-black text;
 *   invoices and statements print dark text on light paper, so that second pass only costs time.
 * - `user_defined_dpi`: we always know the DPI we rendered at, so Tesseract does not guess it.
 * - `debug_file=/dev/null`: Tesseract's notes ("Invalid resolution 25 dpi. Using 70 instead",
 *   "Image too small to scale!!") went to the user's terminal, in the middle of the progress
 *   bar; what a page's reading is worth reaches the user as confidence and warnings instead.
 */
export function engineParameters(dpi: number): Record<string, string> {
  return {
    tessedit_do_invert: '0',
    debug_file: '/dev/null',
    user_defined_dpi: String(Math.round(dpi)),
  };
}

/**
 * Creates one tesseract.js worker that never touches the network: the worker script and the
 * wasm core are resolved from node_modules by tesseract.js itself in Node, the traineddata comes
 * from a local folder (a path, not a URL) and `cacheMethod: 'none'` stops it from writing a copy
 * into the working directory.
 */
export async function createOfflineWorker(): Promise<Tesseract.Worker> {
  const data = ocrDataFolder();
  return Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath: data.langPath,
    gzip: data.gzip,
    cacheMethod: 'none',
    // A worker error must reject the job that caused it, not print to the console.
    errorHandler: () => undefined,
  });
}
