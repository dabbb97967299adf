/**
 * What a viewer shows besides the page content — a filled form field, a note, a stamp — is read
 * into the document's text (so it is detected and redacted in the anonymised text and Results),
 * and a warning says the redacted copy leaves it out; the copy shows none of it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFArray, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { makeTempDir, type TempDir } from '../io/fixtures.js';
import { nativeTesseractMissing, readPagesInFourOrientations } from './nativeOcr.js';

const FIELD = 'payer.field@example.org';
const NOTE = 'note.author@example.com';

async function annotatedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Remittance advice 2026-117', { x: 50, y: 740, size: 14, font });
  const field = pdf.getForm().createTextField('Payer e-mail');
  field.setText(FIELD);
  field.addToPage(page, { x: 50, y: 680, width: 260, height: 20 });
  const annotation = (subtype: string, rect: number[], contents: string) =>
    pdf.context.register(
      pdf.context.obj({
        Type: 'Annot',
        Subtype: subtype,
        Rect: rect,
        Contents: PDFString.of(contents),
        F: 4,
      }),
    );
  // The form field made the page's annotation list; the note and the stamp join it.
  const annots = page.node.lookup(PDFName.of('Annots'), PDFArray);
  annots.push(annotation('Text', [400, 700, 420, 720], `Ask ${NOTE} before paying`));
  annots.push(annotation('Stamp', [300, 500, 500, 560], ''));
  return pdf.save();
}

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/advice.pdf', await annotatedPdf());
});
afterAll(() => dir.remove());

describe('PDF annotations', () => {
  it('are read into the text, redacted there, named in a warning, and absent from the copy', async () => {
    const out = join(dir.path, 'out');
    const [result] = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    expect(result!.status, result!.error).toBe('ok');
    expect(result!.text).toContain(`Payer e-mail: ${FIELD}`);
    expect(result!.text).toContain(`Note: Ask ${NOTE} before paying`);
    expect(result!.spans.map((s) => s.text)).toEqual(expect.arrayContaining([FIELD, NOTE]));
    expect(result!.anonymized).not.toContain(FIELD);
    expect(result!.anonymized).not.toContain(NOTE);
    expect(result!.warnings.join(' ')).toMatch(
      /page 1: 1 form field, 1 note, 1 stamp shown by a viewer were read into the text; the redacted copy leaves them out/,
    );
    if (nativeTesseractMissing) {
      console.log(`annotation pixel check skipped: ${nativeTesseractMissing}`);
      return;
    }
    const read = await readPagesInFourOrientations(
      await readFile(join(out, 'redacted', 'advice.pdf')),
    );
    expect(read).toContain('Remittance');
    expect(read).not.toContain('example');
  }, 120_000);

  it('labels a field by its tooltip, the label the form prints, or else its own short name', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const form = pdf.getForm();
    // A W-2's employer number: without its label, "12-3456789" would read as a phone.
    const ein = form.createTextField('topmostSubform.CopyA.f1_02');
    ein.setText('12-3456789');
    ein.addToPage(page, { x: 50, y: 700, width: 200, height: 20 });
    // Most forms' fields are their own widgets, the tooltip in the one dictionary.
    ein.acroField
      .getWidgets()[0]!
      .dict.set(PDFName.of('TU'), PDFString.of('b Employer identification number (EIN)'));
    const wages = form.createTextField('topmostSubform.CopyA.f1_09');
    wages.setText('84861.00');
    wages.addToPage(page, { x: 50, y: 650, width: 200, height: 20 });
    await dir.file('forms/w2.pdf', await pdf.save());
    const [result] = await runBatch([join(dir.path, 'forms')], join(dir.path, 'out-forms'), {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    expect(result!.status, result!.error).toBe('ok');
    expect(result!.text).toContain('b Employer identification number (EIN): 12-3456789');
    expect(result!.text).toContain('f1_09: 84861.00');
    expect(result!.spans).toEqual([]);
  }, 120_000);
});
