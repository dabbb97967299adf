/**
 * A .zip among the inputs is opened and its documents join the batch, each with the archive's
 * name (less `.zip`) before its path inside it: `client-folder.zip` holding `2024/statement.pdf`
 * gives the input `client-folder/2024/statement.pdf`, so nested folders are kept in every output
 * path. Entries are unpacked into a private scratch folder the run removes. Archives are opened
 * with limits, each a specific error for that archive while the batch goes on: entry count,
 * inflated size (counted while inflating, whatever the archive's directory declares), nesting
 * depth of archives in archives, entry names that point outside the archive, and encryption.
 * After the run, `redactedArchives` packs each archive's redacted copies into a redacted .zip.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, stat } from 'node:fs/promises';
import { dirname, extname, join, posix } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { zipDeclaredSize } from '../../extract/inflateLimits.js';
import type { InputFile } from '../collectInputs.js';
import { writeFileAtomic } from '../../write/writeFileAtomic.js';

export interface ArchiveLimits {
  /** Files in one archive, nested archives' files included. */
  readonly entries: number;
  /** Bytes all of one archive's files inflate to, nested archives' included. */
  readonly inflatedBytes: number;
  /** Archives inside archives: 1 is a plain zip, 2 a zip holding zips. */
  readonly depth: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  entries: 2_000,
  inflatedBytes: 512 * 1024 * 1024,
  depth: 3,
};

const MB = 1024 * 1024;

/** Why an archive was not opened, already naming it. */
class ArchiveError extends Error {}

/** An archive whose documents joined the batch: where they went and under which name. */
export interface ExpandedArchive {
  readonly input: InputFile;
  /** The folder its entries' outputs are under: the archive's relative path less `.zip`. */
  readonly base: string;
  readonly entries: number;
}

/** The folder an archive's files are listed under: its relative path less `.zip`. */
export function archiveFolder(relativePath: string): string {
  return relativePath.slice(0, -4);
}

function isZip(file: string): boolean {
  return extname(file).toLowerCase() === '.zip';
}

/** Folders and files a person never put there: macOS resource forks, Finder and Office locks. */
function isNoise(path: string): boolean {
  return path.split('/').some((p) => p === '__MACOSX' || p.startsWith('.') || p.startsWith('~$'));
}

/** An entry name that stays inside the archive, or undefined. */
function safeEntryPath(name: string): string | undefined {
  const portable = name.replace(/\\/g, '/');
  if (portable.startsWith('/') || /^[A-Za-z]:/.test(portable)) return undefined;
  const parts = portable.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..') || parts.length === 0) return undefined;
  return parts.join('/');
}

interface Budget {
  entries: number;
  bytes: number;
}

async function unpack(
  zipFile: string,
  label: string,
  base: string,
  root: string,
  scratch: string,
  depth: number,
  limits: ArchiveLimits,
  budget: Budget,
  shownAs: string,
): Promise<InputFile[]> {
  if (depth > limits.depth)
    throw new ArchiveError(
      `${label}: archives are nested more than ${limits.depth} deep; it was not opened`,
    );
  const bytes = await readFile(zipFile);
  const declared = zipDeclaredSize(bytes);
  if (declared !== undefined && budget.bytes + declared > limits.inflatedBytes)
    throw new ArchiveError(
      `${label}: the archive would inflate to more than ${limits.inflatedBytes / MB} MB (a compression bomb, or too large to redact in one go); extract it and add the folders in parts`,
    );
  const { default: JSZip } = await import('jszip');
  let zip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ArchiveError(
      /encrypt/i.test(detail)
        ? `${label}: the archive is encrypted (password-protected), so it cannot be opened; extract it with its password and add the folder`
        : `${label}: this is not a readable zip archive (${detail.split('\n')[0]}); check that it opens, or extract it and add the folder`,
    );
  }
  const files = Object.values(zip.files).filter((f) => !f.dir);
  for (const f of files) {
    // JSZip cleans a name that climbs out ("../x" becomes "x") and keeps what the archive said.
    const said = (f as { unsafeOriginalName?: string }).unsafeOriginalName ?? f.name;
    if (safeEntryPath(said) === undefined)
      throw new ArchiveError(
        `${label}: it holds an entry named "${said}" that points outside the archive (path traversal); it was not opened`,
      );
  }
  budget.entries += files.length;
  if (budget.entries > limits.entries)
    throw new ArchiveError(
      `${label}: the archive holds more than ${limits.entries.toLocaleString('en')} files; extract it and add the folders in parts`,
    );
  const out: InputFile[] = [];
  for (const entry of files.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = safeEntryPath(entry.name)!;
    const relativePath = `${base}/${path}`;
    if (isNoise(path)) {
      out.push({
        file: join(scratch, 'skipped'),
        relativePath,
        root,
        unprocessable: {
          status: 'skipped',
          message: `${posix.basename(path)}: skipped, a hidden file in ${label} is never taken for a document`,
        },
      });
      continue;
    }
    const target = join(scratch, String(budget.entries), ...path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    // Inflated bytes are counted as they come: a directory may declare sizes it does not keep.
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        budget.bytes += chunk.length;
        if (budget.bytes > limits.inflatedBytes)
          done(
            new ArchiveError(
              `${label}: the archive inflates to more than ${limits.inflatedBytes / MB} MB (a compression bomb, or too large to redact in one go); extract it and add the folders in parts`,
            ),
          );
        else done(null, chunk);
      },
    });
    try {
      await pipeline(entry.nodeStream('nodebuffer'), counter, createWriteStream(target));
    } catch (error) {
      if (error instanceof ArchiveError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new ArchiveError(
        `${label}: the entry "${path}" could not be inflated (${detail.split('\n')[0]}); check that the archive opens`,
      );
    }
    if (isZip(path)) {
      out.push(
        ...(await unpack(
          target,
          `${label}/${path}`,
          `${base}/${path.slice(0, -4)}`,
          root,
          `${target}.d`,
          depth + 1,
          limits,
          budget,
          `${shownAs}/${path}`,
        )),
      );
    } else {
      out.push({ file: target, relativePath, root, shownAs: `${shownAs}/${path}` });
    }
  }
  return out;
}

