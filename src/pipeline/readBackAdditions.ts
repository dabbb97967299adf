/**
 * What the read-back of a copy found, added to the document it came from: every whole-word
 * occurrence of each found value in the document's text becomes a span of the found type with
 * source `read-back`, merged with the others; the anonymised text is made again in the run's
 * placeholder mode, and a warning says what was added (types and where, never the value).
 */
import { anonymise } from '../anonymise/anonymise.js';
import type { FileResult } from '../domain/fileResult.js';
import type { Span } from '../domain/span.js';
import { capitalisedAt, onlyCapitalisedCopies, ValueIndex } from '../domain/valueMatching.js';
import { mergeSpans } from '../merge/mergeSpans.js';
import type { ReadBackFinding } from '../verify/readBack.js';
import type { AddFindings, CopyReadBack } from '../verify/rebuildLoop.js';
export type { CopyStage } from '../verify/rebuildLoop.js';
import { anonymiseRun } from './anonymiseRun.js';
import type { RedactOptions } from './redactOptions.js';
import type { Detector } from '../detect/engine.js';

/** What the read-back needs: the run's detectors, and how the run replaces values. */
export interface ReadBackOptions
  extends CopyReadBack, Pick<RedactOptions, 'placeholders' | 'seed'> {}

export function readBackOptions(
  detector: Detector,
  opts: Pick<RedactOptions, 'placeholders' | 'seed'>,
): ReadBackOptions {
  return {
    detectors: { full: (t) => detector.detect(t), patterns: (t) => detector.detectPatterns(t) },
    ...(opts.placeholders ? { placeholders: opts.placeholders } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
  };
}

/** The run's one way to add findings to a document (`withReadBackFindings` in its mode). */
export function findingsAdder(opts: ReadBackOptions | undefined): AddFindings {
  return (result, findings) => withReadBackFindings(result, findings, opts ?? {});
}

/** Read-back additions are validated by a second reading, not by a model score. */
const READ_BACK_SCORE = 1;

/** The result with the findings added, or undefined when none occurs in its text to redact. */
export function withReadBackFindings(
  result: FileResult,
  findings: readonly ReadBackFinding[],
  opts: Pick<RedactOptions, 'placeholders' | 'seed'>,
): FileResult | undefined {
  const index = new ValueIndex<ReadBackFinding>();
  for (const f of findings) index.add(f.value, f);
  const covered = (start: number, end: number) =>
    result.spans.some((s) => s.start <= start && s.end >= end);
  // A one-word capitalised value only where capitalised, as propagation spreads it: a company
  // "SOFTWARE" is not every "software" of the text.
  const added: Span[] = index
    .find(
      result.text,
      (m) => !onlyCapitalisedCopies(m.tag.value) || capitalisedAt(result.text, m.start),
    )
    .filter((m) => !covered(m.start, m.end))
    .map((m) => ({
      start: m.start,
      end: m.end,
      type: m.tag.type,
      score: READ_BACK_SCORE,
      source: 'read-back',
      text: result.text.slice(m.start, m.end),
    }));
  if (added.length === 0) return undefined;
  const spans = mergeSpans([...result.spans, ...added], result.text);
  const where = [...new Set(added.map((s) => s.type))]
    .map((type) => `${type} in ${findings.find((f) => f.type === type)?.where ?? 'the copy'}`)
    .join('; ');
  const warning = `reading the redacted copy back found ${added.length} more value${added.length === 1 ? '' : 's'} (${where}); added with source read-back and the copy rebuilt`;
  const updated: FileResult = {
    ...result,
    spans,
    warnings: [...result.warnings, warning],
  };
  if (!result.replacements) {
    const { replacements: _none, ...plain } = updated;
    return { ...plain, anonymized: anonymise(result.text, spans) };
  }
  const [again] = anonymiseRun([updated], { ...opts, consistent: 'document' }).results;
  return again;
}
