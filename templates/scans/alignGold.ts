/**
 * Moves gold spans from the text that was drawn onto the text OCR read back from the scan, through
 * the minimum-edit offset alignment the OCR benchmark already scores with (`alignOffsets`). A
 * misread name is still a name, so a span stays as long as any of its characters was read; one
 * OCR lost entirely (its start and end land on the same offset) is dropped.
 */
import type { EntityType } from '../../src/domain/entityTypes.js';
import { alignOffsets } from '../../bench/ocr/textMetrics.js';

export interface GoldSpan {
  readonly type: EntityType;
  readonly start: number;
  readonly end: number;
}

/** A gold span on the OCR text; `from` is the index of the gold span it came from. */
export interface PlacedGoldSpan extends GoldSpan {
  readonly from: number;
}

/** The gold spans of `reference` as spans of `ocr`, trimmed of whitespace; lost ones dropped. */
export function alignSpans(
  reference: string,
  ocr: string,
  spans: readonly GoldSpan[],
  map: Int32Array = alignOffsets(reference, ocr),
): PlacedGoldSpan[] {
  const out: PlacedGoldSpan[] = [];
  for (const [from, s] of spans.entries()) {
    let start = map[s.start] as number;
    let end = map[s.end] as number;
    while (start < end && /\s/.test(ocr[start] ?? '')) start++;
    while (end > start && /\s/.test(ocr[end - 1] ?? '')) end--;
    const previous = out[out.length - 1];
    // Two values read into one run of characters cannot both keep it.
    if (end <= start || (previous && start < previous.end)) continue;
    out.push({ type: s.type, start, end, from });
  }
  return out;
}
