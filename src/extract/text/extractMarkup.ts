/**
 * Documents written as markup, read as the text a person sees in them: HTML (banks export
 * statements as .html; many e-mails are HTML only), OpenDocument text (.odt) and RTF. Each is
 * read as lines of text — with what a reader can also reach: link targets, alt text and titles
 * (HTML), headers, footers, notes and the document's properties (.odt), the information group
 * (RTF). An HTML file's redacted copy is the anonymised text; an .odt's or an RTF's is a new .docx
 * of the anonymised lines (what auditors open them with). Markup, scripts, styles and embedded
 * objects are not kept, and a warning says so. XML and OFX files (statements, bank downloads) and
 * vCards and iCalendar invitations are read as their values in lines; their copy is the
 * anonymised text too.
 */
import JSZip from 'jszip';
import { Parser } from 'htmlparser2';
import type { DocumentText } from '../../domain/documentText.js';
import { InputError } from '../../domain/inputError.js';
import { decodeText, normaliseLineEndings } from './decodeText.js';
import { decodeLabelled } from '../../shared/codePages.js';
import { htmlText } from '../../document/htmlText.js';
import { markupText } from '../../document/markupText.js';
import { cardText } from '../../document/cardText.js';
import { pptxText } from '../../document/pptxText.js';
import { qifText } from '../../document/qifText.js';
import { checkPptxInflatedSize } from '../inflateLimits.js';
import { rtfText } from '../../document/rtfText.js';

const TEXT_COPY_NOTE: Readonly<Record<'txt' | 'odt' | 'rtf', string>> = {
  txt: 'its redacted copy is the anonymised text (.txt); the markup, styles and embedded objects are not kept',
  odt: 'its redacted copy is a new Word file (.docx) of the anonymised text; the formatting, styles and embedded objects are not kept',
  rtf: 'its redacted copy is a new Word file (.docx) of the anonymised text; the formatting, styles and embedded objects are not kept',
};

function decoded(
  bytes: Uint8Array,
  file: string,
  what: string,
  result = decodeText(bytes),
): { text: string; warning?: string } {
  if (!result.ok) {
    throw new InputError(
      'encoding',
      file,
      `this ${what} cannot be decoded: ${result.reason}`,
      'save it again as UTF-8',
    );
  }
  return { text: result.text, ...(result.warning ? { warning: result.warning } : {}) };
}

/** A document read as text, its warnings, then what its copy is (`note`, by kind by default). */
function asTextDocument(
  text: string,
  warnings: readonly (string | undefined)[],
  kind: 'txt' | 'odt' | 'rtf' = 'txt',
  note = TEXT_COPY_NOTE[kind],
): DocumentText {
  const said = warnings.filter((w): w is string => w !== undefined);
  return { kind, text, pages: [], fragments: [], warnings: [...said, note] };
}

/** The charset a page declares in its first kilobytes: `<meta charset>` or http-equiv's. */
function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  return /<meta\b[^>]*?\bcharset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
}

export function extractHtml(bytes: Uint8Array, file: string): DocumentText {
  // A page that is not UTF-8 says what it is: a Russian bank's statement saved as windows-1251
  // would otherwise be read as Windows-1252 letters.
  const read = decodeText(bytes);
  const charset = declaredCharset(bytes);
  // What the page declares is better than what its letters suggest.
  if ((!read.ok || !/^utf-(?:8|16)/.test(read.encoding)) && charset) {
    const text = decodeLabelled(bytes, charset);
    if (text !== undefined) return asTextDocument(htmlText(normaliseLineEndings(text)), []);
  }
  const { text, warning } = decoded(bytes, file, 'HTML file', read);
  return asTextDocument(htmlText(text), [warning]);
}

/** XML and OFX: each element's text after its name, attribute values and comments. */
export function extractXml(bytes: Uint8Array, file: string): DocumentText {
  const { text, warning } = decoded(bytes, file, 'XML file');
  return asTextDocument(
    markupText(text),
    [warning],
    'txt',
    "its redacted copy is the anonymised text (.txt): each element's text after its name; the markup is not kept",
  );
}

/** vCard and iCalendar: their lines, unfolded; pictures and files they carry are left out. */
export function extractCard(bytes: Uint8Array, file: string): DocumentText {
  const { text: source, warning } = decoded(bytes, file, 'card');
  const { text, leftOut } = cardText(source);
  const one = leftOut.length === 1;
  const carried =
    leftOut.length === 0
      ? undefined
      : `${leftOut.length} ${one ? 'picture or file' : 'pictures or files'} carried in it (${[...new Set(leftOut)].join(', ')}) ${one ? 'was' : 'were'} not read, and the redacted copy leaves ${one ? 'it' : 'them'} out`;
  return asTextDocument(
    text,
    [warning, carried],
    'txt',
    'its redacted copy is the anonymised text (.txt) of its lines',
  );
}

/** Quicken's .qif: each field's kind as a label before its value, a record to a paragraph. */
export function extractQif(bytes: Uint8Array, file: string): DocumentText {
  const { text, warning } = decoded(bytes, file, 'QIF file');
  return asTextDocument(
    qifText(text),
    [warning],
    'txt',
    "its redacted copy is the anonymised text (.txt): each field's kind before its value",
  );
}

