/**
 * What OCR knows about its own reading: a model span made mostly of words the engine read with
 * low confidence is more likely noise than a name ("py reap", "Co Pee om" on a faxed bill), so its
 * score is cut and it stays a review candidate below the threshold. Patterns are left alone: a
 * value a validated pattern holds (a checksum, a phone number) is evidence on its own.
 * Thresholds set on real-dev and real-dev2's scans (models/pii-ner/MODEL_CARD.md, stage 15).
 */
import type { TextFragment } from '../domain/documentText.js';
import type { Span } from '../domain/span.js';

/** Tesseract word confidence (0-100) below which a word counts as unread. */
export const UNREAD_BELOW = 60;
/** Share of a span's words that must be unread for it to be doubted. */
const UNREAD_SHARE = 0.5;
/** The same cut as for garbled text in the model's recognizer. */
const UNREAD_FACTOR = 0.25;

/** Index of the first fragment ending after `at` (fragments sorted by start, not overlapping). */
function firstEndingAfter(fragments: readonly TextFragment[], at: number): number {
  let lo = 0;
  let hi = fragments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((fragments[mid] as TextFragment).end <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** True when most OCR'd words under `[start, end)` were read with low confidence. */
export function mostlyUnread(
  fragments: readonly TextFragment[],
  start: number,
  end: number,
  below: number = UNREAD_BELOW,
): boolean {
  let words = 0;
  let unread = 0;
  for (let i = firstEndingAfter(fragments, start); i < fragments.length; i++) {
    const f = fragments[i] as TextFragment;
    if (f.start >= end) break;
    if (f.confidence === undefined) continue;
    words++;
    if (f.confidence < below) unread++;
  }
  return words > 0 && unread >= UNREAD_SHARE * words;
}

/** The candidates with every model span over mostly unread words scored down. */
export function doubtUnreadWords<T extends Span>(
  candidates: readonly T[],
  fragments: readonly TextFragment[],
  below: number = UNREAD_BELOW,
): T[] {
  if (!fragments.some((f) => f.confidence !== undefined)) return [...candidates];
  return candidates.map((c) =>
    c.source === 'ner' && mostlyUnread(fragments, c.start, c.end, below)
      ? { ...c, score: c.score * UNREAD_FACTOR }
      : c,
  );
}
