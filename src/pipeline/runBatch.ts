/**
 * A whole redaction run as the CLI does it: check where outputs go, expand the inputs, build the
 * detector, process files `concurrency` at a time, write every output. Every input comes back
 * in the results, in input order, with its status; only a usage error (thrown as `UsageError`)
 * stops the run before any file is read.
 */
import type { Detector } from '../detect/engine.js';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { checkOutputLocation } from './checkOutputLocation.js';
import { checkEarlierOutputs } from './earlierOutputs.js';
import type { InputFile } from './collectInputs.js';
import type { ContainerList } from './containers/containers.js';
import { openInputs } from './openInputs.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRunDetector } from './createRunDetector.js';
import type { FileResult } from '../domain/fileResult.js';
import { processRun, writeRun } from './processRun.js';
import type { RedactOptions } from './redactOptions.js';
import { OutputWriteError } from './outputWriteError.js';
import { UsageError } from '../domain/usageError.js';
import { formatMappingCsv } from '../write/mappingCsv.js';
import { writeFileAtomic } from '../write/writeFileAtomic.js';

export type BatchEvent =
  | { readonly type: 'collected'; readonly inputs: readonly InputFile[] }
  | { readonly type: 'notice'; readonly message: string }
  | { readonly type: 'file-start'; readonly index: number; readonly relativePath: string }
  | {
      readonly type: 'file-progress';
      readonly index: number;
      readonly relativePath: string;
      readonly message: string;
    }
  | {
      readonly type: 'file-done';
      readonly index: number;
      readonly result: FileResult;
      readonly done: number;
      readonly total: number;
    }
  | { readonly type: 'writing'; readonly message: string }
  | {
      readonly type: 'done';
      readonly results: readonly FileResult[];
      readonly written: readonly string[];
    };

/**
 * When not one of the paths given exists there is nothing to process: that is a mistake in the
 * command (a typo, a wrong folder), so it is a usage error naming the full paths. When some
 * exist, a missing one is reported as that input's error and the batch goes on.
 */
async function checkInputsExist(inputs: readonly string[]): Promise<void> {
  const exists = await Promise.all(
    inputs.map((p) =>
      stat(p).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (exists.every((e) => !e)) {
    const paths = inputs.map((p) => resolve(p));
    throw new UsageError(
      `${paths.length === 1 ? 'no such file or folder' : 'none of these files or folders exists'}: ${paths.join(', ')}`,
    );
  }
}

export function validateRedactOptions(opts: RedactOptions): void {
  if (opts.types.length === 0)
    throw new UsageError('no entity types selected; pass at least one with --types');
  if (opts.formats.length === 0)
    throw new UsageError('no output formats selected; pass at least one with --formats');
  if (!Number.isInteger(opts.concurrency) || opts.concurrency < 1) {
    throw new UsageError(
      `--concurrency must be a whole number of at least 1, not ${opts.concurrency}`,
    );
  }
  if (opts.nerThreshold !== undefined && !(opts.nerThreshold >= 0 && opts.nerThreshold <= 1)) {
    throw new UsageError(`--ner-threshold must be between 0 and 1, not ${opts.nerThreshold}`);
  }
  if (!Number.isInteger(opts.dpi) || opts.dpi < 50 || opts.dpi > 600) {
    throw new UsageError(`--dpi must be a whole number from 50 to 600, not ${opts.dpi}`);
  }
}

function skipRecognizersFile(files: InputFile[], recognizersFile: string | undefined): InputFile[] {
  if (recognizersFile === undefined) return files;
  const config = resolve(recognizersFile);
  return files.map((f) =>
    f.file === config
      ? {
          ...f,
          unprocessable: {
            status: 'skipped',
            message: `${f.relativePath}: skipped, it is this run's --recognizers file, not a document`,
          },
        }
      : f,
  );
}

export async function runBatch(
  inputs: readonly string[],
  outDir: string,
  opts: RedactOptions,
  onEvent: (event: BatchEvent) => void = () => undefined,
): Promise<FileResult[]> {
  if (inputs.length === 0) throw new UsageError('no input files or folders given');
  validateRedactOptions(opts);
  await checkInputsExist(inputs);
  await checkOutputLocation(outDir, inputs);
  await checkEarlierOutputs(outDir, opts.overwrite ?? false);
  const scratch = await mkdtemp(join(tmpdir(), 'finredact-archives-'));
  try {
    const {
      inputs: opened,
      mails,
      archives,
      holders,
    } = await openInputs(inputs, scratch, (listed) =>
      skipRecognizersFile(listed, opts.recognizersFile),
    );
    if (opened.length === 0) {
      throw new UsageError(`no files found in ${inputs.join(', ')} (hidden files are skipped)`);
    }
    return await runFiles(opened, { mails, archives, holders }, outDir, opts, onEvent);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function runFiles(
  given: readonly InputFile[],
  opened: ContainerList,
  outDir: string,
  opts: RedactOptions,
  onEvent: (event: BatchEvent) => void,
): Promise<FileResult[]> {
  // The detector before the 'collected' event: its notices (e.g. no NER model) come before a
  // progress display starts.
  const detector: Detector = await createRunDetector(opts, (message) =>
    onEvent({ type: 'notice', message }),
  );
  try {
    const run = await processRun(given, opened, detector, opts, outDir, {
      collected: (inputs) => onEvent({ type: 'collected', inputs }),
      fileStart: (index, input) =>
        onEvent({ type: 'file-start', index, relativePath: input.relativePath }),
      fileProgress: (index, input, message) =>
        onEvent({ type: 'file-progress', index, relativePath: input.relativePath, message }),
      fileDone: (index, result, done, total) =>
        onEvent({ type: 'file-done', index, result, done, total }),
    });
    const writing = (message: string) => onEvent({ type: 'writing', message });
    const written = await writeRun(
      run.results,
      run.named,
      run.named.renamed,
      outDir,
      opts,
      detector,
      writing,
    ).catch((error: unknown) => {
      if (error instanceof OutputWriteError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new OutputWriteError(
        `cannot write the outputs to ${outDir} (${detail}); check that the folder is writable and the disk has space`,
      );
    });
    if (opts.mappingFile !== undefined) {
      const mappingFile = resolve(opts.mappingFile);
      await writeFileAtomic(mappingFile, formatMappingCsv(run.mapping)).catch((error: unknown) => {
        const detail = error instanceof Error ? error.message : String(error);
        throw new OutputWriteError(`cannot write the mapping to ${mappingFile} (${detail})`);
      });
      written.written.push(mappingFile);
    }
    onEvent({ type: 'done', results: written.results, written: written.written });
    return written.results;
  } finally {
    await detector.close?.();
  }
}
