import { describe, expect, it } from 'vitest';
import { LOW_CONFIDENCE, ocrPageWarnings } from '../../src/extract/ocr/ocrImagePage.js';
import { ocrPageText } from '../../src/extract/ocr/ocrPageText.js';
import type { OcrPageResult, OcrWord } from '../../src/extract/ocr/ocrTypes.js';

function word(text: string, x: number, y: number): OcrWord {
  return { text, confidence: 90, box: { x, y, width: 10 * text.length, height: 20 } };
}

// Lines 30 px apart (10 px gaps) are consecutive; a 60 px gap is an empty line on the page.
const page: OcrPageResult = {
  width: 1000,
  height: 1000,
  confidence: 90,
  paragraphs: [
    { lines: [{ words: [word('Invoice', 10, 10), word('INV-1', 100, 10)] }] },
    // Tesseract may start a new paragraph where the page has none (indentation): no blank line.
    { lines: [{ words: [word('Due', 40, 40)] }] },
    { lines: [{ words: [word('jane@example.com', 10, 120)] }] },
    // Reading order jumps back up: the next column.
    { lines: [{ words: [word('Total', 600, 10)] }] },
  ],
};

describe('ocrPageText', () => {
  it('joins words with spaces and lines with newlines, with a blank line where the page has a gap or a new column', () => {
    expect(ocrPageText(page).text).toBe('Invoice INV-1\nDue\n\njane@example.com\n\nTotal');
  });

  it('gives every word one fragment whose offsets select exactly that word', () => {
    const { text, fragments } = ocrPageText(page);
    expect(fragments.map((f) => text.slice(f.start, f.end))).toEqual([
      'Invoice',
      'INV-1',
      'Due',
      'jane@example.com',
      'Total',
    ]);
    expect(fragments[3]?.box).toEqual({ x: 10, y: 120, width: 160, height: 20 });
  });

  it("carries each word's OCR confidence on its fragment, for the merge stage's unread-word rule", () => {
    const shaky: OcrPageResult = {
      ...page,
      paragraphs: [
        {
          lines: [{ words: [word('Invoice', 10, 10), { ...word('py', 100, 10), confidence: 31 }] }],
        },
      ],
    };
    expect(ocrPageText(shaky).fragments.map((f) => f.confidence)).toEqual([90, 31]);
  });

  it('scales boxes from pixels to PDF points', () => {
    const { fragments } = ocrPageText(page, 72 / 300);
    expect(fragments[0]?.box.x).toBeCloseTo(2.4);
    expect(fragments[0]?.box.height).toBeCloseTo(4.8);
  });

  it('returns empty text for a page without words', () => {
    expect(ocrPageText({ width: 10, height: 10, paragraphs: [], confidence: 0 })).toEqual({
      text: '',
      fragments: [],
    });
  });
});

describe('ocrPageWarnings', () => {
  const read = { text: 'Invoice 42', fragments: [], blank: false };

  it('says nothing about a page read with good confidence', () => {
    expect(ocrPageWarnings(3, { ...read, confidence: 91 })).toEqual([]);
  });

  it('flags a page whose confidence is very low, naming the page and the figure', () => {
    const [warning] = ocrPageWarnings(3, { ...read, confidence: 41.6 });
    expect(warning).toMatch(
      /^page 3: OCR confidence is very low \(42\/100\), so PII may be missed/,
    );
    expect(ocrPageWarnings(3, { ...read, confidence: LOW_CONFIDENCE })).toEqual([]);
  });

  it('tells a blank page from a page where nothing could be read', () => {
    expect(ocrPageWarnings(2, { text: '', fragments: [], blank: true, confidence: 0 })).toEqual([
      'page 2 is blank',
    ]);
    expect(ocrPageWarnings(2, { text: ' ', fragments: [], blank: false, confidence: 0 })).toEqual([
      'page 2: OCR found no text on this page',
    ]);
  });
});
