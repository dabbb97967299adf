/**
 * `--propagate batch`: a value detected in one file of the run is redacted wherever it occurs in
 * the others (a client named in one invoice is redacted in the rest). Runs after every file is
 * detected, from what each file's results already hold, so no file is read twice.
 */
import { anonymise } from '../anonymise/anonymise.js';
import type { DetectionPolicy } from '../domain/detectionPolicy.js';
import type { FileResult } from '../domain/fileResult.js';
import { plainSpans, resolveDetections, runValuesOf } from '../merge/resolveDetections.js';

export function propagateAcrossRun(
  results: readonly FileResult[],
  policy: DetectionPolicy,
): FileResult[] {
  if (policy.propagate !== 'batch') return [...results];
  const values = results.flatMap((r) => (r.status === 'ok' ? runValuesOf(r.spans) : []));
  if (values.length === 0) return [...results];
  return results.map((r) => {
    if (r.status !== 'ok' || r.candidates === undefined) return r;
    const spans = plainSpans(resolveDetections(r.text, r.candidates, policy, undefined, values));
    return { ...r, spans, anonymized: anonymise(r.text, spans) };
  });
}
