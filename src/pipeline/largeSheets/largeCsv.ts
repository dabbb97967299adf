/**
 * A large CSV in a bounded amount of memory: rows are read as a stream and detected a chunk at a
 * time (src/pipeline/sheetChunks.ts), and the redacted copy is written as they go.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { decodeLabelled, decodeWindows1252 } from '../../shared/codePages.js';
import { guessedEncoding } from '../../shared/guessedEncoding.js';
import { delimiterDirective, sniffDelimiter } from '../../document/sheetTable.js';
import { writeStreamAtomic } from '../../write/writeFileAtomic.js';
import type { ProcessInput } from '../processFile.js';
import { CHUNK_ROWS, SheetChunks, type SheetChunksOptions } from './sheetChunks.js';
import type { FileResult } from '../../domain/fileResult.js';
import { stringifyCsv } from '../../write/safeCsv.js';

/**
 * The encoding of the file's first 64 KB: a byte-order mark, valid UTF-8, a code page its letters
 * name (src/shared/guessedEncoding), or Windows-1252.
 */
async function sniff(file: string): Promise<{ encoding: string; head: string }> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(65_536);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const bytes = buffer.subarray(0, bytesRead);
    let encoding = 'windows-1252';
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) encoding = 'utf-8';
    else if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
    else {
      // Cut at the last line break so a character split by the 64 KB edge does not count.
      const cut = bytes.lastIndexOf(0x0a);
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(cut > 0 ? bytes.subarray(0, cut) : bytes);
        encoding = 'utf-8';
      } catch {
        encoding = guessedEncoding(bytes) ?? 'windows-1252';
      }
    }
    return { encoding, head: decodeLabelled(bytes, encoding) ?? decodeWindows1252(bytes) };
  } finally {
    await handle.close();
  }
}

async function* decoded(file: string, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    // Node's TextDecoder reads windows-1252 as Latin-1; one byte is one character, so a chunk
    // decodes on its own.
    if (encoding === 'windows-1252') yield decodeWindows1252(chunk as Buffer);
    else yield decoder.decode(chunk as Buffer, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * Detects a large CSV chunk by chunk and, when `copyPath` is given, writes its redacted copy
 * there as it goes (UTF-8 with a byte-order mark, like every redacted CSV).
 */
export async function processLargeCsv(
  input: ProcessInput,
  options: SheetChunksOptions,
  copyPath: string | undefined,
): Promise<FileResult> {
  const { encoding, head } = await sniff(input.file);
  const delimiter = sniffDelimiter(head.split('\n').slice(0, 20).join('\n'));
  const directive = delimiterDirective(head);
  const parser = Readable.from(decoded(input.file, encoding)).pipe(
    parse({
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      bom: true,
      from_line: directive ? 2 : 1,
    }),
  );
  const chunks = new SheetChunks(options);
  const run = async (write?: (text: string) => Promise<void>): Promise<void> => {
    let header: string[] | undefined;
    let pending: string[][] = [];
    let first = true;
    const flush = async () => {
      if (!header || (pending.length === 0 && !first)) return;
      const rows = await chunks.redact(header, pending, first);
      await write?.(stringifyCsv(rows, delimiter));
      first = false;
      pending = [];
    };
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = record;
        continue;
      }
      pending.push(record);
      if (pending.length >= CHUNK_ROWS) await flush();
    }
    await flush();
  };
  if (copyPath) {
    await writeStreamAtomic(copyPath, async (stream) => {
      stream.write(directive ? `\ufeff${directive.line}\r\n` : '\ufeff');
      // Waiting for the disk when the stream's buffer is full keeps a fast reader from piling
      // redacted rows up in memory.
      await run(
        (text) =>
          new Promise<void>((resolve) => {
            if (stream.write(text)) resolve();
            else stream.once('drain', () => resolve());
          }),
      );
    });
  } else {
    await run();
  }
  // Said as a CSV read whole says it (src/extract/text/decodeText).
  const note = /^utf-/.test(encoding)
    ? undefined
    : `It is not valid UTF-8 and was read as ${encoding === 'windows-1252' ? 'Windows-1252' : encoding}: check accented characters`;
  return chunks.result(input, 'csv', note, copyPath);
}
