/**
 * A model span in a sheet that covers a block of a table — cells of two rows or more and of two
 * columns or more — is not one value. A postal address runs along a row (street, town and
 * postcode in columns) or down a column (an invoice's "Bill to" lines), never across a block.
 * The model reads a list of names with whole-number amounts ("John Smith\t1200\nMary Jones\t800")
 * as one address, house numbers and street names, and the sheet's copy then blanked every amount
 * in it. Such a span is cut at its cells: a cell holding a number alone (an amount, a count)
 * leaves it, and each other cell keeps its part with the span's score, and with the type the model
 * gave the values of that column where it gave them one type (the span's own otherwise).
 */
import type { CellPlace } from '../domain/documentText.js';
import { makeSpan, overlapping, type Span } from '../domain/span.js';

/** A cell of a number alone: "1200", "-1,250.50", "£ 800", "12%", "(450)". */
export const NUMBER_ONLY = /^[\s(+\-–−]*\p{Sc}?\s*\d[\d\s.,'’]*%?\)?\s*$/u;

export function valueCellsInOrder(cells: readonly CellPlace[]): CellPlace[] {
  return cells.filter((c) => c.kind === 'value').sort((a, b) => a.start - b.start);
}

export function cellsUnder(sorted: readonly CellPlace[], span: Span): CellPlace[] {
  return overlapping(sorted, span.start, span.end);
}

function coversBlock(under: readonly CellPlace[]): boolean {
  return (
    new Set(under.map((c) => `${c.sheet}\u0000${c.row}`)).size > 1 &&
    new Set(under.map((c) => `${c.sheet}\u0000${c.col}`)).size > 1
  );
}

/** The cell that holds all of `span`, if one does. */
function cellHolding(sorted: readonly CellPlace[], span: Span): CellPlace | undefined {
  const under = cellsUnder(sorted, span);
  return under.length === 1 && under[0]!.start <= span.start && span.end <= under[0]!.end
    ? under[0]
    : undefined;
}

/** `[start, end)` without the spaces at either end. */
export function trimmedRange(
  text: string,
  start: number,
  end: number,
): { start: number; end: number } {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return { start, end };
}

const columnOf = (cell: CellPlace): string => `${cell.sheet}\u0000${cell.col}`;

export function cutTableBlocks(
  text: string,
  candidates: readonly Span[],
  cells: readonly CellPlace[],
): Span[] {
  if (cells.length === 0) return [...candidates];
  const sorted = valueCellsInOrder(cells);
  const blocks = new Map<Span, CellPlace[]>();
  // The types the model gave values within one cell of each column: a column holds one kind
  // of value, so a block's part in a column whose other cells are names is a name.
  const columnTypes = new Map<string, Set<Span['type']>>();
  for (const span of candidates) {
    if (span.source !== 'ner') continue;
    const under = cellsUnder(sorted, span);
    if (coversBlock(under)) {
      blocks.set(span, under);
      continue;
    }
    const cell = cellHolding(sorted, span);
    if (cell) {
      const types = columnTypes.get(columnOf(cell)) ?? new Set();
      columnTypes.set(columnOf(cell), types.add(span.type));
    }
  }
  if (blocks.size === 0) return [...candidates];
  return candidates.flatMap((span) => {
    const under = blocks.get(span);
    if (!under) return [span];
    return under.flatMap((cell) => {
      if (NUMBER_ONLY.test(text.slice(cell.start, cell.end))) return [];
      const { start, end } = trimmedRange(
        text,
        Math.max(span.start, cell.start),
        Math.min(span.end, cell.end),
      );
      const types = columnTypes.get(columnOf(cell));
      const type = types?.size === 1 ? [...types][0]! : span.type;
      return end > start ? [makeSpan(text, start, end, type, span.score, span.source)] : [];
    });
  });
}
