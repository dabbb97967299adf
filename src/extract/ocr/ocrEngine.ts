import { createRequire } from 'node:module';
import path from 'node:path';
import Tesseract from 'tesseract.js';

const require = createRequire(import.meta.url);

/**
 * Which traineddata of `@tesseract.js-data/eng` we load. '4.0.0' (tessdata's integer LSTM) read a
 * dense 300-DPI test page in 7.9 s against 11.5 s for '4.0.0_best_int', with the same mean
 * confidence (94) and text, so speed decides. bench/ocr.accuracy.ts measures its accuracy.
 */
export const TRAINEDDATA_VARIANT = '4.0.0';

/** Local folder holding `eng.traineddata.gz`; never a URL, so tesseract.js reads it from disk. */
export function localLangPath(variant: string = TRAINEDDATA_VARIANT): string {
  const engData = require('@tesseract.js-data/eng') as { langPath: string };
  return path.join(path.dirname(engData.langPath), variant);
}

/**
 * Engine parameters set on every worker.
 * - `tessedit_do_invert=0`: Tesseract 5 re-reads every low-confidence line as white-on-black text;
 *   invoices and statements print dark text on light paper, so that second pass only costs time.
 * - `user_defined_dpi`: we always know the DPI we rendered at, so Tesseract does not guess it.
 */
export function engineParameters(dpi: number): Record<string, string> {
  return {
    tessedit_do_invert: '0',
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
  return Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath: localLangPath(),
    gzip: true,
    cacheMethod: 'none',
    // A worker error must reject the job that caused it, not print to the console.
    errorHandler: () => undefined,
  });
}
