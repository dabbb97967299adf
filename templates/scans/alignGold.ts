/**
 * Moves gold spans from the text that was drawn onto the text OCR read back from the scan: a
 * character alignment (edit distance with its path), then each span runs from where its first
 * surviving character landed to where its last one did. A misread name is still a name, so a span
 * stays as long as any of its characters was read; one OCR lost entirely is dropped.
 */
import type { EntityType } from '../../src/domain/entityTypes.js';

export interface AlignedSpan {
  readonly type: EntityType;
  readonly start: number;
  readonly end: number;
}

/**
 * For each character of `reference`, the index of the OCR character it was read as, or -1 where
 * OCR dropped it. Unit costs; ties prefer a substitution, so "rn" read as "m" keeps its place.
 */
export function alignCharacters(reference: string, ocr: string): Int32Array {
  const n = reference.length;
  const m = ocr.length;
  const width = m + 1;
  // 0 diagonal, 1 up (reference character dropped), 2 left (OCR character inserted).
  const moves = new Uint8Array((n + 1) * width);
  let previous = new Int32Array(width).map((_, j) => j);
  let current = new Int32Array(width);
  for (let j = 1; j <= m; j++) moves[j] = 2;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    moves[i * width] = 1;
    const a = reference.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const diagonal = (previous[j - 1] as number) + (a === ocr.charCodeAt(j - 1) ? 0 : 1);
      const up = (previous[j] as number) + 1;
      const left = (current[j - 1] as number) + 1;
      let best = diagonal;
      let move = 0;
      if (up < best) {
        best = up;
        move = 1;
      }
      if (left < best) {
        best = left;
        move = 2;
      }
      current[j] = best;
      moves[i * width + j] = move;
    }
    [previous, current] = [current, previous];
  }
  const map = new Int32Array(n).fill(-1);
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const move = moves[i * width + j];
    if (move === 0) {
      map[i - 1] = j - 1;
      i--;
      j--;
    } else if (move === 1) i--;
    else j--;
  }
  return map;
}

/**
 * The gold spans of `reference` as spans of `ocr`, trimmed of whitespace; lost ones dropped.
 * `from` is the index of the gold span each one came from.
 */
export function alignSpans(
  reference: string,
  ocr: string,
  spans: readonly AlignedSpan[],
  map: Int32Array = alignCharacters(reference, ocr),
): (AlignedSpan & { readonly from: number })[] {
  const out: (AlignedSpan & { readonly from: number })[] = [];
  for (const [from, s] of spans.entries()) {
    let first = -1;
    let last = -1;
    for (let k = s.start; k < s.end; k++) {
      const at = map[k] as number;
      if (at < 0) continue;
      if (first < 0) first = at;
      last = at;
    }
    if (first < 0) continue;
    let start = first;
    let end = last + 1;
    while (start < end && /\s/.test(ocr[start] ?? '')) start++;
    while (end > start && /\s/.test(ocr[end - 1] ?? '')) end--;
    const previous = out[out.length - 1];
    // Two values read into one run of characters cannot both keep it.
    if (end <= start || (previous && start < previous.end)) continue;
    out.push({ type: s.type, start, end, from });
  }
  return out;
}
