/**
 * A spreadsheet's review as a grid: each sheet's cells in their rows and columns, each cell with
 * the pieces of the original (highlights included) and of the anonymised text that fall in it.
 * Pure, so the placing is unit-tested without a DOM.
 */
import type { CellPlace } from '../../../src/domain/documentText.js';
import type { TextSegment } from './textSegments.js';

export interface GridCell {
  readonly start: number;
  readonly end: number;
  readonly original: readonly TextSegment[];
  readonly anonymised: readonly TextSegment[];
  /** The anonymised cell differs from the original: something in it is redacted. */
  readonly changed: boolean;
}

export interface SheetGrid {
  readonly sheet: string;
  /** The sheet's name as a cell of its own (it may hold a detection), when the text has it. */
  readonly name?: GridCell;
  readonly columns: number;
  /** Rows in sheet order, each with its 1-based number and its cells by column (1-based). */
  readonly rows: readonly { readonly row: number; readonly cells: ReadonlyMap<number, GridCell> }[];
  /** Notes, with the cell they are on. */
  readonly notes: readonly { readonly ref: string; readonly cell: GridCell }[];
  /** Rows past `maxRows` are not in the grid (the text view shows them). */
  readonly hiddenRows: number;
}

/** Column letters as Excel names them: 1 → A, 27 → AA. */
export function columnName(col: number): string {
  let name = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/**
 * The segments inside [start, end). An original segment is cut at the cell's edges; a
 * placeholder (its text is not the original's) is kept whole in every cell it reaches.
 */
function within(
  segments: readonly TextSegment[],
  from: number,
  start: number,
  end: number,
  placeholders: boolean,
): { pieces: TextSegment[]; next: number } {
  let i = from;
  while (i < segments.length && segments[i]!.end <= start) i++;
  const pieces: TextSegment[] = [];
  for (let j = i; j < segments.length && segments[j]!.start < end; j++) {
    const seg = segments[j]!;
    // A placeholder's text is not the original's: it cannot be cut by offsets.
    const whole = placeholders && seg.span !== undefined;
    if (whole || (seg.start >= start && seg.end <= end)) {
      pieces.push(seg);
      continue;
    }
    const s = Math.max(seg.start, start);
    const e = Math.min(seg.end, end);
    pieces.push({ ...seg, start: s, end: e, text: seg.text.slice(s - seg.start, e - seg.start) });
  }
  return { pieces, next: i };
}

function plainText(pieces: readonly TextSegment[]): string {
  return pieces.map((p) => p.text).join('');
}

export function sheetGrids(
  cells: readonly CellPlace[],
  original: readonly TextSegment[],
  anonymised: readonly TextSegment[],
  maxRows = 2000,
): SheetGrid[] {
  const sheets = new Map<
    string,
    {
      name?: GridCell;
      columns: number;
      rows: Map<number, Map<number, GridCell>>;
      notes: { ref: string; cell: GridCell }[];
      hidden: Set<number>;
    }
  >();
  let o = 0;
  let a = 0;
  // Cells come sorted by start, as the segments do: one sweep places every piece.
  for (const place of cells) {
    if (place.kind === 'property') continue;
    const orig = within(original, o, place.start, place.end, false);
    const anon = within(anonymised, a, place.start, place.end, true);
    o = orig.next;
    a = anon.next;
    const cell: GridCell = {
      start: place.start,
      end: place.end,
      original: orig.pieces,
      anonymised: anon.pieces,
      changed: plainText(orig.pieces) !== plainText(anon.pieces),
    };
    let sheet = sheets.get(place.sheet);
    if (!sheet) {
      sheet = { columns: 0, rows: new Map(), notes: [], hidden: new Set() };
      sheets.set(place.sheet, sheet);
    }
    if (place.kind === 'sheetName') {
      sheet.name = cell;
    } else if (place.kind === 'note') {
      sheet.notes.push({ ref: `${columnName(place.col)}${place.row}`, cell });
    } else if (!sheet.rows.has(place.row) && sheet.rows.size >= maxRows) {
      sheet.hidden.add(place.row);
    } else {
      const row = sheet.rows.get(place.row) ?? new Map<number, GridCell>();
      row.set(place.col, cell);
      sheet.rows.set(place.row, row);
      sheet.columns = Math.max(sheet.columns, place.col);
    }
  }
  return [...sheets].map(([name, s]) => ({
    sheet: name,
    ...(s.name ? { name: s.name } : {}),
    columns: s.columns,
    rows: [...s.rows].sort(([x], [y]) => x - y).map(([row, byCol]) => ({ row, cells: byCol })),
    notes: s.notes,
    hiddenRows: s.hidden.size,
  }));
}
