/**
 * Scoring OCR output against the text that was drawn: character error rate and recall of gold
 * values. Both ignore layout whitespace (OCR and typesetting may break lines differently).
 */
import type { EntityType } from '../../src/domain/entityTypes.js';
import type { Span } from '../../src/domain/span.js';
import type { GoldValue } from './scanFixtures.js';

/** Collapses every whitespace run to one space and trims. */
export function normaliseSpacing(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Levenshtein distance, two rows of memory (pages are a few thousand characters). */
export function editDistance(a: string, b: string): number {
  let previous = new Int32Array(b.length + 1).map((_, j) => j);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      current[j] = Math.min(
        substitution,
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
      );
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] as number;
}

/**
 * Runs of five or more rule characters ("-----", "_____", "=====") are drawn separators, not
 * text: Tesseract reads them as lines and drops them, which says nothing about reading the words.
 */
export function withoutRules(text: string): string {
  return text.replace(/[-_=]{5,}/g, ' ');
}

/**
 * Character error rate: edits needed to turn the OCR text into the reference, per reference
 * character. `ignoreRules` removes separator rules from both texts first (see withoutRules).
 */
export function characterErrorRate(reference: string, ocr: string, ignoreRules = false): number {
  const clean = (t: string): string => normaliseSpacing(ignoreRules ? withoutRules(t) : t);
  const ref = clean(reference);
  return ref.length === 0 ? 0 : editDistance(ref, clean(ocr)) / ref.length;
}

/** A value with whitespace removed and lower-cased, so line wrapping does not decide a match. */
function valueKey(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

export interface RecallCount {
  found: number;
  total: number;
}

/**
 * Gold values of `types` that were detected with the right type and exactly the right value
 * (whitespace aside). Offsets cannot be compared across clean and OCR text, values can; a value
 * with one misread character counts as missed, which is what leaks.
 */
export function valueRecall(
  gold: readonly GoldValue[],
  detected: readonly Span[],
  types: readonly EntityType[],
): Map<EntityType, RecallCount> {
  const byType = new Map<EntityType, RecallCount>();
  const seen = new Map<string, number>();
  for (const s of detected) {
    const key = `${s.type}\u0000${valueKey(s.text)}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  for (const g of gold) {
    if (!types.includes(g.type)) continue;
    const count = byType.get(g.type) ?? { found: 0, total: 0 };
    count.total += 1;
    const key = `${g.type}\u0000${valueKey(g.value)}`;
    const available = seen.get(key) ?? 0;
    if (available > 0) {
      count.found += 1;
      seen.set(key, available - 1);
    }
    byType.set(g.type, count);
  }
  return byType;
}

/**
 * Maps every offset of `reference` to an offset of `ocr` through a minimum-edit alignment, so
 * gold spans can be placed on the OCR text even where it misreads or re-spaces characters.
 * Returns an array of length reference.length + 1.
 */
export function alignOffsets(reference: string, ocr: string): Int32Array {
  const n = reference.length;
  const m = ocr.length;
  const cost = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number): number => i * (m + 1) + j;
  for (let i = 0; i <= n; i++) cost[at(i, 0)] = i;
  for (let j = 0; j <= m; j++) cost[at(0, j)] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = reference.charCodeAt(i - 1) === ocr.charCodeAt(j - 1) ? 0 : 1;
      cost[at(i, j)] = Math.min(
        (cost[at(i - 1, j - 1)] as number) + same,
        (cost[at(i - 1, j)] as number) + 1,
        (cost[at(i, j - 1)] as number) + 1,
      );
    }
  }
  const map = new Int32Array(n + 1);
  let i = n;
  let j = m;
  map[n] = m;
  while (i > 0) {
    const here = cost[at(i, j)] as number;
    const same = j > 0 && reference.charCodeAt(i - 1) === ocr.charCodeAt(j - 1) ? 0 : 1;
    if (j > 0 && here === (cost[at(i - 1, j - 1)] as number) + same) {
      i--;
      j--;
    } else if (here === (cost[at(i - 1, j)] as number) + 1) {
      i--;
    } else {
      j--;
      continue;
    }
    map[i] = j;
  }
  return map;
}

/**
 * Recall with gold spans projected onto the OCR text through `alignOffsets`, matched by overlap
 * (LABELS.md's overlap matching: a detected span of the same type that overlaps the gold span
 * counts). This is the redaction question — was the value found where it is — where
 * `valueRecall` asks whether it was also read without a single wrong character.
 */
export function alignedRecall(
  reference: string,
  ocr: string,
  gold: readonly GoldValue[],
  detected: readonly Span[],
  types: readonly EntityType[],
): Map<EntityType, RecallCount> {
  const map = alignOffsets(reference, ocr);
  const byType = new Map<EntityType, RecallCount>();
  for (const g of gold) {
    if (!types.includes(g.type)) continue;
    const count = byType.get(g.type) ?? { found: 0, total: 0 };
    count.total += 1;
    const start = map[g.start] as number;
    const end = Math.max(start + 1, map[g.end] as number);
    if (detected.some((s) => s.type === g.type && s.start < end && s.end > start)) count.found += 1;
    byType.set(g.type, count);
  }
  return byType;
}

/** Share of the reference's words (letters and digits, two or more) that the OCR text holds. */
export function wordRecall(reference: string, ocr: string): { found: number; total: number } {
  const words = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
  const have = new Map<string, number>();
  for (const w of words(ocr)) have.set(w, (have.get(w) ?? 0) + 1);
  let found = 0;
  const wanted = words(reference);
  for (const w of wanted) {
    const n = have.get(w) ?? 0;
    if (n > 0) {
      found++;
      have.set(w, n - 1);
    }
  }
  return { found, total: wanted.length };
}
