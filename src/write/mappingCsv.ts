/**
 * The mapping table a controller asks for with `--mapping FILE`: every original value and what
 * replaced it, so the anonymised outputs can be re-identified. As sensitive as the originals,
 * and written only when asked. CSV, since that is what opens in the spreadsheet at hand.
 */
import type { MappingEntry } from '../domain/placeholderMode.js';

function cell(value: string): string {
  // A leading =, +, - or @ would be read as a formula by a spreadsheet: quoted with a ' it is text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function formatMappingCsv(entries: readonly MappingEntry[]): string {
  const rows = [
    ['file', 'type', 'original', 'replacement'],
    ...entries.map((e) => [e.file, e.type, e.original, e.replacement]),
  ];
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/**
 * `file-names.csv`: each output's name and the name it was read under, for a run whose names were
 * numbered (`--rename`) or had values redacted. As sensitive as the originals: kept inside.
 */
export function formatFileNamesCsv(renamed: ReadonlyMap<string, string>): string {
  const rows = [['output name', 'original name'], ...[...renamed].map(([from, to]) => [to, from])];
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