/** A zip package, or the file's own error: what it should have been, and what to do. */
async function openPackage(
  bytes: Uint8Array,
  file: string,
  code: 'corrupt-pptx' | 'corrupt-odt',
  { what, remedy }: { what: string; remedy: string },
): Promise<JSZip> {
  try {
    return await JSZip.loadAsync(bytes);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new InputError(code, file, `this is not a readable ${what} (${detail})`, remedy);
  }
}

/** PowerPoint: each slide's text and notes in the deck's order, comments, properties. */
export async function extractPptx(bytes: Uint8Array, file: string): Promise<DocumentText> {
  checkPptxInflatedSize(bytes, file);
  const zip = await openPackage(bytes, file, 'corrupt-pptx', {
    what: 'PowerPoint file',
    remedy: 'check that it opens in PowerPoint, or save it again as .pptx',
  });
  if (!zip.file('ppt/presentation.xml')) {
    throw new InputError(
      'corrupt-pptx',
      file,
      'this .pptx has no ppt/presentation.xml: it is not a PowerPoint presentation, or it is damaged',
      'check that it opens in PowerPoint, or save it again as .pptx',
    );
  }
  const { text, unread } = await pptxText(zip);
  const notRead = (
    [
      [unread.pictures, 'picture'],
      [unread.charts, 'chart'],
      [unread.embedded, 'embedded file'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`);
  return asTextDocument(
    text,
    [
      notRead.length > 0
        ? `not read (no OCR inside a presentation), and left out of the redacted copy: ${notRead.join(', ')}`
        : undefined,
    ],
    'txt',
    'its redacted copy is the anonymised text (.txt) of its slides, notes, comments and properties; the layout is not kept',
  );
}

/** ODF's text elements: paragraphs and headings end lines, cells end with a tab. */
function odfText(xml: string): string {
  let text = '';
  let skip = 0;
  let cells = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        // Change-tracking keeps deleted text in text:tracked-changes: a reader may recover it,
        // so it is read (and written nowhere, since the copy is text).
        if (name === 'text:s') text += ' '.repeat(Math.max(1, Number(attrs['text:c'] ?? 1)));
        else if (name === 'text:tab') text += '\t';
        else if (name === 'text:line-break') text += '\n';
        if (name === 'office:binary-data') skip++;
        if (name === 'table:table-cell') cells++;
      },
      ontext(data) {
        if (skip === 0) text += data;
      },
      onclosetag(name) {
        if (name === 'office:binary-data') skip--;
        // A cell's paragraphs share its line; the cell ends with a tab.
        else if (name === 'text:p' || name === 'text:h') text += cells > 0 ? ' ' : '\n';
        // A tracked change's and a comment's author and date stand before its text: each on its
        // own line, or "…10:00:00" and the deleted "Barnaby …" read as one word.
        else if (name === 'dc:creator' || name === 'dc:date') text += cells > 0 ? ' ' : '\n';
        // A footnote's number stands before its text: "1Barnaby Quistwell" would be one word.
        else if (name === 'text:note-citation') text += ' ';
        else if (name === 'table:table-cell') {
          cells--;
          text = `${text.replace(/ +$/, '')}\t`;
        } else if (name === 'table:table-row') text += '\n';
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return text;
}

/** Properties of meta.xml that hold words a person wrote. */
const ODF_META =
  /<(dc:title|dc:subject|dc:creator|dc:description|meta:initial-creator|meta:keyword|meta:user-defined)\b[^>]*>([^<]*)</g;

export async function extractOdt(bytes: Uint8Array, file: string): Promise<DocumentText> {
  const zip = await openPackage(bytes, file, 'corrupt-odt', {
    what: 'OpenDocument file',
    remedy: 'check that it opens in LibreOffice, or save it again as .odt or .docx',
  });
  const content = zip.file('content.xml');
  if (!content) {
    throw new InputError(
      'corrupt-odt',
      file,
      'this OpenDocument file has no content.xml (it is damaged, or encrypted with a password)',
      'open it in LibreOffice, remove any password and save it again',
    );
  }
  if (zip.file('META-INF/manifest.xml')) {
    const manifest = await zip.file('META-INF/manifest.xml')!.async('string');
    if (/manifest:encryption-data/.test(manifest)) {
      throw new InputError(
        'encrypted-odt',
        file,
        'the document is password-protected, so it cannot be read',
        'remove the password in LibreOffice (File > Properties > Security) and try again',
      );
    }
  }
  const parts = [odfText(await content.async('string'))];
  const styles = zip.file('styles.xml');
  // Headers and footers live among the styles (master pages).
  if (styles) parts.push(odfText(await styles.async('string')));
  const meta = zip.file('meta.xml');
  if (meta) {
    const lines = [...(await meta.async('string')).matchAll(ODF_META)]
      .map((m) => m[2]!.trim())
      .filter((v) => v !== '');
    parts.push(lines.join('\n'));
  }
  const text = parts
    .map((p) => p.replace(/[ \t]+\n/g, '\n').trim())
    .filter((p) => p !== '')
    .join('\n\n');
  return asTextDocument(text, [], 'odt');
}

export function extractRtf(bytes: Uint8Array, file: string): DocumentText {
  const { text, warning } = decoded(bytes, file, 'RTF file');
  if (!text.trimStart().startsWith('{\\rtf')) {
    throw new InputError(
      'corrupt-rtf',
      file,
      'this is not an RTF document (it does not start with {\\rtf)',
      'save it again as Rich Text Format, or as .docx',
    );
  }
  return asTextDocument(rtfText(text), [warning], 'rtf');
}
