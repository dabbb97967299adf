/**
 * The first of a run's three steps, one way for `finredact redact` and the app: the files and
 * folders given are listed (hidden ones as skipped), each e-mail's attachments and each
 * archive's files follow their container, and relative paths are made unique. Each given file's
 * containers open in a folder of `scratch` named after its path, so opening the same e-mail again
 * (the app after a reload) puts its attachments at the same paths, where decisions saved for
 * them still apply.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { collectInputs, disambiguateRelativePaths, type InputFile } from './collectInputs.js';
import { openContainers, type OpenedContainers } from './containers/containers.js';

export async function openInputs(
  paths: readonly string[],
  scratch: string,
  /** What to keep of the listed inputs, or to mark skipped, before anything is opened. */
  prepare: (listed: InputFile[]) => InputFile[] = (listed) => listed,
): Promise<OpenedContainers> {
  const opened: OpenedContainers = { inputs: [], mails: [], archives: [], holders: [] };
  for (const input of prepare(await collectInputs(paths))) {
    const key = createHash('sha256').update(input.file).digest('hex').slice(0, 16);
    const one = await openContainers([input], join(scratch, key));
    opened.inputs.push(...one.inputs);
    opened.mails.push(...one.mails);
    opened.archives.push(...one.archives);
    opened.holders.push(...one.holders);
  }
  return { ...opened, inputs: disambiguateRelativePaths(opened.inputs) };
}
