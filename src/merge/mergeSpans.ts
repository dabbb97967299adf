/**
 * Resolves the spans of several recognizers into one non-overlapping, sorted list — the
 * invariant anonymisation and every writer rely on. The rules, in the order they apply:
 *
 * 1. Invalid spans (empty, or `start > end`) are dropped, and so are detected spans holding
 *    fewer than two letters or digits ("." or "l" from a model): nothing to redact there.
 *    A model span of a structured type without that type's least shape (structuredShape.ts)
 *    and without letters is dropped: a "PHONE" of two digits ("Expiry: 09") hides nothing. One
 *    with letters stays: an "EMAIL" over "Förster" is a mislabelled name, and leaking the name
 *    costs more than the wrong placeholder.
 * 2. Authority tiers: `manual` (a reviewer's decision) > `user` (the user's recognizers file)
 *    > `pattern` (validated: checksums, libphonenumber, TLD lists) > `propagated` (another
 *    occurrence of a value detected elsewhere) > `ner` (a model's guess). Each tier is resolved on its own
 *    (rules 3–5), then spans of a lower tier are CUT around the accepted spans of higher tiers:
 *    the parts that overlap are removed, the remaining pieces are trimmed of whitespace and
 *    punctuation and kept only if they still hold at least two letters or digits. So a model
 *    span that overlaps a validated pattern span is trimmed or dropped, and a model NAME inside
 *    a printed CREDIT_CARD block disappears into the block. Pieces are cut, not dropped, even
 *    for model spans of structured types: leak rate comes first (LABELS.md), and a model's
 *    "PHONE" over "Jane Doe, +44 20 …" still hides the name it covered. Pieces pass rule 1 again.
 * 3. Within a tier, a span that contains another one swallows it, whatever the types
 *    (an e-mail swallows the URL-shaped domain inside it, a card block the name inside it).
 * 4. Within a tier, of two partially overlapping spans of the SAME type the longer wins;
 *    at equal length the higher score wins.
 * 5. Within a tier, of two partially overlapping spans of DIFFERENT types the higher score
 *    wins; at equal score the longer, then the earlier one.
 *    Identical ranges fall under rule 3 both ways and are settled by score, then type order.
 *
 * Rules 3–5 are applied greedily from left to right: a newcomer replaces the accepted spans it
 * overlaps only if it beats every one of them. This is deterministic, O(n log n) on any text
 * (see resolveTier and cutAround), and needs no global optimisation.
 */
import { entityTypes } from '../domain/entityTypes.js';
import { hasStructuredShape } from './structuredShape.js';
import { firstEndingAfter, sortSpans, type Span, type SpanSource } from '../domain/span.js';

const TIER_ORDER: readonly SpanSource[] = [
  'manual',
  'user',
  'pattern',
  'read-back',
  'propagated',
  'ner',
];

function length(s: Span): number {
  return s.end - s.start;
}

function contains(outer: Span, inner: Span): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

/** True when `a` should be kept over `b` (two overlapping spans of the same tier). */
export function beats(a: Span, b: Span): boolean {
  const aContainsB = contains(a, b);
  const bContainsA = contains(b, a);
  if (aContainsB && !bContainsA) return true;
  if (bContainsA && !aContainsB) return false;
  if (aContainsB && bContainsA) {
    // Identical ranges.
    if (a.score !== b.score) return a.score > b.score;
    return entityTypes.rank(a.type) < entityTypes.rank(b.type);
  }
  if (a.type === b.type) {
    if (length(a) !== length(b)) return length(a) > length(b);
    return a.score > b.score || (a.score === b.score && a.start < b.start);
  }
  if (a.score !== b.score) return a.score > b.score;
  if (length(a) !== length(b)) return length(a) > length(b);
  return a.start < b.start;
}

