/**
 * "B3" for row 3, column 2. A module of its own: Results.xlsx names cells with it, and importing
 * it from sheetTable would load exceljs's reader with every run's start.
 */
export function cellName(row: number, col: number): string {
  let letters = '';
  for (let c = col; c > 0; c = Math.floor((c - 1) / 26)) {
    letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  }
  return `${letters}${row}`;
}
