import type { DocBuilder, Part } from '../core/docBuilder.js';
import type { GenContext } from '../core/genContext.js';
import { isPii } from '../core/goldDocument.js';

export type Cell = string | Part;

function cellText(c: Cell): string {
  if (typeof c === 'string') return c;
  if (isPii(c)) return c.value;
  if (typeof c === 'number') return String(c);
  if (Array.isArray(c)) return (c as readonly Cell[]).map(cellText).join('');
  return '';
}

/**
 * A table as text rows, the way text extraction of a PDF or a plain-text statement shows it:
 * padded columns, pipes, or tabs. Cells may hold labelled values (a payee in a transaction row).
 */
export function textTable(
  d: DocBuilder,
  ctx: GenContext,
  header: readonly string[] | null,
  rows: readonly (readonly Cell[])[],
): void {
  const style = ctx.pick(['padded', 'padded', 'pipes', 'tabs', 'single'] as const);
  const all = header ? [header, ...rows] : rows;
  const widths: number[] = [];
  for (const row of all) {
    row.forEach((c, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cellText(c).length);
    });
  }
  const emit = (row: readonly Cell[]): void => {
    row.forEach((c, i) => {
      const last = i === row.length - 1;
      d.part(c as Part);
      if (last) return;
      if (style === 'padded')
        d.text(' '.repeat(Math.max(2, (widths[i] ?? 0) - cellText(c).length + 2)));
      else if (style === 'pipes') d.text(' | ');
      else if (style === 'tabs') d.text('\t');
      else d.text(' ');
    });
    d.text('\n');
  };
  d.table(() => {
    if (header) {
      emit(header);
      if (style !== 'tabs' && ctx.chance(0.5))
        d.line(
          '-'.repeat(
            Math.min(
              90,
              widths.reduce((a, b) => a + b + 2, 0),
            ),
          ),
        );
    }
    for (const row of rows) emit(row);
  });
}

/** "Label: value" lines, the shape of forms and summary boxes. */
export function keyValues(
  d: DocBuilder,
  ctx: GenContext,
  pairs: readonly (readonly [string, Cell])[],
): void {
  const style = ctx.rng.weighted([
    ['aligned', 4],
    ['inline', 5],
    ['columns', 1],
  ] as const);
  if (style === 'columns') {
    // pdf.js often returns a label column before its value column: the labels, then the values.
    for (const [k] of pairs) d.line(`${k}:`);
    for (const [, v] of pairs) d.line(v as Part);
    return;
  }
  const width = Math.max(...pairs.map(([k]) => k.length));
  for (const [k, v] of pairs) {
    if (style === 'aligned') d.line(`${k}:`, ' '.repeat(width - k.length + 2), v as Part);
    else d.line(`${k}${ctx.sep()}`, v as Part);
  }
}

/**
 * A two-column header as text extraction returns it: each output line holds a line of the left
 * block and a line of the right block. A multi-line address on the left is then split by the
 * right column's text, so each of its lines becomes its own ADDRESS span.
 */
export function sideBySide(
  d: DocBuilder,
  ctx: GenContext,
  left: readonly Part[],
  right: readonly Part[],
): void {
  const gap = ' '.repeat(ctx.int(3, 24));
  const rows = Math.max(left.length, right.length);
  for (let i = 0; i < rows; i++) {
    const l = left[i];
    const r = right[i];
    if (l !== undefined) d.part(l);
    if (l !== undefined && r !== undefined) d.text(gap);
    if (r !== undefined) d.part(r);
    d.text('\n');
  }
}
