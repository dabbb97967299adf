/**
 * The file inside an OLE object that an Office document embeds (`word/embeddings/oleObject1.bin`):
 * a file dropped into the document as an icon is an OLE "Package" whose `\x01Ole10Native` stream
 * holds its name and bytes (MS-OLEDS 2.3.6: size, flags, label, source path, temporary path, then
 * the data); an Excel 97 or Word 97 object is its own compound file (a `Workbook` or `WordDocument`
 * stream), readable as an .xls or .doc; Acrobat's object keeps the PDF in its `CONTENTS` stream.
 * Anything else (an equation, a drawing) is not a file FinRedact reads: undefined.
 */
import { compoundFileStreams } from './compoundFile.js';

export interface OleObjectFile {
  readonly filename: string;
  readonly content: Uint8Array;
}

/** The C string at `at` in `view` (Windows-1252 bytes), and where the next field starts. */
function cString(view: Buffer, at: number): { value: string; next: number } | undefined {
  const end = view.indexOf(0, at);
  if (end < 0) return undefined;
  return { value: view.toString('latin1', at, end), next: end + 1 };
}

/** A Package object's file: its label (the name shown under the icon) and its data. */
export function packagedFile(stream: Uint8Array): OleObjectFile | undefined {
  const view = Buffer.from(stream.buffer, stream.byteOffset, stream.byteLength);
  if (view.length < 12) return undefined;
  const label = cString(view, 6);
  const source = label && cString(view, label.next);
  if (!label || !source || source.next + 8 > view.length) return undefined;
  // Four reserved bytes, then the temporary path's length (its nul included) and the path.
  const tempLength = view.readUInt32LE(source.next + 4);
  const sizeAt = source.next + 8 + tempLength;
  if (sizeAt + 4 > view.length) return undefined;
  const size = view.readUInt32LE(sizeAt);
  if (sizeAt + 4 + size > view.length) return undefined;
  const name = (label.value || source.value).split(/[\\/]/).pop() ?? '';
  return { filename: name, content: view.subarray(sizeAt + 4, sizeAt + 4 + size) };
}

/** The file an OLE object holds, named after the object (`oleObject1.xls`) when it has no name. */
export async function oleObjectFile(
  bytes: Uint8Array,
  objectName: string,
): Promise<OleObjectFile | undefined> {
  const stream = await compoundFileStreams(bytes).catch(() => undefined);
  if (!stream) return undefined;
  const stem = objectName.replace(/\.[^.]*$/, '');
  const packaged = stream('\u0001Ole10Native');
  if (packaged) return packagedFile(packaged);
  if (stream('Workbook') ?? stream('Book')) return { filename: `${stem}.xls`, content: bytes };
  if (stream('WordDocument')) return { filename: `${stem}.doc`, content: bytes };
  const contents = stream('CONTENTS');
  if (contents && Buffer.from(contents.subarray(0, 1024)).includes('%PDF-'))
    return { filename: `${stem}.pdf`, content: contents };
  return undefined;
}
