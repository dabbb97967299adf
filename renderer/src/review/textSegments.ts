/**
 * Splits a document into the runs the two review panes render: the original with each shown
 * span marked, and the anonymised text with each redacted span replaced by its placeholder.
 */
import { anonymisedOffsets, type ReplacementOf } from '../../../src/anonymise/anonymise.js';
import type { ReviewSpan } from './reviewView.js';

export interface TextSegment {
  /** Offsets into the original text, so a selection in the pane maps back to the document. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly span?: ReviewSpan;
}

/**
 * Rejected spans may overlap accepted ones (the reducer rejects what a new span overlaps); where
 * they do, the accepted span is drawn, so what is marked is what gets redacted.
 */
export function originalSegments(text: string, spans: readonly ReviewSpan[]): TextSegment[] {
  const bounds = new Set<number>([0, text.length]);
  for (const s of spans) {
    bounds.add(Math.max(0, Math.min(text.length, s.start)));
    bounds.add(Math.max(0, Math.min(text.length, s.end)));
  }
  const points = [...bounds].sort((a, b) => a - b);
  const byStart = [...spans].sort((a, b) => a.start - b.start);
  const segments: TextSegment[] = [];
  // A sweep: `open` holds the spans covering the current interval, so long documents with
  // thousands of detections stay linear-ish rather than intervals × spans.
  let open: ReviewSpan[] = [];
  let next = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    while (next < byStart.length && byStart[next]!.start <= start) open.push(byStart[next++]!);
    open = open.filter((s) => s.end > start);
    const span = open.find((s) => s.status === 'accepted') ?? open[0];
    const last = segments[segments.length - 1];
    if (last && last.span === span) {
      segments[segments.length - 1] = { ...last, end, text: text.slice(last.start, end) };
    } else {
      segments.push({ start, end, text: text.slice(start, end), ...(span ? { span } : {}) });
    }
  }
  return segments;
}

/**
 * The anonymised text as runs, built from the same `anonymisedOffsets` the export's `anonymise`
 * uses, so the pane shows exactly what will be written.
 */
export function anonymisedSegments(
  text: string,
  redacted: readonly ReviewSpan[],
  replacementOf?: ReplacementOf,
): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const region of anonymisedOffsets(text, redacted, replacementOf)) {
    if (region.inputStart > at) {
      segments.push({ start: at, end: region.inputStart, text: text.slice(at, region.inputStart) });
    }
    segments.push({
      start: region.inputStart,
      end: region.inputEnd,
      text: region.placeholder,
      span: region.span as ReviewSpan,
    });
    at = region.inputEnd;
  }
  if (at < text.length) segments.push({ start: at, end: text.length, text: text.slice(at) });
  return segments;
}
