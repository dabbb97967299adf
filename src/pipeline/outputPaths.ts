/**
 * Where each output of one input goes, from its relative path. An output keeps the input's name
 * and gets the output's extension appended unless it already has it: `invoice.pdf` →
 * `anonymized/invoice.pdf.txt` and `redacted/invoice.pdf`; `notes.txt` → `anonymized/notes.txt`.
 * Keeping the input's extension in the name keeps `invoice.pdf` and `invoice.docx` apart.
 */
import { extname, isAbsolute, relative, resolve } from 'node:path';

export const RESULTS_WORKBOOK = 'Results.xlsx';
export const DETECTIONS_JSONL = 'detections.jsonl';
export const ANONYMIZED_DIR = 'anonymized';
export const REDACTED_DIR = 'redacted';

export function withExtension(relativePath: string, extension: string): string {
  return relativePath.toLowerCase().endsWith(extension.toLowerCase())
    ? relativePath
    : relativePath + extension;
}

/**
 * Makes a batch's output paths unique (case-insensitively, for case-insensitive file systems):
 * a text file `x.pdf.txt` and a PDF `x.pdf` both map to `x.pdf.txt`, so the later one becomes
 * `x.pdf (2).txt` instead of silently replacing the first.
 */
export function uniquePaths(paths: readonly string[]): string[] {
  const taken = new Set<string>();
  return paths.map((path) => {
    let candidate = path;
    const extension = extname(path);
    const stem = path.slice(0, path.length - extension.length);
    for (let n = 2; taken.has(candidate.toLowerCase()); n++)
      candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Whether `child` is `parent` or lies inside it (both absolute). */
export function isInsideOrSame(child: string, parent: string): boolean {
  const rel = relative(resolve(parent), resolve(child));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
