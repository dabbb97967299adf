/**
 * detections.jsonl: one JSON object per input file, in batch order, for scripts and audits.
 * Geometry (fragments, pageInfo) is left out: it is large and only the redaction writers need it.
 */
import type { FileResult } from '../domain/fileResult.js';
import { spanFields } from '../domain/span.js';

export function detectionRecord(result: FileResult): Record<string, unknown> {
  return {
    file: result.relativePath,
    path: result.file,
    status: result.status,
    ...(result.error === undefined ? {} : { error: result.error }),
    ...(result.kind === undefined ? {} : { kind: result.kind }),
    ...(result.pages === undefined ? {} : { pages: result.pages }),
    ...(result.ocrPages === undefined ? {} : { ocrPages: result.ocrPages }),
    ...(result.ocrConfidence === undefined ? {} : { ocrConfidence: result.ocrConfidence }),
    warnings: result.warnings,
    text: result.text,
    spans: result.spans.map(spanFields),
    anonymized: result.anonymized,
    // The audit trail of the app's review; a file nobody reviewed says so.
    ...(result.status === 'ok' ? { reviewed: result.review !== undefined } : {}),
    ...(result.review ? { review: result.review } : {}),
  };
}

export function formatDetectionsJsonl(results: readonly FileResult[]): string {
  return results.map((r) => JSON.stringify(detectionRecord(r)) + '\n').join('');
}
