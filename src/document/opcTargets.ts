/**
 * Workbooks written by openpyxl (Python's usual Excel writer, common in finance) name their parts
 * by absolute paths ("/xl/drawings/drawing1.xml") and keep notes in "xl/comments/comment1.xml".
 * Both are valid Open Packaging, but exceljs resolves only relative targets and finds notes only
 * at "xl/commentsN.xml", and fails on such a file. This rewrites the package into the form exceljs
 * reads — the same parts, the same relationships — and leaves any other file's bytes untouched.
 * (Its VML note shapes are named "commentsDrawing1.vml"; exceljs looks for "vmlDrawingN.vml".)
 */
import { posix } from 'node:path';
import JSZip from 'jszip';

/** Namespaces exceljs reads only as the default one, never behind a prefix. */
const DEFAULT_NAMESPACES = [
  'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  'http://schemas.openxmlformats.org/officeDocument/2006/extended-properties',
];
const TARGET = /(<Relationship\b[^>]*?\bTarget=")([^"]*)("[^>]*>)/g;

/** The folder a `.rels` part's targets are relative to: "xl/worksheets/_rels/a.xml.rels" → "xl/worksheets". */
function sourceFolder(relsPath: string): string {
  return posix.dirname(posix.dirname(relsPath)).replace(/^\.$/, '');
}

export interface ReadablePackage {
  readonly bytes: Uint8Array;
  /** Chart parts: exceljs reads none and writes none, so no redacted copy keeps one. */
  readonly charts: number;
  /** A macro project (.xlsm, .xltm): not read, and exceljs writes none. */
  readonly macros: boolean;
  /** Embedded objects (a document or workbook pasted as an object): exceljs writes none. */
  readonly embedded: number;
}

/**
 * A sheet's drawing in a form exceljs cannot parse (openpyxl's, without the `xdr:` prefix) is
 * unlinked from its sheet: exceljs would fail on it, and it holds only charts and pictures, which
 * a redacted copy does not keep anyway.
 */
async function unlinkForeignDrawings(zip: JSZip, names: readonly string[]): Promise<boolean> {
  let changed = false;
  for (const sheet of names.filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n))) {
    const relsPath = `xl/worksheets/_rels/${posix.basename(sheet)}.rels`;
    const rels = zip.file(relsPath);
    if (!rels) continue;
    let relsXml = await rels.async('string');
    let sheetXml: string | undefined;
    for (const m of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
      const tag = m[0];
      if (!/\/relationships\/drawing"/.test(tag)) continue;
      const target = /\bTarget="([^"]*)"/.exec(tag)?.[1] ?? '';
      const id = /\bId="([^"]*)"/.exec(tag)?.[1] ?? '';
      const part = target.startsWith('/')
        ? target.slice(1)
        : posix.normalize(posix.join('xl/worksheets', target));
      const drawing = await zip.file(part)?.async('string');
      if (drawing === undefined || /^\s*(?:<\?xml[^>]*>\s*)?<xdr:wsDr\b/.test(drawing)) continue;
      relsXml = relsXml.replace(tag, '');
      // exceljs parses every drawing part, linked or not: the part goes too.
      zip.remove(part);
      zip.remove(`${posix.dirname(part)}/_rels/${posix.basename(part)}.rels`);
      sheetXml ??= await zip.file(sheet)!.async('string');
      sheetXml = sheetXml.replace(new RegExp(`<(?:\\w+:)?drawing\\b[^>]*"${id}"[^>]*/>`), '');
      changed = true;
    }
    if (sheetXml === undefined) continue;
    zip.file(relsPath, relsXml);
    zip.file(sheet, sheetXml);
  }
  return changed;
}

/** Whether the workbook part starts with a byte-order mark or names SpreadsheetML by a prefix. */
async function fromOpenXmlSdk(zip: JSZip): Promise<boolean> {
  const head = (await zip.file('xl/workbook.xml')?.async('uint8array'))?.subarray(0, 2048);
  if (!head) return false;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return true;
  return /xmlns:\w+="http:\/\/schemas\.openxmlformats\.org\/spreadsheetml\/2006\/main"/.test(
    Buffer.from(head).toString('utf8'),
  );
}

