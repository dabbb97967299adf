/**
 * A Word file as FinRedact reads and rewrites it: every part a reader can see or recover — body
 * (tables, text boxes and equations included), headers, footers, footnotes, endnotes, comments,
 * tracked insertions and deletions — walked in one fixed order that extraction (the text detection
 * runs on) and the redacted copy (the same text, rewritten) share, so an offset means the same
 * place in both. After the body come the words Word shows outside it — style names and the text
 * of numbering levels ("Article %1.") — and last the document properties, as "Name: value" lines.
 * Text inside a right-to-left override (`w:bdo`) is read as it shows, reversed.
 */
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { isWordStyleName } from './wordStyleNames.js';

export const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const M_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/math';

/**
 * One piece of the text: a text node's content, a tab or a line break inside a paragraph, or a
 * wording attribute (a style's name, a numbering level's text).
 */
export interface DocxPiece {
  readonly part: string;
  /** The element holding the characters (w:t, m:t, w:delText) or standing for one (w:tab, w:br). */
  readonly element: Element;
  /** Set when the characters are this attribute's value (`w:val`), not the element's text. */
  readonly attribute?: string;
  readonly start: number;
  readonly end: number;
}

export interface DocxText {
  readonly text: string;
  readonly pieces: readonly DocxPiece[];
  /** Where the body ends in `text`: style names, numbering text and properties follow. */
  readonly bodyEnd: number;
}

export interface OpenDocx {
  readonly zip: JSZip;
  /** Parsed text parts, in reading order. */
  readonly parts: readonly { readonly name: string; readonly doc: Document }[];
  /** Parsed styles and numbering, whose names and level texts are read as words. */
  readonly labelParts: readonly { readonly name: string; readonly doc: Document }[];
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
  for (const { doc } of parts) resolveBidiOverrides(doc);
  const labelParts = [];
  for (const name of LABEL_PARTS) {
    const file = zip.file(name);
    if (file) labelParts.push({ name, doc: parseXml(await file.async('string'), name) });
  }
  const propertyDocs = [];
  for (const name of PROPERTY_PARTS) {
    const file = zip.file(name);
    if (file) propertyDocs.push({ name, doc: parseXml(await file.async('string'), name) });
  }
  return { zip, parts, labelParts, properties: readProperties(propertyDocs) };
}

const LABEL_PARTS = ['word/styles.xml', 'word/numbering.xml'];

/**
 * A right-to-left override shows its characters in reverse: stored `23456…TSEW28BG`, shown as an
 * IBAN. The parsed part is rewritten as it shows — the override's text reversed into its own text
 * elements, the override unwrapped — so the reading, the detection and the copy all see the shown
 * text, and the copy carries it in plain order without the override.
 */
function resolveBidiOverrides(doc: Document): void {
  for (const bdo of wElements(doc, 'bdo')) {
    if (wAttribute(bdo, 'val') !== 'rtl') continue;
    // Document order: both kinds in one walk.
    const texts = wElements(bdo, '*').filter((el) => ['t', 'delText'].includes(el.localName));
    const contents = texts.map((t) => [...(t.textContent ?? '')].reverse().join('')).reverse();
    texts.forEach((t, i) => {
      t.textContent = contents[i] ?? '';
      t.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:space', 'preserve');
    });
    unwrapElement(bdo);
  }
}

function isW(node: Node, local: string, ns = W_NS): boolean {
  return (
    node.nodeType === 1 &&
    (node as Element).namespaceURI === ns &&
    (node as Element).localName === local
  );
}

/** Whether an element sits inside a tracked deletion or move source (text the copy drops). */
function inRemoval(node: Node): boolean {
  for (let n = node.parentNode; n; n = n.parentNode) {
    if (isW(n, 'del') || isW(n, 'moveFrom')) return true;
    if (isW(n, 'p')) return false;
  }
  return false;
}

