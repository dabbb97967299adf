/**
 * The text under areas a reviewer redacted on a page: every character of a text fragment whose
 * slice of the fragment's box meets the area (fragments space their characters evenly, see
 * TextFragment). Anything touched counts — leak comes first — and a whole page takes all of its
 * text. These become manual spans, so the text outputs redact what the copy burns.
 */
import type { TextFragment } from '../domain/documentText.js';
import { AREA_TYPE, type ReviewArea } from '../domain/reviewDecisions.js';
import { makeSpan, type Span } from '../domain/span.js';

function overlaps(a: number, aEnd: number, b: number, bEnd: number): boolean {
  return a < bEnd && b < aEnd;
}

export function areaSpans(
  text: string,
  fragments: readonly TextFragment[],
  areas: readonly ReviewArea[],
): Span[] {
  const ranges: [number, number][] = [];
  for (const area of areas) {
    const { x, y, width, height } = area.box;
    for (const f of fragments) {
      if (f.page !== area.page) continue;
      const b = f.box;
      if (!area.wholePage) {
        if (!overlaps(b.x, b.x + b.width, x, x + width)) continue;
        if (!overlaps(b.y, b.y + b.height, y, y + height)) continue;
      }
      const length = f.end - f.start;
      const perChar = b.width / Math.max(1, length);
      const from = area.wholePage ? 0 : Math.max(0, Math.floor((x - b.x) / perChar));
      const to = area.wholePage ? length : Math.min(length, Math.ceil((x + width - b.x) / perChar));
      if (to > from) ranges.push([f.start + from, f.start + to]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const spans: Span[] = [];
  let open: [number, number] | undefined;
  const flush = () => {
    if (!open) return;
    let [s, e] = open;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) spans.push(makeSpan(text, s, e, AREA_TYPE, 1, 'manual'));
    open = undefined;
  };
  for (const [s, e] of ranges) {
    // Pieces of one line touch (or are a space apart): one span, as a line reads.
    if (open && s <= open[1] + 1) open[1] = Math.max(open[1], e);
    else {
      flush();
      open = [s, e];
    }
  }
  flush();
  return spans;
}
