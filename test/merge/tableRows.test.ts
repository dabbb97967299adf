/**
 * Table rows: a column the model found in most rows of a table is redacted in every row, with
 * its type; prose, short tables and columns found in few rows are left as the model left them.
 */
import { describe, expect, it } from 'vitest';
import type { DetectionPolicy } from '../../src/domain/detectionPolicy.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { resolveDetections } from '../../src/merge/resolveDetections.js';
import { MIN_ROWS, propagateRows } from '../../src/merge/propagateRows.js';

const POLICY: DetectionPolicy = { types: ['NAME', 'COMPANY', 'BANK_ACCOUNT'], modelThreshold: 0.5 };

const ROWS = [
  'CHI Varga Tomas F $ 700,000.00 $ 770,937.50',
  'CLB Osei Benjamin D $ 275,000.00 $ 291,666.67',
  'COL Harrow Quentin M $ 63,000.00 $ 65,826.88',
  'DAL Lindqvist Marek D $ 185,000.00 $ 195,000.00',
  'MTL Dunmore Emrys M $ 67,941.50 $ 94,191.50',
  'NYCFC Quinlan TJ D $ 63,000.00 $ 63,000.00',
  'DC Ferrante Piero M-F $ 82,500.00 $ 82,500.00',
  'LA Brannock Corin F-M $ 250,000.00 $ 250,000.00',
];
// A player with two surnames: one word more in the name column than the table's shape.
const LONGER = 'ATL Mensah Asante Kwame M $ 51,504.00 $ 51,504.00';
const TEXT = `Club Last Name First Name Pos Base Salary Compensation\n${ROWS.join('\n')}\n${LONGER}\n`;

function wordsOf(line: string, from: number, to: number): [number, number] {
  const lineStart = TEXT.indexOf(line);
  const words = [...line.matchAll(/\S+/g)];
  const start = lineStart + words[from]!.index;
  const last = words[to]!;
  return [start, lineStart + last.index + last[0].length];
}

function span(line: string, from: number, to: number, type: string): Span {
  const [start, end] = wordsOf(line, from, to);
  return makeSpan(TEXT, start, end, type, 0.9, 'ner');
}

function redacted(candidates: Span[]): string[] {
  return resolveDetections(TEXT, candidates, POLICY).map((s) => `${s.type}:${s.text}`);
}

describe('a column found in most rows of a table', () => {
  // The model found the club and the name in the first six rows only (as it missed every "MTL"
  // row of a real salary list while finding "CHI").
  const found = ROWS.slice(0, 6).flatMap((row) => [
    span(row, 0, 0, 'COMPANY'),
    span(row, 1, 2, 'NAME'),
  ]);

  it('is redacted with its type in every row of the table, capitals and all', () => {
    const out = redacted(found);
    for (const row of ROWS) {
      const words = row.split(' ');
      expect(out).toContain(`COMPANY:${words[0]}`);
      expect(out).toContain(`NAME:${words[1]} ${words[2]}`);
    }
    // The header and the amounts are no column the model found.
    expect(out.some((s) => s.includes('Club') || s.includes('$'))).toBe(false);
  });

  it('reaches a row whose column of capitalised words holds one word more', () => {
    // As the model read the real salary list: club, name and position as one NAME per row.
    const rows = ROWS.slice(0, 6).map((row) => span(row, 0, 3, 'NAME'));
    expect(redacted(rows)).toContain('NAME:ATL Mensah Asante Kwame M');
  });

  it('leaves such a row where two columns touch: which of them grew is not known', () => {
    expect(redacted(found).some((s) => s.includes('Mensah'))).toBe(false);
  });

  it('joins a row span that runs on past the column instead of cutting it ("Tate Owen GK")', () => {
    const out = redacted([...found, span(ROWS[6]!, 1, 3, 'NAME')]);
    expect(out).toContain('NAME:Ferrante Piero M-F');
    expect(out).not.toContain('NAME:M-F');
  });

  it('keeps a span of another type that a validated pattern found in the column', () => {
    const pattern = makeSpan(TEXT, ...wordsOf(ROWS[7]!, 1, 2), 'BANK_ACCOUNT', 1, 'pattern');
    const out = redacted([...found, pattern]);
    expect(out).toContain('BANK_ACCOUNT:Brannock Corin');
    expect(out).not.toContain('NAME:Brannock Corin');
  });

  it('is not spread from a column found in fewer than 60% of the rows', () => {
    const few = ROWS.slice(0, 4).map((row) => span(row, 0, 0, 'COMPANY'));
    expect(propagateRows(TEXT, few)).toEqual([]);
  });

  it(`needs ${MIN_ROWS} rows of one shape: a short table is left as found`, () => {
    const short = `${ROWS.slice(0, MIN_ROWS - 1).join('\n')}\n`;
    const start = short.indexOf('CHI');
    expect(
      propagateRows(short, [makeSpan(short, start, start + 3, 'COMPANY', 0.9, 'ner')]),
    ).toEqual([]);
  });

  it('is off with propagation off', () => {
    const out = resolveDetections(TEXT, found, { ...POLICY, propagate: 'off' });
    expect(out.map((s) => s.text)).not.toContain('DC');
  });
});

describe('prose', () => {
  it('never forms a table: lines without a capital or a digit are no rows', () => {
    const text = `${Array.from({ length: 10 }, () => 'the payment was received late by the bank').join('\n')}\n`;
    const everyLine = [...text.matchAll(/payment/g)].map((m) =>
      makeSpan(text, m.index, m.index + 7, 'NAME', 0.9, 'ner'),
    );
    // Even a span in all ten lines spreads nowhere: there is no other line to spread to, and
    // none is added.
    expect(propagateRows(text, everyLine.slice(0, 7))).toEqual([]);
  });
});
