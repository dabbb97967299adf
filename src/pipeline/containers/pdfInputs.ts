/**
 * A PDF's embedded files (its attachments panel: a Factur-X or ZUGFeRD e-invoice's XML, the
 * files of a PDF portfolio) join the batch after it, as an e-mail's attachments do:
 * `invoices/inv-7.pdf` carrying `factur-x.xml` gives the input
 * `invoices/inv-7/attachments/factur-x.xml`, read and redacted as a file of its own (a PDF inside
 * a PDF too, three deep). The PDF's copy is drawn from its pages and carries none of them.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { InputFile } from '../collectInputs.js';
import { attachmentsFolder, MAX_ATTACHMENTS, safeName } from './mailInputs.js';

/** PDFs embedded in PDFs, the outermost counting as 1. */
const MAX_PDF_DEPTH = 3;

/**
 * An embedded file's stream is marked `/EmbeddedFile` and the document's list of them
 * `/EmbeddedFiles`; stream dictionaries are never compressed into object streams, so a PDF
 * without the word has none, and is not opened twice.
 */
const EMBEDDED_FILE = Buffer.from('/EmbeddedFile');

/** A PDF whose embedded files joined the inputs (under `<its name>/attachments/`). */
export interface ExpandedPdf {
  readonly input: InputFile;
}

interface Embedded {
  readonly filename: string;
  readonly content: Uint8Array;
}

/** The PDF's embedded files; none when it cannot be opened (extraction reports that). */
async function embeddedFilesOf(file: string): Promise<Embedded[]> {
  const bytes = await readFile(file);
  if (bytes.indexOf(EMBEDDED_FILE) < 0) return [];
  const { checkPdfStreamSizes } = await import('../../extract/inflateLimits.js');
  const { loadPdf } = await import('../../document/loadPdf.js');
  try {
    checkPdfStreamSizes(bytes, file);
    const document = await loadPdf(new Uint8Array(bytes), file);
    try {
      const found = (await document.getAttachments()) as Record<
        string,
        { filename?: string; content?: Uint8Array }
      > | null;
      return Object.entries(found ?? {}).flatMap(([key, a]) =>
        a.content ? [{ filename: a.filename ?? key, content: a.content }] : [],
      );
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
