import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Kept apart from ocrEngine.ts so that checking a folder does not load tesseract.js.
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

export interface OcrDataFolder {
  readonly langPath: string;
  /** Whether the folder holds `eng.traineddata.gz` rather than `eng.traineddata`. */
  readonly gzip: boolean;
}

/**
 * A local folder holding `eng.traineddata` or `eng.traineddata.gz` (tessdata_fast, say, as
 * Debian's tesseract-ocr-eng installs it): no npm package publishes tessdata_fast for
 * tesseract.js, so a user who has it locally can choose it. A folder without either file is an
 * error naming the folder, never a silent fall-back to another model.
 */
export function ocrDataAt(chosen: string): OcrDataFolder {
  const folder = path.resolve(chosen);
  if (existsSync(path.join(folder, 'eng.traineddata'))) return { langPath: folder, gzip: false };
  if (existsSync(path.join(folder, 'eng.traineddata.gz'))) return { langPath: folder, gzip: true };
  throw new Error(`no eng.traineddata or eng.traineddata.gz in ${folder}`);
}

/** The folder our workers read `eng` from: FINREDACT_OCR_DATA's, else the bundled one. */
export function ocrDataFolder(env: NodeJS.ProcessEnv = process.env): OcrDataFolder {
  const chosen = env.FINREDACT_OCR_DATA;
  if (!chosen) return { langPath: localLangPath(), gzip: true };
  try {
    return ocrDataAt(chosen);
  } catch (error) {
    throw new Error(`FINREDACT_OCR_DATA=${chosen}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
