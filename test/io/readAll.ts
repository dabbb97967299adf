/**
 * Reading an output as an attacker would: every file under a folder, and each file's bytes as
 * text with a zip's every entry name and part (nested zips too), XML entities decoded.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { decodeXmlEntities } from '../../src/shared/xmlEntities.js';

export async function everyFile(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** A file as an attacker reads it: its bytes as text, and a zip's every entry name and part. */
export async function readAll(file: string): Promise<string> {
  const bytes = await readFile(file);
  const texts = [bytes.toString('utf8')];
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const zip = await JSZip.loadAsync(bytes);
    for (const entry of Object.values(zip.files)) {
      texts.push(entry.name);
      if (!entry.dir) {
        const inner = await entry.async('uint8array');
        texts.push(decodeXmlEntities(Buffer.from(inner).toString('utf8')));
        if (inner[0] === 0x50 && inner[1] === 0x4b) {
          for (const e of Object.values((await JSZip.loadAsync(inner)).files))
            texts.push(e.name, e.dir ? '' : decodeXmlEntities(await e.async('string')));
        }
      }
    }
  }
  return texts.join('\n');
}
