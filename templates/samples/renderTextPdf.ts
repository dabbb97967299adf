import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

export interface PdfLayout {
  readonly pageSize: 'A4' | 'Letter';
  readonly font: 'Helvetica' | 'Courier' | 'Times';
  readonly fontSize: number;
  readonly title: string;
}

const PAGE_SIZES = { A4: [595.28, 841.89], Letter: [612, 792] } as const;
const FONTS = { Helvetica: StandardFonts.Helvetica, Courier: StandardFonts.Courier, Times: StandardFonts.TimesRoman } as const;

/** True when every character can be drawn with a standard (WinAnsi) font. */
export async function isDrawable(text: string): Promise<boolean> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  try {
    for (const line of text.split('\n')) font.encodeText(line);
    return true;
  } catch {
    return false;
  }
}

function drawLines(doc: PDFDocument, font: PDFFont, lines: readonly string[], layout: PdfLayout): void {
  const [width, height] = PAGE_SIZES[layout.pageSize];
  const margin = 56;
  const leading = layout.fontSize * 1.35;
  let page = doc.addPage([width, height]);
  let y = height - margin;
  for (const line of lines) {
    if (y < margin) {
      page = doc.addPage([width, height]);
      y = height - margin;
    }
    if (line.length > 0) page.drawText(line, { x: margin, y, size: layout.fontSize, font });
    y -= leading;
  }
}

/**
 * A text-layer PDF with one drawn line per text line (the text must already be wrapped to the
 * page). Standard fonts only, so the file is small and needs no font files.
 */
export async function renderTextPdf(text: string, layout: PdfLayout): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(layout.title);
  doc.setProducer('FinRedact synthetic sample generator');
  doc.setCreator('templates/samples');
  // A fixed date keeps the bytes reproducible for the same input.
  doc.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2025-01-01T00:00:00Z'));
  const font = await doc.embedFont(FONTS[layout.font]);
  drawLines(doc, font, text.split('\n'), layout);
  return doc.save();
}
