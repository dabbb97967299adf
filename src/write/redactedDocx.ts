/**
 * The redacted copy of a Word file (`--formats docx`): every detected span's text replaced by its
 * replacement inside the runs that hold it, the rest of the formatting kept; tracked changes
 * accepted (deleted text gone), comments removed (or kept redacted), authors and document
 * properties cleared, images and embedded objects removed unless asked to keep them, and every
 * part and element the walk does not read dropped (docxSanitiser). Before it is
 * returned the copy is read back — the same walk as extraction, and a raw scan of every XML part —
 * and refused if any detected value is still in it.
 */
import { dateEntries } from './fixedZipDates.js';
import type JSZip from 'jszip';
import {
  docxText,
  DOCX_TEXT_PROPERTIES,
  openDocx,
  parseXml,
  removeElement,
  serialise,
  unwrapElement,
  W_NS,
  wElements,
  type DocxPiece,
} from '../document/docxPackage.js';
import type { Span } from '../domain/span.js';
import { pictureElements, sanitiseDocx } from '../document/docxSanitiser.js';

export interface RedactedDocxOptions {
  /** Keep images and embedded objects (they may show what the text no longer says). */
  readonly keepImages?: boolean;
  /** `remove` (default) drops comments; `redact` keeps them with their detections replaced. */
  readonly comments?: 'remove' | 'redact';
}

/** A transparent 1×1 PNG: what an image's bytes become when images are not kept. */
const BLANK_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The edits of each piece: what to cut out and, for a span's first piece, what to put there. */
function pieceEdits(
  pieces: readonly DocxPiece[],
  spans: readonly Span[],
  replacements: readonly string[],
): Map<DocxPiece, { from: number; to: number; insert: string }[]> {
  const edits = new Map<DocxPiece, { from: number; to: number; insert: string }[]>();
  spans.forEach((span, i) => {
    let inserted = false;
    for (const piece of pieces) {
      if (piece.end <= span.start || piece.start >= span.end) continue;
      const isText =
        piece.attribute !== undefined ||
        piece.element.localName === 't' ||
        piece.element.localName === 'delText';
      const insert = !inserted && isText ? (replacements[i] ?? '') : '';
      if (insert) inserted = true;
      const list = edits.get(piece) ?? [];
      list.push({
        from: Math.max(span.start, piece.start) - piece.start,
        to: Math.min(span.end, piece.end) - piece.start,
        insert,
      });
      edits.set(piece, list);
    }
  });
  return edits;
}

function applyEdits(piece: DocxPiece, list: { from: number; to: number; insert: string }[]): void {
  const el = piece.element;
  if (piece.attribute !== undefined) {
    let value = el.getAttribute(piece.attribute) ?? '';
    for (const e of [...list].sort((a, b) => b.from - a.from)) {
      value = value.slice(0, e.from) + e.insert + value.slice(e.to);
    }
    el.setAttribute(piece.attribute, value);
    return;
  }
  if (el.localName !== 't' && el.localName !== 'delText') {
    // A tab or break inside a span goes with it.
    removeElement(el);
    return;
  }
  let text = el.textContent ?? '';
  for (const e of [...list].sort((a, b) => b.from - a.from)) {
    text = text.slice(0, e.from) + e.insert + text.slice(e.to);
  }
  el.textContent = text;
  // Leading or trailing spaces of an edited run must survive Word's whitespace collapsing.
  el.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:space', 'preserve');
}

function acceptTrackedChanges(doc: Document): void {
  for (const local of [
    'del',
    'moveFrom',
    'rPrChange',
    'pPrChange',
    'sectPrChange',
    'tblPrChange',
  ]) {
    for (const el of wElements(doc, local)) removeElement(el);
  }
  for (const local of ['ins', 'moveTo']) for (const el of wElements(doc, local)) unwrapElement(el);
}

function dropCommentMarks(doc: Document): void {
  for (const local of ['commentRangeStart', 'commentRangeEnd', 'commentReference']) {
    for (const el of wElements(doc, local)) removeElement(el);
  }
}

function clearAuthors(doc: Document): void {
  for (const el of Array.from(doc.getElementsByTagName('*'))) {
    for (const attr of ['author', 'initials']) {
      if (el.hasAttributeNS(W_NS, attr)) el.setAttributeNS(W_NS, `w:${attr}`, '');
    }
  }
}

function dropImages(doc: Document): void {
  for (const el of pictureElements(doc)) removeElement(el);
  for (const el of wElements(doc, 'object'))
    if (wElements(el, 'txbxContent').length === 0) removeElement(el);
}

async function clearProperties(zip: JSZip): Promise<void> {
  for (const name of ['docProps/core.xml', 'docProps/app.xml']) {
    const file = zip.file(name);
    if (!file) continue;
    const xml = await file.async('string');
    zip.file(
      name,
      xml.replace(/<([\w:]+)(\s[^>]*)?>([^<]*)<\/\1>/g, (whole, tag: string, attrs = '') =>
        DOCX_TEXT_PROPERTIES.has(tag.split(':').pop() ?? '') ? `<${tag}${attrs}></${tag}>` : whole,
      ),
    );
  }
  const custom = zip.file('docProps/custom.xml');
  if (custom) {
    const xml = await custom.async('string');
    zip.file('docProps/custom.xml', xml.replace(/<property\b[\s\S]*?<\/property>/g, ''));
  }
}

export async function redactDocx(
  bytes: Uint8Array,
  text: string,
  spans: readonly Span[],
  replacements: readonly string[],
  options: RedactedDocxOptions = {},
): Promise<Uint8Array> {
  const open = await openDocx(bytes);
  const extracted = docxText(open);
  if (extracted.text !== text) {
    throw new Error('the Word file changed since it was read; process it again');
  }
  for (const [piece, list] of pieceEdits(extracted.pieces, spans, replacements))
    applyEdits(piece, list);
  const keepComments = options.comments === 'redact';
  // After the edits (they point at runs), before serialising: what is not read is not kept.
  await sanitiseDocx(open, { keepImages: options.keepImages ?? false });
  for (const { name, doc } of open.parts) {
    acceptTrackedChanges(doc);
    clearAuthors(doc);
    if (!keepComments) dropCommentMarks(doc);
    if (!options.keepImages) dropImages(doc);
    if (name === 'word/comments.xml' && !keepComments) {
      const root = doc.documentElement;
      while (root?.firstChild) root.removeChild(root.firstChild);
    }
    open.zip.file(name, serialise(doc));
  }
  for (const { name, doc } of open.labelParts) open.zip.file(name, serialise(doc));
  for (const name of [
    'word/people.xml',
    'word/commentsExtended.xml',
    'word/commentsIds.xml',
    'word/commentsExtensible.xml',
  ]) {
    const file = open.zip.file(name);
    if (!file || keepComments) continue;
    // The part stays (relationships point at it), its entries go: people.xml lists authors.
    const doc = parseXml(await file.async('string'), name);
    const root = doc.documentElement;
    while (root?.firstChild) root.removeChild(root.firstChild);
    open.zip.file(name, serialise(doc));
  }
  await clearProperties(open.zip);
  if (!options.keepImages) {
    for (const name of Object.keys(open.zip.files)) {
      if (/^word\/(media|embeddings)\/[^/]+$/.test(name)) open.zip.file(name, BLANK_PNG);
    }
  }
  dateEntries(open.zip);
  return open.zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