function resolveTier<T extends Span>(spans: readonly T[]): T[] {
  // Accepted spans never overlap and arrive in start order, so they are sorted by start and by
  // end alike, and the ones a newcomer overlaps are a run at the end: each span is pushed and
  // popped at most once, which keeps a tier O(n log n) (the sort) on texts of any length.
  const accepted: T[] = [];
  for (const candidate of sortSpans(spans)) {
    let k = accepted.length;
    while (k > 0 && accepted[k - 1]!.end > candidate.start) k--;
    let wins = true;
    for (let i = k; i < accepted.length && wins; i++) wins = beats(candidate, accepted[i]!);
    if (wins) {
      accepted.length = k;
      accepted.push(candidate);
    }
  }
  return accepted;
}

const TRIM_START = /^[\s\p{P}]+/u;
const TRIM_END = /[\s\p{P}]+$/u;

/** Rule 1 for one span. */
function worthKeeping(span: Span, text: string): boolean {
  if (span.source === 'manual') return true;
  const value = text.slice(span.start, span.end);
  if (!hasSubstance(value)) return false;
  return span.source !== 'ner' || hasStructuredShape(span.type, value) || /\p{L}/u.test(value);
}

function hasSubstance(value: string): boolean {
  return (value.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2;
}

/**
 * Pieces of `span` outside every `blocker`, trimmed, kept if they still say something.
 * `blockers` are the accepted spans of higher tiers: sorted and non-overlapping, so only the run
 * found by binary search can touch `span`.
 */
function cutAround<T extends Span>(text: string, span: T, blockers: readonly Span[]): T[] {
  let pieces: [number, number][] = [[span.start, span.end]];
  for (let i = firstEndingAfter(blockers, span.start); i < blockers.length; i++) {
    const b = blockers[i]!;
    if (b.start >= span.end) break;
    pieces = pieces.flatMap(([s, e]): [number, number][] => {
      if (b.end <= s || b.start >= e) return [[s, e]];
      const out: [number, number][] = [];
      if (b.start > s) out.push([s, b.start]);
      if (b.end < e) out.push([b.end, e]);
      return out;
    });
  }
  const result: T[] = [];
  for (const [s, e] of pieces) {
    if (s === span.start && e === span.end) {
      result.push(span);
      continue;
    }
    const piece = text.slice(s, e);
    const lead = piece.length - piece.replace(TRIM_START, '').length;
    const trail = piece.length - piece.replace(TRIM_END, '').length;
    const start = s + lead;
    const end = Math.max(start, e - trail);
    if (hasSubstance(text.slice(start, end))) {
      // A piece keeps everything else the span carries (a review's origin, for one).
      result.push({ ...span, start, end, text: text.slice(start, end) });
    }
  }
  return result;
}

/** Reconstructs the document text the spans point into, as far as the spans cover it. */
function textFromSpans(spans: readonly Span[]): string {
  const end = spans.reduce((m, s) => Math.max(m, s.end), 0);
  const chars = new Array<string>(end).fill(' ');
  for (const s of spans)
    for (let i = 0; i < s.text.length; i++) chars[s.start + i] = s.text[i] ?? ' ';
  return chars.join('');
}

/**
 * Merges spans found in one text. `text` is needed only to trim pieces of cut spans; without
 * it the text is rebuilt from the spans themselves (enough, since cut pieces lie inside them).
 */
export function mergeSpans<T extends Span>(spans: readonly T[], text?: string): T[] {
  const ordered = spans.filter((s) => s.start < s.end && s.start >= 0);
  const source = text ?? textFromSpans(ordered);
  const valid = ordered.filter((s) => worthKeeping(s, source));
  let accepted: T[] = [];
  for (const tier of TIER_ORDER) {
    const own = valid.filter((s) => s.source === tier);
    const cut = own
      .flatMap((s) => cutAround(source, s, accepted))
      .filter((s) => worthKeeping(s, source));
    // Kept sorted: the next tier's cutAround searches it.
    accepted = sortSpans([...accepted, ...resolveTier(cut)]);
  }
  return accepted;
}
