/**
 * An OLE compound file (a .doc, an .xls, an Office document's embedded object) opened by SheetJS's
 * CFB reader, already ours for .xls: its streams by name. Throws when the bytes are not one.
 */
interface CfbEntry {
  readonly content?: ArrayLike<number>;
}

export async function compoundFileStreams(
  bytes: Uint8Array,
): Promise<(name: string) => Uint8Array | undefined> {
  const XLSX = await import('@e965/xlsx');
  const cfb = XLSX.CFB as {
    read: (data: Uint8Array, options: { type: 'buffer' }) => unknown;
    find: (container: unknown, path: string) => CfbEntry | null;
  };
  const container = cfb.read(bytes, { type: 'buffer' });
  return (name) => {
    const content = cfb.find(container, name)?.content;
    return content ? Uint8Array.from(content) : undefined;
  };
}
