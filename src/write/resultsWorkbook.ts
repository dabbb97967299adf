/**
 * Results.xlsx, the workbook auditors open: Summary, Original, Predicted, Spans, Anonymized, in
 * that order (the first three as in the published baseline). Every text cell is kept under
 * Excel's 32,767-character limit by splitting into numbered parts, never by truncating.
 *
 * Written with exceljs's streaming writer: each row is turned into XML as it is added, so a
 * batch's memory holds compact sheet XML rather than exceljs's object model (which took an 8 MB
 * text with 221,000 detections past 2.5 GB).
 */
import { cellName } from '../document/cellName.js';
import type { PlaceholderMode } from '../domain/placeholderMode.js';
import { PassThrough, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';
import { entityTypeInfo, entityTypes, type EntityType } from '../domain/entityTypes.js';
import { detectionCount, type FileResult } from '../domain/fileResult.js';
import { firstEndingAfter } from '../domain/span.js';
import { placeOnPage } from '../domain/documentText.js';
import { splitIntoCellParts, toCellText } from './cellParts.js';
import { distinctValues, formatPredictedResults } from './predictedResults.js';

type CellValue = string | number | null;

interface ColumnSpec {
  readonly header: string;
  /** Width in characters; text columns wrap. */
  readonly width: number;
  readonly wrap?: boolean;
}

export const SHEET_NAMES = [
  'Summary',
  'Original',
  'Predicted',
  'Spans',
  'Anonymized',
  'Review',
] as const;

const text = (header: string, width = 80): ColumnSpec => ({ header, width, wrap: true });
const plain = (header: string, width = 12): ColumnSpec => ({ header, width });

/**
 * One logical row whose long text cells are spread over as many sheet rows as needed: sheet row
 * i holds part i of every long cell, and repeats the short ones (so filtering by File still works).
 */
function expandLongCells(values: readonly CellValue[]): CellValue[][] {
  const split = values.map((v) =>
    typeof v === 'string' ? splitIntoCellParts(toCellText(v)) : [v],
  );
  const rows = Math.max(...split.map((parts) => parts.length));
  return Array.from({ length: rows }, (_, i) =>
    split.map((parts) => (parts.length === 1 ? (parts[0] ?? null) : (parts[i] ?? ''))),
  );
}

function fileLabel(result: FileResult): string {
  return result.relativePath;
}

function countByType(result: FileResult, types: readonly EntityType[]): number[] {
  // A large CSV's spans are a preview; its totals count the whole file.
  if (result.totals) return types.map((t) => result.totals?.[t] ?? 0);
  return types.map((t) => result.spans.filter((s) => s.type === t).length);
}

/** Where a spreadsheet's span is: "Sheet1!B3", "note Sheet1!B3", "properties"; '' elsewhere. */
function placeOf(cells: FileResult['cells'], offset: number): string {
  if (!cells || cells.length === 0) return '';
  const cell = cells[firstEndingAfter(cells, offset)];
  if (!cell || cell.start > offset) return '';
  if (cell.kind === 'property') return 'properties';
  if (cell.kind === 'sheetName') return 'sheet name';
  const ref = `${cell.sheet}!${cellName(cell.row, cell.col)}`;
  return cell.kind === 'note' ? `note ${ref}` : ref;
}

export class ResultsWorkbook {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheets: Record<(typeof SHEET_NAMES)[number], ExcelJS.Worksheet>;
  private readonly chunks: Buffer[] = [];

  /**
   * `types` are the types of this run: Summary gets one count column per type. The workbook is
   * written to `sink` as it grows (finished by `commit`), or kept for `toBuffer` without one.
   */
  constructor(
    private readonly types: readonly EntityType[],
    sink?: Writable,
    /** The run's placeholder mode, written on every Summary row. */
    private readonly placeholders: PlaceholderMode = 'redacted',
    /**
     * The workbook that may be handed out (the split layout's shareable part): Summary and the
     * anonymised text only — no original text, values, spans or review trail.
     */
    private readonly shareable = false,
  ) {
    let stream = sink;
    if (!stream) {
      const memory = new PassThrough();
      memory.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      stream = memory;
    }
    this.workbook = new WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    this.workbook.creator = 'FinRedact';
    this.workbook.created = new Date();
    const summaryTypes = entityTypes.columnOrder().filter((t) => types.includes(t));
    this.sheets = {
      Summary: this.addSheet('Summary', [
        plain('File', 40),
        plain('Status', 8),
        text('Error', 60),
        plain('Pages', 7),
        plain('OCR pages', 10),
        plain('OCR confidence', 15),
        text('Warnings', 50),
        ...summaryTypes.map((t) =>
          plain(entityTypeInfo(t).label, Math.max(8, entityTypeInfo(t).label.length + 3)),
        ),
        plain('Total', 8),
        plain('Placeholders', 13),
      ]),
      ...(shareable
        ? {
            Anonymized: this.addSheet('Anonymized', [
              plain('File', 40),
              plain('Part', 6),
              text('Anonymized Text', 100),
            ]),
          }
        : this.fullSheets()),
    } as Record<(typeof SHEET_NAMES)[number], ExcelJS.Worksheet>;
  }

  /** The sheets after Summary that hold original values (the internal workbook's). */
  private fullSheets(): Partial<Record<(typeof SHEET_NAMES)[number], ExcelJS.Worksheet>> {
    return {
      Original: this.addSheet('Original', [plain('File', 40), plain('Part', 6), text('Text', 100)]),
      Predicted: this.addSheet('Predicted', [
        plain('File', 40),
        text('Predicted Results', 60),
        ...entityTypes.columnOrder().map((t) => text(entityTypeInfo(t).label, 28)),
      ]),
      Spans: this.addSheet('Spans', [
        plain('File', 40),
        plain('Start', 8),
        plain('End', 8),
        plain('Type', 13),
        text('Text', 50),
        plain('Score', 7),
        plain('Source', 8),
        plain('Where', 16),
      ]),
      Anonymized: this.addSheet('Anonymized', [
        plain('File', 40),
        plain('Part', 6),
        text('Original Text', 80),
        text('Anonymized Text', 80),
      ]),
      Review: this.addSheet('Review', [
        plain('File', 40),
        plain('Decision', 18),
        plain('Type', 13),
        plain('Detected as', 13),
        plain('Start', 8),
        plain('End', 8),
        text('Text', 40),
        plain('Source', 8),
        plain('Score', 7),
        plain('Reviewer', 16),
        plain('Time', 24),
      ]),
    };
  }

  private addSheet(name: string, columns: readonly ColumnSpec[]): ExcelJS.Worksheet {
    const sheet = this.workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({
      header: c.header,
      width: c.width,
      style: c.wrap
        ? { alignment: { wrapText: true, vertical: 'top' } }
        : { alignment: { vertical: 'top' } },
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    return sheet;
  }

  private addRows(sheet: ExcelJS.Worksheet, values: readonly CellValue[]): void {
    for (const row of expandLongCells(values)) sheet.addRow(row).commit();
  }

  add(result: FileResult): void {
    const file = fileLabel(result);
    const summaryTypes = entityTypes.columnOrder().filter((t) => this.types.includes(t));
    const counts = countByType(result, summaryTypes);
    this.addRows(this.sheets.Summary, [
      file,
      result.status,
      result.error ?? '',
      result.pages ?? null,
      result.ocrPages ?? null,
      result.ocrConfidence === undefined ? null : Math.round(result.ocrConfidence * 10) / 10,
      result.warnings.join('\n'),
      ...counts,
      detectionCount(result),
      this.placeholders,
    ]);
    // A file that failed only at its redacted copy still has text worth showing.
    if (result.status !== 'ok' && result.text.length === 0) return;
    if (this.shareable) {
      // A copy that failed its check is not shareable, and neither is its text.
      if (result.status !== 'ok') return;
      splitIntoCellParts(result.anonymized).forEach((part, i) => {
        this.sheets.Anonymized.addRow([file, i + 1, toCellText(part)]).commit();
      });
      return;
    }

    splitIntoCellParts(result.text).forEach((part, i) => {
      this.sheets.Original.addRow([file, i + 1, toCellText(part)]).commit();
    });
    this.addRows(this.sheets.Predicted, [
      file,
      formatPredictedResults(result.spans),
      ...entityTypes.columnOrder().map((t) => distinctValues(result.spans, t)),
    ]);
    for (const s of result.spans) {
      this.addRows(this.sheets.Spans, [
        file,
        s.start,
        s.end,
        s.type,
        s.text,
        Math.round(s.score * 1000) / 1000,
        s.source,
        placeOf(result.cells, s.start) || placeOnPage(result.fragments, s.start, s.end),
      ]);
    }
    // The audit trail: every decision of the app's review, or one row saying nobody reviewed it.
    for (const r of result.review ?? [{ action: 'unreviewed' as const }]) {
      this.addRows(this.sheets.Review, [
        file,
        r.action,
        r.type ?? '',
        r.fromType ?? '',
        r.start ?? null,
        r.end ?? null,
        r.text ?? '',
        r.source ?? '',
        r.score === undefined ? null : Math.round(r.score * 1000) / 1000,
        r.reviewer ?? '',
        r.at ?? '',
      ]);
    }
    // Original and anonymised text are split independently; part i of each sits on row i.
    const original = splitIntoCellParts(result.text);
    const anonymized = splitIntoCellParts(result.anonymized);
    for (let i = 0; i < Math.max(original.length, anonymized.length); i++) {
      this.sheets.Anonymized.addRow([
        file,
        i + 1,
        toCellText(original[i] ?? ''),
        toCellText(anonymized[i] ?? ''),
      ]).commit();
    }
  }

  /** Finishes the workbook; its sink (if any) has received every byte when this resolves. */
  async commit(): Promise<void> {
    await this.workbook.commit();
  }

  /** Finishes a workbook made without a sink and returns its bytes. */
  async toBuffer(): Promise<Uint8Array> {
    await this.commit();
    return new Uint8Array(Buffer.concat(this.chunks));
  }
}
