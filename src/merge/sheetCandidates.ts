/**
 * What a sheet's cells make of the model's spans, in the order the rules need: a span over a
 * block of cells is cut at its cells first (its parts take their column's type), an address the
 * model stopped short of in its cell is taken to the cell's end, then a column under a person's
 * header is filled where the model found one of its names.
 */
import type { CellPlace } from '../domain/documentText.js';
import type { Span } from '../domain/span.js';
import { fillNameColumns } from './nameColumns.js';
import { cutTableBlocks } from './tableBlocks.js';
import { completeAddressCells } from './addressCells.js';

export function sheetCandidates(
  text: string,
  candidates: readonly Span[],
  cells: readonly CellPlace[],
): Span[] {
  if (cells.length === 0) return [...candidates];
  const cut = cutTableBlocks(text, candidates, cells);
  return fillNameColumns(text, completeAddressCells(text, cut, cells), cells);
}
