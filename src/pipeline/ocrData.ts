import { ocrDataAt } from '../extract/ocr/ocrDataFolder.js';
import { UsageError } from '../domain/usageError.js';

/**
 * Points this process's OCR workers at another traineddata folder (`--ocr-data`). The pool is
 * one per process, so the choice is process-wide, like FINREDACT_OCR_DATA, which it sets; a
 * folder without `eng.traineddata(.gz)` is a usage error before any file is read.
 */
export function chooseOcrData(folder: string): void {
  try {
    ocrDataAt(folder);
  } catch (error) {
    throw new UsageError(`--ocr-data: ${(error as Error).message}`, { cause: error });
  }
  process.env.FINREDACT_OCR_DATA = folder;
}
