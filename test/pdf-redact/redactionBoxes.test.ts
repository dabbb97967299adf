import { describe, expect, it } from 'vitest';
import type { TextFragment } from '../../src/domain/documentText.js';
import { makeSpan } from '../../src/domain/span.js';
import { redactionBoxes } from '../../src/write/redactionBoxes.js';

// Two lines of text, one fragment per line, 10 pt high: "Pay Jane Doe at" / "42 Elm Road now".
const text = 'Pay Jane Doe at\n42 Elm Road now';
const fragments: TextFragment[] = [
  { start: 0, end: 15, page: 1, box: { x: 100, y: 50, width: 150, height: 10 } },
  { start: 16, end: 31, page: 2, box: { x: 100, y: 700, width: 150, height: 10 } },
];

function span(start: number, end: number) {
  return makeSpan(text, start, end, 'NAME', 1, 'manual');
}

describe('redactionBoxes', () => {
  it('covers the proportional slice of a fragment, with a margin on every side', () => {
    const [box] = redactionBoxes([span(4, 12)], fragments);
    expect(box?.page).toBe(1);
    // Even spacing: 10 pt per character, characters 4..12 → x 140..220.
    expect(box?.box.x).toBeLessThan(140);
    expect(box!.box.x + box!.box.width).toBeGreaterThan(220);
    expect(box!.box.x).toBeGreaterThan(135);
    expect(box!.box.x + box!.box.width).toBeLessThan(225);
    expect(box?.box.y).toBeLessThan(50);
    expect(box!.box.y + box!.box.height).toBeGreaterThan(60);
  });

  it('gives a span crossing lines one box per line, each on its own page and line', () => {
    const boxes = redactionBoxes([span(13, 27)], fragments);
    expect(boxes.map((b) => b.page)).toEqual([1, 2]);
    expect(boxes[0]!.box.y).toBeLessThan(50);
    expect(boxes[1]!.box.y).toBeGreaterThan(690);
    // The first box ends at the end of line 1, the second starts at the start of line 2.
    expect(boxes[0]!.box.x + boxes[0]!.box.width).toBeGreaterThanOrEqual(250);
    expect(boxes[1]!.box.x).toBeLessThanOrEqual(100);
  });

  it('with the text, covers both the even-spacing and the glyph-width estimate', () => {
    // "iiiiiWWWWW": narrow glyphs then wide ones; the W run sits further right than even spacing says.
    const t = 'iiiiiWWWWW';
    const f: TextFragment[] = [
      { start: 0, end: 10, page: 1, box: { x: 0, y: 0, width: 100, height: 10 } },
    ];
    const s = makeSpan(t, 5, 10, 'NAME', 1, 'manual');
    const [even] = redactionBoxes([s], f);
    const [both] = redactionBoxes([s], f, { text: t });
    // Helvetica: i = 222, W = 944 units → the W run starts at 1110/5830 of the width ≈ 19 pt.
    expect(both!.box.x).toBeLessThan(20);
    expect(even!.box.x).toBeGreaterThan(45);
    expect(both!.box.x + both!.box.width).toBeGreaterThanOrEqual(even!.box.x + even!.box.width);
  });

  it('gives combining marks no width: a value after marked letters is boxed from its start', () => {
    // "a̲b̲c̲ Jane Doe": three letters each underlined by a mark, then the name. Drawn, what comes
    // before the name takes 4 of 12 widths (Helvetica: 1890/6170); counted as characters, 7 of 15.
    const t = `${[...'abc'].map((c) => `${c}\u0332`).join('')} Jane Doe`;
    const f: TextFragment[] = [
      { start: 0, end: t.length, page: 1, box: { x: 0, y: 0, width: 100, height: 10 } },
    ];
    const [box] = redactionBoxes([makeSpan(t, 7, t.length, 'NAME', 1, 'manual')], f, { text: t });
    expect(box!.box.x).toBeLessThanOrEqual(33.4);
  });

  it('draws nothing for spans outside every fragment and ignores fragments after the span', () => {
    expect(redactionBoxes([span(15, 16)], fragments)).toEqual([]);
    expect(redactionBoxes([], fragments)).toEqual([]);
  });

  it('joins the boxes of one span over several items of one line into one bar', () => {
    const t = 'Jane Doe';
    const words: TextFragment[] = [
      { start: 0, end: 4, page: 1, box: { x: 100, y: 50, width: 40, height: 10 } },
      { start: 5, end: 8, page: 1, box: { x: 145, y: 50, width: 30, height: 10 } },
    ];
    const boxes = redactionBoxes([makeSpan(t, 0, 8, 'NAME', 1, 'manual')], words);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.box.x).toBeLessThan(100);
    expect(boxes[0]!.box.x + boxes[0]!.box.width).toBeGreaterThan(175);
  });

  it('ties each box to its span', () => {
    const boxes = redactionBoxes([span(0, 3), span(16, 18)], fragments);
    expect(boxes.map((b) => b.spanIndex)).toEqual([0, 1]);
  });

  it('covers both reading senses where the box cannot tell: vertical text and pages shown upside down', () => {
    const t = 'ABCDEFGHIJ';
    const s = makeSpan(t, 0, 2, 'NAME', 1, 'manual');
    const tall: TextFragment[] = [
      { start: 0, end: 10, page: 1, box: { x: 0, y: 0, width: 10, height: 100 } },
    ];
    const [vertical] = redactionBoxes([s], tall);
    // Characters 0..2 are the top or the bottom fifth: both are covered, along the tall axis.
    expect(vertical!.box.y).toBeLessThanOrEqual(0);
    expect(vertical!.box.y + vertical!.box.height).toBeGreaterThanOrEqual(100);
    expect(vertical!.box.width).toBeLessThan(14);
    const wide: TextFragment[] = [
      { start: 0, end: 10, page: 1, box: { x: 0, y: 0, width: 100, height: 10 } },
    ];
    const [upright] = redactionBoxes([s], wide, { pageRotation: () => 0 });
    const [upsideDown] = redactionBoxes([s], wide, { pageRotation: () => 180 });
    expect(upright!.box.x + upright!.box.width).toBeLessThan(25);
    expect(upsideDown!.box.x).toBeLessThanOrEqual(0);
    expect(upsideDown!.box.x + upsideDown!.box.width).toBeGreaterThanOrEqual(100);
  });

  describe('with the ink of the rendered line', () => {
    // "Pay Jane Doe at": four words; where the renderer actually put them (points).
    const ink = [
      { left: 100, right: 128 },
      { left: 136, right: 178 },
      { left: 186, right: 220 },
      { left: 228, right: 248 },
    ];
    const line = [fragments[0]!];

    it('covers exactly the inked words of the span (plus the margin)', () => {
      const [box] = redactionBoxes([span(4, 12)], line, { text, inkWords: () => ink });
      expect(box!.box.x).toBeCloseTo(136 - 1.2, 5);
      expect(box!.box.x + box!.box.width).toBeCloseTo(220 + 1.2, 5);
    });

    it('places an edge inside a word within that word’s ink', () => {
      // "ane" of "Jane": starts about a quarter into the word's 42 pt of ink.
      const [box] = redactionBoxes([span(5, 8)], line, { text, inkWords: () => ink });
      expect(box!.box.x).toBeGreaterThan(136);
      expect(box!.box.x).toBeLessThan(136 + 42 / 4);
      expect(box!.box.x + box!.box.width).toBeCloseTo(178 + 1.2, 5);
    });

    it('falls back to the estimates when the words and the ink do not pair up', () => {
      const estimate = redactionBoxes([span(4, 12)], line, { text })[0]!.box;
      const fewer = redactionBoxes([span(4, 12)], line, { text, inkWords: () => ink.slice(1) })[0]!
        .box;
      expect(fewer).toEqual(estimate);
      const far = ink.map((e, i) => (i === 1 ? { left: 100, right: 104 } : e));
      expect(redactionBoxes([span(4, 12)], line, { text, inkWords: () => far })[0]!.box).toEqual(
        estimate,
      );
      expect(redactionBoxes([span(4, 12)], line, { text, inkWords: () => null })[0]!.box).toEqual(
        estimate,
      );
    });
  });
});