/** The paragraph an element belongs to: its nearest w:p ancestor. */
function paragraphOf(node: Node): Element | null {
  for (let n = node.parentNode; n; n = n.parentNode) if (isW(n, 'p')) return n as Element;
  return null;
}

function childElements(el: Element): Element[] {
  return Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1);
}

/**
 * Cells of a data table's row: two cells or more with text, each cell a paragraph at most. A
 * layout table's cells hold paragraphs of prose, and an 872-page handbook's rows of one filled
 * cell among 26 empty ones: those keep a line a paragraph.
 */
function isDataRow(cells: readonly Element[]): boolean {
  let filled = 0;
  for (const cell of cells) {
    const inside = childElements(cell);
    if (inside.some((el) => isW(el, 'tbl'))) return false;
    const paragraphs = inside.filter((el) => isW(el, 'p'));
    if (paragraphs.length > 1) return false;
    if ((paragraphs[0]?.textContent ?? '').trim() !== '') filled++;
  }
  return filled >= 2;
}

/**
 * Whether the paragraph `p` is a cell of a data row that another cell of its row follows: the
 * line after it is the row's next cell, written after a tab as a sheet's cells are, so a table
 * reads as rows ("Linda Jones\t32"), not as a column of words a line each.
 */
function endsCellInRow(p: Element): boolean {
  const cell = p.parentNode as Element | null;
  const row = cell?.parentNode as Element | null;
  if (!cell || !isW(cell, 'tc') || !row || !isW(row, 'tr')) return false;
  const cells = childElements(row).filter((c) => isW(c, 'tc'));
  return cells.at(-1) !== cell && isDataRow(cells);
}

interface PartLine {
  readonly text: string;
  readonly pieces: DocxPiece[];
  /** What stands between this line and the next: a line break, or a tab to the row's next cell. */
  readonly joinNext: '\n' | '\t';
}

