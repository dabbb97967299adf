/**
 * Replaces every span by its type's placeholder (or what a placeholder mode gives it), working
 * from the end of the text towards its start so the offsets of spans not yet replaced stay valid.
 *
 * Spans are expected non-overlapping (mergeSpans guarantees it). Overlapping spans — e.g. a
 * reviewer's manual span across a detected one — are coalesced so no character of either
 * survives: the union is replaced by the placeholder of the span that starts first (longest
 * first at equal starts).
 */
import { entityTypeInfo } from '../domain/entityTypes.js';
import { sortSpans, type Span } from '../domain/span.js';

/** Where one replaced region lies in the input and in the anonymised output. */
export interface AnonymisedRegion {
  /** The span whose placeholder was written (the first of a coalesced group). */
  readonly span: Span;
  /** Replaced range in the input text (the union of a coalesced group). */
  readonly inputStart: number;
  readonly inputEnd: number;
  /** Range of the placeholder in the output text. */
  readonly start: number;
  readonly end: number;
  readonly placeholder: string;
}

interface Replacement {
  readonly span: Span;
  readonly start: number;
  readonly end: number;
}

function coalesce(spans: readonly Span[], textLength: number): Replacement[] {
  const out: Replacement[] = [];
  for (const span of sortSpans(spans)) {
    const start = Math.max(0, span.start);
    const end = Math.min(textLength, span.end);
    if (end <= start) continue;
    const last = out[out.length - 1];
    if (last && start < last.end) {
      out[out.length - 1] = { ...last, end: Math.max(last.end, end) };
    } else {
      out.push({ span, start, end });
    }
  }
  return out;
}

/**
 * What a span is replaced by: its type's placeholder unless a placeholder mode says otherwise
 * (replacements.ts). Called with the first span of each coalesced group.
 */
export type ReplacementOf = (span: Span) => string;

const typePlaceholder: ReplacementOf = (span) => entityTypeInfo(span.type).placeholder;

/** A ReplacementOf from replacements computed for `spans` (same order). */
export function replacementsBySpan(
  spans: readonly Span[],
  replacements: readonly string[],
): ReplacementOf {
  const map = new Map<Span, string>();
  spans.forEach((s, i) => map.set(s, replacements[i] ?? typePlaceholder(s)));
  return (span) => map.get(span) ?? typePlaceholder(span);
}

/** The replaced regions in output coordinates, in text order — for views that link both texts. */
export function anonymisedOffsets(
  text: string,
  spans: readonly Span[],
  replacementOf: ReplacementOf = typePlaceholder,
): AnonymisedRegion[] {
  let shift = 0;
  return coalesce(spans, text.length).map((r) => {
    const placeholder = replacementOf(r.span);
    const start = r.start + shift;
    shift += placeholder.length - (r.end - r.start);
    return {
      span: r.span,
      inputStart: r.start,
      inputEnd: r.end,
      start,
      end: start + placeholder.length,
      placeholder,
    };
  });
}

export function anonymise(
  text: string,
  spans: readonly Span[],
  replacementOf: ReplacementOf = typePlaceholder,
): string {
  // Pieces are collected from the end and joined once: repeated string splicing would be
  // quadratic on long documents with many spans.
  const pieces: string[] = [];
  let tail = text.length;
  const replacements = coalesce(spans, text.length);
  for (let i = replacements.length - 1; i >= 0; i--) {
    const r = replacements[i];
    if (!r) continue;
    pieces.push(text.slice(r.end, tail), replacementOf(r.span));
    tail = r.start;
  }
  pieces.push(text.slice(0, tail));
  return pieces.reverse().join('');
}
