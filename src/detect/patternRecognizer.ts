/**
 * The shared base of every pattern recognizer (Presidio's PatternRecognizer, in TypeScript):
 * a recognizer is a declarative definition — entity type, patterns with base scores, context
 * words, a validate hook — and this module does the matching, validation, context boost,
 * thresholding and de-duplication. Adding a type is adding one file in `recognizers/`.
 */
import type { EntityType } from '../domain/entityTypes.js';
import { firstEndingAfter, makeSpan, type Span } from '../domain/span.js';
import { CONTEXT_BOOST, hasContext } from './context.js';
import type { Recognizer } from './recognizer.js';

/** A possible match before validation: `[start, end)` into the analysed text. */
export interface Candidate {
  readonly start: number;
  readonly end: number;
  readonly score: number;
}

export interface PatternDefinition {
  /** Shown in tests and debugging only. */
  readonly name: string;
  /** Must carry the `g` flag; the whole match is the candidate (use look-arounds for edges). */
  readonly regex: RegExp;
  /** Base score before validation and context. */
  readonly score: number;
}

export interface PatternRecognizerDefinition {
  readonly name: string;
  readonly type: EntityType;
  readonly patterns?: readonly PatternDefinition[];
  /** A finder for types a regex cannot express well (phone numbers via libphonenumber). */
  readonly find?: (text: string) => Candidate[];
  /** Lower-case words or phrases that raise a nearby match's score by CONTEXT_BOOST. */
  readonly context?: readonly string[];
  /**
   * Checks a candidate's value: `false` rejects it, `true` keeps its score, a number replaces
   * the score (a checksum that passes is stronger evidence than the shape alone).
   */
  readonly validate?: (value: string, candidate: Candidate, text: string) => boolean | number;
  /** Widens an accepted match, e.g. a card number to the printed card block around it. */
  readonly extend?: (text: string, candidate: Candidate) => Candidate;
  /** Matches scoring below this after context are dropped; defaults to MIN_PATTERN_SCORE. */
  readonly minScore?: number;
}

/** A pattern span must reach this score to be reported: shape alone at 0.5, or weaker shape plus context. */
export const MIN_PATTERN_SCORE = 0.5;

function regexCandidates(text: string, patterns: readonly PatternDefinition[]): Candidate[] {
  const found: Candidate[] = [];
  for (const pattern of patterns) {
    if (!pattern.regex.global) throw new Error(`pattern ${pattern.name} needs the g flag`);
    for (const m of text.matchAll(pattern.regex)) {
      if (m[0].length === 0) continue;
      found.push({ start: m.index, end: m.index + m[0].length, score: pattern.score });
    }
  }
  return found;
}

/**
 * Within one recognizer overlapping matches are alternatives readings of one value: a match that
 * contains another wins ("amazon.in/business" over "amazon.in", "(+34) 769261231" over its
 * national part), otherwise the higher score, then the longer.
 */
function dropOverlaps(candidates: Candidate[]): Candidate[] {
  const ranked = [...candidates].sort(
    (a, b) => b.end - b.start - (a.end - a.start) || b.score - a.score || a.start - b.start,
  );
  // Kept candidates never overlap, so kept sorted by start they are sorted by end too, and a
  // newcomer's rivals are found by binary search: linear-logarithmic on texts of any length.
  const kept: Candidate[] = [];
  for (const c of ranked) {
    const from = firstEndingAfter(kept, c.start);
    let to = from;
    while (to < kept.length && kept[to]!.start < c.end) to++;
    const rivals = kept.slice(from, to);
    if (
      rivals.length === 0 ||
      rivals.every((r) => c.score > r.score && !(r.start <= c.start && c.end <= r.end))
    ) {
      kept.splice(from, to - from, c);
    }
  }
  return kept;
}

export function scoreCandidate(
  def: PatternRecognizerDefinition,
  text: string,
  candidate: Candidate,
): Candidate | undefined {
  let score = candidate.score;
  if (def.validate) {
    const verdict = def.validate(text.slice(candidate.start, candidate.end), candidate, text);
    if (verdict === false) return undefined;
    if (typeof verdict === 'number') score = verdict;
  }
  if (score > 0 && def.context && hasContext(text, candidate.start, candidate.end, def.context)) {
    score = Math.min(1, score + CONTEXT_BOOST);
  }
  if (score < (def.minScore ?? MIN_PATTERN_SCORE)) return undefined;
  const accepted = { ...candidate, score };
  return def.extend ? def.extend(text, accepted) : accepted;
}

export function definePatternRecognizer(def: PatternRecognizerDefinition): Recognizer {
  return {
    name: def.name,
    types: [def.type],
    analyze(text: string): Span[] {
      const raw = [...regexCandidates(text, def.patterns ?? []), ...(def.find?.(text) ?? [])];
      const accepted = raw
        .map((c) => scoreCandidate(def, text, c))
        .filter((c): c is Candidate => c !== undefined);
      return dropOverlaps(accepted).map((c) =>
        makeSpan(text, c.start, c.end, def.type, round(c.score), 'pattern'),
      );
    },
  };
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}
