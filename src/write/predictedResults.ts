/**
 * The Predicted sheet's cell formats, kept as the published baseline prints them so existing
 * review habits and scripts still work.
 */
import type { EntityType } from '../domain/entityTypes.js';
import type { Span } from '../domain/span.js';

/** `[(0, 10, 'NAME'), (25, 40, 'EMAIL')]` — a Python-style list of (start, end, type) tuples. */
export function formatPredictedResults(spans: readonly Span[]): string {
  return `[${spans.map((s) => `(${s.start}, ${s.end}, '${s.type}')`).join(', ')}]`;
}

/** The distinct texts found for one type, in order of first appearance, one per line. */
export function distinctValues(spans: readonly Span[], type: EntityType): string {
  const values = new Set<string>();
  for (const span of spans)
    if (span.type === type) values.add(span.text.replace(/\s+/g, ' ').trim());
  return [...values].join('\n');
}
