/**
 * A page read well overall can still hold a part read badly (a smudged stamp, small print): the
 * warning names the page and the band of it where confidence is low.
 */
import { describe, expect, it } from 'vitest';
import {
  lowConfidenceRegions,
  ocrPageWarnings,
  unreadInk,
  type OcredPage,
} from '../../src/extract/ocr/ocrImagePage.js';
import type { PreparedPage } from '../../src/extract/ocr/preparePageImage.js';
import type { OcrPageResult, OcrParagraph } from '../../src/extract/ocr/ocrTypes.js';

function paragraph(y: number, confidences: readonly number[]): OcrParagraph {
  return {
    lines: [
      {
        words: confidences.map((confidence, i) => ({
          text: `w${i}`,
          confidence,
          box: { x: 100 + i * 60, y, width: 50, height: 20 },
        })),
      },
    ],
  };
}

const result: OcrPageResult = {
  width: 1000,
  height: 1000,
  confidence: 88,
  paragraphs: [
    paragraph(100, [95, 96, 94, 97]),
    paragraph(700, [40, 35, 52, 30]),
    // Two words only: too little to judge a region by.
    paragraph(900, [10, 12]),
  ],
};

describe('low-confidence regions', () => {
  it('finds paragraphs of three words or more read with low confidence, as bands of the page', () => {
    expect(lowConfidenceRegions(result)).toEqual([{ top: 0.7, bottom: 0.72, confidence: 39.25 }]);
  });

  it('warns with the page and the band when the page as a whole reads well', () => {
    const page: OcredPage = {
      text: 'w0 w1',
      fragments: [],
      confidence: 88,
      blank: false,
      lowRegions: lowConfidenceRegions(result),
    };
    expect(ocrPageWarnings(3, page)).toEqual([
      'page 3: OCR confidence is low (39/100) in the lower part of the page, 70–72% of the way down, so PII there may be missed; check that region by hand',
    ]);
    // A page read badly as a whole gets the page warning alone.
    expect(ocrPageWarnings(3, { ...page, confidence: 41 })).toHaveLength(1);
    expect(ocrPageWarnings(3, { ...page, confidence: 41 })[0]).toMatch(/very low \(41\/100\)/);
  });
});

describe('unread ink', () => {
  it('names bands with text-like ink and no word, not rules, margins or read lines', () => {
    const bands = new Array<number>(100).fill(0);
    bands[10] = bands[11] = 0.05; // the read paragraph at y 100–120
    bands[50] = 0.6; // a solid rule: far too dense for print
    bands[80] = bands[81] = bands[82] = 0.03; // grey print nobody read
    bands[90] = 0.03; // one band alone: a speck, a stroke
    const prepared = { blank: false, inkBands: bands } as unknown as PreparedPage;
    const read: OcrPageResult = { ...result, paragraphs: [paragraph(100, [95, 96, 94])] };
    expect(unreadInk(prepared, read)).toEqual([{ top: 0.8, bottom: 0.83, confidence: 0 }]);
    const page: OcredPage = {
      text: 'w0',
      fragments: [],
      confidence: 90,
      blank: false,
      lowRegions: unreadInk(prepared, read),
    };
    expect(ocrPageWarnings(2, page)).toEqual([
      'page 2: there is print at the bottom of the page, 80–83% of the way down, that OCR could not read (too faint or grey?), so PII there may be missed; check that region by hand',
    ]);
  });
});
