/**
 * A text's tables, cut into cells as a sheet's are: lines with the same separator and the same
 * number of cells, a rule under the header kept inside, a blank line or a line of prose ending
 * the table. Then the shipped model on a text table of names and hours, as a PDF's layout writes
 * it: the column under "Name" is redacted whole where the model found one of its names.
 */
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import { textTableCells } from '../../src/detect/textTables.js';

const cellTexts = (text: string) =>
  textTableCells(text).map((c) => [c.sheet, c.row, c.col, text.slice(c.start, c.end)]);

describe('textTableCells', () => {
  it('cuts lines of one separator and one cell count into cells; rules stay inside', () => {
    const text = [
      'Timesheet for March',
      '',
      '  Name   Hours',
      '  ----   -----',
      '  Quill Harrow   32',
      '  Ada Lindqvist   57',
      'Signed off by the partner.',
      'Ref\tAmount',
      'A-1\t12.00',
    ].join('\n');
    expect(cellTexts(text)).toEqual([
      ['table 1', 1, 1, 'Name'],
      ['table 1', 1, 2, 'Hours'],
      ['table 1', 2, 1, 'Quill Harrow'],
      ['table 1', 2, 2, '32'],
      ['table 1', 3, 1, 'Ada Lindqvist'],
      ['table 1', 3, 2, '57'],
      ['table 2', 1, 1, 'Ref'],
      ['table 2', 1, 2, 'Amount'],
      ['table 2', 2, 1, 'A-1'],
      ['table 2', 2, 2, '12.00'],
    ]);
  });

  it('finds no table in prose, in one row, or in rows that change their cell count', () => {
    expect(textTableCells('Dear Ms Harrow,\nthank you for your letter.')).toEqual([]);
    expect(textTableCells('Name   Hours\n\nQuill Harrow   32')).toEqual([]);
    expect(textTableCells('Name   Hours   Rate\nQuill Harrow   32')).toEqual([]);
  });
});

describe('a text table of names through the detector', () => {
  it('redacts each name under the "Name" header, and no hour', async () => {
    const detector = await createDetector({ ner: true });
    try {
      // Names the shipped model, reading these rows, found in part (it took two rows for one
      // address); the header and its finds in the column decide the rest.
      const text = [
        'Timesheet summary',
        '',
        'Name   Hours',
        'Linda Jones   32',
        'Glen Fletcher   57',
        'Katie Bailey   22',
        'Sylvia Ellis   47',
      ].join('\n');
      const spans = await detector.detect(text);
      expect(spans.map((s) => [s.type, s.text])).toEqual([
        ['NAME', 'Linda Jones'],
        ['NAME', 'Glen Fletcher'],
        ['NAME', 'Katie Bailey'],
        ['NAME', 'Sylvia Ellis'],
      ]);
    } finally {
      await detector.close?.();
    }
  }, 60_000);
});
