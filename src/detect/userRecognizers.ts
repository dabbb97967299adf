/**
 * A user's recognizers as Recognizers: terms (case-insensitive whole words, any whitespace
 * matching any other, across line breaks) and patterns (RE2, linear time whatever the user
 * wrote, so a pattern cannot hang a batch by backtracking). Their spans have source `user`, the
 * tier above validated patterns in the merge: the user said these values are sensitive.
 */
import type { UserRecognizerSpec } from '../domain/userRecognizers.js';
import type { Candidate } from './patternRecognizer.js';
import { definePatternRecognizer } from './patternRecognizer.js';
import type { Recognizer } from './recognizer.js';
import { compileUserPattern } from './userPatterns.js';
import type { Span } from '../domain/span.js';
import { ValueIndex } from '../domain/valueMatching.js';

const TERM_SCORE = 1;
const PATTERN_SCORE = 0.8;
function patternCandidates(spec: UserRecognizerSpec): (text: string) => Candidate[] {
  const compiled = (spec.patterns ?? []).map((p) =>
    compileUserPattern(p, spec.ignoreCase ?? false),
  );
  const termScore = spec.score ?? TERM_SCORE;
  const patternScore = spec.score ?? PATTERN_SCORE;
  const terms = new ValueIndex<true>();
  for (const term of spec.terms ?? []) terms.add(term, true);
  return (text) => {
    const found: Candidate[] = terms
      .find(text)
      .map(({ start, end }) => ({ start, end, score: termScore }));
    for (const pattern of compiled) {
      const m = pattern.matcher(text);
      while (m.find()) {
        if (m.end() > m.start())
          found.push({ start: m.start(), end: m.end(), score: patternScore });
      }
    }
    return found;
  };
}

export function userRecognizer(spec: UserRecognizerSpec): Recognizer {
  const inner = definePatternRecognizer({
    name: spec.name,
    type: spec.type,
    find: patternCandidates(spec),
    ...(spec.context ? { context: spec.context } : {}),
  });
  return {
    name: `user: ${spec.name}`,
    types: inner.types,
    analyze(text: string) {
      // Pattern recognizers are synchronous.
      const spans = inner.analyze(text) as Span[];
      return spans.map((s) => ({ ...s, source: 'user' as const }));
    },
  };
}
