/**
 * Where each output of one input goes, from its relative path. An output keeps the input's name
 * and gets the output's extension appended unless it already has it: `invoice.pdf` →
 * `anonymized/invoice.pdf.txt` and `redacted/invoice.pdf`; `notes.txt` → `anonymized/notes.txt`.
 * Keeping the input's extension in the name keeps `invoice.pdf` and `invoice.docx` apart.
 */
import { createHash } from 'node:crypto';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import type { OutputLayout } from '../domain/outputLayout.js';

export const RESULTS_WORKBOOK = 'Results.xlsx';
export const DETECTIONS_JSONL = 'detections.jsonl';
/** Output names → the names they were read under, when a run changed any (src/pipeline/outputNames). */
export const FILE_NAMES_CSV = 'file-names.csv';
export const ANONYMIZED_DIR = 'anonymized';
export const REDACTED_DIR = 'redacted';
/**
 * The split layout's part that may be handed out. The part that holds original values is the
 * output folder itself: scripts that read a run's `detections.jsonl` in the folder they named
 * (the wild-dev check, the receipts scorer) read it in either layout.
 */
export const SHAREABLE_DIR = 'shareable';
/** Where the split layout of earlier versions put the internal reports (src/pipeline/earlierOutputs). */
export const OLD_INTERNAL_DIR = 'internal';

/**
 * Where a run's shareable outputs go: the redacted copies and anonymised texts in their folders,
 * under `shareable/` in the split layout. The internal reports are written in `outDir` itself,
 * in either layout.
 */
export function outputDirs(
  outDir: string,
  layout: OutputLayout = 'flat',
): {
  readonly share: string;
  readonly redacted: string;
  readonly anonymized: string;
} {
  const share = layout === 'split' ? join(outDir, SHAREABLE_DIR) : outDir;
  return {
    share,
    redacted: join(share, REDACTED_DIR),
    anonymized: join(share, ANONYMIZED_DIR),
  };
}

export function withExtension(relativePath: string, extension: string): string {
  return relativePath.toLowerCase().endsWith(extension.toLowerCase())
    ? relativePath
    : relativePath + extension;
}

/**
 * Makes a batch's output paths unique (case-insensitively, for case-insensitive file systems):
 * a text file `x.pdf.txt` and a PDF `x.pdf` both map to `x.pdf.txt`, so the later one becomes
 * `x.pdf (2).txt` instead of silently replacing the first. Names too long for a file system are
 * shortened (fitName).
 */
export function uniquePaths(paths: readonly string[]): string[] {
  const taken = new Set<string>();
  return paths.map((path) => {
    let candidate = fitPath(path);
    const extension = extname(path);
    const stem = path.slice(0, path.length - extension.length);
    for (let n = 2; taken.has(candidate.toLowerCase()); n++)
      candidate = fitPath(`${stem} (${n})${extension}`);
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Most file systems allow 255 bytes per name (ext4, APFS, NTFS counts UTF-16 units: fewer). */
export const MAX_NAME_BYTES = 255;

/**
 * A name that fits `max` bytes: too long a name keeps as much of its start as fits, its
 * extension, and a short hash of the whole name, so it stays readable and two long names that
 * share a start stay apart (`very long … name~3f2a9c1e.pdf.txt`).
 */
export function fitName(name: string, max: number = MAX_NAME_BYTES): string {
  if (Buffer.byteLength(name) <= max) return name;
  const extension = extname(name);
  const kept = Buffer.byteLength(extension) <= 16 ? extension : '';
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  const suffix = `~${hash}${kept}`;
  const budget = max - Buffer.byteLength(suffix);
  let stem = '';
  let bytes = 0;
  // Whole code points only: a cut inside a UTF-8 sequence would make an invalid name.
  for (const ch of name.slice(0, name.length - kept.length)) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > budget) break;
    stem += ch;
    bytes += size;
  }
  return stem + suffix;
}

/** `fitName` for every segment of a `/`-separated relative path. */
export function fitPath(relativePath: string): string {
  return relativePath
    .split('/')
    .map((segment) => fitName(segment))
    .join('/');
}

/** Whether `child` is `parent` or lies inside it (both absolute). */
export function isInsideOrSame(child: string, parent: string): boolean {
  const rel = relative(resolve(parent), resolve(child));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
