import type { FileResult, OutputFormat } from '../domain/fileResult.js';

/**
 * The extension of a result's redacted copy under the run's formats (`pdf`: PDFs and images,
 * `docx`: Word files, and OpenDocument and RTF text as a new .docx), or undefined when it gets
 * none (text, or its format not asked for).
 */
export function redactedCopyExtension(
  result: FileResult,
  formats: readonly OutputFormat[] = ['pdf', 'docx', 'sheets'],
): '.pdf' | '.png' | '.docx' | '.csv' | '.xlsx' | undefined {
  if (result.status !== 'ok') return undefined;
  if (result.kind === 'pdf' && formats.includes('pdf')) return '.pdf';
  if (result.kind === 'image' && formats.includes('pdf')) return '.png';
  if (isWordCopied(result.kind) && formats.includes('docx')) return '.docx';
  if (result.kind === 'csv' && formats.includes('sheets')) return '.csv';
  if ((result.kind === 'xlsx' || result.kind === 'xls') && formats.includes('sheets'))
    return '.xlsx';
  return undefined;
}

/** Kinds whose redacted copy is a .docx: Word files, and text documents written as one. */
export function isWordCopied(kind: FileResult['kind']): boolean {
  return kind === 'docx' || kind === 'doc' || kind === 'odt' || kind === 'rtf';
}
