/**
 * A large workbook in a bounded amount of memory: exceljs's streaming reader gives it a row at a
 * time, rows are detected a chunk at a time per sheet (src/pipeline/sheetChunks.ts), and the
 * redacted copy goes out through exceljs's streaming writer as they come. The copy is rebuilt
 * from the cells alone: values, with each detection replaced and formulas as their cached
 * results; notes, properties, styles and everything else of the original are left behind, so
 * nothing unread can reach it. Sheet names are redacted like cells.
 */
import ExcelJS from 'exceljs';
import type { FileResult } from '../../domain/fileResult.js';
import { InputError } from '../../domain/inputError.js';
import { flatCell } from '../../document/sheetTable.js';
import { sheetNameFor } from '../../write/redactedSheet.js';
import { writeStreamAtomic } from '../../write/writeFileAtomic.js';
import type { ProcessInput } from '../processFile.js';
import { CHUNK_ROWS, SheetChunks, type SheetChunksOptions } from './sheetChunks.js';

type RawValue = ExcelJS.CellValue;

interface ReadRow {
  readonly texts: string[];
  readonly values: RawValue[];
}

/** A row's displayed texts (a formula shows its cached result) and values, trailing blanks cut. */
function readRow(row: ExcelJS.Row): ReadRow {
  const texts: string[] = [];
  const values: RawValue[] = [];
  for (let c = 1; c <= row.cellCount; c++) {
    const cell = row.getCell(c);
    texts.push(flatCell(cell.text ?? ''));
    values.push(cell.value);
  }
  while (texts.length > 0 && texts.at(-1) === '') {
    texts.pop();
    values.pop();
  }
  return { texts, values };
}

/**
 * What the copy holds for a cell: its redacted text where a detection changed it, else the
 * original number, date or truth value, else its displayed text (rich text, links and formulas
 * become plain text, their cached result for a formula).
 */
function outputValue(original: ReadRow, c: number, text: string): RawValue {
  const value = original.values[c];
  if (text !== original.texts[c]) return text;
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date)
    return value;
  return text === '' ? null : text;
}

interface Sink {
  sheet(name: string): void;
  rows(original: readonly ReadRow[], redacted: readonly string[][]): void;
}

/**
 * Detects a large workbook sheet by sheet, chunk by chunk and, when `copyPath` is given, writes
 * its redacted copy there as it goes.
 */
export async function processLargeXlsx(
  input: ProcessInput,
  options: SheetChunksOptions,
  copyPath: string | undefined,
): Promise<FileResult> {
  const chunks = new SheetChunks(options);
  const run = async (sink?: Sink): Promise<void> => {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(input.file, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    });
    const taken = new Set<string>();
    for await (const worksheet of reader) {
      const ws = worksheet as unknown as AsyncIterable<ExcelJS.Row> & { name?: string };
      const name = sheetNameFor(await chunks.redactText(ws.name ?? 'Sheet'), taken);
      taken.add(name.toLowerCase());
      sink?.sheet(name);
      let header: ReadRow | undefined;
      let pending: ReadRow[] = [];
      let first = true;
      const flush = async () => {
        if (!header || (pending.length === 0 && !first)) return;
        const redacted = await chunks.redact(
          header.texts,
          pending.map((p) => p.texts),
          first,
          name,
        );
        sink?.rows(first ? [header, ...pending] : pending, redacted);
        first = false;
        pending = [];
      };
      let previous = 0;
      for await (const row of ws) {
        // Empty rows are not in the stream: keep them, so row numbers hold in the copy.
        for (; previous < row.number - 1; previous++) {
          if (header) pending.push({ texts: [], values: [] });
          else header = { texts: [], values: [] };
        }
        previous = row.number;
        const read = readRow(row);
        if (!header) header = read;
        else pending.push(read);
        if (pending.length >= CHUNK_ROWS) await flush();
      }
      await flush();
    }
  };
  try {
    if (copyPath) {
      await writeStreamAtomic(copyPath, async (stream) => {
        const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
          stream,
          useStyles: false,
          useSharedStrings: false,
        });
        let sheet: ExcelJS.Worksheet | undefined;
        await run({
          sheet: (name) => {
            sheet?.commit();
            sheet = writer.addWorksheet(name);
          },
          rows: (original, redacted) => {
            redacted.forEach((texts, r) => {
              const source = original[r]!;
              sheet?.addRow(texts.map((t, c) => outputValue(source, c, t))).commit();
            });
          },
        });
        sheet?.commit();
        await writer.commit();
      });
    } else {
      await run();
    }
  } catch (error) {
    if (error instanceof Error && /zip|end of central|signature|corrupt/i.test(error.message)) {
      throw new InputError(
        'corrupt-xlsx',
        input.file,
        `this is not a readable Excel workbook (${error.message.split('\n')[0]})`,
        'check that it opens in Excel, or save it again as .xlsx',
      );
    }
    throw error;
  }
  return chunks.result(
    input,
    'xlsx',
    `Its cells were read as a stream: its notes and properties${/\.xl[st]m$/i.test(input.file) ? ', and its macros,' : ''} were not read and are left out of the copy, and formulas are written as their values`,
    copyPath,
  );
}
