/**
 * Word (.docx) extraction with mammoth's raw-text mode: one line per paragraph (table cells are
 * paragraphs too). mammoth ends every paragraph with a blank line; we keep a single newline so the
 * text reads like the document, and drop the trailing one.
 */
import mammoth from 'mammoth';
import type { DocumentText } from '../../domain/documentText.js';
import { InputError } from '../../domain/inputError.js';
import { checkDocxInflatedSize } from '../inflateLimits.js';

export function paragraphsToLines(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').replace(/\n\n/g, '\n').replace(/\n+$/, '');
}

export async function extractDocx(bytes: Uint8Array, file: string): Promise<DocumentText> {
  let raw: string;
  let messages: { type: string; message: string }[];
  checkDocxInflatedSize(bytes, file);
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    raw = result.value;
    messages = result.messages;
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new InputError(
      'corrupt-docx',
      file,
      `this is not a readable Word document (${detail})`,
      'check that it opens in Word, or save it again as .docx',
    );
  }
  const warnings = messages.filter((m) => m.type === 'error').map((m) => `Word: ${m.message}`);
  return { kind: 'docx', text: paragraphsToLines(raw), pages: [], fragments: [], warnings };
}
