/** The spreadsheet grid of the review: every cell's original and anonymised pieces in place. */
import { describe, expect, it } from 'vitest';
import type { CellPlace } from '../../src/domain/documentText.js';
import type { EntityType } from '../../src/domain/entityTypes.js';
import { makeSpan } from '../../src/domain/span.js';
import { reviewView } from '../../renderer/src/review/reviewView.js';
import { initialReviewState, reviewReducer } from '../../renderer/src/review/reviewState.js';
import { columnName, sheetGrids } from '../../renderer/src/review/sheetGrid.js';
import { anonymisedSegments, originalSegments } from '../../renderer/src/review/textSegments.js';

// As the extractor lays a workbook out: the sheet's name, then rows of tab-separated cells.
const ROWS = [
  ['Clients'],
  ['Name', 'E-mail', 'Balance'],
  ['Ann Lee', 'ann@example.org', '12.50'],
  ['Bo Chan', 'bo@example.org', '7.00'],
];
const TEXT = ROWS.map((r) => r.join('\t')).join('\n');
const CELLS: CellPlace[] = [];
{
  let at = 0;
  ROWS.forEach((row, r) => {
    row.forEach((value, c) => {
      CELLS.push({
        sheet: 'Clients',
        row: r,
        col: r === 0 ? 0 : c + 1,
        kind: r === 0 ? 'sheetName' : 'value',
        start: at,
        end: at + value.length,
      });
      at += value.length + 1;
    });
  });
}
const span = (value: string, type: EntityType) =>
  makeSpan(TEXT, TEXT.indexOf(value), TEXT.indexOf(value) + value.length, type, 0.9, 'ner');

function grid(
  state = initialReviewState(TEXT, [
    span('Ann Lee', 'NAME'),
    span('ann@example.org', 'EMAIL'),
    span('Bo Chan', 'NAME'),
  ]),
) {
  const policy = { types: ['NAME', 'EMAIL'] as EntityType[], modelThreshold: 0.5 };
  const { shown, redacted } = reviewView(state, policy);
  return {
    state,
    grids: sheetGrids(CELLS, originalSegments(TEXT, shown), anonymisedSegments(TEXT, redacted)),
  };
}

const text = (pieces: readonly { text: string }[]) => pieces.map((p) => p.text).join('');

describe('the spreadsheet grid', () => {
  it('puts every value in its row and column, with the sheet name as its caption', () => {
    const [sheet, ...others] = grid().grids;
    expect(others).toEqual([]);
    expect(sheet!.sheet).toBe('Clients');
    expect(text(sheet!.name!.original)).toBe('Clients');
    expect(sheet!.columns).toBe(3);
    expect(sheet!.rows.map((r) => r.row)).toEqual([1, 2, 3]);
    const cell = (row: number, col: number) =>
      sheet!.rows.find((r) => r.row === row)!.cells.get(col)!;
    expect(text(cell(1, 1).original)).toBe('Name');
    expect(text(cell(2, 2).original)).toBe('ann@example.org');
    expect(text(cell(3, 3).original)).toBe('7.00');
  });

  it("shows each cell's detections marked and what the copy's cell will hold", () => {
    const { grids } = grid();
    const row2 = grids[0]!.rows.find((r) => r.row === 2)!.cells;
    expect(row2.get(1)!.original.map((p) => p.span?.type)).toEqual(['NAME']);
    expect(text(row2.get(1)!.anonymised)).toBe('[NAME REDACTED]');
    expect(row2.get(1)!.changed).toBe(true);
    expect(text(row2.get(2)!.anonymised)).toBe('[EMAIL REDACTED]');
    expect(row2.get(3)!.changed).toBe(false);
    expect(text(row2.get(3)!.anonymised)).toBe('12.50');
  });

  it('follows the review: a rejected name is shown as found and left in the copy', () => {
    const before = grid();
    const bo = before.state.candidates.findIndex((c) => c.text === 'Bo Chan');
    const after = grid(
      reviewReducer(before.state, { kind: 'reject', origin: { kind: 'candidate', index: bo } }),
    );
    const cell = after.grids[0]!.rows.find((r) => r.row === 3)!.cells.get(1)!;
    expect(cell.changed).toBe(false);
    expect(cell.original[0]!.span?.status).toBe('rejected');
  });

  it('keeps at most maxRows rows and counts the rest', () => {
    const [sheet] = sheetGrids(CELLS, originalSegments(TEXT, []), anonymisedSegments(TEXT, []), 2);
    expect(sheet!.rows.map((r) => r.row)).toEqual([1, 2]);
    expect(sheet!.hiddenRows).toBe(1);
  });

  it('names columns as Excel does', () => {
    expect([1, 26, 27, 52, 703].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
  });
});