export async function readablePackage(bytes: Uint8Array): Promise<ReadablePackage> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
  const charts = names.filter((n) => /^xl\/charts\/chart[^/]*\.xml$/.test(n)).length;
  const macros = names.some((n) => /^xl\/vbaProject[^/]*\.bin$/i.test(n));
  const embedded = names.filter((n) => /^xl\/embeddings\/[^/]+$/.test(n)).length;
  const taken = new Set(names);
  const renames = new Map<string, string>();
  // Notes and their VML shapes where exceljs looks for them, under names it recognises.
  const moveTo = (matches: RegExp, expected: RegExp, nameOf: (n: number) => string) => {
    let next = 1;
    for (const name of names.filter((n) => matches.test(n) && !expected.test(n)).sort()) {
      while (taken.has(nameOf(next))) next++;
      renames.set(name, nameOf(next));
      taken.add(nameOf(next));
    }
  };
  moveTo(/^xl\/comments\/[^/]+\.xml$/, /^xl\/comments\d+\.xml$/, (n) => `xl/comments${n}.xml`);
  moveTo(
    /^xl\/drawings\/[^/]+\.vml$/,
    /^xl\/drawings\/vmlDrawing\d+\.vml$/,
    (n) => `xl/drawings/vmlDrawing${n}.vml`,
  );
  // First: the targets below are rewritten from the relationships this leaves.
  const unlinked = await unlinkForeignDrawings(zip, names);
  // The Open XML SDK (.NET) writes a byte-order mark before each part's declaration and names
  // SpreadsheetML with a prefix (<x:workbook>); exceljs parses either as nothing. One writer
  // wrote every part, so the workbook part tells whether the others need reading at all.
  const sdk = await fromOpenXmlSdk(zip);
  let rewritten = false;
  for (const name of sdk ? names.filter((n) => /\.(?:xml|rels)$/.test(n)) : []) {
    const file = zip.file(name);
    if (!file) continue;
    const raw = await file.async('uint8array');
    const hasBom = raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf;
    let xml = Buffer.from(hasBom ? raw.subarray(3) : raw).toString('utf8');
    let changed = hasBom;
    for (const ns of DEFAULT_NAMESPACES) {
      const prefix = new RegExp(`xmlns:(\\w+)="${ns.replace(/\./g, '\\.')}"`).exec(xml)?.[1];
      if (!prefix || xml.includes(`xmlns="${ns}"`)) continue;
      xml = xml
        .replace(new RegExp(`<(/?)${prefix}:`, 'g'), '<$1')
        .replace(`xmlns:${prefix}="${ns}"`, `xmlns="${ns}"`);
      changed = true;
    }
    if (!changed) continue;
    zip.file(name, xml);
    rewritten = true;
  }
  const rels = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir && n.endsWith('.rels'));
  const texts = new Map<string, string>();
  let absolute = false;
  for (const r of rels) {
    const xml = await zip.file(r)!.async('string');
    texts.set(r, xml);
    if (/\bTarget="\//.test(xml)) absolute = true;
  }
  if (!absolute && renames.size === 0 && !unlinked && !rewritten)
    return { bytes, charts, macros, embedded };

  for (const [r, xml] of texts) {
    const folder = sourceFolder(r);
    const relative = xml.replace(TARGET, (whole, open: string, target: string, close: string) => {
      if (/TargetMode="External"/.test(whole) || /^[a-z][a-z0-9+.-]*:/i.test(target)) return whole;
      const part = target.startsWith('/')
        ? target.slice(1)
        : posix.normalize(posix.join(folder, target));
      const moved = renames.get(part) ?? part;
      return `${open}${posix.relative(folder || '.', moved) || moved}${close}`;
    });
    if (relative !== xml) zip.file(r, relative);
  }
  for (const [from, to] of renames) {
    let part = await zip.file(from)!.async('string');
    // A note's text as one plain <t> (openpyxl) reads as empty in exceljs, which takes runs only.
    part = part.replace(/<text>(\s*<t\b[^>]*>[^<]*<\/t>\s*)<\/text>/g, '<text><r>$1</r></text>');
    zip.file(to, part);
    zip.remove(from);
  }
  if (renames.size > 0) {
    const types = zip.file('[Content_Types].xml');
    if (types) {
      let xml = await types.async('string');
      for (const [from, to] of renames)
        xml = xml.split(`PartName="/${from}"`).join(`PartName="/${to}"`);
      zip.file('[Content_Types].xml', xml);
    }
  }
  return {
    bytes: await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }),
    charts,
    macros,
    embedded,
  };
}
