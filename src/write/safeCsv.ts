/**
 * CSV text that a spreadsheet opens as the same rows and as inert text. A cell that starts like
 * a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`, `-1+…`) would run when the copy is opened —
 * OWASP's CSV injection — so it gets a leading apostrophe, Excel's own mark for "text"; a plain
 * number ("-42.50", "+12") is left alone. Every cell holding a line break is quoted, so a note of
 * two lines stays one row.
 */
import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?(?:\d[\d,.']*)?\d(?:[.,]\d+)?%?$/;

export function inertCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

export function stringifyCsv(rows: readonly (readonly string[])[], delimiter: string): string {
  return stringify(
    rows.map((r) => r.map(inertCell)),
    { delimiter, record_delimiter: '\r\n', quoted_match: /[\r\n]/ },
  );
}
