import type { Box } from '../../domain/documentText.js';
import type { PageFragment, PageText } from '../pdf/layoutPageText.js';
import type { OcrLine, OcrPageResult } from './ocrTypes.js';

const WORD_SEPARATOR = ' ';
const LINE_SEPARATOR = '\n';
const BLANK_LINE = '\n\n';

/**
 * A gap between two lines taller than this share of a line's height is an empty line on the
 * page (body text sits at ~0.3–0.5 of a line height apart).
 */
const BLANK_LINE_GAP = 0.9;

function lineBox(line: OcrLine): Box {
  const x0 = Math.min(...line.words.map((w) => w.box.x));
  const y0 = Math.min(...line.words.map((w) => w.box.y));
  const x1 = Math.max(...line.words.map((w) => w.box.x + w.box.width));
  const y1 = Math.max(...line.words.map((w) => w.box.y + w.box.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * What separates two consecutive lines: a blank line where the page shows one (a vertical gap)
 * or where reading jumps back up (next column, side box), a newline otherwise. Tesseract's own
 * paragraph split is not used: it breaks blocks such as a card's brand, holder and number lines
 * apart by indentation, which would cut them into separate paragraphs the page never had.
 */
function separator(previous: Box, next: Box): string {
  if (next.y < previous.y) return BLANK_LINE;
  const gap = next.y - (previous.y + previous.height);
  return gap > BLANK_LINE_GAP * Math.max(previous.height, next.height)
    ? BLANK_LINE
    : LINE_SEPARATOR;
}

/**
 * Lays out one page's OCR words as text in the engine's reading order, with one fragment per
 * word. Boxes are multiplied by `unitsPerPixel`: 1 keeps image pixels, 72/dpi turns a rendered
 * PDF page's pixels into PDF points so OCR'd and text-layer pages share one unit.
 */
export function ocrPageText(result: OcrPageResult, unitsPerPixel = 1): PageText {
  let text = '';
  const fragments: PageFragment[] = [];
  let previous: Box | undefined;
  for (const line of result.paragraphs.flatMap((p) => p.lines)) {
    const box = lineBox(line);
    if (previous) text += separator(previous, box);
    previous = box;
    line.words.forEach((word, w) => {
      if (w > 0) text += WORD_SEPARATOR;
      const start = text.length;
      text += word.text;
      const { x, y, width, height } = word.box;
      fragments.push({
        start,
        end: text.length,
        box: {
          x: x * unitsPerPixel,
          y: y * unitsPerPixel,
          width: width * unitsPerPixel,
          height: height * unitsPerPixel,
        },
        confidence: word.confidence,
      });
    });
  }
  return { text, fragments };
}
