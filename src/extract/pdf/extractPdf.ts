/**
 * Text-layer PDF extraction: reading-order text, one `PageInfo` per page and one `TextFragment`
 * per pdf.js text item (page, box in PDF points with a top-left origin, exact offsets).
 *
 * Page boundaries: pages are joined with one blank line ("\n\n"); which page a character is on is
 * told by the fragments and `pages`, not by the separator.
 *
 * OCR seam: `options.ocrPage` is called for a page when `ocr` is 'always', or when it is 'auto'
 * and the page has no text layer. It returns the page's text with fragments relative to that text
 * (boxes in PDF points, top-left origin) and a mean confidence; this module places them at the
 * right offsets. Without `ocrPage`, a page without text is kept empty and reported as
 * "page N has no text layer".
 */
import type { Box, DocumentText, PageInfo } from '../../domain/documentText.js';
import type { OcrMode } from '../../domain/ocrMode.js';
import { InputError } from '../../domain/inputError.js';
import { checkPdfStreamSizes } from '../inflateLimits.js';
import { mapWithConcurrency } from '../../shared/mapWithConcurrency.js';
import { joinPages } from '../joinPages.js';
import {
  loadPdf,
  pdfOpenError,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from '../../document/loadPdf.js';
import { layerTrust } from './layerTrust.js';
import { layoutPageText, type PageText, type PdfTextItem } from './layoutPageText.js';
import { annotationText, type AnnotationText } from './annotationText.js';
import { vectorBarcodes } from './vectorBarcodes.js';

export interface OcrPageText extends PageText {
  /** Mean word confidence in [0, 100]. */
  readonly confidence: number;
  /** Problems with this page's OCR (blank page, very low confidence), already naming the page. */
  readonly warnings?: readonly string[];
}

export interface OcrPageRequest {
  readonly document: PDFDocumentProxy;
  readonly page: PDFPageProxy;
  /** 1-based. */
  readonly pageNumber: number;
  readonly onProgress?: (message: string) => void;
}

export type OcrPage = (request: OcrPageRequest) => Promise<OcrPageText>;
/** OCR of parts of a page (boxes in viewport points); one result per region, in order. */
export type OcrRegions = (
  request: OcrPageRequest,
  regions: readonly Box[],
) => Promise<OcrPageText[]>;

export interface ExtractPdfOptions {
  readonly ocr: OcrMode;
  readonly ocrPage?: OcrPage;
  /** Reads images on text pages; without it they are reported, not read. */
  readonly ocrRegions?: OcrRegions;
  /** Pages read at the same time (default 1); set to the OCR pool size when `ocrPage` is given. */
  readonly pageConcurrency?: number;
  readonly onProgress?: (message: string) => void;
}

/**
 * A text layer with fewer visible characters than this does not carry the page: scanners and
 * scanning apps stamp a page number or "Scanned with …" over the image. In 'auto' mode such a
 * page is OCR'd (the OCR reads the stamp too, so nothing is lost).
 */
export const MIN_TEXT_LAYER_CHARS = 20;

/** pdf.js mixes marked-content markers (no `str`) into the items; only text items matter here. */
function isTextItem<T extends object>(item: T): item is T & PdfTextItem {
  return 'str' in item && 'transform' in item;
}

async function readTextLayer(page: PDFPageProxy): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = content.items.filter(isTextItem);
  return layoutPageText(items, (x, y) => viewport.convertToViewportPoint(x, y));
}

function noTextWarning(pageNumber: number, ocr: OcrMode, ocrAvailable: boolean): string {
  const base = `page ${pageNumber} has no text layer`;
  if (ocr === 'never') return `${base} (OCR is off: run with --ocr auto to read scanned pages)`;
  if (!ocrAvailable) return `${base} (OCR is not available in this build)`;
  return base;
}

interface ReadPage {
  readonly text: PageText;
  readonly info: PageInfo;
  readonly warnings: readonly string[];
}

