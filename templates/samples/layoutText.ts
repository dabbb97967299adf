import type { GoldSpan } from '../core/goldDocument.js';
import { applyEdits, spanAt, type TextEdit } from '../noise/textEdits.js';

/**
 * Prepares a generated text for a fixed-width page: tabs become spaces and long lines are wrapped
 * at spaces, with gold spans moved by the same edits. The result is the text as printed, line for
 * line, so a PDF or DOCX drawn from it has gold offsets that hold for its source text.
 */
export function layoutForPage(
  text: string,
  spans: readonly GoldSpan[],
  maxChars: number,
): { text: string; spans: GoldSpan[] } {
  const tabEdits: TextEdit[] = [];
  for (let i = text.indexOf('\t'); i >= 0; i = text.indexOf('\t', i + 1)) {
    tabEdits.push({ start: i, end: i + 1, insert: '    ' });
  }
  const untabbed = applyEdits(text, spans, tabEdits);
  const t = untabbed.text;
  const wrapEdits: TextEdit[] = [];
  let lineStart = 0;
  while (lineStart <= t.length) {
    let lineEnd = t.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = t.length;
    let cursor = lineStart;
    while (lineEnd - cursor > maxChars) {
      let cut = t.lastIndexOf(' ', cursor + maxChars);
      // A space inside an e-mail, URL, phone or card span must not become a break; look further left.
      while (cut > cursor && spanAt(untabbed.spans, cut) >= 0 && !/NAME|COMPANY|ADDRESS/.test(untabbed.spans[spanAt(untabbed.spans, cut)]?.type ?? '')) {
        cut = t.lastIndexOf(' ', cut - 1);
      }
      if (cut <= cursor) break;
      wrapEdits.push({ start: cut, end: cut + 1, insert: '\n' });
      cursor = cut + 1;
    }
    lineStart = lineEnd + 1;
  }
  return applyEdits(t, untabbed.spans, wrapEdits);
}
