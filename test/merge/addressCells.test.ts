/**
 * A sheet's address cell is one address: the model's address that opens the cell and covers most
 * of it is taken to the cell's end (the postcode or town it stopped short of), unless a pattern or
 * a surer model span holds the rest, or the rest reads as a sentence.
 */
import { describe, expect, it } from 'vitest';
import type { CellPlace } from '../../src/domain/documentText.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { sheetCandidates } from '../../src/merge/sheetCandidates.js';

/** A one-row sheet of tab-separated cells, with its cells' places. */
function sheet(row: string[]): { text: string; cells: CellPlace[] } {
  const cells: CellPlace[] = [];
  let at = 0;
  row.forEach((value, col) => {
    cells.push({ sheet: 'S', row: 1, col, kind: 'value', start: at, end: at + value.length });
    at += value.length + 1;
  });
  return { text: row.join('\t'), cells };
}

function at(
  text: string,
  value: string,
  type: string,
  score = 0.9,
  source: Span['source'] = 'ner',
) {
  const start = text.indexOf(value);
  return makeSpan(text, start, start + value.length, type, score, source);
}

describe('an address cell', () => {
  it('is redacted to its end where the model stopped before the postcode or the town', () => {
    const { text, cells } = sheet(['Esila Oever', 'Fennaboulevard 09, 4637 BG, Barger-Compascuum']);
    const out = sheetCandidates(
      text,
      [
        at(text, 'Fennaboulevard 09, 4637 BG', 'ADDRESS', 1),
        at(text, 'Barger-Compascuum', 'COMPANY', 0.49),
      ],
      cells,
    );
    expect(out.filter((s) => s.type === 'ADDRESS').map((s) => s.text)).toEqual([
      'Fennaboulevard 09, 4637 BG, Barger-Compascuum',
    ]);
  });

  it('keeps its end where it reads as a sentence, or a surer span holds it', () => {
    const prose = sheet(['12 High Street, Leeds, delivered on time']);
    expect(
      sheetCandidates(
        prose.text,
        [at(prose.text, '12 High Street, Leeds', 'ADDRESS')],
        prose.cells,
      ).map((s) => s.text),
    ).toEqual(['12 High Street, Leeds']);
    const { text, cells } = sheet(['12 High Street, Leeds, Acme Ltd']);
    const out = sheetCandidates(
      text,
      [at(text, '12 High Street, Leeds', 'ADDRESS', 0.8), at(text, 'Acme Ltd', 'COMPANY', 0.95)],
      cells,
    );
    expect(out.map((s) => s.text)).toEqual(['12 High Street, Leeds', 'Acme Ltd']);
  });

  it('is left as found where the model covered less than half of it', () => {
    const { text, cells } = sheet(['Kent St, Springfield Heights, North Shore, NSW 2000']);
    expect(
      sheetCandidates(text, [at(text, 'Kent St', 'ADDRESS')], cells).map((s) => s.text),
    ).toEqual(['Kent St']);
  });
});
