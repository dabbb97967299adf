/**
 * The one loop every copy's second reading runs: build the copy, check it, read it back
 * independently, and — when the reading finds something — hand the findings to the run's one
 * function that adds them to the document (re-resolved and re-anonymised, source `read-back`),
 * then build again, at most MAX_REBUILDS times. How a copy is built and what the additions do to
 * the document come in as functions: verify knows neither the writers nor the merge.
 */
import { entityTypeInfo } from '../domain/entityTypes.js';
import type { Box } from '../domain/documentText.js';
import type { FileResult } from '../domain/fileResult.js';
import { readBack, type ReadBackDetectors, type ReadBackFinding } from './readBack.js';
import type { CopyReading } from './readCopy.js';
import { StrandedValuesError } from './strandedValuesError.js';

export type CopyStage = 'writing the redacted copy' | 'reading the redacted copy back';

/** What reading a copy back needs: the run's detectors. */
export interface CopyReadBack {
  readonly detectors: ReadBackDetectors;
  /** Told when a copy is (re)built and when it is read back: a scanned copy's reading is long. */
  readonly onProgress?: (stage: CopyStage) => void;
}

/**
 * The run's one function that adds findings to a document: every occurrence, re-resolved and
 * re-anonymised in the run's placeholder mode; undefined when none occurs in its text.
 */
export type AddFindings = (
  result: FileResult,
  findings: readonly ReadBackFinding[],
) => FileResult | undefined;

/** Rebuilds after read-back findings (or values a writer stranded): twice at most. */
export const MAX_REBUILDS = 2;

/** What each span of a result is replaced by: its placeholder mode's, or its type's placeholder. */
export function replacementsOf(result: FileResult): readonly string[] {
  return result.replacements ?? result.spans.map((s) => entityTypeInfo(s.type).placeholder);
}

/** A value as a rejection or a first pass names it: case and spacing do not matter. */
export function valueKey(value: string): string {
  return value.replace(/\s+/g, ' ').trim().toLowerCase();
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The findings a reviewer has not already ruled on: a value the reviewer rejected in this
 * document is not personal by a person's decision, and the second reading does not overrule it —
 * whether it reads the value the same (same text, any case or spacing) or, on a page, reads it
 * differently where the rejected value is drawn (its boxes overlap).
 */
export function notRejected<F extends ReadBackFinding & { page?: number; boxes?: readonly Box[] }>(
  result: FileResult,
  findings: readonly F[],
): F[] {
  const rejected = (result.review ?? []).filter(
    (r) => r.action === 'rejected' && r.start !== undefined && r.end !== undefined,
  );
  if (rejected.length === 0) return [...findings];
  const keys = new Set(rejected.map((r) => valueKey(r.text ?? '')));
  const drawn = (result.fragments ?? []).filter((f) =>
    rejected.some((r) => f.start < r.end! && f.end > r.start!),
  );
  return findings.filter(
    (f) =>
      !keys.has(valueKey(f.value)) &&
      !(f.boxes ?? []).some((b) => drawn.some((d) => d.page === f.page && overlaps(d.box, b))),
  );
}

/**
 * Whether a model's finding is the model second-guessing itself: the document's own reading
 * weighed a span holding the value (its candidates go down to score 0) and did not redact it;
 * the copy, its values replaced by placeholders, is poorer context, not new evidence. Without
 * this a manual's "COMPUTER SOFTWARE PROVIDER", weighed and left by the first reading, came
 * back from its copy as the company "SOFTWARE", and every "software" of the manual went with it.
 * A finding larger than anything weighed, and every pattern's finding, still counts.
 */
export function secondGuessed(result: FileResult, finding: ReadBackFinding): boolean {
  if (finding.source !== 'ner' && finding.source !== 'propagated') return false;
  const key = valueKey(finding.value);
  return (result.candidates ?? []).some(
    (c) => c.source === 'ner' && valueKey(c.text).includes(key),
  );
}

/**
 * Build, read, add what the reading found, build again. Returns the last copy, the result it was
 * built from, and what the last reading still found (empty when the copy is clean).
 */
export async function rebuiltUntilClean<T>(
  result: FileResult,
  build: (r: FileResult) => Promise<T>,
  read: (out: T) => Promise<readonly CopyReading[]>,
  addFindings: AddFindings,
  readBackWith: CopyReadBack | undefined,
): Promise<{ result: FileResult; out: T; left: ReadBackFinding[]; rebuilds: number }> {
  let current = result;
  for (let round = 0; ; round++) {
    let out: T;
    try {
      readBackWith?.onProgress?.('writing the redacted copy');
      out = await build(current);
    } catch (error) {
      // A detected value the writer left at an occurrence the detection did not mark (a model's
      // word beside a span another merge kept): its occurrences join the document, and the copy
      // is built again, so a detected value never strands a copy.
      const next =
        error instanceof StrandedValuesError && round < MAX_REBUILDS
          ? addFindings(
              current,
              error.values.map((value) => ({
                where: 'the copy',
                type:
                  current.spans.find((s) => valueKey(s.text) === valueKey(value))?.type ?? 'NAME',
                value,
              })),
            )
          : undefined;
      if (!next) throw error;
      current = next;
      continue;
    }
    if (!readBackWith) return { result: current, out, left: [], rebuilds: round };
    readBackWith.onProgress?.('reading the redacted copy back');
    const left = notRejected(
      current,
      await readBack(await read(out), readBackWith.detectors, replacementsOf(current)),
    ).filter((f) => !secondGuessed(current, f));
    const next = left.length > 0 && round < MAX_REBUILDS ? addFindings(current, left) : undefined;
    if (!next) return { result: current, out, left, rebuilds: round };
    current = next;
  }
}
