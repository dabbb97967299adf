/**
 * Large spreadsheets in a bounded amount of memory (src/pipeline/largeCsv.ts, largeXlsx.ts): rows
 * are detected a chunk at a time, each chunk with its sheet's header row so columns keep their
 * context, and redacted as they go. This module holds what both share: one chunk's detection,
 * redaction and leak check, the running counts, and the preview the result keeps (the first
 * chunk: Original, Predicted, Spans and Anonymized sheets). Values are spread to their other
 * occurrences within a chunk only.
 */
import { basename } from 'node:path';
import { anonymise, replacementsBySpan } from '../anonymise/anonymise.js';
import type { Replacements } from '../anonymise/replacements.js';
import type { Detector } from '../detect/engine.js';
import type { DetectionPolicy } from '../domain/detectionPolicy.js';
import type { FileResult } from '../domain/fileResult.js';
import type { Span } from '../domain/span.js';
import { ValueIndex } from '../domain/valueMatching.js';
import { sheetText } from '../document/sheetTable.js';
import { plainSpans, resolveDetections } from '../merge/resolveDetections.js';
import { redactRows } from '../write/redactedSheet.js';
import { leakError } from '../write/zipLeaks.js';
import { columnSpans } from './columnSpans.js';
import type { ProcessInput } from './processFile.js';

/** Rows detected together: enough context per call, little memory. */
export const CHUNK_ROWS = 2_000;

interface Preview {
  readonly text: string;
  readonly spans: readonly Span[];
  readonly candidates: readonly Span[];
  readonly cells: ReturnType<typeof sheetText>['cells'];
  readonly replacements: readonly string[];
}

export interface SheetChunksOptions {
  readonly detector: Detector;
  readonly policy: DetectionPolicy;
  readonly columns: readonly string[];
  /** The run's placeholder mode for this file (its values replaced alike within it). */
  readonly replacements: Replacements;
  readonly relativePath: string;
  readonly onProgress?: (message: string) => void;
}

export class SheetChunks {
  private readonly totals: Record<string, number> = {};
  private preview: Preview | undefined;
  private rows = 0;

  constructor(private readonly options: SheetChunksOptions) {}

  /** Detections in `text` (a sheet's name, say), replaced: the text to write instead. */
  async redactText(text: string): Promise<string> {
    const spans = plainSpans(
      resolveDetections(text, await this.options.detector.candidates(text), this.options.policy),
    );
    this.count(spans);
    const replacements = this.options.replacements.forDocument(
      this.options.relativePath,
      text,
      spans,
    );
    return anonymise(text, spans, replacementsBySpan(spans, replacements));
  }

  /**
   * `rows` with every detection replaced in its cell. The header is part of every chunk's text
   * for context, but counted and redacted with the first chunk of its sheet only.
   */
  async redact(
    header: readonly string[],
    rows: readonly string[][],
    withHeader: boolean,
    sheet = 'CSV',
  ): Promise<string[][]> {
    const all = [header, ...rows];
    const { text, cells } = sheetText({
      sheets: [{ name: sheet, rows: all, notes: [] }],
      properties: [],
    });
    const candidates = [
      ...(await this.options.detector.candidates(text)),
      ...columnSpans(text, cells, this.options.columns),
    ];
    let spans = plainSpans(resolveDetections(text, candidates, this.options.policy));
    const headerEnd = text.indexOf('\n') === -1 ? text.length : text.indexOf('\n');
    if (!withHeader) spans = spans.filter((s) => s.start > headerEnd);
    this.count(spans);
    const replacements = this.options.replacements.forDocument(
      this.options.relativePath,
      text,
      spans,
    );
    const out = redactRows(all, cells, spans, replacements);
    this.checkGone(out, spans);
    this.preview ??= { text, spans, candidates, cells, replacements };
    this.rows += rows.length;
    this.options.onProgress?.(`${this.rows.toLocaleString('en')} rows`);
    return withHeader ? out : out.slice(1);
  }

  /** The file's result: the first chunk as its preview, the counts over every row. */
  result(
    input: ProcessInput,
    kind: 'csv' | 'xlsx',
    note: string | undefined,
    copyWritten: string | undefined,
  ): FileResult {
    const first = this.preview ?? {
      text: '',
      spans: [],
      candidates: [],
      cells: [],
      replacements: [],
    };
    return {
      file: input.file,
      relativePath: input.relativePath,
      status: 'ok',
      kind,
      warnings: [
        `${basename(input.file)} is large (${this.rows.toLocaleString('en')} rows): it was read in chunks of ${CHUNK_ROWS.toLocaleString('en')} rows; the Original, Predicted, Spans and Anonymized sheets show the first chunk, the counts and the redacted copy cover every row${note ? `. ${note}` : ''}`,
      ],
      text: first.text,
      candidates: first.candidates,
      spans: first.spans,
      anonymized: anonymise(
        first.text,
        first.spans,
        replacementsBySpan(first.spans, first.replacements),
      ),
      ...(this.options.replacements.mode === 'redacted'
        ? {}
        : { replacements: first.replacements }),
      cells: first.cells,
      totals: this.totals,
      streamedMapping: this.options.replacements.mapping(),
      ...(copyWritten ? { copyWritten } : {}),
    };
  }

  private count(spans: readonly Span[]): void {
    for (const s of spans) this.totals[s.type] = (this.totals[s.type] ?? 0) + 1;
  }

  /**
   * Each chunk's values must be gone from its redacted rows: found as whole words (an index
   * scan, linear in the chunk, where a substring search per value would be quadratic).
   */
  private checkGone(rows: readonly (readonly string[])[], spans: readonly Span[]): void {
    const values = new ValueIndex<string>();
    for (const s of spans) if (s.text.trim().length >= 4) values.add(s.text, s.text);
    if (values.size === 0) return;
    const leaks = rows.flatMap((row) => row.flatMap((cell) => values.find(cell).map((m) => m.tag)));
    if (leaks.length > 0) {
      throw leakError(
        leaks,
        spans.map((s) => s.text),
        'spreadsheet',
      );
    }
  }
}
