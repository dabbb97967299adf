/**
 * A large CSV in a bounded amount of memory: rows are read as a stream, detected a chunk at a time
 * (each chunk with the header row, so columns keep their context), and the redacted copy is
 * written as they go. Nothing holds the whole file: the result keeps the first chunk as its
 * preview (Original, Predicted, Spans and Anonymized sheets) and counts every detection. Values are
 * spread to their other occurrences within a chunk only.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { anonymise } from '../anonymise/anonymise.js';
import type { Detector } from '../detect/engine.js';
import type { DetectionPolicy } from '../domain/detectionPolicy.js';
import { entityTypeInfo } from '../domain/entityTypes.js';
import type { FileResult } from '../domain/fileResult.js';
import type { Span } from '../domain/span.js';
import { sheetText, sniffDelimiter } from '../document/sheetTable.js';
import { plainSpans, resolveDetections } from '../merge/resolveDetections.js';
import { writeStreamAtomic } from '../write/writeFileAtomic.js';
import { redactRows } from '../write/redactedSheet.js';
import { leakError } from '../write/zipLeaks.js';
import { ValueIndex } from '../domain/valueMatching.js';
import type { ProcessInput } from './processFile.js';
import { columnSpans } from './columnSpans.js';

/** CSV files at least this large take the streaming path (1 MB: about 10,000 rows). */
export const STREAM_CSV_BYTES = 1024 * 1024;
/** Rows detected together: enough context per call, little memory. */
export const CSV_CHUNK_ROWS = 2_000;

export async function isLargeCsv(file: string): Promise<boolean> {
  if (!/\.(csv|tsv)$/i.test(file)) return false;
  try {
    return (await stat(file)).size >= STREAM_CSV_BYTES;
  } catch {
    return false;
  }
}

/** The encoding of the file's first 64 KB: a byte-order mark, valid UTF-8, or Windows-1252. */
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
        encoding = 'windows-1252';
      }
    }
    return { encoding, head: new TextDecoder(encoding).decode(bytes) };
  } finally {
    await handle.close();
  }
}

async function* decoded(file: string, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    yield decoder.decode(chunk as Buffer, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

interface Chunk {
  readonly text: string;
  readonly spans: readonly Span[];
  readonly candidates: readonly Span[];
  readonly cells: ReturnType<typeof sheetText>['cells'];
  readonly rows: string[][];
}

async function detectChunk(
  header: readonly string[],
  rows: readonly string[][],
  withHeader: boolean,
  detector: Detector,
  policy: DetectionPolicy,
  columns: readonly string[],
): Promise<Chunk> {
  const table = { sheets: [{ name: 'CSV', rows: [header, ...rows], notes: [] }], properties: [] };
  const { text, cells } = sheetText(table);
  const candidates = [...(await detector.candidates(text)), ...columnSpans(text, cells, columns)];
  let spans = plainSpans(resolveDetections(text, candidates, policy));
  // The header is part of every chunk's text for context, but counted and redacted once.
  const headerEnd = text.indexOf('\n') === -1 ? text.length : text.indexOf('\n');
  if (!withHeader) spans = spans.filter((s) => s.start > headerEnd);
  const replacements = spans.map((s) => entityTypeInfo(s.type).placeholder);
  const out = redactRows([header, ...rows], cells, spans, replacements);
  return { text, spans, candidates, cells, rows: withHeader ? out : out.slice(1) };
}

/**
 * Detects a large CSV chunk by chunk and, when `copyPath` is given, writes its redacted copy
 * there as it goes (UTF-8 with a byte-order mark, like every redacted CSV).
 */
export async function processLargeCsv(
  input: ProcessInput,
  detector: Detector,
  policy: DetectionPolicy,
  copyPath: string | undefined,
  onProgress?: (message: string) => void,
  columns: readonly string[] = [],
): Promise<FileResult> {
  const { encoding, head } = await sniff(input.file);
  const delimiter = sniffDelimiter(head.split('\n').slice(0, 20).join('\n'));
  const parser = Readable.from(decoded(input.file, encoding)).pipe(
    parse({ delimiter, relax_column_count: true, relax_quotes: true, bom: true }),
  );
  const totals: Record<string, number> = {};
  let preview: Chunk | undefined;
  let rows = 0;
  const run = async (write?: (text: string) => Promise<void>): Promise<void> => {
    let header: string[] | undefined;
    let pending: string[][] = [];
    const flush = async () => {
      if (!header || (pending.length === 0 && preview)) return;
      const chunk = await detectChunk(
        header,
        pending,
        preview === undefined,
        detector,
        policy,
        columns,
      );
      for (const s of chunk.spans) totals[s.type] = (totals[s.type] ?? 0) + 1;
      const redacted = stringify(chunk.rows, { delimiter, record_delimiter: '\r\n' });
      // Each chunk's values must be gone from its rows: found as whole words (an index scan, linear
      // in the chunk, where a substring search per value would be quadratic on 2,000 rows).
      const values = new ValueIndex<string>();
      for (const s of chunk.spans) if (s.text.trim().length >= 4) values.add(s.text, s.text);
      const leaks = values.find(redacted).map((m) => m.tag);
      if (leaks.length > 0) {
        throw leakError(
          leaks,
          chunk.spans.map((s) => s.text),
          'CSV file',
        );
      }
      await write?.(redacted);
      preview ??= chunk;
      rows += pending.length;
      onProgress?.(`${rows.toLocaleString('en')} rows`);
      pending = [];
    };
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = record;
        continue;
      }
      pending.push(record);
      if (pending.length >= CSV_CHUNK_ROWS) await flush();
    }
    await flush();
  };
  if (copyPath) {
    await writeStreamAtomic(copyPath, async (stream) => {
      stream.write('\ufeff');
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
  const first = preview ?? { text: '', spans: [], candidates: [], cells: [], rows: [] };
  return {
    file: input.file,
    relativePath: input.relativePath,
    status: 'ok',
    kind: 'csv',
    warnings: [
      `${basename(input.file)} is large (${rows.toLocaleString('en')} rows): it was read in chunks of ${CSV_CHUNK_ROWS.toLocaleString('en')} rows; the Original, Predicted, Spans and Anonymized sheets show the first chunk, the counts and the redacted copy cover every row`,
    ],
    text: first.text,
    candidates: first.candidates,
    spans: first.spans,
    anonymized: anonymise(first.text, first.spans),
    cells: first.cells,
    totals,
    ...(copyPath ? { copyWritten: copyPath } : {}),
  };
}
