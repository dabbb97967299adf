/**
 * Redacted copies of PDFs and images (`--formats pdf`). The drawing is done by the PDF and image
 * redaction writers (src/write/redactedPdf.ts, src/write/redactedImage.ts); this module picks the
 * writer for each result and turns a failure into that file's error, so the batch goes on.
 */
import { basename } from 'node:path';
import { writeRedactedImage } from '../write/redactedImage.js';
import { writeRedactedPdf } from '../write/redactedPdf.js';
import type { FileResult } from '../domain/fileResult.js';
import type { RedactOptions } from './redactOptions.js';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The extension of a result's redacted copy, or undefined when it gets none (text, Word). */
export function redactedCopyExtension(result: FileResult): '.pdf' | '.png' | undefined {
  if (result.status !== 'ok') return undefined;
  if (result.kind === 'pdf') return '.pdf';
  if (result.kind === 'image') return '.png';
  return undefined;
}

/**
 * Writes the redacted copy of one PDF or image result to `outPath`; returns the result, turned
 * into an error if the copy could not be written.
 */
export async function writeRedactedCopy(
  result: FileResult,
  outPath: string,
  opts: Pick<RedactOptions, 'dpi' | 'searchable'>,
): Promise<FileResult> {
  const fragments = result.fragments ?? [];
  try {
    if (result.kind === 'pdf') {
      await writeRedactedPdf(
        {
          file: result.file,
          pageInfo: result.pageInfo ?? [],
          fragments,
          spans: result.spans,
          anonymized: result.anonymized,
          text: result.text,
        },
        outPath,
        { dpi: opts.dpi, searchable: opts.searchable },
      );
    } else {
      await writeRedactedImage({ file: result.file, fragments, spans: result.spans }, outPath);
    }
    return result;
  } catch (error) {
    return {
      ...result,
      status: 'error',
      error: `${basename(result.file)}: the redacted copy could not be written (${errorText(error)}); the other outputs for this file were written`,
    };
  }
}
