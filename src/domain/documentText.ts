/**
 * What extraction produces and every later stage consumes: the text a document's spans point
 * into, plus where each piece of it sits on a page so redaction boxes can be drawn.
 */

/** A rectangle in page units with a top-left origin: PDF points for PDF pages, pixels for images. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * A run of characters `text[start, end)` drawn on one page inside `box` (one pdf.js text item
 * or one OCR word). Characters inside a fragment are assumed evenly spaced, so a sub-range's box
 * is a proportional slice of `box`.
 */
export interface TextFragment {
  readonly start: number;
  readonly end: number;
  /** 1-based page number. */
  readonly page: number;
  readonly box: Box;
  /** Set where the text is not words on the page but a decoded barcode's payload (the box is the code). */
  readonly origin?: 'barcode';
  /** Set on OCR'd words: the engine's confidence in [0, 100] that it read the word right. */
  readonly confidence?: number;
}

/**
 * Where a span is drawn, for the reports: "barcode, page 2" when it lies in a decoded code's
 * payload, "page 3" on a paged document, '' otherwise. `fragments` are in text order.
 */
export function placeOnPage(
  fragments: readonly TextFragment[] | undefined,
  start: number,
  end: number,
): string {
  if (!fragments || fragments.length === 0) return '';
  let lo = 0;
  let hi = fragments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fragments[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  const first = fragments[lo];
  if (!first || first.start >= end) return '';
  for (let i = lo; i < fragments.length && fragments[i]!.start < end; i++) {
    if (fragments[i]!.origin === 'barcode') return `barcode, page ${fragments[i]!.page}`;
  }
  return `page ${first.page}`;
}

export interface PageInfo {
  /** 1-based page number. */
  readonly page: number;
  readonly width: number;
  readonly height: number;
  /** How this page's text was obtained; 'none' when the page has no text at all. */
  readonly textSource: 'text-layer' | 'ocr' | 'none';
  /** Mean OCR word confidence in [0, 100], for OCR'd pages. */
  readonly ocrConfidence?: number;
  /** Images on a text-layer page whose text was read by OCR and added to the page's text. */
  readonly imagesRead?: number;
  /**
   * Places on a text-layer page where shapes that may be text are drawn without text (glyph
   * outlines, a pattern's cells), read by OCR: the layer does not cover what is drawn there.
   */
  readonly inkRead?: number;
}

/**
 * `xls`: a workbook exceljs cannot open (.xls, .xlsb, HTML or XML tables), read by SheetJS;
 * `doc`: a Word 97-2003 document; `odt`, `rtf`: OpenDocument and Rich Text read as text, their
 * copy a new .docx; `eml`: an e-mail (.eml or Outlook's .msg).
 */
export type DocumentKind =
  'txt' | 'pdf' | 'docx' | 'doc' | 'odt' | 'rtf' | 'image' | 'csv' | 'xlsx' | 'xls' | 'eml';

/** Where a piece of a spreadsheet's text comes from: a cell's value or note, or a property. */
export interface CellPlace {
  readonly sheet: string;
  readonly row: number;
  readonly col: number;
  /** A sheet's name is a cell of its own (row and column 0): it may hold a name too. */
  readonly kind: 'value' | 'note' | 'property' | 'sheetName';
  readonly start: number;
  readonly end: number;
}

export interface DocumentText {
  readonly kind: DocumentKind;
  readonly text: string;
  /** Empty for formats without pages (txt, docx). */
  readonly pages: readonly PageInfo[];
  /** Sorted by start; empty for formats without page geometry. */
  readonly fragments: readonly TextFragment[];
  /** Non-fatal problems worth showing the user ("page 3 has no text layer"). */
  readonly warnings: readonly string[];
  /** Spreadsheets: the cell each piece of text comes from, sorted by start. */
  readonly cells?: readonly CellPlace[];
}
