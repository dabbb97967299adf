/**
 * A PDF's embedded files (its attachments panel: a Factur-X or ZUGFeRD e-invoice's XML, the
 * files of a PDF portfolio; a file behind a page's paperclip note) join the batch after it, as an e-mail's attachments do:
 * `invoices/inv-7.pdf` carrying `factur-x.xml` gives the input
 * `invoices/inv-7/attachments/factur-x.xml`, read and redacted as a file of its own (a PDF inside
 * a PDF too, three deep). The PDF's copy is drawn from its pages and carries none of them.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { InputFile } from '../collectInputs.js';
import { attachmentsFolder, MAX_ATTACHMENTS, safeName } from './mailInputs.js';

/** PDFs embedded in PDFs, the outermost counting as 1. */
const MAX_PDF_DEPTH = 3;

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

/** A PDF whose embedded files joined the inputs (under `<its name>/attachments/`). */
export interface ExpandedPdf {
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

/** The PDF's embedded files; none when it cannot be opened (extraction reports that). */
async function embeddedFilesOf(file: string): Promise<Embedded[]> {
  const bytes = await readFile(file);
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
  pdfs: ExpandedPdf[],
): Promise<void> {
  out.push(input);
  const embedded = await embeddedFilesOf(input.file);
  if (embedded.length === 0) return;
  pdfs.push({ input });
  const base = attachmentsFolder(input.relativePath);
  if (embedded.length > MAX_ATTACHMENTS) {
    out.push({
      ...input,
      relativePath: base,
      unprocessable: {
        status: 'error',
        message: `${input.relativePath}: the PDF carries ${embedded.length} embedded files, more than ${MAX_ATTACHMENTS}; save them from a PDF reader's attachments panel to a folder and add that`,
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
    if (extname(name).toLowerCase() === '.pdf' && depth < MAX_PDF_DEPTH)
      await expandOne(entry, join(scratch, `${out.length}.d`), depth + 1, out, pdfs);
    else out.push(entry);
  }
}

/** The inputs with every PDF's embedded files after it. */
export async function expandPdfAttachments(
  inputs: readonly InputFile[],
  scratch: string,
): Promise<{ inputs: InputFile[]; pdfs: ExpandedPdf[] }> {
  const out: InputFile[] = [];
  const pdfs: ExpandedPdf[] = [];
  for (const [n, input] of inputs.entries()) {
    if (extname(input.file).toLowerCase() !== '.pdf' || input.unprocessable) out.push(input);
    else await expandOne(input, join(scratch, `pdf-${n}`), 1, out, pdfs);
  }
  return { inputs: out, pdfs };
}
