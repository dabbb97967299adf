/**
 * Zip archives for the archive tests (issue 40), built with JSZip from our own synthetic
 * documents: a client folder with a statement, a nested archive and macOS litter, and hostile
 * archives — an entry named to escape the archive, an encrypted entry, a compression bomb and
 * one with too many entries. Every value is synthetic (reserved example domains, a test IBAN).
 */
import JSZip from 'jszip';

export const ARCHIVE_VALUES = {
  email: 'p.adeyemi@example.org',
  iban: 'GB82 WEST 1234 5698 7654 32',
  nestedEmail: 'nested.client@example.net',
} as const;

const STATEMENT = `Statement for March
Client e-mail: ${ARCHIVE_VALUES.email}
Pay to IBAN ${ARCHIVE_VALUES.iban}
Balance 1,250.00 GBP
`;

async function zipOf(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** `2024/statement.txt`, `inner.zip` holding `note.txt`, and `__MACOSX/._statement.txt`. */
export async function clientFolderZip(): Promise<Uint8Array> {
  const inner = await zipOf({ 'note.txt': `Forward to ${ARCHIVE_VALUES.nestedEmail} please.\n` });
  return zipOf({
    '2024/statement.txt': STATEMENT,
    'inner.zip': inner,
    '__MACOSX/2024/._statement.txt': 'resource fork',
  });
}

/**
 * An entry whose name climbs out of the archive. JSZip will not write such a name, so an entry
 * named `xx/xx/outside.txt` is renamed in the bytes (local header and central directory alike).
 */
export async function traversalZip(): Promise<Uint8Array> {
  const bytes = await zipOf({ 'ok.txt': STATEMENT, 'xx/xx/outside.txt': 'escaped' });
  const out = Buffer.from(bytes);
  const from = Buffer.from('xx/xx/outside.txt');
  const to = Buffer.from('../../outside.txt');
  for (let at = out.indexOf(from); at >= 0; at = out.indexOf(from, at + 1)) to.copy(out, at);
  return new Uint8Array(out);
}

/** A valid archive whose entry says it is encrypted (general-purpose flag bit 0 set). */
export async function encryptedZip(): Promise<Uint8Array> {
  const bytes = await zipOf({ 'secret.txt': STATEMENT });
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  for (let at = 0; at + 4 <= out.length; at++) {
    const sig = view.getUint32(at, true);
    if (sig === 0x04034b50) view.setUint16(at + 6, view.getUint16(at + 6, true) | 1, true);
    if (sig === 0x02014b50) view.setUint16(at + 8, view.getUint16(at + 8, true) | 1, true);
  }
  return out;
}

/** One entry of `megabytes` zeros: a few KB that inflate a thousandfold. */
export function bombZip(megabytes: number): Promise<Uint8Array> {
  return zipOf({ 'zeros.txt': new Uint8Array(megabytes * 1024 * 1024) });
}

/** `count` small text files. */
export function manyEntriesZip(count: number): Promise<Uint8Array> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) files[`page-${String(i).padStart(4, '0')}.txt`] = `Page ${i}\n`;
  return zipOf(files);
}
