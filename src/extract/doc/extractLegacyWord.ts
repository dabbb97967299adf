/**
 * Word 97-2003 (.doc) extraction: body, headers, footers, footnotes, endnotes, comments, text
 * boxes and properties, as src/document/legacyWord.ts lays them out. The redacted copy is a
 * .docx of the redacted paragraphs (src/write/redactedLegacyWord.ts); the warning says what it
 * does not carry over.
 */
import type { DocumentText } from '../../domain/documentText.js';
import { InputError } from '../../domain/inputError.js';
import { legacyWordLayout, readLegacyWord } from '../../document/legacyWord.js';

export const LEGACY_WORD_COPY_NOTE =
  'the redacted copy is a .docx of the redacted text: paragraphs without their formatting, tables or images; headers and footers stay headers and footers, footnotes, endnotes, comments and text boxes follow the body, and the document properties are left out';

export async function extractLegacyWord(bytes: Uint8Array, file: string): Promise<DocumentText> {
  let document;
  try {
    document = await readLegacyWord(bytes);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const encrypted = /encrypt|password/i.test(detail);
    throw new InputError(
      encrypted ? 'encrypted-doc' : 'corrupt-doc',
      file,
      encrypted
        ? 'the Word 97-2003 document is password-protected'
        : `this is not a readable Word 97-2003 document (${detail})`,
      encrypted
        ? 'remove the password in Word (File > Info > Protect Document), then try again'
        : 'check that it opens in Word, or save it again as .docx',
    );
  }
  const { text } = legacyWordLayout(document);
  return {
    kind: 'doc',
    text,
    pages: [],
    fragments: [],
    warnings: [
      ...(document.body.length === 0 ? ['the document contains no text'] : []),
      LEGACY_WORD_COPY_NOTE,
    ],
  };
}
