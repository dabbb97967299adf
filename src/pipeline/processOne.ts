/**
 * One file from input to its own outputs, as a queue worker runs it: processed (a large sheet
 * streamed), its placeholders chosen within the file, its redacted copy and anonymised text
 * written atomically under the names the batch gave it. Batch-wide steps (`--propagate batch`,
 * `--consistent batch`) need every file at once and are not taken here.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { readMail } from '../document/mailMessage.js';
import type { Detector } from '../detect/engine.js';
import { expectedTypeForExtension } from '../extract/fileType.js';
import type { FileResult } from '../domain/fileResult.js';
import { anonymiseRun } from './anonymiseRun.js';
import { largeSheetKind, processLargeSheet } from './largeSheets.js';
import { errorResult, processFile, type ProcessInput } from './processFile.js';
import type { RedactOptions } from './redactOptions.js';
import { writeFileOutputs, type FileOutputNames } from './writeOutputs.js';
import { readBackOptions } from './readBackAdditions.js';

/**
 * The queue worker and the service take one document at a time, so an e-mail's attachments are
 * not read here: its result says so, where the user looks.
 */
async function withUnreadAttachments(result: FileResult): Promise<FileResult> {
  if (result.status !== 'ok' || result.kind !== 'eml') return result;
  const message = await readMail(await readFile(result.file)).catch(() => undefined);
  const count = message?.attachments.length ?? 0;
  if (count === 0) return result;
  return {
    ...result,
    warnings: [
      ...result.warnings,
      `${count === 1 ? 'its attachment is' : `its ${count} attachments are`} not read here (the queue worker and the service read the message alone); run finredact redact on it or add it in the app, which read attachments as files of their own`,
    ],
  };
}

export async function processOne(
  input: ProcessInput,
  detector: Detector,
  opts: RedactOptions,
  outDir: string,
  names: FileOutputNames,
  onProgress: (message: string) => void = () => undefined,
): Promise<FileResult> {
  const large = await largeSheetKind(input.file);
  const processed = large
    ? await processLargeSheet(large, input, detector, opts, outDir, onProgress).catch(
        (error: unknown) => errorResult(input, error),
      )
    : await processFile(input, { detector }, opts, onProgress).catch((error: unknown) =>
        errorResult(input, error),
      );
  const [anonymised] = anonymiseRun([await withUnreadAttachments(processed)], {
    ...opts,
    consistent: 'document',
  }).results;
  return (
    await writeFileOutputs(
      anonymised!,
      outDir,
      names,
      opts,
      onProgress,
      readBackOptions(detector, opts),
    )
  ).result;
}

/** Whether a file of this name is one FinRedact reads (by its extension). */
export function isReadableName(name: string): boolean {
  return expectedTypeForExtension(extname(name).toLowerCase()) !== undefined;
}
