/**
 * A user's allow-list ("never redact Reserve Bank of India"): a detection whose text equals an
 * entry, ignoring case and spacing, is dropped whatever found it. A reviewer's own additions
 * stay: the reviewer has the last word.
 */
import type { Span } from '../domain/span.js';
import { normaliseValue } from '../domain/userRecognizers.js';

export function dropAllowed<T extends Span>(
  spans: readonly T[],
  allow: readonly string[] = [],
): T[] {
  if (allow.length === 0) return [...spans];
  const allowed = new Set(allow.map(normaliseValue));
  return spans.filter((s) => s.source === 'manual' || !allowed.has(normaliseValue(s.text)));
}
