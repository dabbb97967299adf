/**
 * Compression bombs are refused before the file is opened: a .docx whose parts inflate to more
 * than MAX_DOCX_INFLATED_BYTES (by the sizes its ZIP directory declares), and a PDF with a drawing
 * stream that inflates to more than MAX_PDF_STREAM_BYTES (inflated with a hard output cap, so the
 * check itself never holds more than that). Without this, mammoth and pdf.js would inflate
 * everything first and only fail at gigabytes.
 */
import { inflateSync } from 'node:zlib';
import { InputError } from '../domain/inputError.js';

/** A Word document's text, styles and even large embedded pictures stay far below this. */
export const MAX_DOCX_INFLATED_BYTES = 512 * 1024 * 1024;
/** One page-description stream; images (which can be larger) are not inflated here. */
export const MAX_PDF_STREAM_BYTES = 128 * 1024 * 1024;

const MB = 1024 * 1024;

/**
 * Sum of the uncompressed sizes a ZIP's central directory declares, of the entries `counted`
 * takes (all by default); Infinity for ZIP64.
 */
export function zipDeclaredSize(
  bytes: Uint8Array,
  counted: (name: string) => boolean = () => true,
): number | undefined {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: signature, then at +10 the entry count, +16 the offset.
  const eocd = view.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > view.length) return undefined;
  const count = view.readUInt16LE(eocd + 10);
  let at = view.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > view.length || view.readUInt32LE(at) !== 0x02014b50) return undefined;
    const size = view.readUInt32LE(at + 24);
    const nameLength = view.readUInt16LE(at + 28);
    if (counted(view.toString('latin1', at + 46, at + 46 + nameLength))) {
      if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
      total += size;
    }
    at += 46 + nameLength + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
  }
  return total;
}

export function checkDocxInflatedSize(bytes: Uint8Array, file: string): void {
  const declared = zipDeclaredSize(bytes);
  if (declared !== undefined && declared > MAX_DOCX_INFLATED_BYTES) {
    throw new InputError(
      'too-large',
      file,
      `the Word document would inflate to ${Number.isFinite(declared) ? `${Math.round(declared / MB)} MB` : 'more than 4 GB'}, over the limit of ${MAX_DOCX_INFLATED_BYTES / MB} MB (a compression bomb, or a document that is mostly embedded media)`,
      'remove large embedded files, or split the document',
    );
  }
}

/**
 * A presentation's parts that are read (its XML: slides, notes, comments, properties) may not
 * inflate past the Word limit; its pictures and videos, often hundreds of megabytes, are never
 * inflated, so they do not count.
 */
export function checkPptxInflatedSize(bytes: Uint8Array, file: string): void {
  const declared = zipDeclaredSize(bytes, (name) => /\.(?:xml|rels)$/i.test(name));
  if (declared !== undefined && declared > MAX_DOCX_INFLATED_BYTES) {
    throw new InputError(
      'too-large',
      file,
      `the presentation's text parts would inflate to ${Number.isFinite(declared) ? `${Math.round(declared / MB)} MB` : 'more than 4 GB'}, over the limit of ${MAX_DOCX_INFLATED_BYTES / MB} MB (a compression bomb)`,
      'save it again from PowerPoint, or export it as PDF',
    );
  }
}

const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');

/** Throws when a non-image FlateDecode stream of the PDF inflates past MAX_PDF_STREAM_BYTES. */
export function checkPdfStreamSizes(
  bytes: Uint8Array,
  file: string,
  limit = MAX_PDF_STREAM_BYTES,
): void {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = view.indexOf(STREAM); at >= 0; at = view.indexOf(STREAM, at + STREAM.length)) {
    if (view[at - 3] === 0x65 && view[at - 2] === 0x6e && view[at - 1] === 0x64) continue; // "end"
    const dict = view.toString('latin1', Math.max(0, at - 1024), at);
    const obj = dict.lastIndexOf(' obj');
    const header = obj >= 0 ? dict.slice(obj) : dict;
    if (!header.includes('/FlateDecode') || header.includes('/Image')) continue;
    let start = at + STREAM.length;
    if (view[start] === 0x0d) start++;
    if (view[start] === 0x0a) start++;
    const end = view.indexOf(ENDSTREAM, start);
    if (end < 0) return;
    try {
      inflateSync(view.subarray(start, end), { maxOutputLength: limit });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new InputError(
          'too-large',
          file,
          `a page-description stream of the PDF inflates to more than ${limit / MB} MB (a compression bomb?)`,
          'open it in a PDF viewer and print it to a new PDF, then try again',
        );
      }
      // Damaged or truncated data is pdf.js's to judge; it reads what it can.
    }
    at = end;
  }
}
