/**
 * One file through the pipeline: extract → detect (patterns + model, merged) → anonymise.
 * Never throws for a bad file: the outcome is a FileResult with status 'error' and a message that
 * names the file and says what to do, so a batch always reports every input.
 */
import { doubtUnreadWords } from '../merge/unreadWords.js';
import { basename } from 'node:path';
import { anonymise } from '../anonymise/anonymise.js';
import type { Detector } from '../detect/engine.js';
import type { DetectionPolicy } from '../domain/detectionPolicy.js';
import type { DocumentText, PageInfo } from '../domain/documentText.js';
import { extractDocument, type ExtractOptions } from '../extract/extractDocument.js';
import { plainSpans, resolveDetections } from '../merge/resolveDetections.js';
import { isInputError } from '../domain/inputError.js';
import { errorFileResult, type FileResult } from '../domain/fileResult.js';
import type { RedactOptions } from './redactOptions.js';
import { columnSpans } from '../detect/columnSpans.js';
import { sheetCandidates } from '../merge/sheetCandidates.js';
import { scriptWarningFor } from '../detect/unreadScripts.js';

export interface ProcessInput {
  readonly file: string;
  readonly relativePath: string;
}

function ocrStats(pages: readonly PageInfo[]): Pick<FileResult, 'ocrPages' | 'ocrConfidence'> {
  const ocred = pages.filter((p) => p.textSource === 'ocr');
  if (ocred.length === 0) return {};
  const confidences = ocred.map((p) => p.ocrConfidence).filter((c): c is number => c !== undefined);
  const mean =
    confidences.length > 0
      ? confidences.reduce((a, b) => a + b, 0) / confidences.length
      : undefined;
  return { ocrPages: ocred.length, ...(mean === undefined ? {} : { ocrConfidence: mean }) };
}

export function errorResult(input: ProcessInput, error: unknown): FileResult {
  const message = isInputError(error)
    ? error.message
    : `${basename(input.file)}: unexpected error (${error instanceof Error ? error.message : String(error)}); ` +
      'please report it with the kind of file that caused it';
  return errorFileResult(input, message);
}

/** How a document is read; extractDocument, or a fake in tests. */
export type Extract = (file: string, options: ExtractOptions) => Promise<DocumentText>;

export interface FileProcessor {
  readonly detector: Detector;
  /** Which detections count; the detector's own policy when not given. */
  readonly policy?: DetectionPolicy;
  readonly extract?: Extract;
}

export async function processFile(
  input: ProcessInput,
  { detector, policy = detector.policy, extract = extractDocument }: FileProcessor,
  opts: Pick<RedactOptions, 'ocr' | 'columns'>,
  onProgress?: (message: string) => void,
): Promise<FileResult> {
  try {
    const document = await extract(input.file, { ocr: opts.ocr, onProgress });
    onProgress?.('detecting');
    const candidates = doubtUnreadWords(
      sheetCandidates(
        document.text,
        [
          ...(await detector.candidates(document.text)),
          ...columnSpans(document.text, document.cells ?? [], opts.columns ?? []),
        ],
        document.cells ?? [],
      ),
      document.fragments,
    );
    const spans = plainSpans(resolveDetections(document.text, candidates, policy));
    const script = scriptWarningFor(document.text, policy.types);
    return {
      file: input.file,
      relativePath: input.relativePath,
      status: 'ok',
      kind: document.kind,
      ...(document.pages.length > 0
        ? { pages: document.pages.length, pageInfo: document.pages }
        : {}),
      ...ocrStats(document.pages),
      warnings: script ? [...document.warnings, script] : document.warnings,
      text: document.text,
      candidates,
      spans,
      anonymized: anonymise(document.text, spans),
      fragments: document.fragments,
      ...(document.cells ? { cells: document.cells } : {}),
    };
  } catch (error) {
    return errorResult(input, error);
  }
}