/**
 * The inputs with every archive opened: each archive stays listed (skipped, saying where its
 * documents went; or failed, saying why it was not opened), followed by its documents.
 */
export async function expandArchives(
  inputs: readonly InputFile[],
  scratch: string,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<{ inputs: InputFile[]; archives: ExpandedArchive[] }> {
  const out: InputFile[] = [];
  const archives: ExpandedArchive[] = [];
  for (const [n, input] of inputs.entries()) {
    if (!isZip(input.file) || input.unprocessable) {
      out.push(input);
      continue;
    }
    const base = archiveFolder(input.relativePath);
    const label = input.relativePath;
    try {
      const entries = await unpack(
        input.file,
        label,
        base,
        input.root,
        join(scratch, String(n)),
        1,
        limits,
        { entries: 0, bytes: 0 },
        input.shownAs ?? input.file,
      );
      out.push({
        ...input,
        unprocessable: {
          status: 'skipped',
          message: `${label}: an archive; its ${entries.length} file${entries.length === 1 ? ' is' : 's are'} listed as ${base}/…, and the redacted copies are packed into redacted/${label}`,
        },
      });
      out.push(...entries);
      archives.push({ input, base, entries: entries.length });
    } catch (error) {
      if (!(error instanceof ArchiveError)) throw error;
      out.push({ ...input, unprocessable: { status: 'error', message: error.message } });
    }
  }
  return { inputs: out, archives };
}

async function filesUnder(folder: string, prefix = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.name.startsWith('.finredact-')) continue; // a temp file of an atomic write
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesUnder(join(folder, e.name), rel)));
    else out.push(rel);
  }
  return out;
}

/**
 * Each archive's redacted copies, packed into `redacted/<archive>.zip` with the archive's own
 * folder layout; only copies that were written (and so read back) go in, and a file that has no
 * copy of its own (a text file, an HTML page) goes in as its anonymised text. Returns the
 * archives written.
 */
export async function redactedArchives(
  archives: readonly ExpandedArchive[],
  redactedDir: string,
  anonymizedDir: string,
): Promise<string[]> {
  if (archives.length === 0) return [];
  const [{ default: JSZip }, { withFixedZipDates, ZIP_DATE }] = await Promise.all([
    import('jszip'),
    import('../../write/fixedZipDates.js'),
  ]);
  const written: string[] = [];
  for (const archive of archives) {
    const folder = join(redactedDir, ...archive.base.split('/'));
    const texts = join(anonymizedDir, ...archive.base.split('/'));
    const copies = await filesUnder(folder);
    const withoutCopy = (await filesUnder(texts)).filter((t) => {
      const stem = t.slice(0, -'.txt'.length);
      return !copies.some((c) => c === stem || c.startsWith(`${stem}.`) || c === t);
    });
    if (copies.length + withoutCopy.length === 0) continue;
    const zip = new JSZip();
    for (const [from, rel] of [
      ...copies.map((c) => [folder, c] as const),
      ...withoutCopy.map((t) => [texts, t] as const),
    ]) {
      if ((await stat(join(from, rel))).isFile())
        zip.file(rel, await readFile(join(from, rel)), { date: ZIP_DATE });
    }
    const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    const target = join(redactedDir, ...archive.input.relativePath.split('/'));
    await writeFileAtomic(target, await withFixedZipDates(bytes));
    written.push(target);
  }
  return written;
}
