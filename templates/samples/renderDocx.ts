import { Document, Packer, Paragraph, TextRun } from 'docx';

/** A Word document with one paragraph per text line, so extraction returns the lines in order. */
export async function renderDocx(text: string, title: string): Promise<Uint8Array> {
  const doc = new Document({
    title,
    creator: 'FinRedact synthetic sample generator',
    sections: [
      {
        children: text.split('\n').map((line) => new Paragraph({ children: [new TextRun({ text: line, font: 'Calibri', size: 22 })] })),
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
