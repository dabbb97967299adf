/**
 * Files embedded in documents join the batch after them, as an e-mail's attachments do: a PDF's
 * (its attachments panel: a Factur-X or ZUGFeRD e-invoice's XML, a portfolio's files; a file
 * behind a page's paperclip note) and an Office file's (a workbook embedded in a Word report, a
 * deck's embedded document). `invoices/inv-7.pdf` carrying `factur-x.xml` gives the input
 * `invoices/inv-7/attachments/factur-x.xml`, read and redacted as a file of its own (one inside
 * another too, three deep). The holder's copy carries none of them: a PDF's is drawn from its
 * pages, an Office copy drops what its walk does not read and says so.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join, posix } from 'node:path';
import type { JSZipObject } from 'jszip';
import { inflateSync } from 'node:zlib';
import type { InputFile } from '../collectInputs.js';
import { expectedTypeForExtension } from '../../extract/fileType.js';
import { attachmentsFolder, MAX_ATTACHMENTS, safeName } from './mailInputs.js';

/** Documents embedded in documents, the outermost counting as 1. */
const MAX_DEPTH = 3;

const EMBEDDING = /^(?:word|xl|ppt)\/embeddings\/[^/]+$/;
const EMBEDDINGS_FOLDER = Buffer.from('/embeddings/');
/** One embedded file's inflated size at most (a Word file's own text parts are held to this). */
const MAX_EMBEDDED_BYTES = 128 * 1024 * 1024;

/**
 * The names only a PDF that embeds files holds: an embedded-file dictionary's key (`/EF`), the
 * document's list of them (`/EmbeddedFiles`) and a paperclip note (`/FileAttachment`).
 */
const MARKERS = ['/EF', '/EmbeddedFile', '/FileAttachment'].map((m) => Buffer.from(m));
const OBJECT_STREAM = /\/Type\s*\/ObjStm\b/;
const MAX_OBJECT_STREAM = 16 * 1024 * 1024;

/**
 * Whether the PDF may embed files: a marker in its bytes, or inside one of its object streams
 * (where a compressed file keeps its dictionaries). A PDF without one is not opened twice.
 */
function mayEmbedFiles(bytes: Buffer): boolean {
  const holds = (b: Buffer) => MARKERS.some((m) => b.indexOf(m) >= 0);
  if (holds(bytes)) return true;
  for (let at = bytes.indexOf('stream'); at >= 0; at = bytes.indexOf('stream', at + 6)) {
    if (bytes.toString('latin1', at - 3, at) === 'end') continue;
    const head = bytes.toString('latin1', Math.max(0, at - 512), at);
    const dict = head.slice(head.lastIndexOf(' obj') + 1);
    if (!OBJECT_STREAM.test(dict) || !dict.includes('/FlateDecode')) continue;
    let start = at + 6;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    const end = bytes.indexOf('endstream', start);
    if (end < 0) break;
    try {
      if (holds(inflateSync(bytes.subarray(start, end), { maxOutputLength: MAX_OBJECT_STREAM })))
        return true;
    } catch {
      // A damaged or oversized object stream: pdf.js's to judge when the PDF is read.
    }
    at = end;
  }
  return false;
}

/** A document whose embedded files joined the inputs (under `<its name>/attachments/`). */
export interface WithEmbedded {
  readonly input: InputFile;
}

/** As pdf.js gives an embedded file. */
interface AttachedFile {
  readonly filename?: string;
  readonly content?: Uint8Array;
}

interface Embedded {
  readonly filename: string;
  readonly content: Uint8Array;
}

/** An entry inflated as a stream, or undefined past `limit` bytes (a declared size can lie). */
function entryBytes(entry: JSZipObject, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stream = entry.nodeStream('nodebuffer');
    stream
      .on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit) {
          stream.pause();
          resolve(undefined);
        } else chunks.push(chunk);
      })
      .on('error', reject)
      .on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * An Office package's embedded files that FinRedact reads (a workbook, a document, a deck, a PDF),
 * and what its OLE objects hold of them (`document/oleObject`: a file dropped in as an icon, an
 * Excel 97 or Word 97 object, an Acrobat document); the copy's warning names them among what it
 * drops.
 */
