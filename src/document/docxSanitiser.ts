/**
 * What a redacted Word copy keeps: the parts and elements the walk reads (docxPackage) and what
 * lays them out — styles, numbering, fonts, theme, settings, section properties. The rest of
 * what a .docx can carry is not read, so it is not kept, the way Office's Document Inspector and
 * Acrobat's Sanitize drop hidden content:
 * - parts: custom XML and its properties, the glossary document (building blocks), charts,
 *   SmartArt, embedded files, altChunk imports (HTML, RTF), people.xml and the comment
 *   extensions, macros, custom document properties, and any part not named below;
 * - elements: field instructions (`HYPERLINK "mailto:…"`, `MERGEFIELD`, `DOCPROPERTY`, `QUOTE`: the
 *   field's shown result stays as text), hyperlink targets and tooltips (the link text stays),
 *   content-control properties (alias, tag, data binding: the content stays), smart tags and
 *   custom XML markup (the text stays), bookmarks, document variables, the attached template and
 *   mail-merge source, altChunk references, WordArt, embedded objects, and pictures' alt text;
 * - styles: ids become neutral (`S1`, …; names are read and redacted like text), latent-style
 *   exceptions go, and Word 2010's second copy of the styles (stylesWithEffects) is not kept.
 * Each kind removed is named in a warning, so a reader of Results knows the copy is not the file.
 */
import type JSZip from 'jszip';
import {
  W_NS,
  type OpenDocx,
  parseXml,
  removeElement,
  serialise,
  STYLE_REFERENCES,
  stylesInUse,
  wAttribute,
  unwrapElement,
  wElements,
} from './docxPackage.js';

/** Parts a copy keeps (the text parts are always among them). */
const KEPT_PARTS = [
  /^\[Content_Types\]\.xml$/,
  /^_rels\/\.rels$/,
  /^docProps\/(?:core|app)\.xml$/,
  /^word\/(?:document|styles|settings|webSettings|fontTable|numbering|footnotes|endnotes|comments)\.xml$/,
  /^word\/(?:header|footer)\d*\.xml$/,
  /^word\/theme\/theme\d*\.xml$/,
  /^word\/_rels\/[^/]+\.xml\.rels$/,
];
const MEDIA = /^word\/media\/[^/]+$/;

