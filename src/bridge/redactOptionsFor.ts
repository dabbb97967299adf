/**
 * Maps the app's job options onto the pipeline's RedactOptions. The app writes nothing while
 * processing (outputs are written at export, after review), so formats only matter at export,
 * where every format is written: Results.xlsx, anonymised text, detections.jsonl, redacted copies.
 */
import type { JobOptions } from '../api/finredactApi.js';
import { OUTPUT_FORMATS } from '../domain/fileResult.js';
import { DEFAULT_REDACT_OPTIONS, type RedactOptions } from '../pipeline/redactOptions.js';
import { settingsRecognizers } from './appRecognizers.js';

export function redactOptionsFor(options: JobOptions): RedactOptions {
  // The job process reads the recognizers text itself: its types must exist in this process.
  const recognizers = settingsRecognizers(options.recognizers ?? '');
  const own = recognizers.types.map((t) => t.type).filter((t) => !options.types.includes(t));
  return {
    ...DEFAULT_REDACT_OPTIONS,
    types: [...options.types, ...own],
    ...(recognizers.recognizers.length + recognizers.types.length + recognizers.allow.length > 0
      ? { recognizers }
      : {}),
    formats: [...OUTPUT_FORMATS],
    ocr: options.ocr,
    ner: options.ner,
    // One file at a time per job: the host process is the unit of parallelism and of cancel.
    concurrency: 1,
    // A missing model is a notice in the queue, not a failure of every file.
    nerRequired: false,
  };
}
