import { describe, expect, it } from 'vitest';
import { layoutPageText, type PdfTextItem } from '../../src/extract/pdf/layoutPageText.js';

/** An unrotated 800-pt-high page: viewport y = 800 - user y. */
const flip = (x: number, y: number): number[] => [x, 800 - y];

const item = (
  str: string,
  x: number,
  y: number,
  width: number,
  size = 10,
  hasEOL = false,
): PdfTextItem => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  height: size,
  hasEOL,
});

describe('layoutPageText', () => {
  it('breaks lines when the baseline moves and keeps stream order between lines', () => {
    const page = layoutPageText(
      [item('First line', 50, 700, 50), item('Second line', 50, 688, 55)],
      flip,
    );
    expect(page.text).toBe('First line\nSecond line');
  });

  it('sorts the items of one line left to right when the producer emitted them out of order', () => {
    const page = layoutPageText([item('Smith', 78, 700, 30), item('John', 50, 700, 25)], flip);
    expect(page.text).toBe('John Smith');
    expect(page.fragments.map((f) => page.text.slice(f.start, f.end))).toEqual(['John', 'Smith']);
  });

  it('keeps side-by-side blocks drawn one after the other as separate blocks', () => {
    const items = [
      item('Bill to', 50, 700, 30),
      item('12 Oak Road', 50, 688, 55),
      item('Ship to', 300, 700, 30),
      item('9 Elm Street', 300, 688, 55),
    ];
    expect(layoutPageText(items, flip).text).toBe('Bill to\n12 Oak Road\nShip to\n9 Elm Street');
  });

  it('separates items by a space, a wide gap by three spaces, and touching items by nothing', () => {
    const items = [
      item('Total', 50, 700, 25),
      item('due', 78, 700, 15),
      item('EUR', 200, 700, 20),
      item('5', 220, 700, 5),
    ];
    expect(layoutPageText(items, flip).text).toBe('Total due   EUR5');
  });

  it("reads a tight table's cells apart where a column lines up across rows", () => {
    // As reportlab draws a table: each cell an item, the gap between them an item of a space
    // 12 pt wide (1.2 em), the second column starting at one x on every row.
    const row = (name: string, width: number, hours: string, y: number) => [
      item(name, 50, y, width),
      { ...item(' ', 50 + width, y, 120 - width - 50), height: 0 },
      item(hours, 120, y, 11),
    ];
    const items = [
      ...row('Name', 27, 'Hours', 700),
      ...row('Glen Fletcher', 58, '57', 688),
      ...row('Katie Bailey', 53, '22', 676),
    ];
    expect(layoutPageText(items, flip).text).toBe(
      'Name   Hours\nGlen Fletcher   57\nKatie Bailey   22',
    );
  });

  it('keeps a wide space one space where nothing lines up with it, and a word space always', () => {
    const items = [
      item('Paid', 50, 700, 20),
      item('in', 79, 700, 10),
      item('full', 95, 700, 18),
      item('on', 50, 688, 10),
      item('receipt', 68, 688, 35),
      item('of', 108, 688, 10),
      // A word space (0.3 em) before an item lined up with one above: no column.
      item('funds', 95, 676, 25),
      item('here', 123, 676, 20),
    ];
    expect(layoutPageText(items, flip).text).toBe('Paid in full\non receipt of\nfunds here');
  });

  it("reads a monospaced font's words lined up on its grid as words, not columns", () => {
    // Courier at 9 pt: 5.4 pt a character, its space 0.6 em; words of two lines start on one x.
    const mono = (words: string[], y: number) => {
      let x = 56;
      return words.map((w) => {
        const it = item(w, x, y, 5.4 * w.length, 9);
        x += 5.4 * (w.length + 1);
        return it;
      });
    };
    const items = [
      ...mono(['Dear', 'Dr.', 'Donnelly,'], 700),
      ...mono(['Your', 'tax', 'return'], 688),
    ];
    expect(layoutPageText(items, flip).text).toBe('Dear Dr. Donnelly,\nYour tax return');
  });

  it('marks a large vertical gap with a blank line', () => {
    const page = layoutPageText([item('Header', 50, 700, 30), item('Body', 50, 600, 20)], flip);
    expect(page.text).toBe('Header\n\nBody');
  });

  it('gives each item a top-left box from 0.2 em below to 0.8 em above the baseline', () => {
    const page = layoutPageText([item('Jane', 50, 700, 22, 10)], flip);
    expect(page.fragments).toHaveLength(1);
    const box = page.fragments[0]!.box;
    expect(box.x).toBeCloseTo(50);
    expect(box.y).toBeCloseTo(800 - 708);
    expect(box.width).toBeCloseTo(22);
    expect(box.height).toBeCloseTo(10);
  });

  it('skips empty end-of-line markers and gives whitespace no fragment', () => {
    const page = layoutPageText(
      [
        item('A', 50, 700, 5),
        { ...item('', 50, 690, 0, 0), hasEOL: true },
        item(' ', 55, 700, 3),
        item('B', 58, 700, 5),
      ],
      flip,
    );
    expect(page.text).toBe('A B');
    expect(page.fragments).toHaveLength(2);
  });
});
