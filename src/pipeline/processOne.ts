/**
 * One input to its own outputs, as a queue worker or the service runs it: the same steps as
 * `finredact redact` (processRun, exportRun) over that input alone — an e-mail with its
 * attachments, an archive with its files, each under the batch's names for the input and its
 * own names for what it holds. Batch-wide steps (`--propagate batch`, `--consistent batch`,
 * `--rename`) need every file at once and are not taken here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Detector } from '../detect/engine.js';
import type { FileResult } from '../domain/fileResult.js';
import { disambiguateRelativePaths } from './collectInputs.js';
import { openContainers } from './containers/containers.js';
import { INPUT_EXTENSIONS } from './inputExtensions.js';
import type { ProcessInput } from './processFile.js';
import { exportRun, processRun } from './processRun.js';
import type { RedactOptions } from './redactOptions.js';
import type { FileOutputNames } from './writeOutputs.js';

/**
 * The input's result first, then one for each file it holds (an attachment, an archived file),
 * in the order `finredact redact` reports them; and the names inside it that were redacted
 * (read name → output name), for `file-names.csv`.
 */
export async function processOne(
  input: ProcessInput & {
    /** Where the user finds the file, when `file` is a copy of it (a worker's). */
    readonly shownAs?: string;
    /**
     * The batch's other paths inside this input's folder (`mail/…` beside `mail.eml`): what it
     * holds is named around them, so no job's output overwrites another's.
     */
    readonly taken?: readonly string[];
  },
  detector: Detector,
  opts: RedactOptions,
  outDir: string,
  names: FileOutputNames,
  onProgress: (message: string) => void = () => undefined,
): Promise<{ results: FileResult[]; renamed: ReadonlyMap<string, string> }> {
  const scratch = await mkdtemp(join(tmpdir(), 'finredact-one-'));
  const one: RedactOptions = { ...opts, consistent: 'document', rename: false };
  try {
    const { taken = [], ...given } = input;
    const opened = await openContainers([{ ...given, root: input.file }], scratch);
    const reserved = taken.map((relativePath) => ({ file: '', relativePath, root: '' }));
    const run = await processRun(
      disambiguateRelativePaths([...reserved, ...opened.inputs]).slice(reserved.length),
      opened,
      detector,
      one,
      outDir,
      { fileProgress: (_index, _input, message) => onProgress(message) },
    );
    const planned = new Map([[0, names]]);
    const exported = await exportRun(
      run.results,
      run.named,
      outDir,
      one,
      detector,
      onProgress,
      planned,
    );
    return { results: exported.results, renamed: run.named.renamed };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Whether a file of this name is one FinRedact reads (by its extension), an archive too. */
export function isReadableName(name: string): boolean {
  return INPUT_EXTENSIONS.includes(extname(name).toLowerCase().slice(1));
}
