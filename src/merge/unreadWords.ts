/**
 * What OCR knows about its own reading: a model span made mostly of words the engine read with
 * low confidence is more likely noise than a name ("py reap", "Co Pee om" on a faxed bill), so its
 * score is cut and it stays a review candidate below the threshold. Patterns are left alone: a
 * value a validated pattern holds (a checksum, a phone number) is evidence on its own.
 * A misreading of a value found elsewhere in the document ("HarbcurseWater Limlted" where the
 * bill prints "Harbourside Water Limited") is that value, so it is not doubted: the redacted
 * copy's read-back found the pixels under such a span readable as the value.
 * Thresholds set on real-dev and real-dev2's scans (models/pii-ner/MODEL_CARD.md, stage 15).
 * Measured effect (2026-11-27, without it → with it): real-dev2 blind half precision 98.2 → 98.6%,
 * tuning half 98.2 → 100%, recall and leak unchanged on both; receipts-dev words covered
 * 0.878 → 0.863, typed 0.758 → 0.745. Kept: it buys precision on both halves for a point and a
 * half of receipt coverage, which is not where receipts lose most (their COMPANY recall is).
 */
import { distance } from 'fastest-levenshtein';
import type { TextFragment } from '../domain/documentText.js';
import { firstEndingAfter, type Span } from '../domain/span.js';

/** Tesseract word confidence (0-100) below which a word counts as unread. */
export const UNREAD_BELOW = 60;
/** Share of a span's words that must be unread for it to be doubted. */
const UNREAD_SHARE = 0.5;
/** The same cut as for garbled text in the model's recognizer. */
const UNREAD_FACTOR = 0.25;

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

/** Edits per character under which a span reads as a misreading of a value found elsewhere. */
const MISREAD_RATIO = 0.35;

function squeezed(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

/** True when `text` is within a few OCR slips of one of `values` (compared without spacing). */
function misreadOf(text: string, values: readonly string[]): boolean {
  const t = squeezed(text);
  return (
    t.length >= 4 &&
    values.some((v) => distance(t, v) <= MISREAD_RATIO * Math.max(t.length, v.length))
  );
}

/** The candidates with every model span over mostly unread words scored down. */
export function doubtUnreadWords<T extends Span>(
  candidates: readonly T[],
  fragments: readonly TextFragment[],
  below: number = UNREAD_BELOW,
): T[] {
  if (!fragments.some((f) => f.confidence !== undefined)) return [...candidates];
  const unread = candidates.map(
    (c) => c.source === 'ner' && mostlyUnread(fragments, c.start, c.end, below),
  );
  if (!unread.includes(true)) return [...candidates];
  // Values the document holds where OCR read well (or a pattern vouches for them).
  const values = [
    ...new Set(
      candidates.filter((c, i) => !unread[i] && c.score >= 0.5).map((c) => squeezed(c.text)),
    ),
  ].filter((v) => v.length >= 4);
  return candidates.map((c, i) =>
    unread[i] && !misreadOf(c.text, values) ? { ...c, score: c.score * UNREAD_FACTOR } : c,
  );
}
