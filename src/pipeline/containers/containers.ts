/**
 * E-mails, archives and documents with embedded files as the run opens and packs them, one way
 * for `finredact redact` and the app: an e-mail's attachments, an archive's files and a PDF's or
 * Office file's embedded files join the inputs after their container — an e-mail inside an
 * archive too, and an archive attached to that e-mail — and once every copy is written, the
 * archives are packed, the e-mails rebuilt, and an archive holding an e-mail packed again with
 * the rebuilt message in it. A document's embedded files are only named with it, never packed.
 */
import { join } from 'node:path';
import type { FileResult } from '../../domain/fileResult.js';
import type { InputFile } from '../collectInputs.js';
import { expandArchives, redactedArchives, type ExpandedArchive } from './archiveInputs.js';
import { expandMails, redactedMails, type ExpandedMail } from './mailInputs.js';
import { expandEmbeddedFiles, type WithEmbedded } from './embeddedInputs.js';
import { outputDirs } from '../outputPaths.js';
import type { ReadBackOptions } from '../readBackAdditions.js';
import type { RedactOptions } from '../redactOptions.js';

/** A run's e-mails and archives, each with the files it holds. */
export interface ContainerList {
  readonly mails: readonly ExpandedMail[];
  readonly archives: readonly ExpandedArchive[];
  /** Documents whose embedded files joined the inputs: named like an e-mail, never repacked. */
  readonly holders: readonly WithEmbedded[];
}

export interface OpenedContainers {
  readonly inputs: InputFile[];
  readonly mails: ExpandedMail[];
  readonly archives: ExpandedArchive[];
  readonly holders: WithEmbedded[];
}

export async function openContainers(
  inputs: readonly InputFile[],
  scratch: string,
): Promise<OpenedContainers> {
  // E-mails first: an attached archive is then opened like any other.
  const withMail = await expandMails(inputs, join(scratch, 'mail'));
  const zipped = await expandArchives(withMail.inputs, join(scratch, 'zip'));
  const opened = new Set(withMail.mails.map((m) => m.input.file));
  const inZip = await expandMails(zipped.inputs, join(scratch, 'mail-in-zip'), opened);
  // Embedded files last, wherever their document came from: each is a file of its own.
  if (inZip.mails.length === 0) {
    const embedded = await expandEmbeddedFiles(zipped.inputs, join(scratch, 'embedded'));
    return { ...embedded, mails: withMail.mails, archives: zipped.archives };
  }
  const attached = await expandArchives(inZip.inputs, join(scratch, 'zip-in-mail'));
  const embedded = await expandEmbeddedFiles(attached.inputs, join(scratch, 'embedded'));
  return {
    ...embedded,
    mails: [...withMail.mails, ...inZip.mails],
    archives: [...zipped.archives, ...attached.archives],
  };
}

/** The containers' copies, once every file's copy is written; the results with the e-mails'. */
export async function packContainers(
  { mails, archives }: Pick<ContainerList, 'mails' | 'archives'>,
  reported: readonly FileResult[],
  outDir: string,
  opts: Pick<RedactOptions, 'formats' | 'layout'>,
  readBackWith: ReadBackOptions | undefined,
): Promise<{ results: FileResult[]; written: string[] }> {
  const { share, redacted, anonymized } = outputDirs(outDir, opts.layout);
  // Archives first: an e-mail carries an attached archive's redacted .zip.
  const zipped = await redactedArchives(archives, redacted, anonymized);
  const fromMail = await redactedMails(mails, reported, share, opts, readBackWith);
  const holding = archives.filter((a) =>
    mails.some((m) => m.input.relativePath.startsWith(`${a.base}/`)),
  );
  const again = await redactedArchives(holding, redacted, anonymized);
  return {
    results: fromMail.results,
    written: [...new Set([...zipped, ...fromMail.written, ...again])],
  };
}
