/**
 * Which format a file really is, from its first bytes, so a renamed file gets a specific error
 * instead of a confusing parser failure.
 */
import { isHeif } from '../document/heifBrand.js';
import { looksLikeBomlessUtf16 } from '../shared/utf16.js';

export type SniffedType =
  | 'pdf'
  | 'zip'
  | 'ole2'
  | 'png'
  | 'jpeg'
  | 'tiff'
  | 'heif'
  | 'gif'
  | 'bmp'
  | 'webp'
  | 'text'
  | 'binary';

/** What each supported extension is expected to contain. */
export type ExpectedType =
  | 'txt'
  | 'pdf'
  | 'docx'
  | 'doc'
  | 'image'
  | 'csv'
  | 'xlsx'
  | 'xls'
  | 'eml'
  | 'html'
  | 'odt'
  | 'rtf'
  | 'xml'
  | 'card'
  | 'pptx'
  | 'qif';

const EXTENSION_TYPES: Readonly<Record<string, ExpectedType>> = {
  '.txt': 'txt',
  '.text': 'txt',
  '.md': 'txt',
  '.json': 'txt',
  '.log': 'txt',
  '.xml': 'xml',
  '.ofx': 'xml',
  '.qfx': 'xml',
  '.qif': 'qif',
  '.pptx': 'pptx',
  '.ppsx': 'pptx',
  // Macro-enabled files and templates hold the same parts; their copies are macro-free
  // .docx and .xlsx (the macros are not read, so not kept).
  '.pptm': 'pptx',
  '.ppsm': 'pptx',
  '.potx': 'pptx',
  '.potm': 'pptx',
  '.docm': 'docx',
  '.dotx': 'docx',
  '.dotm': 'docx',
  '.xlsm': 'xlsx',
  '.xltx': 'xlsx',
  '.xltm': 'xlsx',
  '.vcf': 'card',
  '.ics': 'card',
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.doc': 'doc',
  '.csv': 'csv',
  '.tsv': 'csv',
  '.xlsx': 'xlsx',
  '.xls': 'xls',
  '.xlsb': 'xls',
  '.ods': 'xls',
  '.eml': 'eml',
  '.html': 'html',
  '.htm': 'html',
  '.odt': 'odt',
  '.rtf': 'rtf',
  '.msg': 'eml',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.tif': 'image',
  '.tiff': 'image',
  '.heic': 'image',
  '.heif': 'image',
};

export const SUPPORTED_EXTENSIONS: readonly string[] = Object.keys(EXTENSION_TYPES);

/**
 * Formats finance keeps that are not read yet, each with what to do instead: a specific answer
 * rather than "unsupported file type".
 */
export const UNREAD_FORMATS: Readonly<Record<string, { what: string; remedy: string }>> = {
  '.zip': {
    what: 'an archive (.zip) is opened before its files are read, and this one reached the reader unopened',
    remedy:
      'add it as a file or folder to finredact redact, the app, the queue or the service, which open archives; or extract it and add the folder',
  },
  ...sameAnswer(['.ppt', '.pps', '.odp', '.key'], {
    what: 'a presentation in this format is not read here (.pptx is)',
    remedy:
      'save it as .pptx, or export it as PDF (PowerPoint: File > Export > PDF; Keynote: File > Export To > PDF), and add that',
  }),
  ...sameAnswer(['.pages', '.numbers'], {
    what: 'an Apple Pages or Numbers file is not read here',
    remedy: 'export it as Word, Excel or PDF (File > Export To) and add that',
  }),
  ...sameAnswer(['.7z', '.rar', '.tar', '.gz', '.tgz', '.bz2', '.xz'], {
    what: 'only .zip archives are opened here',
    remedy: 'extract it and add the folder, or pack it again as .zip',
  }),
  ...sameAnswer(['.p7m', '.pgp', '.gpg', '.asc'], {
    what: 'the file is encrypted (or signed and wrapped), so its content cannot be read here',
    remedy: 'decrypt it with its key or password, and add the decrypted file',
  }),
};

function sameAnswer(
  extensions: readonly string[],
  answer: { what: string; remedy: string },
): Record<string, { what: string; remedy: string }> {
  return Object.fromEntries(extensions.map((extension) => [extension, answer]));
}

const COPIED_AS_TEXT = ['html', 'xml', 'card', 'pptx', 'qif'] as const;

/**
 * The kinds read as text whose only copy is the anonymised text, as the queue plans their
 * outputs before reading them (.odt and RTF, read as text too, get a new .docx).
 */
