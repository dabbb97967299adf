/**
 * A file's exported result: its stored candidates under the export's policy and the reviewer's
 * decisions, through the same resolveDetections the CLI and the review view use. Decisions are
 * checked against the stored result and every span's text is re-read from the stored text, so a
 * renderer can never smuggle text into the export that the document does not contain.
 */
import { anonymise } from '../anonymise/anonymise.js';
import type { DetectionPolicy } from '../domain/detectionPolicy.js';
import type { FileResult } from '../domain/fileResult.js';
import { NO_DECISIONS, type ReviewDecisions } from '../domain/reviewDecisions.js';
import { plainSpans, resolveDetections } from '../merge/resolveDetections.js';
import { reviewRecords } from '../merge/reviewRecords.js';
import { areaSpans } from '../merge/areaSpans.js';
import { entityTypes } from '../domain/entityTypes.js';
import { AREA_TYPE, type ReviewArea } from '../domain/reviewDecisions.js';
import { IMAGE_VIEW_DPI } from './pageView.js';

// Text under a redacted area gets a placeholder of its own in the app's exports.
entityTypes.register({ type: AREA_TYPE, label: 'Redacted area', placeholder: '[AREA REDACTED]' });
import { ApiArgumentError } from './apiValidation.js';

function checkDecisions(result: FileResult, decisions: ReviewDecisions): void {
  const count = result.candidates?.length ?? 0;
  const stale = (what: string) =>
    new ApiArgumentError(
      `${result.relativePath}: ${what}; the file was processed again since it was reviewed — open it and review it again.`,
    );
  for (const index of [...decisions.rejected, ...decisions.retyped.map((r) => r.index)]) {
    if (index >= count) throw stale(`a decision refers to detection ${index + 1} of ${count}`);
  }
  for (const s of [
    ...decisions.added,
    ...(decisions.rejectedAt ?? []),
    ...(decisions.retypedAt ?? []),
  ]) {
    if (s.end > result.text.length) {
      throw stale(`an added detection ends at ${s.end}, past the end of the text`);
    }
  }
  for (const area of decisions.areas ?? []) {
    if (area.page > (result.pages ?? 0)) {
      throw new ApiArgumentError(`${result.relativePath} has no page ${area.page} to redact.`);
    }
  }
}

/**
 * Areas come from the page view in points; an image's pages are in pixels, shown as if scanned
 * at IMAGE_VIEW_DPI, so its areas are scaled back to pixels. Other kinds have no pages.
 */
function areasInPageUnits(result: FileResult, areas: readonly ReviewArea[]): ReviewArea[] {
  if (result.kind === 'pdf') return [...areas];
  if (result.kind !== 'image') return [];
  const px = IMAGE_VIEW_DPI / 72;
  return areas.map((a) => ({
    ...a,
    box: { x: a.box.x * px, y: a.box.y * px, width: a.box.width * px, height: a.box.height * px },
  }));
}

/** Who exports, and when: the audit trail's reviewer and the time of "accepted as found". */
export interface ReviewAudit {
  readonly reviewer: string;
  readonly at: string;
}

/**
 * `decisions` are given for a document the reviewer opened (its audit trail is recorded, under
 * `audit`); a document nobody opened has none and stays unreviewed.
 */
export function applyReview(
  result: FileResult,
  policy: DetectionPolicy,
  decisions?: ReviewDecisions,
  audit?: ReviewAudit,
): FileResult {
  if (result.status !== 'ok') return result;
  checkDecisions(result, decisions ?? NO_DECISIONS);
  const candidates = result.candidates ?? result.spans;
  const areas = areasInPageUnits(result, decisions?.areas ?? []);
  // The text under redacted areas is redacted in the text outputs too, as manual spans.
  const underAreas = areaSpans(result.text, result.fragments ?? [], areas);
  const withAreas =
    decisions && underAreas.length > 0
      ? { ...decisions, added: [...decisions.added, ...underAreas] }
      : decisions;
  const resolved = resolveDetections(result.text, candidates, policy, withAreas);
  const spans = plainSpans(resolved);
  const review =
    decisions && audit
      ? reviewRecords(candidates, decisions, resolved, audit.reviewer, audit.at, result.text)
      : undefined;
  return {
    ...result,
    spans,
    anonymized: anonymise(result.text, spans),
    ...(review ? { review } : {}),
    ...(areas.length > 0 ? { areas } : {}),
  };
}
