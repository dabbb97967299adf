/**
 * An OLE "Package" object as Word and Excel embed a file dropped into a document as an icon
 * (`word/embeddings/oleObject1.bin`): a compound file whose `\x01Ole10Native` stream holds the
 * file's label, source path, temporary path and bytes (MS-OLEDS 2.3.6), written with SheetJS's CFB
 * writer.
 */
import * as XLSX from '@e965/xlsx';

interface CfbWriter {
  utils: { cfb_new: () => unknown; cfb_add: (cfb: unknown, name: string, content: Buffer) => void };
  write: (cfb: unknown, options: { type: 'buffer' }) => Buffer;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

export function packageObject(filename: string, data: Uint8Array): Uint8Array {
  const cfb = (XLSX as unknown as { CFB: CfbWriter }).CFB;
  const label = Buffer.from(`${filename}\0`, 'latin1');
  const temp = Buffer.from(`C:\\Temp\\${filename}\0`, 'latin1');
  const body = Buffer.concat([
    Buffer.from([2, 0]),
    label,
    Buffer.from(`C:\\Documents\\${filename}\0`, 'latin1'),
    u32(0x00030000),
    u32(temp.length),
    temp,
    u32(data.length),
    Buffer.from(data),
  ]);
  const container = cfb.utils.cfb_new();
  cfb.utils.cfb_add(container, '\u0001Ole10Native', Buffer.concat([u32(body.length), body]));
  return new Uint8Array(cfb.write(container, { type: 'buffer' }));
}
