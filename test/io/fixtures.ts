/**
 * Builders for the synthetic documents the I/O tests read: text-layer PDFs (pdf-lib) and Word
 * files (docx), written to a fresh temp folder. All content is obviously synthetic.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';

export interface PdfLine {
  readonly text: string;
  /** PDF user space: origin bottom-left. */
  readonly x: number;
  readonly y: number;
  readonly size?: number;
}

export interface PdfPageSpec {
  readonly lines: readonly PdfLine[];
  readonly width?: number;
  readonly height?: number;
  readonly rotate?: 0 | 90 | 180 | 270;
}

export async function makePdf(pages: readonly PdfPageSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = doc.addPage([spec.width ?? 612, spec.height ?? 792]);
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
    for (const line of spec.lines)
      page.drawText(line.text, { x: line.x, y: line.y, size: line.size ?? 12, font });
  }
  return doc.save();
}

/** Advance width of `text` in Helvetica, to predict the boxes pdf.js reports. */
export async function helveticaWidth(text: string, size: number): Promise<number> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  return font.widthOfTextAtSize(text, size);
}

export async function makeDocx(paragraphs: readonly string[]): Promise<Uint8Array> {
  const doc = new Document({
    sections: [{ children: paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] })) }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

export interface TempDir {
  readonly path: string;
  file(name: string, data: string | Uint8Array): Promise<string>;
  remove(): Promise<void>;
}

export async function makeTempDir(prefix = 'finredact-io-'): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return {
    path,
    async file(name, data) {
      const full = join(path, name);
      await import('node:fs/promises').then((fs) =>
        fs.mkdir(join(full, '..'), { recursive: true }),
      );
      await writeFile(full, data);
      return full;
    },
    remove: () => rm(path, { recursive: true, force: true }),
  };
}

export const SYNTHETIC_TEXT = [
  'Invoice INV-2024-0042 for Jane Example',
  'Contact: jane.example@example.com, phone (555) 123-4567',
  'SSN 123-45-6789, card 4111 1111 1111 1111',
  'Pay online at example.com/pay',
].join('\n');

/** Every file under `folder`, as sorted paths relative to it (none when it does not exist). */
export async function filesUnder(folder: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(join(d, e.name));
      else out.push(relative(folder, join(d, e.name)));
    }
  };
  await walk(folder);
  return out.sort();
}