/** What a removed part is, in words; parts of one kind are counted together. */
const PART_KINDS: readonly [RegExp, string][] = [
  [/^customXml\//i, 'custom XML'],
  [/^word\/glossary\//, 'glossary (building blocks)'],
  [/^word\/charts\//, 'charts'],
  [/^word\/diagrams\//, 'SmartArt'],
  // A workbook, document, deck or PDF among them is read as a file of its own (embeddedInputs).
  [
    /^word\/embeddings\//,
    'embedded files (those FinRedact reads are redacted as files of their own)',
  ],
  [/^word\/people\.xml$/, 'the list of people'],
  [/^word\/comments\w+\.xml$/, 'comment extensions'],
  [/^word\/vbaProject|^word\/vbaData/, 'macros'],
  [/^docProps\/custom\.xml$/, 'custom properties'],
  // A picture of the first page, as the file was last saved: the original's text, drawn.
  [/^docProps\/thumbnail\.\w+$/, 'the thumbnail picture of the first page'],
  [/^word\/[^/]+\.(?:html?|mht|rtf|txt|xml)$/, 'imported files (altChunk)'],
];

/**
 * The pictures and drawn shapes a copy leaves out unless pictures are kept (`w:drawing`,
 * `w:pict`); a text box is drawn too, but it is text, and stays.
 */
export function pictureElements(doc: Document): Element[] {
  return ['drawing', 'pict']
    .flatMap((local) => wElements(doc, local))
    .filter((el) => wElements(el, 'txbxContent').length === 0);
}

/** How many pictures the walked parts hold: what the copy leaves out unless asked to keep. */
export function pictureCount(open: OpenDocx): number {
  return open.parts.reduce((n, { doc }) => n + pictureElements(doc).length, 0);
}

/** Kinds removed: elements counted ("3 field instructions"), parts named ("custom XML"). */
class Removed {
  private readonly counts = new Map<string, number>();
  private readonly parts = new Set<string>();
  add(what: string, n = 1): void {
    if (n > 0) this.counts.set(what, (this.counts.get(what) ?? 0) + n);
  }
  part(what: string): void {
    this.parts.add(what);
  }
  list(): string[] {
    return [...[...this.counts].map(([what, n]) => `${n} × ${what}`), ...this.parts];
  }
}

/** Element-level sanitising of one parsed text part. */
function sanitiseElements(doc: Document, removed: Removed, keepImages: boolean): void {
  const instructions = [...wElements(doc, 'instrText'), ...wElements(doc, 'fldChar')];
  const simple = wElements(doc, 'fldSimple');
  removed.add('field instructions', wElements(doc, 'instrText').length + simple.length);
  for (const el of instructions) removeElement(el);
  for (const el of simple) unwrapElement(el);
  const links = wElements(doc, 'hyperlink');
  removed.add('hyperlink targets', links.length);
  for (const el of links) unwrapElement(el);
  const chunks = wElements(doc, 'altChunk');
  removed.add('imported content (altChunk)', chunks.length);
  for (const el of chunks) removeElement(el);
  const controls = wElements(doc, 'sdt');
  removed.add('content-control properties', controls.length);
  for (const sdt of controls) {
    for (const pr of Array.from(sdt.childNodes)) {
      if (pr.nodeType === 1 && (pr as Element).localName !== 'sdtContent')
        removeElement(pr as Element);
    }
    for (const content of wElements(sdt, 'sdtContent')) unwrapElement(content);
    unwrapElement(sdt);
  }
  for (const local of ['customXml', 'smartTag']) {
    const marks = wElements(doc, local);
    removed.add(local === 'customXml' ? 'custom XML markup' : 'smart tags', marks.length);
    for (const el of marks) unwrapElement(el);
  }
  for (const local of ['bookmarkStart', 'bookmarkEnd'])
    for (const el of wElements(doc, local)) removeElement(el);
  const objects = wElements(doc, 'object');
  removed.add('embedded objects', objects.length);
  for (const el of objects) removeElement(el);
  if (keepImages) {
    // Kept pictures lose what describes them; a drawing that is a chart or SmartArt goes.
    for (const el of Array.from(doc.getElementsByTagName('*'))) {
      if (el.localName === 'docPr' || el.localName === 'cNvPr') {
        for (const attr of ['descr', 'title', 'name'])
          if (el.hasAttribute(attr)) el.setAttribute(attr, '');
      }
      if (el.localName === 'graphicData' && /chart|diagram/.test(el.getAttribute('uri') ?? '')) {
        let drawing: Node | null = el;
        while (drawing && !(drawing.nodeType === 1 && (drawing as Element).localName === 'drawing'))
          drawing = drawing.parentNode;
        if (drawing) removeElement(drawing as Element);
      }
      if (el.localName === 'textpath') {
        let pict: Node | null = el;
        while (pict && !(pict.nodeType === 1 && (pict as Element).localName === 'pict'))
          pict = pict.parentNode;
        if (pict) {
          removed.add('WordArt', 1);
          removeElement(pict as Element);
        }
      }
    }
  }
}

/**
 * A style's id is a key no reader sees, yet it is often its name run together ("JaneDoeLetter"),
 * and only a style's name is read; so every id becomes a neutral one (`S1`, `S2`, …) wherever it
 * is used. Word knows its built-in styles by name, so the layout does not change. Styles not in
 * use (docxPackage's `stylesInUse`: Word's unused built-in definitions) are not read, so they go,
 * and so do the latent-style exceptions (which built-in styles the gallery shows).
 */
function neutraliseStyleIds(open: OpenDocx): Map<string, string> {
  const ids = new Map<string, string>();
  const styles = open.labelParts.find((p) => p.name === 'word/styles.xml')?.doc;
  if (!styles) return ids;
  for (const el of wElements(styles, 'lsdException')) removeElement(el);
  const inUse = new Set(stylesInUse(open));
  for (const style of wElements(styles, 'style')) if (!inUse.has(style)) removeElement(style);
  for (const style of inUse) {
    const id = wAttribute(style, 'styleId');
    if (!id) continue;
    if (!ids.has(id)) ids.set(id, `S${ids.size + 1}`);
    style.setAttributeNS(W_NS, 'w:styleId', ids.get(id)!);
  }
  for (const { doc } of [...open.parts, ...open.labelParts]) renameStyleReferences(doc, ids);
  return ids;
}

function renameStyleReferences(doc: Document, ids: ReadonlyMap<string, string>): void {
  for (const el of Array.from(doc.getElementsByTagNameNS(W_NS, '*'))) {
    if (!STYLE_REFERENCES.has(el.localName ?? '')) continue;
    const value = wAttribute(el, 'val');
    if (value !== null && value !== '') el.setAttributeNS(W_NS, 'w:val', ids.get(value) ?? 'S0');
  }
}

/**
 * Settings name the template, the mail-merge source and document variables; revision ids and the
 * document's id say which edits and which machine made it. None of it lays out the text.
 */
async function sanitiseSettings(
  zip: JSZip,
  removed: Removed,
  styleIds: ReadonlyMap<string, string>,
): Promise<void> {
  const file = zip.file('word/settings.xml');
  if (!file) return;
  const doc = parseXml(await file.async('string'), 'word/settings.xml');
  renameStyleReferences(doc, styleIds);
  const vars = wElements(doc, 'docVars');
  removed.add('document variables', vars.length);
  for (const local of ['docVars', 'attachedTemplate', 'mailMerge', 'rsids', 'docId'])
    for (const el of wElements(doc, local)) removeElement(el);
  for (const el of Array.from(doc.getElementsByTagName('*')))
    if (el.localName === 'docId') removeElement(el);
  zip.file('word/settings.xml', serialise(doc));
}

const MAIN_NS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`;
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Parts no one writes in, written fresh rather than copied and then suspected: web settings (a
 * neutral default), the font table reduced to the fonts' names (what layout needs: Word finds a
 * font by its name; panose numbers, signatures and embedded fonts go), application properties
 * empty (titles of parts, headings, template, company and manager go; no word is added, since a
 * copy must hold no word its original lacked).
 */
async function writePartsFresh(zip: JSZip): Promise<void> {
  if (zip.file('word/webSettings.xml'))
    zip.file('word/webSettings.xml', `${XML_DECLARATION}<w:webSettings ${MAIN_NS}/>`);
  const fonts = zip.file('word/fontTable.xml');
  if (fonts) {
    const doc = parseXml(await fonts.async('string'), 'word/fontTable.xml');
    const names = new Set<string>();
    for (const el of wElements(doc, 'font')) {
      const name = wAttribute(el, 'name');
      if (name) names.add(name);
    }
    const escape = (v: string) =>
      v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    zip.file(
      'word/fontTable.xml',
      `${XML_DECLARATION}<w:fonts ${MAIN_NS}>${[...names].map((n) => `<w:font w:name="${escape(n)}"/>`).join('')}</w:fonts>`,
    );
  }
  if (zip.file('docProps/app.xml'))
    zip.file(
      'docProps/app.xml',
      `${XML_DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"/>`,
    );
}

function keptPart(name: string, keepImages: boolean): boolean {
  return KEPT_PARTS.some((p) => p.test(name)) || (keepImages && MEDIA.test(name));
}

/** Relationships to dropped parts, and every external one (link targets, a template's path), go. */
function keptRelationships(xml: string, relsName: string, kept: ReadonlySet<string>): string {
  const folder = relsName.replace(/_rels\/[^/]+$/, '');
  return xml.replace(/<Relationship\b[^>]*?(?:\/>|>[\s\S]*?<\/Relationship>)/g, (tag) => {
    if (/TargetMode="External"/.test(tag)) return '';
    const target = /\bTarget="([^"]*)"/.exec(tag)?.[1] ?? '';
    const part = target.startsWith('/') ? target.slice(1) : normalise(`${folder}${target}`);
    return kept.has(part) ? tag : '';
  });
}

function normalise(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '..') out.pop();
    else if (seg !== '.' && seg !== '') out.push(seg);
  }
  return out.join('/');
}

