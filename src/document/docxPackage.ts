/**
 * A Word file as FinRedact reads and rewrites it: every part a reader can see or recover — body
 * (tables and text boxes included), headers, footers, footnotes, endnotes, comments, tracked
 * insertions and deletions — walked in one fixed order that extraction (the text detection runs
 * on) and the redacted copy (the same text, rewritten) share, so an offset means the same place
 * in both. Document properties come last, as "Name: value" lines.
 */
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import JSZip from 'jszip';

export const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** One piece of the text: a text node's content, a tab or a line break inside a paragraph. */
export interface DocxPiece {
  readonly part: string;
  /** The element holding the characters (w:t, w:delText) or standing for one (w:tab, w:br). */
  readonly element: Element;
  readonly start: number;
  readonly end: number;
}

export interface DocxText {
  readonly text: string;
  readonly pieces: readonly DocxPiece[];
  /** Where the document properties start in `text` (they are not part of any XML text node). */
  readonly propertiesStart: number;
}

export interface OpenDocx {
  readonly zip: JSZip;
  /** Parsed text parts, in reading order. */
  readonly parts: readonly { readonly name: string; readonly doc: Document }[];
  readonly properties: readonly { readonly name: string; readonly value: string }[];
}

/** Text parts in reading order; headers and footers by number, as Word numbers them. */
function textPartNames(zip: JSZip): string[] {
  const numbered = (prefix: string) =>
    Object.keys(zip.files)
      .filter((n) => new RegExp(`^word/${prefix}\\d*\\.xml$`).test(n))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return [
    'word/document.xml',
    ...numbered('header'),
    ...numbered('footer'),
    'word/footnotes.xml',
    'word/endnotes.xml',
    'word/comments.xml',
  ].filter((n) => zip.file(n) !== null);
}

export function parseXml(xml: string, name: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: {
      error: (m: string) => errors.push(m),
      fatalError: (m: string) => errors.push(m),
    },
  }).parseFromString(xml, 'text/xml');
  if (errors.length > 0) throw new Error(`${name} is not well-formed XML (${errors[0]})`);
  return doc;
}

const PROPERTY_PARTS = ['docProps/core.xml', 'docProps/app.xml', 'docProps/custom.xml'];
/** Properties that hold words a person wrote (names, titles, companies), not counts or dates. */
export const DOCX_TEXT_PROPERTIES: ReadonlySet<string> = new Set([
  'title',
  'subject',
  'creator',
  'keywords',
  'description',
  'lastModifiedBy',
  'category',
  'contentStatus',
  'Company',
  'Manager',
  'HyperlinkBase',
]);

function readProperties(
  docs: readonly { name: string; doc: Document }[],
): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (const { name, doc } of docs) {
    const root = doc.documentElement;
    if (!root) continue;
    if (name.endsWith('custom.xml')) {
      for (const p of Array.from(root.getElementsByTagName('property'))) {
        const value = (p.textContent ?? '').trim();
        if (value) out.push({ name: p.getAttribute('name') ?? 'custom', value });
      }
      continue;
    }
    for (const el of Array.from(root.childNodes)) {
      if (el.nodeType !== 1) continue;
      const local = (el as Element).localName ?? '';
      const value = (el.textContent ?? '').trim();
      if (DOCX_TEXT_PROPERTIES.has(local) && value) out.push({ name: local, value });
    }
  }
  return out;
}

export async function openDocx(bytes: Uint8Array): Promise<OpenDocx> {
  const zip = await JSZip.loadAsync(bytes);
  if (!zip.file('word/document.xml')) throw new Error('it has no word/document.xml');
  const parts = [];
  for (const name of textPartNames(zip)) {
    parts.push({ name, doc: parseXml(await zip.file(name)!.async('string'), name) });
  }
  const propertyDocs = [];
  for (const name of PROPERTY_PARTS) {
    const file = zip.file(name);
    if (file) propertyDocs.push({ name, doc: parseXml(await file.async('string'), name) });
  }
  return { zip, parts, properties: readProperties(propertyDocs) };
}

function isW(node: Node, local: string): boolean {
  return (
    node.nodeType === 1 &&
    (node as Element).namespaceURI === W_NS &&
    (node as Element).localName === local
  );
}

/** The paragraph an element belongs to: its nearest w:p ancestor. */
function paragraphOf(node: Node): Element | null {
  for (let n = node.parentNode; n; n = n.parentNode) if (isW(n, 'p')) return n as Element;
  return null;
}

/** One line per paragraph of a part; text boxes are paragraphs of their own. */
function partLines(name: string, doc: Document): { text: string; pieces: DocxPiece[] }[] {
  const lines: { text: string; pieces: DocxPiece[] }[] = [];
  for (const p of Array.from(doc.getElementsByTagNameNS(W_NS, 'p'))) {
    const pieces: DocxPiece[] = [];
    let text = '';
    const walk = (node: Node): void => {
      for (const child of Array.from(node.childNodes)) {
        if (child.nodeType !== 1) continue;
        const el = child as Element;
        if (isW(el, 'p')) continue; // a text box's paragraph: its own line
        let chars: string | undefined;
        if (isW(el, 't') || isW(el, 'delText')) chars = el.textContent ?? '';
        else if (isW(el, 'tab')) chars = '\t';
        else if (isW(el, 'br') || isW(el, 'cr')) chars = '\n';
        if (chars !== undefined) {
          if (paragraphOf(el) === p && chars.length > 0) {
            pieces.push({
              part: name,
              element: el,
              start: text.length,
              end: text.length + chars.length,
            });
            text += chars;
          }
          continue;
        }
        if (isW(el, 'instrText')) continue; // field codes are instructions, not text
        walk(el);
      }
    };
    walk(p);
    lines.push({ text, pieces });
  }
  return lines;
}

/**
 * The text of every paragraph of every part, one line each, parts separated by a blank line.
 * Blank lines at the end of a part, and parts with no text at all (Word's empty footnote
 * separators, an empty header), are left out.
 */
export function docxText(open: OpenDocx): DocxText {
  let text = '';
  const pieces: DocxPiece[] = [];
  for (const { name, doc } of open.parts) {
    const lines = partLines(name, doc);
    while (lines.length > 0 && lines.at(-1)!.text.trim() === '') lines.pop();
    if (lines.length === 0) continue;
    if (text.length > 0) text += '\n\n';
    lines.forEach((line, i) => {
      if (i > 0) text += '\n';
      const offset = text.length;
      for (const piece of line.pieces) {
        pieces.push({ ...piece, start: piece.start + offset, end: piece.end + offset });
      }
      text += line.text;
    });
  }
  const propertiesStart = text.length + (open.properties.length > 0 && text.length > 0 ? 2 : 0);
  if (open.properties.length > 0) {
    text += `${text.length > 0 ? '\n\n' : ''}${open.properties.map((p) => `${p.name}: ${p.value}`).join('\n')}`;
  }
  return { text, pieces, propertiesStart };
}

/** Every WordprocessingML element of this local name under `root`. */
export function wElements(root: Document | Element, local: string): Element[] {
  return Array.from(root.getElementsByTagNameNS(W_NS, local));
}

export function removeElement(el: Element): void {
  el.parentNode?.removeChild(el);
}

/** Replaces an element by its children (a link by its text, a content control by its content). */
export function unwrapElement(el: Element): void {
  const parent = el.parentNode;
  if (!parent) return;
  while (el.firstChild) parent.insertBefore(el.firstChild, el);
  parent.removeChild(el);
}

export function serialise(doc: Document): string {
  return new XMLSerializer().serializeToString(doc);
}
