/**
 * Which of two readings of a page is kept: the rescue readings (harder clean-up, quarter turns)
 * replace the page's first reading only when they read more text without being much less sure.
 */
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_SLACK, isBetterReading } from '../../src/extract/ocr/ocrImagePage.js';

describe('isBetterReading', () => {
  it('keeps a reading of more letters at about the same confidence', () => {
    expect(isBetterReading({ score: 300, confidence: 70 }, { score: 200, confidence: 72 })).toBe(
      true,
    );
    expect(isBetterReading({ score: 300, confidence: 90 }, { score: 200, confidence: 60 })).toBe(
      true,
    );
  });

  it("refuses more letters read at far lower confidence: a page's grain read as words", () => {
    // The pink receipt's figures: plain 229 at 43.6, harder clean-up 252 at 22.8, on its side
    // 569 at 24.1.
    expect(
      isBetterReading({ score: 252, confidence: 22.8 }, { score: 229, confidence: 43.6 }),
    ).toBe(false);
    expect(
      isBetterReading({ score: 569, confidence: 24.1 }, { score: 229, confidence: 43.6 }),
    ).toBe(false);
  });

  it('takes a slightly less sure reading within the slack, and never one reading less', () => {
    const than = { score: 100, confidence: 50 };
    expect(isBetterReading({ score: 101, confidence: 50 - CONFIDENCE_SLACK }, than)).toBe(true);
    expect(isBetterReading({ score: 101, confidence: 50 - CONFIDENCE_SLACK - 0.1 }, than)).toBe(
      false,
    );
    expect(isBetterReading({ score: 100, confidence: 95 }, than)).toBe(false);
  });
});
