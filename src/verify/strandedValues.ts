/**
 * The first check of an Office or CSV copy, before its second reading (readCopy, readBack):
 * detected values (four characters or more — shorter ones occur inside ordinary words) still
 * readable anywhere in it, in the text a reader extracts or in the text of any XML part of its
 * zip, compared without spaces or case. The writers do not check their own work; this does.
 */
import JSZip from 'jszip';
import {
  onlyCapitalisedCopies,
  spreadsToOtherOccurrences,
  ValueIndex,
} from '../domain/valueMatching.js';
import { decodeXmlEntities } from '../shared/xmlEntities.js';
import { StrandedValuesError } from './strandedValuesError.js';

export { StrandedValuesError };

/**
 * Values found in `texts` (already extracted: runs joined as a reader reads them) or in the zip's
 * XML parts (tags read as word breaks). Values are matched as whole words, ignoring case and
 * spacing, through one index (src/domain/valueMatching): linear in the text, where a substring
 * search per value is quadratic on a sheet of a hundred thousand values.
 */
export async function officeLeaks(
  bytes: Uint8Array | undefined,
  texts: readonly string[],
  values: readonly string[],
): Promise<string[]> {
  const index = new ValueIndex<string>();
  for (const v of new Set(values)) if (v.replace(/\s+/g, '').length >= 4) index.add(v, v);
  // A capitalised one-word value is that value only where it is capitalised, as propagation
  // finds it: "trustee" in a sentence is not the "Trustee" the model took for a company.
  const same = (h: string) => (m: { start: number; end: number; tag: string }) =>
    !onlyCapitalisedCopies(m.tag) || /^\p{Lu}/u.test(h.slice(m.start, m.end));
  const haystacks = [...texts];
  if (bytes) {
    const zip = await JSZip.loadAsync(bytes);
    for (const [name, file] of Object.entries(zip.files)) {
      if (file.dir || !/\.(xml|rels)$/.test(name)) continue;
      haystacks.push(decodeXmlEntities((await file.async('string')).replace(/<[^>]+>/g, ' ')));
    }
  }
  const found = new Set<string>();
  for (const h of haystacks) for (const m of index.find(h, same(h))) found.add(m.tag);
  return [...found];
}

/**
 * The values a copy's last check looks for everywhere: those propagation finds again at every
 * occurrence (src/domain/valueMatching); a short code the model took once is redacted where it
 * was found, not looked for in every other place it occurs.
 */
export function checkedValues(spans: readonly { text: string; type: string }[]): string[] {
  return spans.filter((s) => spreadsToOtherOccurrences(s.type, s.text)).map((s) => s.text);
}

/**
 * A copy's last check: the detected values propagation spreads (`checkedValues`) must be gone
 * from its extracted `texts` and, given `bytes`, from every XML part of its zip; otherwise a
 * `StrandedValuesError` naming how many, never which.
 */
export async function refuseStrandedValues(
  bytes: Uint8Array | undefined,
  texts: readonly string[],
  spans: readonly { text: string; type: string }[],
  what: string,
): Promise<void> {
  const values = checkedValues(spans);
  const leaks = await officeLeaks(bytes, texts, values);
  if (leaks.length > 0) throw leakError(leaks, values, what);
}

export function leakError(
  leaks: readonly string[],
  values: readonly string[],
  what: string,
): StrandedValuesError {
  return new StrandedValuesError(
    leaks,
    `${leaks.length} of ${new Set(values).size} detected values would still be in the redacted ${what}; it was not written`,
  );
}

/** What a copy is called in its error: "the redacted Word file …". */
const COPY_NAMES = { docx: 'Word file', xlsx: 'workbook', csv: 'CSV file' } as const;

/**
 * `refuseStrandedValues` on a copy as written: its text as the document layer reads it (a
 * Word file's parts, a workbook's or CSV's cells) and, but for a CSV, every XML part.
 */
export async function refuseStrandedInCopy(
  out: Uint8Array | string,
  kind: keyof typeof COPY_NAMES,
  spans: readonly { text: string; type: string }[],
): Promise<void> {
  // The readers load with the first copy checked, not with the run.
  if (kind === 'docx') {
    const { docxText, openDocx } = await import('../document/docxPackage.js');
    const bytes = typeof out === 'string' ? Buffer.from(out, 'utf8') : out;
    const text = docxText(await openDocx(bytes)).text;
    return refuseStrandedValues(bytes, [text], spans, COPY_NAMES.docx);
  }
  const { readCsv, readXlsx, sheetText } = await import('../document/sheetTable.js');
  if (kind === 'csv') {
    const csv = typeof out === 'string' ? out : Buffer.from(out).toString('utf8');
    return refuseStrandedValues(
      undefined,
      [sheetText(readCsv(csv, 'CSV')).text],
      spans,
      COPY_NAMES.csv,
    );
  }
  const bytes = typeof out === 'string' ? Buffer.from(out, 'utf8') : out;
  const text = sheetText((await readXlsx(bytes)).table).text;
  return refuseStrandedValues(bytes, [text], spans, COPY_NAMES.xlsx);
}
