/**
 * Entry point of the extract stage: checks the file, sniffs what it really is and dispatches to
 * the extractor for its format. Every problem a user can fix is an `InputError` naming the file.
 */
import { extname } from 'node:path';
import type { DocumentText } from '../domain/documentText.js';
import type { OcrMode } from '../domain/ocrMode.js';
import {
  contentMatchesExtension,
  EXTENSIONS_FOR_SNIFFED,
  expectedTypeForExtension,
  SNIFF_BYTES,
  SNIFFED_TYPE_NAMES,
  sniffFileType,
  isSpreadsheetXml,
  SUPPORTED_EXTENSIONS,
  UNREAD_FORMATS,
  type ExpectedType,
  type SniffedType,
} from './fileType.js';
import { InputError } from '../domain/inputError.js';
import { sharedOcrPool, type OcrPool } from './ocr/ocrPool.js';
import { readInputFile, readInputHead, statInputFile } from './readInputFile.js';
import { extractTxt } from './text/extractTxt.js';

export interface ExtractOptions {
  readonly ocr: OcrMode;
  readonly onProgress?: (message: string) => void;
  /** The OCR workers to use; by default the process-wide pool, started on first use. */
  readonly ocrPool?: OcrPool;
}

function checkExtension(file: string): ExpectedType {
  const extension = extname(file);
  const expected = expectedTypeForExtension(extension);
  const unread = UNREAD_FORMATS[extension.toLowerCase()];
  if (!expected && unread)
    throw new InputError('unsupported-type', file, unread.what, unread.remedy);
  if (!expected) {
    const what = extension ? `unsupported file type "${extension}"` : 'the file has no extension';
    throw new InputError(
      'unsupported-type',
      file,
      what,
      `supported types are ${SUPPORTED_EXTENSIONS.join(', ')}`,
    );
  }
  return expected;
}

/**
 * A file without an extension: what it holds, and the name it needs to be read. Its head is
 * all the type test looks at: a large file is not read whole to be refused.
 */
async function withoutExtensionError(file: string): Promise<InputError> {
  const sniffed = sniffFileType(await readInputHead(file, SNIFF_BYTES));
  const extension = EXTENSIONS_FOR_SNIFFED[sniffed];
  return new InputError(
    'unsupported-type',
    file,
    `the file has no extension, and it holds ${SNIFFED_TYPE_NAMES[sniffed]}`,
    extension
      ? `save a copy of it named with ${extension} and add that copy`
      : `supported types are ${SUPPORTED_EXTENSIONS.join(', ')}`,
  );
}

function mismatchError(file: string, expected: ExpectedType, sniffed: SniffedType): InputError {
  if (expected === 'docx' && sniffed === 'ole2') {
    return new InputError(
      'encrypted-docx',
      file,
      'the Word file is password-protected or in the old Word 97-2003 format',
      'remove the password or save it as a current .docx, then try again',
    );
  }
  if (expected === 'xlsx' && sniffed === 'ole2') {
    // Excel encrypts a password-protected workbook into an OLE2 container (EncryptionInfo and
    // EncryptedPackage streams); renaming cannot help, only the password can.
    return new InputError(
      'encrypted-xlsx',
      file,
      'the workbook is password-protected (or in the old Excel 97-2003 format under an .xlsx name)',
      'remove the password in Excel (File > Info > Protect Workbook) and save it as .xlsx, then try again',
    );
  }
  return new InputError(
    'type-mismatch',
    file,
    `the name ends in ${extname(file)} but the file contains ${SNIFFED_TYPE_NAMES[sniffed]}`,
    'rename it with the right extension or export it again',
  );
}

async function ocrHooks(pool: OcrPool) {
  const { pdfPageOcr, pdfRegionOcr } = await import('./ocr/ocrPdfPage.js');
  return {
    ocrPage: pdfPageOcr(undefined, pool),
    ocrRegions: pdfRegionOcr(undefined, pool),
    pageConcurrency: pool.size,
  };
}

function requireText(document: DocumentText, file: string): DocumentText {
  if (document.text.trim() === '') {
    throw new InputError(
      'empty',
      file,
      'the file contains only whitespace',
      'check that it was saved completely',
    );
  }
  return document;
}

