import type { CellPlace, DocumentKind, PageInfo, TextFragment } from './documentText.js';
import type { MappingEntry } from './placeholderMode.js';
import type { ReviewArea, ReviewRecord } from './reviewDecisions.js';
import type { Span } from './span.js';

/**
 * The outcome for one input file: errors are values here, so a batch always reports every file.
 * Plain data only: it crosses process boundaries (worker, Electron IPC, HTTP bridge) as JSON.
 */
export interface FileResult {
  /** Absolute path of the input. */
  readonly file: string;
  /** Path relative to the input root it was found under; used to lay out outputs. */
  readonly relativePath: string;
  /** `skipped`: listed, deliberately not processed (a hidden file); `error` says why. */
  readonly status: 'ok' | 'error' | 'skipped';
  /** What went wrong, or why the file was skipped. */
  readonly error?: string;
  readonly kind?: DocumentKind;
  readonly pages?: number;
  readonly pageInfo?: readonly PageInfo[];
  /**
   * For the review (the app's getResult, which leaves the page geometry out): the text offset
   * at which each page's text starts, so a detection's page is known without its boxes. A page
   * without text starts where the next page's text does.
   */
  readonly pageStarts?: readonly number[];
  /** Number of pages whose text came from OCR, and their mean confidence (0–100). */
  readonly ocrPages?: number;
  readonly ocrConfidence?: number;
  readonly warnings: readonly string[];
  readonly text: string;
  /**
   * Every recognizer's detections before the detection policy and the overlap rules (the model's
   * down to score 0), so a review can change the policy and decide about each one without
   * processing the file again. Not written to any output.
   */
  readonly candidates?: readonly Span[];
  /**
   * The audit trail of a reviewed document (the app's export); absent when nobody reviewed it,
   * which the outputs report as `unreviewed`.
   */
  readonly review?: readonly ReviewRecord[];
  /** Areas and pages the reviewer redacted by hand (PDFs): burnt black in the redacted copy. */
  readonly areas?: readonly ReviewArea[];
  /** What is redacted: resolveDetections(text, candidates, policy, review decisions). */
  readonly spans: readonly Span[];
  readonly anonymized: string;
  /**
   * What each of `spans` was replaced by (same order), when a placeholder mode other than the
   * default wrote something else than the type's placeholder (numbered, fake, mask).
   */
  readonly replacements?: readonly string[];
  /**
   * Where each piece of `text` sits on its page (PDFs and images), so redacted copies can be drawn
   * without extracting again. Not written to detections.jsonl.
   */
  readonly fragments?: readonly TextFragment[];
  /**
   * Detections per type over the whole file, where `spans` holds only a preview of it (a large
   * CSV read in chunks); the Summary sheet counts these.
   */
  readonly totals?: Readonly<Record<string, number>>;
  /** Where its redacted copy was already written while it was processed (a large sheet). */
  readonly copyWritten?: string;
  /**
   * A large sheet's replacements, chosen while it streamed (placeholder modes other than the
   * default): the run's mapping lists them; its values are replaced alike within the file only.
   */
  readonly streamedMapping?: readonly MappingEntry[];
  /** Spreadsheets: the cell each piece of `text` comes from (the Spans sheet names it). */
  readonly cells?: readonly CellPlace[];
}

export type OutputFormat = 'xlsx' | 'txt' | 'json' | 'pdf' | 'docx' | 'sheets';
export const OUTPUT_FORMATS: readonly OutputFormat[] = [
  'xlsx',
  'txt',
  'json',
  'pdf',
  'docx',
  'sheets',
];
export type { OcrMode } from './ocrMode.js';

/** The one shape of a failed file: no text, no spans, the message saying what went wrong. */
export function errorFileResult(
  input: { readonly file: string; readonly relativePath: string },
  message: string,
  status: 'error' | 'skipped' = 'error',
): FileResult {
  return {
    file: input.file,
    relativePath: input.relativePath,
    status,
    error: message,
    warnings: [],
    text: '',
    spans: [],
    anonymized: '',
  };
}

/**
 * Detections in the whole file by type: its spans, or its totals where the spans are a preview
 * (a large sheet). The one count the queue, the export chart and the Summary sheet show.
 */
export function detectionsByType(result: FileResult): Record<string, number> {
  if (result.totals) return { ...result.totals };
  const perType: Record<string, number> = {};
  for (const s of result.spans) perType[s.type] = (perType[s.type] ?? 0) + 1;
  return perType;
}

/** Detections in the whole file: the sum of `detectionsByType`. */
export function detectionCount(result: FileResult): number {
  return Object.values(detectionsByType(result)).reduce((a, n) => a + n, 0);
}
