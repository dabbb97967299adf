import type Tesseract from 'tesseract.js';
import type { OcrLine, OcrPageResult, OcrParagraph, OcrWord } from './ocrTypes.js';
import type { OcrPool } from './ocrPool.js';
import { sharedOcrPool } from './ocrPool.js';
import type { PreparedPage } from './preparePageImage.js';
import { boxOnSource } from './preparePageImage.js';

/**
 * OCRs one prepared page on the pool and returns its words in reading order, with boxes in
 * pixels of the SOURCE image (deskewing is undone), so callers never see the prepared image.
 */
export async function recognizePage(
  prepared: PreparedPage,
  pool: OcrPool = sharedOcrPool(),
): Promise<OcrPageResult> {
  const empty = {
    width: prepared.sourceWidth,
    height: prepared.sourceHeight,
    paragraphs: [],
    confidence: 0,
  };
  if (prepared.blank) return empty;
  const result = await pool.withWorker(prepared.dpi, (engine) =>
    engine.recognize(prepared.png, {}, { blocks: true, text: false }),
  );
  return toPageResult(result.data, prepared);
}

function toPageResult(page: Tesseract.Page, prepared: PreparedPage): OcrPageResult {
  const paragraphs: OcrParagraph[] = [];
  let confidenceSum = 0;
  let wordCount = 0;
  // Tesseract's block → paragraph → line → word order is its reading order (columns first).
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      const lines: OcrLine[] = [];
      for (const line of paragraph.lines) {
        const words: OcrWord[] = [];
        for (const word of line.words) {
          const text = word.text.trim();
          if (text === '') continue;
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({
            text,
            confidence: word.confidence,
            box: boxOnSource(prepared, { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }),
          });
          confidenceSum += word.confidence;
          wordCount += 1;
        }
        if (words.length > 0) lines.push({ words });
      }
      if (lines.length > 0) paragraphs.push({ lines });
    }
  }
  return {
    width: prepared.sourceWidth,
    height: prepared.sourceHeight,
    paragraphs,
    confidence: wordCount === 0 ? 0 : confidenceSum / wordCount,
  };
}
