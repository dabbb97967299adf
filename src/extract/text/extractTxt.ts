import type { DocumentText } from '../../domain/documentText.js';
import { InputError } from '../../domain/inputError.js';
import { decodeText } from './decodeText.js';

export function extractTxt(bytes: Uint8Array, file: string): DocumentText {
  const decoded = decodeText(bytes);
  if (!decoded.ok) {
    throw new InputError(
      'encoding',
      file,
      `cannot decode the text: ${decoded.reason}`,
      'save it as UTF-8 (e.g. "Save as… → Encoding: UTF-8") and try again',
    );
  }
  return {
    kind: 'txt',
    text: decoded.text,
    pages: [],
    fragments: [],
    warnings: decoded.warning ? [decoded.warning] : [],
  };
}
