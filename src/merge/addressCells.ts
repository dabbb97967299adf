/**
 * A sheet's address cell is one address: where the model's ADDRESS span opens a cell and covers
 * most of it, the rest of the cell is the address's end it stopped short of — the postcode, the
 * town or the state ("3/790 Michael Street, St. Carol, SA, 2947" with "2947" left, "… 4637 BG,
 * Barger-Compascuum" with the town left, in a mandate list's address column). The span is taken
 * to the cell's end when what is left is a few capitalised words or numbers (no lower-case word
 * of a sentence) and no pattern or surer model span holds any of it.
 */
import type { CellPlace } from '../domain/documentText.js';
import { makeSpan, type Span } from '../domain/span.js';
import { cellsUnder, trimmedRange, valueCellsInOrder } from './tableBlocks.js';

/** What an address's end is made of: postcodes, towns, states, a country; commas between. */
const ADDRESS_END = /^[\s,;.]*(?:[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'’.()-]*[\s,;]*){1,4}$/u;

export function completeAddressCells(
  text: string,
  spans: readonly Span[],
  cells: readonly CellPlace[],
): Span[] {
  const sorted = valueCellsInOrder(cells);
  if (sorted.length === 0) return [...spans];
  return spans.map((span) => {
    if (span.type !== 'ADDRESS' || span.source !== 'ner') return span;
    const under = cellsUnder(sorted, span);
    if (under.length !== 1) return span;
    const cell = trimmedRange(text, under[0]!.start, under[0]!.end);
    if (span.start > cell.start || span.end >= cell.end) return span;
    const rest = text.slice(span.end, cell.end);
    if ((span.end - span.start) * 2 < cell.end - cell.start || !ADDRESS_END.test(rest)) return span;
    // A pattern's find there, or a surer reading by the model, is the rest's own; a less sure
    // one ("Barger-Compascuum" as a company at 0.5 beside the address at 1) gives way.
    const other = spans.some(
      (s) =>
        s !== span &&
        s.start < cell.end &&
        s.end > span.end &&
        (s.source !== 'ner' || s.score >= span.score),
    );
    if (other) return span;
    return makeSpan(text, span.start, cell.end, span.type, span.score, span.source);
  });
}
