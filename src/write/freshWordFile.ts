/**
 * A redacted copy written as a new Word file rather than edited from the original (a .doc's, an
 * .odt's, an RTF's): empty properties, fixed zip dates, and the writers' last check that no
 * detected value is left in it.
 */
import type { ISectionOptions } from 'docx';
import { docxText, openDocx } from '../document/docxPackage.js';
import { withFixedZipDates } from './fixedZipDates.js';
import { refuseStrandedValues } from './zipLeaks.js';

export async function freshWordFile(
  sections: readonly ISectionOptions[],
  spans: readonly { text: string; type: string }[],
): Promise<Uint8Array> {
  const { Document, Packer } = await import('docx');
  const document = new Document({
    creator: '',
    title: '',
    description: '',
    lastModifiedBy: '',
    sections: [...sections],
  });
  const out = await withFixedZipDates(new Uint8Array(await Packer.toBuffer(document)));
  await refuseStrandedValues(out, [docxText(await openDocx(out)).text], spans, 'Word copy');
  return out;
}