/** The layer's text with other text the page shows appended, each after a blank line. */
function withImageText(layer: PageText, images: readonly PageText[]): PageText {
  let text = layer.text;
  const fragments = [...layer.fragments];
  for (const image of images) {
    if (image.text.trim() === '') continue;
    text += text === '' ? '' : '\n\n';
    const offset = text.length;
    text += image.text;
    for (const f of image.fragments) {
      fragments.push({ ...f, start: f.start + offset, end: f.end + offset });
    }
  }
  return { text, fragments };
}

/** The page as read, with what its annotations show after it, and a warning that the copy drops them. */
function withAnnotations(read: ReadPage, notes: AnnotationText): ReadPage {
  if (notes.removed.length === 0 && notes.attachments === 0) return read;
  const n = notes.attachments;
  return {
    ...read,
    text: notes.removed.length > 0 ? withImageText(read.text, [notes]) : read.text,
    warnings: [
      ...read.warnings,
      ...(notes.removed.length > 0
        ? [
            `page ${read.info.page}: ${notes.removed.join(', ')} shown by a viewer ${notes.text ? 'were read into the text; the redacted copy leaves them out' : 'are left out of the redacted copy (not text, so not read)'}`,
          ]
        : []),
      ...(n > 0
        ? [
            `page ${read.info.page}: ${n === 1 ? '1 file is' : `${n} files are`} attached (a paperclip note): the redacted copy leaves ${n === 1 ? 'it' : 'them'} out, and ${n === 1 ? 'it is' : 'each is'} read and redacted as a file of its own, under <this file's name>/attachments/`,
          ]
        : []),
    ],
  };
}

async function readPage(
  document: PDFDocumentProxy,
  pageNumber: number,
  options: ExtractPdfOptions,
): Promise<ReadPage> {
  const page = await document.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const notes = await annotationText(page, (x, y) => viewport.convertToViewportPoint(x, y));
    return withAnnotations(await readPageContent(document, page, pageNumber, options), notes);
  } finally {
    page.cleanup();
  }
}

async function readPageContent(
  document: PDFDocumentProxy,
  page: PDFPageProxy,
  pageNumber: number,
  options: ExtractPdfOptions,
): Promise<ReadPage> {
  options.onProgress?.(`reading page ${pageNumber} of ${document.numPages}`);
  const viewport = page.getViewport({ scale: 1 });
  const { width, height } = viewport;
  const layer = await readTextLayer(page);
  const hasText = layer.text.trim().length > 0;
  const thinText = layer.text.replace(/\s/g, '').length < MIN_TEXT_LAYER_CHARS;
  // A text layer that does not say what the page shows would put boxes in the wrong place.
  const trust =
    hasText && !thinText
      ? await layerTrust(page, layer.text, (x, y) => viewport.convertToViewportPoint(x, y))
      : { reasons: [], imageRegions: [], inkRegions: [] };
  const distrust = trust.reasons;
  const wantOcr =
    options.ocr === 'always' || (options.ocr === 'auto' && (thinText || distrust.length > 0));
  const info: PageInfo = {
    page: pageNumber,
    width,
    height,
    textSource: hasText ? 'text-layer' : 'none',
  };
  const request = { document, page, pageNumber, onProgress: options.onProgress };
  if (wantOcr && options.ocrPage) {
    const ocred = await options.ocrPage(request);
    return {
      text: ocred,
      info: { ...info, textSource: 'ocr', ocrConfidence: ocred.confidence },
      warnings: [
        ...(distrust.length > 0 && options.ocr === 'auto'
          ? [
              `page ${pageNumber} was read by OCR: its text layer does not show what is drawn (${distrust.join(', ')})`,
            ]
          : []),
        ...(ocred.warnings ?? []),
      ],
    };
  }
  const warnings = [
    ...(hasText ? [] : [noTextWarning(pageNumber, options.ocr, options.ocrPage !== undefined)]),
    ...(distrust.length > 0
      ? [
          `page ${pageNumber}: its text layer does not show what is drawn (${distrust.join(', ')}), so text on it may stay readable in a redacted copy; run with --ocr auto to read it by OCR`,
        ]
      : []),
  ];
  // Codes drawn as vector shapes: no image for OCR to find, so the page is scanned for them.
  const codes = trust.manyRectangles ? await vectorBarcodes(document, pageNumber) : undefined;
  const regions = [...trust.imageRegions, ...trust.inkRegions];
  if (regions.length > 0) {
    if (options.ocr !== 'never' && options.ocrRegions) {
      // Images on a text page may show what the layer does not hold (a pasted screenshot, a
      // scanned signature block), and so may shapes drawn without text (glyph outlines, a
      // pattern's cells): OCR reads them, and their words get boxes like the layer's.
      const read = await options.ocrRegions(request, regions);
      const imagesRead = read
        .slice(0, trust.imageRegions.length)
        .filter((image) => image.text.trim() !== '').length;
      const inkRead = trust.inkRegions.length;
      return {
        text: withImageText(layer, codes ? [...read, codes] : read),
        info: {
          ...info,
          ...(imagesRead > 0 ? { imagesRead } : {}),
          ...(inkRead > 0 ? { inkRead } : {}),
        },
        warnings,
      };
    }
    if (trust.imageRegions.length > 0)
      warnings.push(
        `page ${pageNumber} has ${trust.imageRegions.length === 1 ? 'an image' : `${trust.imageRegions.length} images`} that may show text; OCR is off, so it was not read`,
      );
    if (trust.inkRegions.length > 0)
      warnings.push(
        `page ${pageNumber} draws shapes that may be text (glyph outlines or a pattern) in ${trust.inkRegions.length === 1 ? 'one place' : `${trust.inkRegions.length} places`}; OCR is off, so they were not read`,
      );
  }
  return { text: codes ? withImageText(layer, [codes]) : layer, info, warnings };
}