async function packageEmbeddings(bytes: Buffer): Promise<Embedded[]> {
  // Entry names are stored as they are: a package without the folder's name has none.
  if (bytes.indexOf(EMBEDDINGS_FOLDER) < 0) return [];
  const { default: JSZip } = await import('jszip');
  try {
    const zip = await JSZip.loadAsync(bytes);
    const files: Embedded[] = [];
    for (const entry of Object.values(zip.files)) {
      if (entry.dir || !EMBEDDING.test(entry.name)) continue;
      const filename = posix.basename(entry.name);
      const ole = extname(filename).toLowerCase() === '.bin';
      if (!ole && !expectedTypeForExtension(extname(filename))) continue;
      const content = await entryBytes(entry, MAX_EMBEDDED_BYTES);
      if (!content) continue;
      if (!ole) {
        files.push({ filename, content });
        continue;
      }
      // An OLE object: the file a person dropped in, or an old-format workbook or document.
      const { oleObjectFile } = await import('../../document/oleObject.js');
      const inside = await oleObjectFile(content, filename);
      if (inside && expectedTypeForExtension(extname(inside.filename))) files.push(inside);
    }
    return files;
  } catch {
    return [];
  }
}

/** A holder's embedded files, by its kind; none when it cannot be opened (extraction says so). */
async function embeddedFilesOf(file: string): Promise<Embedded[]> {
  // A file that cannot be read (missing, a folder, no permission) is extraction's to report.
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes) return [];
  const kind = holderKind(file);
  if (kind === 'pdf') return pdfEmbeddings(file, bytes);
  if (kind === 'office') return packageEmbeddings(bytes);
  return [];
}

/** The PDF's embedded files. */
async function pdfEmbeddings(file: string, bytes: Buffer): Promise<Embedded[]> {
  if (!mayEmbedFiles(bytes)) return [];
  const { checkPdfStreamSizes } = await import('../../extract/inflateLimits.js');
  const { loadPdf } = await import('../../document/loadPdf.js');
  try {
    checkPdfStreamSizes(bytes, file);
    const document = await loadPdf(new Uint8Array(bytes), file);
    try {
      const found = (await document.getAttachments()) as Record<string, AttachedFile> | null;
      const files = Object.entries(found ?? {}).flatMap(([key, a]) =>
        a.content ? [{ filename: a.filename ?? key, content: a.content }] : [],
      );
      // Files attached to a page, behind a paperclip note, are embedded files too.
      for (let n = 1; n <= document.numPages; n++) {
        const page = await document.getPage(n);
        for (const a of (await page.getAnnotations()) as {
          subtype?: string;
          file?: AttachedFile;
        }[])
          if (a.subtype === 'FileAttachment' && a.file?.content)
            files.push({
              filename: a.file.filename ?? `page-${n}-attachment`,
              content: a.file.content,
            });
        page.cleanup();
      }
      return files;
    } finally {
      await document.destroy();
    }
  } catch {
    return [];
  }
}

async function expandOne(
  input: InputFile,
  scratch: string,
  depth: number,
  out: InputFile[],
  holders: WithEmbedded[],
): Promise<void> {
  out.push(input);
  const embedded = await embeddedFilesOf(input.file);
  if (embedded.length === 0) return;
  holders.push({ input });
  const base = attachmentsFolder(input.relativePath);
  if (embedded.length > MAX_ATTACHMENTS) {
    out.push({
      ...input,
      relativePath: base,
      unprocessable: {
        status: 'error',
        message: `${input.relativePath}: the file carries ${embedded.length} embedded files, more than ${MAX_ATTACHMENTS}; save them from the program that shows them (a PDF reader's attachments panel, Word's or Excel's objects) to a folder and add that`,
      },
    });
    return;
  }
  for (const [i, attachment] of embedded.entries()) {
    const name = safeName(attachment.filename, i);
    const file = join(scratch, String(out.length), name);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, attachment.content);
    const entry: InputFile = {
      file,
      relativePath: `${base}/${name}`,
      root: input.root,
      shownAs: `${input.shownAs ?? input.file}/attachments/${name}`,
    };
    if (holderKind(name) && depth < MAX_DEPTH)
      await expandOne(entry, join(scratch, `${out.length}.d`), depth + 1, out, holders);
    else out.push(entry);
  }
}

/** What holds embedded files: a PDF, or an Office package (its objects under `<app>/embeddings/`). */
function holderKind(file: string): 'pdf' | 'office' | undefined {
  const expected = expectedTypeForExtension(extname(file));
  if (expected === 'pdf') return 'pdf';
  return expected === 'docx' || expected === 'xlsx' || expected === 'pptx' ? 'office' : undefined;
}

/** The inputs with every PDF's and Office file's embedded files after it. */
export async function expandEmbeddedFiles(
  inputs: readonly InputFile[],
  scratch: string,
): Promise<{ inputs: InputFile[]; holders: WithEmbedded[] }> {
  const out: InputFile[] = [];
  const holders: WithEmbedded[] = [];
  for (const [n, input] of inputs.entries()) {
    if (!holderKind(input.file) || input.unprocessable) out.push(input);
    else await expandOne(input, join(scratch, `file-${n}`), 1, out, holders);
  }
  return { inputs: out, holders };
}
