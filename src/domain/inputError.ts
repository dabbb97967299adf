/** Why an input file could not be read; lets tests and the UI tell the cases apart. */
export type InputErrorCode =
  | 'not-found'
  | 'not-a-file'
  | 'unreadable'
  | 'empty'
  | 'unsupported-type'
  | 'type-mismatch'
  | 'encoding'
  | 'corrupt-pdf'
  | 'encrypted-pdf'
  | 'corrupt-docx'
  | 'encrypted-docx'
  | 'encrypted-xlsx'
  | 'encrypted-odt'
  | 'corrupt-odt'
  | 'corrupt-pptx'
  | 'corrupt-rtf'
  | 'corrupt-csv'
  | 'corrupt-xlsx'
  | 'corrupt-xls'
  | 'encrypted-xls'
  | 'corrupt-mail'
  | 'corrupt-doc'
  | 'encrypted-doc'
  | 'needs-ocr'
  | 'corrupt-image'
  | 'image-too-large'
  | 'too-large';

/**
 * A problem with one input file that the user can act on. The message names the file (by its
 * base name: the full path is shown next to it by every caller) and says what to do.
 */
export class InputError extends Error {
  override readonly name = 'InputError';

  constructor(
    readonly code: InputErrorCode,
    readonly file: string,
    problem: string,
    remedy: string,
  ) {
    super(`${fileName(file)}: ${problem}; ${remedy}`);
  }
}

/** The last part of a path, either separator (this module runs in the renderer too, without node:path). */
function fileName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

export function isInputError(error: unknown): error is InputError {
  return error instanceof InputError;
}