export async function extractDocument(
  file: string,
  options: ExtractOptions,
): Promise<DocumentText> {
  await statInputFile(file);
  if (extname(file) === '') throw await withoutExtensionError(file);
  const expected = checkExtension(file);
  const bytes = await readInputFile(file);
  const sniffed = sniffFileType(bytes);
  if (expected === 'doc' && sniffed === 'zip') {
    // Word and other writers save a current Word file under .doc: it is read as what it is.
    const { extractDocx } = await import('./docx/extractDocx.js');
    const document = requireText(await extractDocx(bytes, file), file);
    return {
      ...document,
      warnings: [
        ...document.warnings,
        'the file is named .doc but is a Word 2007-365 file (.docx); it was read as one',
      ],
    };
  }
  if (!contentMatchesExtension(expected, sniffed)) throw mismatchError(file, expected, sniffed);

  // Each format's extractor (pdf.js, exceljs, jszip, sharp, tesseract.js behind them) is loaded
  // when a file of that format comes: a run over text files starts without any of them.
  switch (expected) {
    case 'txt':
      return requireText(extractTxt(bytes, file), file);
    case 'pdf': {
      const { extractPdf } = await import('./pdf/extractPdf.js');
      return extractPdf(bytes, file, {
        ocr: options.ocr,
        onProgress: options.onProgress,
        ...(options.ocr === 'never' ? {} : await ocrHooks(options.ocrPool ?? sharedOcrPool())),
      });
    }
    case 'docx': {
      const { extractDocx } = await import('./docx/extractDocx.js');
      const document = await extractDocx(bytes, file);
      return document.text.trim() === ''
        ? { ...document, warnings: [...document.warnings, 'the document contains no text'] }
        : document;
    }
    case 'doc':
      return (await import('./doc/extractLegacyWord.js')).extractLegacyWord(bytes, file);
    case 'image':
      if (options.ocr === 'never') {
        throw new InputError(
          'needs-ocr',
          file,
          'an image has no text without OCR, and OCR is off (--ocr never)',
          'run with --ocr auto to read images',
        );
      }
      return (await import('./image/extractImage.js')).extractImage(bytes, file, {
        onProgress: options.onProgress,
        ...(options.ocrPool ? { ocrPool: options.ocrPool } : {}),
      });
    case 'csv':
      return (await import('./sheet/extractSheet.js')).extractCsv(bytes, file);
    case 'xlsx':
      return (await import('./sheet/extractSheet.js')).extractXlsx(bytes, file);
    case 'xls':
      return (await import('./sheet/extractSheet.js')).extractLegacyWorkbook(bytes, file);
    case 'eml':
      return (await import('./mail/extractMail.js')).extractMail(bytes, file);
    case 'html':
      return requireText((await import('./text/extractMarkup.js')).extractHtml(bytes, file), file);
    case 'xml': {
      if (isSpreadsheetXml(bytes)) {
        // Excel's 2003 XML spreadsheet, as some banks still export statements: read cell by
        // cell, like an .xls. Its copy is the anonymised text, as the name promises any .xml.
        const sheet = await (
          await import('./sheet/extractSheet.js')
        ).extractLegacyWorkbook(bytes, file);
        return {
          ...sheet,
          kind: 'txt',
          warnings: [
            'an Excel 2003 XML spreadsheet, read cell by cell; its redacted copy is the anonymised text (.txt) of its rows',
          ],
        };
      }
      return requireText((await import('./text/extractMarkup.js')).extractXml(bytes, file), file);
    }
    case 'pptx':
      return requireText(
        await (await import('./text/extractMarkup.js')).extractPptx(bytes, file),
        file,
      );
    case 'card':
      return requireText((await import('./text/extractMarkup.js')).extractCard(bytes, file), file);
    case 'qif':
      return requireText((await import('./text/extractMarkup.js')).extractQif(bytes, file), file);
    case 'odt':
      return requireText(
        await (await import('./text/extractMarkup.js')).extractOdt(bytes, file),
        file,
      );
    case 'rtf':
      return requireText((await import('./text/extractMarkup.js')).extractRtf(bytes, file), file);
  }
}