export function isCopiedAsText(
  expected: ExpectedType | undefined,
): expected is (typeof COPIED_AS_TEXT)[number] {
  return (COPIED_AS_TEXT as readonly string[]).includes(expected ?? '');
}

export function expectedTypeForExtension(extension: string): ExpectedType | undefined {
  return EXTENSION_TYPES[extension.toLowerCase()];
}

/** A human name for a sniffed type, used in "x.pdf is actually a …" messages. */
export const SNIFFED_TYPE_NAMES: Readonly<Record<SniffedType, string>> = {
  pdf: 'a PDF document',
  zip: 'a ZIP archive (e.g. .docx, .xlsx)',
  ole2: 'an old-style Office file (.doc/.xls) or a password-protected Office file',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  tiff: 'a TIFF image',
  heif: 'a HEIF/HEIC photo',
  gif: 'a GIF image',
  bmp: 'a BMP image',
  webp: 'a WebP image',
  text: 'plain text',
  binary: 'binary data of an unknown format',
};

/**
 * The extensions a file of a sniffed type may be given to be read: what to tell the owner of a
 * file without an extension (a mail program's "attachment-1", a download saved without one).
 */
export const EXTENSIONS_FOR_SNIFFED: Readonly<Partial<Record<SniffedType, string>>> = {
  pdf: '.pdf',
  zip: '.docx or .xlsx (whichever program made it)',
  ole2: '.doc, .xls or .msg (whichever program made it)',
  png: '.png',
  jpeg: '.jpg',
  tiff: '.tif',
  heif: '.heic',
  text: '.txt (or .csv, .eml, .html, .xml, .rtf, .vcf, .ics for such text)',
};

/** Excel's 2003 XML spreadsheet (SpreadsheetML): its namespace within the file's head. */
export function isSpreadsheetXml(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, SNIFF_BYTES))
    .toString('latin1')
    .includes('urn:schemas-microsoft-com:office:spreadsheet');
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b);
}

/** PDF readers accept up to 1 KiB of junk before the `%PDF-` header, so we do too. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

export { looksLikeBomlessUtf16 };

/** UTF-16 with a BOM contains NUL bytes but is still text. */
function hasUtf16Bom(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]);
}

/**
 * Text has no NUL bytes (except UTF-16) and few C0 control characters; we look at the first
 * 8 KiB, as `file(1)` and git do.
 */
function looksLikeText(bytes: Uint8Array): boolean {
  if (hasUtf16Bom(bytes)) return true;
  const sample = bytes.subarray(0, SNIFF_BYTES);
  let controls = 0;
  for (const b of sample) {
    if (b === 0) return looksLikeBomlessUtf16(sample) !== false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) controls++;
  }
  return controls <= sample.length * 0.01;
}

/** How much of a file's start `sniffFileType` looks at: the text test's sample, past the PDF header's. */
export const SNIFF_BYTES = 8192;

export function sniffFileType(bytes: Uint8Array): SniffedType {
  // A PDF's header at the very start, then every signature fixed at byte 0, and only then a PDF
  // header after junk: an Outlook .msg or a zip storing a PDF first holds "%PDF-" in its first
  // kilobyte too, and is not a PDF.
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole2';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (isHeif(bytes)) return 'heif';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length > 26 && !looksLikeText(bytes)) return 'bmp';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (hasPdfHeader(bytes)) return 'pdf';
  return looksLikeText(bytes) ? 'text' : 'binary';
}

const IMAGE_TYPES: readonly SniffedType[] = ['png', 'jpeg', 'tiff', 'heif'];

/** Whether a file's content matches what its extension promises. */
export function contentMatchesExtension(expected: ExpectedType, sniffed: SniffedType): boolean {
  switch (expected) {
    case 'txt':
    case 'html':
    case 'rtf':
    case 'xml':
    case 'card':
    case 'qif':
      return sniffed === 'text';
    case 'odt':
    case 'pptx':
      return sniffed === 'zip';
    case 'pdf':
      return sniffed === 'pdf';
    case 'docx':
    case 'xlsx':
      return sniffed === 'zip';
    case 'csv':
      return sniffed === 'text';
    case 'eml':
      // MIME text (.eml), or an Outlook item's compound file (.msg).
      return sniffed === 'text' || sniffed === 'ole2';
    case 'doc':
      return sniffed === 'ole2';
    case 'xls':
      // BIFF in an OLE2 file; .xlsb is a zip; many banks export HTML or XML tables named .xls.
      return sniffed === 'ole2' || sniffed === 'zip' || sniffed === 'text';
    case 'image':
      return IMAGE_TYPES.includes(sniffed);
  }
}
