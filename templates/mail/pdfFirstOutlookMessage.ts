/**
 * An Outlook message whose attached PDF is stored first (issue 53): the PDF's bytes fill the
 * compound file's first sector, so "%PDF-" sits 512 bytes in — inside the first KiB, where PDF
 * readers look for their header, so a reader that sniffs for it takes the message for a PDF.
 * Outlook lays files so when it saves a large attachment early. msgreader's burner puts streams
 * after its tables, so the message is burnt as usual and then that sector is swapped with the
 * first, every reference following: the FAT's chains and its own place, the header's pointers
 * and the directory entries' start sectors. Values are synthetic.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { outlookMessageBytes } from './outlookFixtures.js';

export const PDF_FIRST_VALUES = {
  iban: 'GB33BUKB20201555555555',
  name: 'Harriet Quenby',
  email: 'h.quenby@example.net',
} as const;

const SECTOR = 512;
const FREE = 0xffffffff;
/** Sector ids at or above this are markers (end of chain, FAT sector, …), not places. */
const MAX_REGULAR = 0xfffffffa;
const STORAGE = 1;
const STREAM = 2;
const ROOT = 5;

/** The invoice, and a page of terms that takes it past the compound file's 4 KiB mini-stream cutoff. */
async function invoicePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const lines = [
    'INVOICE 2024-118',
    `Client: ${PDF_FIRST_VALUES.name}`,
    `Contact: ${PDF_FIRST_VALUES.email}`,
    `Pay to IBAN ${PDF_FIRST_VALUES.iban}`,
    'Amount due: 1,250.00 GBP',
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 780 - 22 * i, size: 12, font }));
  // Terms in small print make the file large enough to be stored in sectors of its own.
  const terms = doc.addPage([595, 842]);
  for (let i = 0; i < 60; i++)
    terms.drawText(`Term ${i + 1}: payment within thirty days of the invoice date, net.`, {
      x: 56,
      y: 800 - 12 * i,
      size: 8,
      font,
    });
  return doc.save({ useObjectStreams: false });
}

/** The message burnt as msgreader lays it out: the PDF after the tables. */
async function burntMessage(): Promise<Uint8Array> {
  return outlookMessageBytes({
    properties: [
      { id: 0x0037, text: 'Invoice 2024-118' },
      { id: 0x1000, text: 'Please find the invoice attached.\r\n\r\nAccounts' },
      { id: 0x0c1a, text: 'Accounts' },
      { id: 0x0c1f, text: 'accounts@example.org' },
      { id: 0x0039, time: new Date('2024-05-02T08:15:00Z') },
    ],
    attachments: [
      {
        properties: [
          { id: 0x3707, text: 'invoice.pdf' },
          { id: 0x370e, text: 'application/pdf' },
          { id: 0x3705, long: 1 },
          { id: 0x3701, bytes: await invoicePdf() },
        ],
      },
    ],
  });
}

/** A version-3 compound file's FAT sectors, FAT and directory entries' offsets, as stored. */
function layout(file: Uint8Array) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const u32 = (at: number) => view.getUint32(at, true);
  if (u32(0x48) !== 0) throw new Error('a compound file with DIFAT sectors is not handled');
  const fatSectors = Array.from({ length: u32(0x2c) }, (_, k) => u32(0x4c + 4 * k));
  const fat = fatSectors.flatMap((id) =>
    Array.from({ length: SECTOR / 4 }, (_, k) => u32(place(id) + 4 * k)),
  );
  const entries: number[] = [];
  for (let id = u32(0x30); id < MAX_REGULAR; id = fat[id]!)
    for (let at = place(id); at < place(id) + SECTOR; at += 128) entries.push(at);
  return { view, fatSectors, fat, entries, miniCutoff: u32(0x38) };
}

function place(id: number): number {
  return SECTOR * (id + 1);
}

/** Swaps two sectors of a version-3 compound file, and every reference to them. */
function swapSectors(file: Uint8Array, a: number, b: number): Uint8Array {
  const out = new Uint8Array(file);
  const { view, fatSectors, fat, entries, miniCutoff } = layout(out);
  const u32 = (at: number) => view.getUint32(at, true);
  const set32 = (at: number, value: number) => view.setUint32(at, value, true);
  const moved = (id: number) => (id >= MAX_REGULAR ? id : id === a ? b : id === b ? a : id);
  // A stream at or past the cutoff and the root's mini stream start in sectors; smaller
  // streams start in the mini stream, which the swap leaves as it is.
  for (const at of entries) {
    const type = out[at + 0x42];
    if (type === ROOT || (type === STREAM && u32(at + 0x78) >= miniCutoff))
      set32(at + 0x74, moved(u32(at + 0x74)));
    else if (type !== STREAM && type !== STORAGE && type !== 0)
      throw new Error(`unexpected directory entry type ${type}`);
  }
  const newFat = new Array<number>(fat.length).fill(FREE);
  fat.forEach((next, id) => (newFat[moved(id)] = moved(next)));
  const first = out.slice(place(a), place(a) + SECTOR);
  out.copyWithin(place(a), place(b), place(b) + SECTOR);
  out.set(first, place(b));
  fatSectors.map(moved).forEach((id, k) => {
    for (let i = 0; i < SECTOR / 4; i++) set32(place(id) + 4 * i, newFat[k * (SECTOR / 4) + i]!);
    set32(0x4c + 4 * k, id);
  });
  set32(0x30, moved(u32(0x30)));
  set32(0x3c, moved(u32(0x3c)));
  return out;
}

/** The directory entry named `name`'s start sector (the first one of that name). */
function startSectorOf(file: Uint8Array, name: string): number {
  const { view, entries } = layout(file);
  for (const at of entries) {
    const length = view.getUint16(at + 0x40, true);
    const entry = Buffer.from(file.subarray(at, at + Math.max(0, length - 2))).toString('utf16le');
    if (entry === name) return view.getUint32(at + 0x74, true);
  }
  throw new Error(`no directory entry ${name}`);
}

/** The message with its PDF attachment's first sector moved to the front of the file. */
export async function pdfFirstOutlookMessage(): Promise<Uint8Array> {
  const burnt = await burntMessage();
  return swapSectors(burnt, 0, startSectorOf(burnt, '__substg1.0_37010102'));
}