/** One line per paragraph of a part (a table's row one line); text boxes are paragraphs of their own. */
function partLines(name: string, doc: Document): PartLine[] {
  const lines: PartLine[] = [];
  for (const p of Array.from(doc.getElementsByTagNameNS(W_NS, 'p'))) {
    const pieces: DocxPiece[] = [];
    let text = '';
    let lastRemoval = false;
    const walk = (node: Node): void => {
      for (const child of Array.from(node.childNodes)) {
        if (child.nodeType !== 1) continue;
        const el = child as Element;
        if (isW(el, 'p')) continue; // a text box's paragraph: its own line
        let chars: string | undefined;
        if (isW(el, 't') || isW(el, 'delText') || isW(el, 't', M_NS)) chars = el.textContent ?? '';
        else if (isW(el, 'tab')) chars = '\t';
        else if (isW(el, 'br') || isW(el, 'cr')) chars = '\n';
        if (chars !== undefined) {
          if (paragraphOf(el) === p && chars.length > 0) {
            // Deleted or moved text shows struck through beside what replaced it, as two words;
            // read glued ("Jane Doethe board") a name would end inside a word.
            const removal = inRemoval(el);
            if (
              pieces.length > 0 &&
              removal !== lastRemoval &&
              /\S$/.test(text) &&
              /^\S/.test(chars)
            )
              text += ' ';
            lastRemoval = removal;
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
    lines.push({ text, pieces, joinNext: endsCellInRow(p) ? '\t' : '\n' });
  }
  return lines;
}

/** A level's text is wording when it has more than its number fields and punctuation. */
const WORDED = /\p{L}/u;

/** Elements whose `w:val` names a style by its id. */
export const STYLE_REFERENCES: ReadonlySet<string> = new Set([
  'pStyle',
  'rStyle',
  'tblStyle',
  'basedOn',
  'next',
  'link',
  'numStyleLink',
  'styleLink',
  'clickAndTypeStyle',
  'defaultTableStyle',
]);

/** A WordprocessingML attribute (`w:val`, `w:styleId`, …), however the part declares the prefix. */
export function wAttribute(el: Element, local: string): string | null {
  return el.getAttributeNS(W_NS, local) ?? el.getAttribute(`w:${local}`);
}

const wVal = (el: Element) => wAttribute(el, 'val');
const styleId = (style: Element) => wAttribute(style, 'styleId');

/**
 * The styles a reader can meet: the document's own (`w:customStyle`), those its text, lists and
 * tables use, the defaults, and the styles these are based on or linked to. Word's other built-in
 * definitions are neither read nor kept in a copy.
 */
export function stylesInUse(open: OpenDocx): Element[] {
  const styles = open.labelParts.find((p) => p.name === 'word/styles.xml')?.doc;
  if (!styles) return [];
  const all = wElements(styles, 'style');
  const byId = new Map(all.map((s) => [styleId(s) ?? '', s]));
  const used = new Set<Element>();
  const add = (id: string | null): void => {
    const style = id === null ? undefined : byId.get(id);
    if (!style || used.has(style)) return;
    used.add(style);
    for (const el of Array.from(style.getElementsByTagNameNS(W_NS, '*')))
      if (STYLE_REFERENCES.has(el.localName ?? '')) add(wVal(el));
  };
  for (const style of all) {
    const flag = (name: string) => ['1', 'true', 'on'].includes(wAttribute(style, name) ?? '');
    if (flag('customStyle') || flag('default')) add(styleId(style));
  }
  for (const { doc } of [...open.parts, ...open.labelParts.filter((p) => p.doc !== styles)])
    for (const el of Array.from(doc.getElementsByTagNameNS(W_NS, '*')))
      if (STYLE_REFERENCES.has(el.localName ?? '')) add(wVal(el));
  return all.filter((s) => used.has(s));
}

/**
 * The words of styles and numbering a reader meets in Word's menus and in the list labels: the
 * name (unless it is Word's own, `isWordStyleName`) and aliases of each style in use, and each
 * numbering level's text that has letters of its own.
 */
function labelPieces(open: OpenDocx): { text: string; pieces: DocxPiece[] }[] {
  const lines: { text: string; pieces: DocxPiece[] }[] = [];
  const holders: { part: string; el: Element }[] = [
    ...stylesInUse(open).flatMap((style) =>
      [
        ...wElements(style, 'name').filter((el) => !isWordStyleName(wVal(el) ?? '')),
        ...wElements(style, 'aliases'),
      ].map((el) => ({
        part: 'word/styles.xml',
        el,
      })),
    ),
    ...open.labelParts
      .filter((p) => p.name === 'word/numbering.xml')
      .flatMap(({ name, doc }) => wElements(doc, 'lvlText').map((el) => ({ part: name, el }))),
  ];
  for (const { part, el } of holders) {
    const value = wVal(el) ?? '';
    if (!WORDED.test(value.replace(/%\d/g, ''))) continue;
    lines.push({
      text: value,
      pieces: [{ part, element: el, attribute: 'w:val', start: 0, end: value.length }],
    });
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
      if (i > 0) text += lines[i - 1]!.joinNext;
      const offset = text.length;
      for (const piece of line.pieces) {
        pieces.push({ ...piece, start: piece.start + offset, end: piece.end + offset });
      }
      text += line.text;
    });
  }
  const bodyEnd = text.length;
  const labels = labelPieces(open);
  labels.forEach((line, i) => {
    text += i === 0 ? (text.length > 0 ? '\n\n' : '') : '\n';
    const offset = text.length;
    for (const piece of line.pieces) {
      pieces.push({ ...piece, start: piece.start + offset, end: piece.end + offset });
    }
    text += line.text;
  });
  if (open.properties.length > 0) {
    text += `${text.length > 0 ? '\n\n' : ''}${open.properties.map((p) => `${p.name}: ${p.value}`).join('\n')}`;
  }
  return { text, pieces, bodyEnd };
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