/**
 * A macro-enabled document's or a template's main part: the copy, without macros, is a .docx,
 * and Word opens a .docx only when its main part says it is a document.
 */
const MAIN_CONTENT_TYPES =
  /application\/vnd\.(?:ms-word\.(?:document\.macroEnabled|template\.macroEnabledTemplate)|openxmlformats-officedocument\.wordprocessingml\.template)\.main\+xml/g;
const WORD_DOCUMENT =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/**
 * Sanitises an opened Word package in place: the parsed text and label parts (serialised by the caller),
 * settings, relationships, content types and the part list. Returns what it removed, in words.
 */
export async function sanitiseDocx(
  open: OpenDocx,
  options: { keepImages: boolean },
): Promise<string[]> {
  const removed = new Removed();
  for (const { doc } of open.parts) sanitiseElements(doc, removed, options.keepImages);
  await sanitiseSettings(open.zip, removed, neutraliseStyleIds(open));
  await writePartsFresh(open.zip);
  const names = Object.keys(open.zip.files).filter((n) => !open.zip.files[n]!.dir);
  const kept = new Set(names.filter((n) => keptPart(n, options.keepImages)));
  for (const name of names) {
    if (kept.has(name)) continue;
    const empty =
      name === 'docProps/custom.xml' &&
      !/<property\b/.test(await open.zip.file(name)!.async('string'));
    // Word 2010's second copy of the styles is rebuilt by Word from styles.xml when missing.
    if (!MEDIA.test(name) && !empty && name !== 'word/stylesWithEffects.xml') {
      removed.part(PART_KINDS.find(([p]) => p.test(name))?.[1] ?? 'other parts');
    }
    open.zip.remove(name);
  }
  for (const name of [...kept].filter((n) => n.endsWith('.rels'))) {
    const xml = await open.zip.file(name)!.async('string');
    open.zip.file(name, keptRelationships(xml, name, kept));
  }
  const types = open.zip.file('[Content_Types].xml');
  if (types) {
    const xml = await types.async('string');
    open.zip.file(
      '[Content_Types].xml',
      xml
        .replace(/<Override\b[^>]*PartName="\/([^"]*)"[^>]*\/>/g, (tag, part: string) =>
          kept.has(part) ? tag : '',
        )
        .replace(
          /<Default\b[^>]*ContentType="application\/vnd\.ms-office\.vbaProject"[^>]*\/>/g,
          '',
        )
        .replace(MAIN_CONTENT_TYPES, WORD_DOCUMENT),
    );
  }
  return removed.list();
}
