/**
 * Finds a span's value in text that came out of a PDF. Extraction reflows text: items are joined
 * with or without spaces, lines break anywhere, ligatures become compatibility characters, case
 * may differ from the detected span. So a value matches with any whitespace (or none) between
 * its characters, case-insensitively, after NFKC normalisation, but not inside a longer word
 * ("Li" must not match "Liability"), which would make every check fail on innocent text.
 */
import { escapeRegExp } from './escapeRegExp.js';

export interface PiiValuePattern {
  /** The value with whitespace removed, NFKC-normalised. */
  readonly compact: string;
  readonly regex: RegExp;
}

const WORD_CHAR = '[\\p{L}\\p{N}]';

export function piiValuePattern(value: string): PiiValuePattern | null {
  const compact = value.normalize('NFKC').replace(/\s+/gu, '');
  const chars = Array.from(compact);
  const first = chars[0];
  const last = chars[chars.length - 1];
  if (first === undefined || last === undefined) return null;
  const body = chars.map(escapeRegExp).join('\\s*');
  const before = /[\p{L}\p{N}]/u.test(first) ? `(?<!${WORD_CHAR})` : '';
  const after = /[\p{L}\p{N}]/u.test(last) ? `(?!${WORD_CHAR})` : '';
  return { compact, regex: new RegExp(`${before}${body}${after}`, 'giu') };
}

/** Distinct patterns for a list of values (spans often repeat the same value). */
export function piiValuePatterns(values: Iterable<string>): PiiValuePattern[] {
  const byCompact = new Map<string, PiiValuePattern>();
  for (const value of values) {
    const pattern = piiValuePattern(value);
    if (pattern !== null && !byCompact.has(pattern.compact.toLowerCase())) {
      byCompact.set(pattern.compact.toLowerCase(), pattern);
    }
  }
  return [...byCompact.values()];
}

/** Whether `text` (as extracted, any normalisation) contains the value. */
export function containsPiiValue(text: string, pattern: PiiValuePattern): boolean {
  pattern.regex.lastIndex = 0;
  return pattern.regex.test(text.normalize('NFKC'));
}

/**
 * Whether `text` contains the value starting with a capital: how a one-word capitalised value
 * ("Beeswax") is looked for, since its lower-case copies are ordinary words that stay.
 */
export function containsCapitalisedPiiValue(text: string, pattern: PiiValuePattern): boolean {
  return findCapitalisedPiiValueRanges(text.normalize('NFKC'), pattern).length > 0;
}

/** `[start, end)` ranges in `text` (not normalised) where the value starts with a capital. */
export function findCapitalisedPiiValueRanges(
  text: string,
  pattern: PiiValuePattern,
): { start: number; end: number }[] {
  return findPiiValueRanges(text, [pattern]).filter(({ start }) =>
    /^\p{Lu}/u.test(text.slice(start)),
  );
}

/** `[start, end)` ranges in `text` (not normalised, so offsets hold) where any value occurs. */
export function findPiiValueRanges(
  text: string,
  patterns: readonly PiiValuePattern[],
): { start: number; end: number; pattern: PiiValuePattern }[] {
  const ranges: { start: number; end: number; pattern: PiiValuePattern }[] = [];
  for (const pattern of patterns) {
    // matchAll starts where the shared regex's last test() left off.
    pattern.regex.lastIndex = 0;
    for (const match of text.matchAll(pattern.regex)) {
      ranges.push({ start: match.index, end: match.index + match[0].length, pattern });
    }
  }
  return ranges.sort((a, b) => a.start - b.start || b.end - a.end);
}
