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
