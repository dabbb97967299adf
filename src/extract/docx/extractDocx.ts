/**
 * Word (.docx) extraction: every part a reader can see or recover — body, tables, text boxes,
 * equations, headers, footers, footnotes, endnotes, comments, tracked insertions and deletions —
 * then style names, numbering text and the document properties, one line per paragraph (src/document/docxPackage.ts). The redacted copy
 * is written from the same walk, so a detection's offsets point at the runs that hold it.
 */
import type { DocumentText } from '../../domain/documentText.js';
import { InputError } from '../../domain/inputError.js';
import { docxText, openDocx } from '../../document/docxPackage.js';
import { pictureCount, sanitiseDocx } from '../../document/docxSanitiser.js';
import { checkDocxInflatedSize } from '../inflateLimits.js';

export async function extractDocx(bytes: Uint8Array, file: string): Promise<DocumentText> {
  checkDocxInflatedSize(bytes, file);
  let extracted;
  let removed: string[];
  try {
    const open = await openDocx(bytes);
    extracted = docxText(open);
    // Run on this reading's own parse: it says now what the redacted copy will leave out.
    removed = await sanitiseDocx(open, { keepImages: true });
    const pictures = pictureCount(open);
    if (pictures > 0) removed.push(`${pictures} × pictures (kept only with --keep-images)`);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new InputError(
      'corrupt-docx',
      file,
      `this is not a readable Word document (${detail})`,
      'check that it opens in Word, or save it again as .docx',
    );
  }
  // Properties and style names alone (an author's name, "Normal") are not a document's text.
  const bodyless = extracted.text.slice(0, extracted.bodyEnd).trim() === '';
  return {
    kind: 'docx',
    text: extracted.text,
    pages: [],
    fragments: [],
    warnings: [
      ...(bodyless && extracted.text !== '' ? ['the document contains no text'] : []),
      ...(removed.length > 0
        ? [`the redacted copy leaves out what is not read: ${removed.join(', ')}`]
        : []),
    ],
  };
}
