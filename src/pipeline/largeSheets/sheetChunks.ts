/**
 * Large spreadsheets in a bounded amount of memory (src/pipeline/largeCsv.ts, largeXlsx.ts): rows
 * are detected a chunk at a time, each chunk with its sheet's header row so columns keep their
 * context, and redacted as they go. This module holds what both share: one chunk's detection,
 * redaction and leak check, the running counts, and the preview the result keeps (the first
 * chunk: Original, Predicted, Spans and Anonymized sheets). Values are spread to their other
 * occurrences within a chunk only.
 */
import { basename } from 'node:path';
import { anonymise, replacementsBySpan } from '../../anonymise/anonymise.js';
import type { Replacements } from '../../anonymise/replacements.js';
import type { Detector } from '../../detect/engine.js';
import type { DetectionPolicy } from '../../domain/detectionPolicy.js';
import type { FileResult } from '../../domain/fileResult.js';
import type { Span } from '../../domain/span.js';
import { ValueIndex } from '../../domain/valueMatching.js';
import { sheetText } from '../../document/sheetTable.js';
import { plainSpans, resolveDetections } from '../../merge/resolveDetections.js';
import { redactRows } from '../../write/redactedSheet.js';
import { checkedValues, leakError } from '../../verify/strandedValues.js';
import { columnSpans } from '../../detect/columnSpans.js';
import { sheetCandidates } from '../../merge/sheetCandidates.js';
import { mergeSpans } from '../../merge/mergeSpans.js';
import { findingsIn, type ReadBackFinding } from '../../verify/readBack.js';
import type { ProcessInput } from '../processFile.js';
import { scriptWarningFor } from '../../detect/unreadScripts.js';

/** Rebuilds of a chunk after the second reading's findings: twice at most, then the file fails. */
const MAX_READ_BACK_REBUILDS = 2;

/** Every whole-word occurrence, after `from`, of what the second reading found, not yet redacted. */
function readBackSpans(
  text: string,
  spans: readonly Span[],
  findings: readonly ReadBackFinding[],
  from: number,
): Span[] {
  const index = new ValueIndex<ReadBackFinding>();
  for (const f of findings) index.add(f.value, f);
  return index
    .find(text, () => true)
    .filter((m) => m.start > from || from === 0)
    .filter((m) => !spans.some((s) => s.start <= m.start && s.end >= m.end))
    .map((m) => ({
      start: m.start,
      end: m.end,
      type: m.tag.type,
      score: 1,
      source: 'read-back' as const,
      text: text.slice(m.start, m.end),
    }));
}

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
  private readBackAdded = 0;
  /** The first chunk's warning that its text is in a script the model cannot read. */
  private script: string | undefined;

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
    this.script ??= scriptWarningFor(text, this.options.policy.types);
    const candidates = sheetCandidates(
      text,
      [
        ...(await this.options.detector.candidates(text)),
        ...columnSpans(text, cells, this.options.columns),
      ],
      cells,
    );
    let spans = plainSpans(resolveDetections(text, candidates, this.options.policy));
    const headerEnd = text.indexOf('\n') === -1 ? text.length : text.indexOf('\n');
    if (!withHeader) spans = spans.filter((s) => s.start > headerEnd);
    let replacements = this.options.replacements.forDocument(
      this.options.relativePath,
      text,
      spans,
    );
    let out = redactRows(all, cells, spans, replacements);
    this.checkGone(out, spans);
    // The second reading: the rows as the copy will hold them, through the full detector.
    // What it finds is added where the chunk holds it and the rows redacted again, twice at most.
    for (let round = 0; ; round++) {
      const written = withHeader ? out : out.slice(1);
      const findings = await findingsIn(
        {
          where: sheet,
          text: sheetText({ sheets: [{ name: sheet, rows: written, notes: [] }], properties: [] })
            .text,
          prose: true,
        },
        {
          full: (t) => this.options.detector.detect(t),
          patterns: (t) => this.options.detector.detectPatterns(t),
        },
        replacements,
      );
      if (findings.length === 0) break;
      const added = readBackSpans(text, spans, findings, withHeader ? 0 : headerEnd);
      const types = [...new Set(findings.map((f) => f.type))].join(', ');
      if (added.length === 0 || round >= MAX_READ_BACK_REBUILDS) {
        throw new Error(
          `reading the redacted rows ${(this.rows + 1).toLocaleString('en')}–${(this.rows + rows.length).toLocaleString('en')} of ${sheet} back found ${types} still there${added.length === 0 ? ', not in the text read, so it could not be redacted' : ` after ${MAX_READ_BACK_REBUILDS} rebuilds`}; the copy was not written`,
        );
      }
      spans = mergeSpans([...spans, ...added], text);
      replacements = this.options.replacements.forDocument(this.options.relativePath, text, spans);
      out = redactRows(all, cells, spans, replacements);
      this.readBackAdded += added.length;
    }
    this.count(spans);
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
        ...(this.readBackAdded > 0
          ? [
              `reading the redacted rows back found ${this.readBackAdded} more value${this.readBackAdded === 1 ? '' : 's'}; added with source read-back and the rows redacted again`,
            ]
          : []),
        ...(this.script ? [this.script] : []),
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
   * scan, linear in the chunk, where a substring search per value would be quadratic). The
   * values are those every other copy's check looks for: a short code the model took once is not
   * spread by propagation, so its other occurrences are no leak.
   */
  private checkGone(rows: readonly (readonly string[])[], spans: readonly Span[]): void {
    const checked = checkedValues(spans);
    const values = new ValueIndex<string>();
    for (const v of checked) if (v.trim().length >= 4) values.add(v, v);
    if (values.size === 0) return;
    const leaks = rows.flatMap((row) => row.flatMap((cell) => values.find(cell).map((m) => m.tag)));
    if (leaks.length > 0) {
      throw leakError(leaks, checked, 'spreadsheet');
    }
  }
}
