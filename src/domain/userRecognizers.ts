/**
 * A user's own recognizers, as read from a recognizers file (YAML, see
 * src/detect/recognizersFile.ts): new entity types, term lists and patterns, and an allow-list.
 * Plain data, so the same configuration travels from the app's settings to a job process.
 */
import type { EntityTypeDefinition } from './entityTypes.js';

export interface UserRecognizerSpec {
  readonly name: string;
  readonly type: string;
  /** Found case-insensitively, as whole words, with any run of whitespace matching any other. */
  readonly terms?: readonly string[];
  /** RE2 syntax (linear time: no look-around or back-references). */
  readonly patterns?: readonly string[];
  /** Patterns ignore case; terms always do. */
  readonly ignoreCase?: boolean;
  /** Lower-case words or phrases near a match that raise its score. */
  readonly context?: readonly string[];
  /** In [0, 1]; terms default to 1, patterns to 0.8. Below 0.5 a match needs context. */
  readonly score?: number;
}

export interface UserRecognizerConfig {
  readonly types: readonly EntityTypeDefinition[];
  readonly recognizers: readonly UserRecognizerSpec[];
  /** Values never redacted, whatever finds them (compared ignoring case and spacing). */
  readonly allow: readonly string[];
}

export const NO_USER_RECOGNIZERS: UserRecognizerConfig = { types: [], recognizers: [], allow: [] };

/** How far a detected value is spread to its other occurrences. */
export type PropagationScope = 'document' | 'batch' | 'off';
export const PROPAGATION_SCOPES: readonly PropagationScope[] = ['document', 'batch', 'off'];

/** The comparison form of a value: lower case, runs of whitespace as one space, trimmed. */
export function normaliseValue(value: string): string {
  return value.toLowerCase().replace(/\s+/g, ' ').trim();
}
