import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import type { Span } from '../domain/span.js';
import { AREA_TYPE } from '../domain/reviewDecisions.js';
import { loadPdf, type PDFDocumentProxy } from '../document/loadPdf.js';
import { spacingBlindKey, ValueIndex } from '../domain/valueMatching.js';

/** Thrown when a redacted PDF would leak or does not match its original; nothing is written. */
export class RedactedPdfVerificationError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(
      `Redacted PDF for ${file} failed verification, so it was not written: ${problems.join('; ')}. ` +
        'Report this as a bug; the other outputs for this file are unaffected.',
    );
    this.name = 'RedactedPdfVerificationError';
  }
}

export interface RedactedPdfExpectation {
  /** The original's displayed page sizes in points, in page order. */
  readonly pageSizes: readonly { readonly width: number; readonly height: number }[];
  /** Every detected span; none of their values may be readable from the output. */
  readonly spans: readonly Span[];
}

/** Page sizes may differ by rounding in the PDF writer, not by more. */
const PAGE_SIZE_TOLERANCE_PT = 0.5;
/**
 * Raw bytes are mostly compressed image data, where any short string turns up by chance; from
 * six characters on, a chance match is vanishingly unlikely, so longer values are searched in
 * the bytes too, to catch text a PDF reader would not show (uncompressed metadata, stray streams).
 */
const MIN_RAW_BYTES_VALUE_LENGTH = 6;
const CONTENT_INFO_KEYS = ['Title', 'Author', 'Subject', 'Keywords', 'Custom'];

/**
 * Reads the output back with pdf.js as an attacker would and checks that no span's value can be
 * extracted (text layer, metadata, raw bytes), that nothing besides the page images and our own
 * text layer came along (XMP, descriptive info, annotations, attachments, form fields), and that
 * the pages match the original's count and sizes. Messages never quote a value: they end up in
 * logs and Results.xlsx.
 */
export async function verifyRedactedPdf(
  bytes: Uint8Array,
  expected: RedactedPdfExpectation,
  file: string,
): Promise<void> {
  // One check per distinct value (a long statement repeats the same few values hundreds of
  // times), reported as the first span that holds it; every value in one pass over each text.
  const values = new ValueIndex<number>({ spacing: 'any' });
  const longValues = new ValueIndex<number>({ spacing: 'any' });
  const seen = new Set<string>();
  expected.spans.forEach((span, index) => {
    // Text under a drawn area is whatever the rectangle happened to cut ("1", half a word): the
    // area is burnt into the pixels, and searching the copy for such a scrap finds it anywhere
    // (a "1" in the document info's version) and fails a copy that hides everything it should.
    if (span.type === AREA_TYPE) return;
    const key = spacingBlindKey(span.text);
    if (key === '' || seen.has(key)) return;
    seen.add(key);
    values.add(span.text, index);
    if (key.length >= MIN_RAW_BYTES_VALUE_LENGTH) longValues.add(span.text, index);
  });
  const problems: string[] = [];
  const scan = (text: string, where: string, among = values): void => {
    const leaked = new Set(among.findAll(text).map(({ tag }) => tag));
    for (const index of [...leaked].sort((a, b) => a - b)) {
      const span = expected.spans[index]!;
      problems.push(
        `the value of span ${index + 1} (${span.type}, ${span.text.length} characters) is readable ${where}`,
      );
    }
  };

  let pdf: PDFDocumentProxy;
  try {
    pdf = await loadPdf(bytes, file);
  } catch (error) {
    throw new RedactedPdfVerificationError(file, [
      `the output cannot be read back (${String(error)})`,
    ]);
  }
  try {
    if (pdf.numPages !== expected.pageSizes.length) {
      problems.push(
        `it has ${pdf.numPages} pages where the original has ${expected.pageSizes.length}`,
      );
    }
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      const want = expected.pageSizes[n - 1];
      if (
        want !== undefined &&
        (Math.abs(width - want.width) > PAGE_SIZE_TOLERANCE_PT ||
          Math.abs(height - want.height) > PAGE_SIZE_TOLERANCE_PT)
      ) {
        problems.push(
          `page ${n} is ${fmt(width)}×${fmt(height)} pt where the original is ${fmt(want.width)}×${fmt(want.height)} pt`,
        );
      }
      scan(await pageText(pdf, n), `in the text of page ${n}`);
      if ((await page.getAnnotations()).length > 0) problems.push(`page ${n} carries annotations`);
      page.cleanup();
    }

    const { info, metadata } = await pdf.getMetadata();
    scan(JSON.stringify(info), 'in the document info');
    const presentKeys = CONTENT_INFO_KEYS.filter((key) => key in (info as Record<string, unknown>));
    if (presentKeys.length > 0)
      problems.push(`the document info carries ${presentKeys.join(', ')}`);
    if (metadata !== null) {
      problems.push('it carries XMP metadata');
      scan(metadata.getRaw(), 'in the XMP metadata');
    }
    if ((await pdf.getAttachments()) !== null) problems.push('it carries attachments');
    if ((await pdf.getFieldObjects()) !== null) problems.push('it carries form fields');

    scan(withoutImageData(bytes), "in the file's raw bytes", longValues);
  } finally {
    await pdf.destroy();
  }
  if (problems.length > 0) throw new RedactedPdfVerificationError(file, [...new Set(problems)]);
}

/**
 * The file as latin1 text with the data of image streams left out: they are the bulk of a
 * rasterised PDF (deflated or JPEG pixels, where no value is stored as text), and scanning them
 * for every value made verification slower than everything else together.
 */
function withoutImageData(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('latin1');
  const parts: string[] = [];
  let from = 0;
  for (let at = text.indexOf('stream', from); at >= 0; at = text.indexOf('stream', at + 6)) {
    if (text.slice(at - 3, at) === 'end') continue;
    const header = text.slice(Math.max(from, at - 512), at);
    const end = text.indexOf('endstream', at + 6);
    if (end < 0) break;
    if (/\/Subtype\s*\/Image/.test(header)) {
      parts.push(text.slice(from, at + 6));
      from = end;
    }
    at = end;
  }
  parts.push(text.slice(from));
  return parts.join('\n');
}

/** A page's extractable text as a copy-paste or text extractor would see it. */
export async function pageText(pdf: PDFDocumentProxy, pageNumber: number): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  const content = await page.getTextContent();
  return content.items
    .filter((item): item is TextItem => 'str' in item)
    .map((item) => item.str + (item.hasEOL ? '\n' : ' '))
    .join('');
}

function fmt(n: number): string {
  return n.toFixed(1);
}
