/**
 * Word 97-2003 documents (.doc, a Word binary file in an OLE compound file) through
 * word-extractor: the body, headers, footers, footnotes, endnotes, comments and text boxes, and
 * the document properties (./oleProperties.ts). `legacyWordLayout` lays them out as the text
 * FinRedact reads — one line per paragraph, a blank line between parts, properties last as
 * `Name: value` — and says which part each paragraph came from, so the redacted .docx can put
 * each redacted paragraph back where it belongs.
 */
import { oleProperties } from './oleProperties.js';

export type LegacyWordPart =
  | 'body'
  | 'headers'
  | 'footers'
  | 'footnotes'
  | 'endnotes'
  | 'comments'
  | 'textboxes'
  | 'properties';

export interface LegacyWordParagraph {
  readonly part: LegacyWordPart;
  readonly start: number;
  readonly end: number;
}

export interface LegacyWordLayout {
  readonly text: string;
  readonly paragraphs: readonly LegacyWordParagraph[];
}

export type LegacyWordDocument = Readonly<Record<LegacyWordPart, readonly string[]>>;

/**
 * Word's hyphen codes as a reader sees them. word-extractor's clean-up turns an optional hyphen
 * (0x1F: invisible unless a line breaks there) into the text "undefined" — its replacement table
 * lacks the code — and leaves a non-breaking hyphen (0x1E, shown as "-") as the control code, so
 * an IBAN typed with an optional hyphen read "GB33undefinedBUKB…" and was missed. They become the
 * soft hyphen and the non-breaking hyphen of Unicode, which detection reads through.
 */
function hyphenCodes(text: string): string {
  return text
    .replace(/(?<=[\p{L}\p{N}])undefined(?=[\p{L}\p{N}])/gu, '\u00ad')
    .replaceAll('\x1e', '\u2011');
}

function lines(text: string): string[] {
  return hyphenCodes(text)
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line.trim() !== '');
}

/** Why word-extractor could not read it, as the user should hear it. */
export class LegacyWordError extends Error {}

export async function readLegacyWord(bytes: Uint8Array): Promise<LegacyWordDocument> {
  const { default: WordExtractor } = await import('word-extractor');
  let document;
  try {
    document = await new WordExtractor().extract(Buffer.from(bytes));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new LegacyWordError(detail.split('\n')[0] ?? detail);
  }
  let properties: { name: string; value: string }[] = [];
  try {
    properties = await oleProperties(bytes);
  } catch {
    // A .doc word-extractor reads is a compound file; one without summary streams has none.
  }
  return {
    body: lines(document.getBody()),
    headers: lines(document.getHeaders({ includeFooters: false })),
    footers: lines(document.getFooters()),
    footnotes: lines(document.getFootnotes()),
    endnotes: lines(document.getEndnotes()),
    comments: lines(document.getAnnotations()),
    textboxes: lines(document.getTextboxes({ includeHeadersAndFooters: true, includeBody: true })),
    properties: properties.map((p) => `${p.name}: ${p.value}`),
  };
}

const PARTS: readonly LegacyWordPart[] = [
  'body',
  'headers',
  'footers',
  'footnotes',
  'endnotes',
  'comments',
  'textboxes',
  'properties',
];

export function legacyWordLayout(document: LegacyWordDocument): LegacyWordLayout {
  let text = '';
  const paragraphs: LegacyWordParagraph[] = [];
  for (const part of PARTS) {
    const list = document[part];
    if (list.length === 0) continue;
    if (text !== '') text += '\n\n';
    list.forEach((line, i) => {
      if (i > 0) text += '\n';
      paragraphs.push({ part, start: text.length, end: text.length + line.length });
      text += line;
    });
  }
  return { text, paragraphs };
}
