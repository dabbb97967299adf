/**
 * The document properties an old Office file (.doc) keeps in its OLE property-set streams
 * (`\u0005SummaryInformation`, `\u0005DocumentSummaryInformation`; MS-OLEPS): title, subject,
 * author, keywords, comments, last author, manager, company — text people write, often a name.
 * The compound file is opened by SheetJS's CFB reader (already ours for .xls); the property set
 * itself is a small fixed layout, read here.
 */
import { decodeCodePage } from '../shared/codePages.js';
import { compoundFileStreams } from './compoundFile.js';

const SUMMARY: Readonly<Record<number, string>> = {
  2: 'Title',
  3: 'Subject',
  4: 'Author',
  5: 'Keywords',
  6: 'Comments',
  8: 'LastAuthor',
};
const DOCUMENT_SUMMARY: Readonly<Record<number, string>> = {
  2: 'Category',
  14: 'Manager',
  15: 'Company',
};

const VT_I2 = 0x02;
const VT_LPSTR = 0x1e;
const VT_LPWSTR = 0x1f;

function decode(bytes: Uint8Array, codepage: number): string {
  const text =
    codepage === 1200
      ? Buffer.from(bytes).toString('utf16le')
      : codepage === 65001
        ? Buffer.from(bytes).toString('utf8')
        : decodeCodePage(bytes, codepage);
  return text.replace(/\0+$/, '');
}

/** The named string properties of the first property set in `stream`; [] if it is not one. */
export function propertySet(
  stream: Uint8Array,
  names: Readonly<Record<number, string>>,
): { name: string; value: string }[] {
  if (stream.length < 48) return [];
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  if (view.getUint16(0, true) !== 0xfffe) return [];
  const set = view.getUint32(44, true);
  if (set + 8 > stream.length) return [];
  const count = view.getUint32(set + 4, true);
  const entries: { id: number; at: number }[] = [];
  for (let i = 0; i < count && set + 16 + 8 * i <= stream.length; i++)
    entries.push({
      id: view.getUint32(set + 8 + 8 * i, true),
      at: set + view.getUint32(set + 12 + 8 * i, true),
    });
  const inside = (at: number, length: number) => at >= 0 && at + length <= stream.length;
  const codepageEntry = entries.find((e) => e.id === 1);
  const codepage =
    codepageEntry && inside(codepageEntry.at, 6) && view.getUint16(codepageEntry.at, true) === VT_I2
      ? view.getUint16(codepageEntry.at + 4, true)
      : 1252;
  const out: { name: string; value: string }[] = [];
  for (const { id, at } of entries) {
    const name = names[id];
    if (!name || !inside(at, 8)) continue;
    const type = view.getUint16(at, true);
    const size = view.getUint32(at + 4, true);
    let value: string | undefined;
    if (type === VT_LPSTR && inside(at + 8, size))
      value = decode(stream.subarray(at + 8, at + 8 + size), codepage);
    else if (type === VT_LPWSTR && inside(at + 8, 2 * size))
      value = decode(stream.subarray(at + 8, at + 8 + 2 * size), 1200);
    if (value !== undefined && value.trim() !== '') out.push({ name, value: value.trim() });
  }
  return out;
}

/** Every named string property of an OLE compound file's two summary streams. */
export async function oleProperties(bytes: Uint8Array): Promise<{ name: string; value: string }[]> {
  const streams = await compoundFileStreams(bytes);
  const stream = (name: string) => streams(name) ?? new Uint8Array();
  return [
    ...propertySet(stream('\u0005SummaryInformation'), SUMMARY),
    ...propertySet(stream('\u0005DocumentSummaryInformation'), DOCUMENT_SUMMARY),
  ];
}
