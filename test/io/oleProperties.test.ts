/**
 * An old Office file's summary properties are 8-bit strings in the code page the property set
 * names; a Russian Word 97 file's author is written in Windows-1251.
 */
import { describe, expect, it } from 'vitest';
import { propertySet } from '../../src/document/oleProperties.js';

/** A property set stream (MS-OLEPS) with a codepage entry and one 8-bit string, the author (4). */
function summaryStream(codepage: number, author: Uint8Array): Uint8Array {
  const header = 48;
  const entries = 2;
  const table = 8 + 8 * entries;
  const codepageAt = table;
  const authorAt = codepageAt + 8;
  const size = authorAt + 8 + author.length + 1;
  const out = new Uint8Array(header + size);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0xfffe, true);
  view.setUint32(44, header, true);
  view.setUint32(header, size, true);
  view.setUint32(header + 4, entries, true);
  view.setUint32(header + 8, 1, true);
  view.setUint32(header + 12, codepageAt, true);
  view.setUint32(header + 16, 4, true);
  view.setUint32(header + 20, authorAt, true);
  view.setUint16(header + codepageAt, 0x02, true);
  view.setUint16(header + codepageAt + 4, codepage, true);
  view.setUint16(header + authorAt, 0x1e, true);
  view.setUint32(header + authorAt + 4, author.length + 1, true);
  out.set(author, header + authorAt + 8);
  return out;
}

describe('OLE summary properties', () => {
  it('reads an 8-bit string in the code page the set names', () => {
    // "Иван Петров" in Windows-1251.
    const author = Uint8Array.from([
      0xc8, 0xe2, 0xe0, 0xed, 0x20, 0xcf, 0xe5, 0xf2, 0xf0, 0xee, 0xe2,
    ]);
    expect(propertySet(summaryStream(1251, author), { 4: 'Author' })).toEqual([
      { name: 'Author', value: 'Иван Петров' },
    ]);
  });

  it("reads Windows-1252's high row as its letters, not as control characters", () => {
    // "Ann O’Neil – Zoë" in Windows-1252.
    const author = Uint8Array.from([
      ...Buffer.from('Ann O'),
      0x92,
      ...Buffer.from('Neil '),
      0x96,
      ...Buffer.from(' Zo'),
      0xeb,
    ]);
    expect(propertySet(summaryStream(1252, author), { 4: 'Author' })).toEqual([
      { name: 'Author', value: 'Ann O’Neil – Zoë' },
    ]);
  });
});