/**
 * Files embedded in the document (its attachments panel: a Factur-X or ZUGFeRD invoice's XML, a
 * portfolio's files), in words, or undefined when it has none. The copy, drawn from the pages,
 * leaves them out; the run reads each as a file of its own (pipeline/containers/embeddedInputs).
 */
async function embeddedFiles(document: PDFDocumentProxy): Promise<string | undefined> {
  const attachments = (await document.getAttachments().catch(() => null)) as Record<
    string,
    unknown
  > | null;
  const n = attachments ? Object.keys(attachments).length : 0;
  if (n === 0) return undefined;
  return `the PDF carries ${n === 1 ? '1 embedded file' : `${n} embedded files`} (a PDF reader's attachments panel: an e-invoice's XML, a portfolio's files): the redacted copy, drawn from the pages, leaves ${n === 1 ? 'it' : 'them'} out, and ${n === 1 ? 'it is' : 'each is'} read and redacted as a file of its own, under <this file's name>/attachments/`;
}

export async function extractPdf(
  bytes: Uint8Array,
  file: string,
  options: ExtractPdfOptions,
): Promise<DocumentText> {
  checkPdfStreamSizes(bytes, file);
  const repairs: string[] = [];
  const document = await loadPdf(bytes, file, (warning) => repairs.push(warning));
  if (document.numPages === 0) {
    await document.destroy();
    throw new InputError(
      'empty',
      file,
      'the PDF has no pages',
      'check that it was saved or exported completely',
    );
  }
  try {
    const pageNumbers = Array.from({ length: document.numPages }, (_, i) => i + 1);
    // Pages are read `pageConcurrency` at a time so a scanned PDF keeps every OCR worker busy;
    // they are assembled in page order afterwards.
    const read = await mapWithConcurrency(pageNumbers, options.pageConcurrency ?? 1, (n) =>
      readPage(document, n, options),
    );
    const joined = joinPages(
      'pdf',
      read.map(({ text, info, warnings }) => ({
        info,
        text: text.text,
        fragments: text.fragments,
        warnings,
      })),
    );
    const embedded = await embeddedFiles(document);
    const notes = [...repairs, ...(embedded ? [embedded] : [])];
    return notes.length > 0 ? { ...joined, warnings: [...notes, ...joined.warnings] } : joined;
  } catch (error) {
    // Damage inside a page (bad content stream, broken xref) surfaces only when the page is read.
    if (error instanceof Error && /Exception$/.test(error.name)) throw pdfOpenError(error, file);
    throw error;
  } finally {
    await document.destroy();
  }
}
