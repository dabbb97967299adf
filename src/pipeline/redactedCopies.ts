/**
 * Redacted copies of PDFs and images (`--formats pdf`). The drawing is done by the PDF and image
 * redaction writers (src/write/redactedPdf.ts, src/write/redactedImage.ts); this module picks the
 * writer for each result, reads the copy back by OCR where it must (./verifyPixels.ts), and turns
 * a failure into that file's error, so the batch goes on.
 */
import { basename } from 'node:path';
import { redactImage } from '../write/redactedImage.js';
import { redactPdf } from '../write/redactedPdf.js';
import { writeFileAtomic } from '../write/writeFileAtomic.js';
import { imagePixelProblems, pagesToVerify, pdfPixelProblems } from './verifyPixels.js';
import type { FileResult } from '../domain/fileResult.js';
import { readFile } from 'node:fs/promises';
import { redactDocx } from '../write/redactedDocx.js';
import { redactCsv, redactXlsx } from '../write/redactedSheet.js';
import { decodeText } from '../extract/text/decodeText.js';
import { entityTypeInfo } from '../domain/entityTypes.js';
import type { RedactOptions } from './redactOptions.js';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { redactedCopyExtension } from './copyExtension.js';

/** What each span of a result is replaced by: its placeholder mode's, or its type's placeholder. */
function replacementsOf(result: FileResult): readonly string[] {
  return result.replacements ?? result.spans.map((s) => entityTypeInfo(s.type).placeholder);
}

/** An Office copy that could not be written becomes that file's error; the batch goes on. */
function copyFailure(result: FileResult, what: string, error: unknown): FileResult {
  return {
    ...result,
    status: 'error',
    error: `${basename(result.file)}: the redacted ${what} was not written (${errorText(error)}); the other outputs for this file were written`,
  };
}

/** A Word copy: each detection replaced in its runs; refused if a detected value remains. */
async function writeRedactedWordCopy(
  result: FileResult,
  outPath: string,
  opts: Pick<RedactOptions, 'keepImages' | 'keepComments'>,
): Promise<FileResult> {
  try {
    const bytes = await redactDocx(
      await readFile(result.file),
      result.text,
      result.spans,
      replacementsOf(result),
      { keepImages: opts.keepImages ?? false, comments: opts.keepComments ? 'redact' : 'remove' },
    );
    await writeFileAtomic(outPath, bytes);
    return result;
  } catch (error) {
    return copyFailure(result, 'Word copy', error);
  }
}

/** A spreadsheet copy: each detection replaced in its cell; refused if a detected value remains. */
async function writeRedactedSheetCopy(result: FileResult, outPath: string): Promise<FileResult> {
  try {
    const bytes = await readFile(result.file);
    const replacements = replacementsOf(result);
    let out: Uint8Array | string;
    if (result.kind === 'csv') {
      const decoded = decodeText(bytes);
      if (!decoded.ok) throw new Error(decoded.reason);
      out = await redactCsv(decoded.text, result.text, result.spans, replacements);
    } else {
      out = await redactXlsx(bytes, result.text, result.spans, replacements);
    }
    await writeFileAtomic(outPath, out);
    return result;
  } catch (error) {
    return copyFailure(result, 'spreadsheet', error);
  }
}

/** A copy that can be read where it should be black; no file is written for it. */
class PixelLeakError extends Error {}

/**
 * Writes the redacted copy of one PDF or image result to `outPath`, after reading it back by OCR
 * where `opts.verify` says (src/pipeline/verifyPixels.ts); returns the result, turned into an
 * error if the copy could not be written or a detected value could be read in it.
 */
export async function writeRedactedCopy(
  result: FileResult,
  outPath: string,
  opts: Pick<
    RedactOptions,
    'dpi' | 'searchable' | 'verify' | 'labelBoxes' | 'keepImages' | 'keepComments'
  >,
): Promise<FileResult> {
  if (result.kind === 'docx') return writeRedactedWordCopy(result, outPath, opts);
  if (result.kind === 'csv' || result.kind === 'xlsx')
    return writeRedactedSheetCopy(result, outPath);
  const fragments = result.fragments ?? [];
  const labels = opts.labelBoxes ? { labels: replacementsOf(result) } : {};
  try {
    let bytes: Uint8Array;
    let problems: string[];
    if (result.kind === 'pdf') {
      const redacted = await redactPdf(
        {
          file: result.file,
          pageInfo: result.pageInfo ?? [],
          fragments,
          spans: result.spans,
          anonymized: result.anonymized,
          text: result.text,
          ...labels,
          ...(result.areas ? { areas: result.areas } : {}),
        },
        { dpi: opts.dpi, searchable: opts.searchable },
      );
      bytes = redacted.bytes;
      problems = await pdfPixelProblems(
        bytes,
        result.spans,
        pagesToVerify(
          result.pageInfo ?? [],
          opts.verify ?? 'pixels',
          (result.areas ?? []).map((a) => a.page),
        ),
      );
    } else {
      const redacted = await redactImage({
        file: result.file,
        fragments,
        spans: result.spans,
        ...labels,
        ...(result.areas ? { areas: result.areas } : {}),
      });
      bytes = redacted.png;
      // An image's text always came from OCR, so its copy is always read back.
      problems = await imagePixelProblems(bytes, result.spans);
    }
    if (problems.length > 0) throw new PixelLeakError([...new Set(problems)].join('; '));
    await writeFileAtomic(outPath, bytes);
    return result;
  } catch (error) {
    return {
      ...result,
      status: 'error',
      error:
        error instanceof PixelLeakError
          ? `${basename(result.file)}: the redacted copy was not written, because reading it back by OCR found ${error.message}; the other outputs for this file were written — check this file by hand`
          : `${basename(result.file)}: the redacted copy could not be written (${errorText(error)}); the other outputs for this file were written`,
    };
  }
}
