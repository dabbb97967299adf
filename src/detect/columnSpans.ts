/**
 * `--columns "Customer,IBAN"`: every cell under those headers redacted whole, whatever the
 * detectors make of it — for columns that are personal data by what they hold (a customer
 * column of names the model might miss one of). Headers are compared ignoring case and spacing;
 * the spans are the user's own (source `manual`, never hidden by a filter).
 */
import type { CellPlace } from '../domain/documentText.js';
import { entityTypes } from '../domain/entityTypes.js';
import { makeSpan, type Span } from '../domain/span.js';
import { normaliseValue } from '../domain/userRecognizers.js';

export const COLUMN_TYPE = 'COLUMN';

export function columnSpans(
  text: string,
  cells: readonly CellPlace[],
  headers: readonly string[],
): Span[] {
  if (headers.length === 0) return [];
  // Registered only when asked for, so runs without --columns get no extra type column.
  entityTypes.register({ type: COLUMN_TYPE, label: 'Column', placeholder: '[REDACTED]' });
  const wanted = new Set(headers.map(normaliseValue));
  const columns = new Set(
    cells
      .filter((c) => c.kind === 'value' && c.row === 1)
      .filter((c) => wanted.has(normaliseValue(text.slice(c.start, c.end))))
      .map((c) => `${c.sheet}\u0000${c.col}`),
  );
  return cells
    .filter((c) => c.kind === 'value' && c.row > 1 && columns.has(`${c.sheet}\u0000${c.col}`))
    .map((c) => makeSpan(text, c.start, c.end, COLUMN_TYPE, 1, 'manual'));
}
