/**
 * A redacted copy written as a new Word file rather than edited from the original (a .doc's, an
 * .odt's, an RTF's): empty properties, fixed zip dates. Checked by src/verify, not here.
 */
import type { ISectionOptions } from 'docx';
import { withFixedZipDates } from './fixedZipDates.js';

export async function freshWordFile(sections: readonly ISectionOptions[]): Promise<Uint8Array> {
  const { Document, Packer } = await import('docx');
  const document = new Document({
    creator: '',
    title: '',
    description: '',
    lastModifiedBy: '',
    sections: [...sections],
  });
  return withFixedZipDates(new Uint8Array(await Packer.toBuffer(document)));
}
