import {
  beginText,
  endText,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  StandardFonts,
  TextRenderingMode,
} from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFName, PDFPage } from 'pdf-lib';
import type { TextFragment } from '../domain/documentText.js';
import { anonymise, anonymisedOffsets } from '../anonymise/anonymise.js';
import type { Span } from '../domain/span.js';
import type { ValueIndex } from '../domain/valueMatching.js';

/** What one fragment's characters read as after anonymisation. */
export interface AnonymisedFragment {
  readonly fragment: TextFragment;
  readonly text: string;
}

/**
 * Splits the anonymised text along the original fragments, so the invisible text sits where the
 * page image shows it and selecting a line selects that line. The replaced regions come from
 * `anonymisedOffsets`, the same coalescing `anonymise` applies; the placeholder goes to the
 * fragment holding a region's first character and fragments inside a region contribute nothing.
 * Returns null when `anonymized` does not hold each placeholder where the regions put it (it was
 * made from other spans), because the split would then cut text in the wrong places.
 */
export function anonymisedFragments(
  spans: readonly Span[],
  fragments: readonly TextFragment[],
  anonymized: string,
  text?: string,
): AnonymisedFragment[] | null {
  // Without the original text only its length matters to anonymisedOffsets (it clamps spans to
  // it), and no span reaches past the last span end.
  const source = text ?? ' '.repeat(Math.max(0, ...spans.map((s) => s.end)));
  const regions = anonymisedOffsets(source, spans);
  if (regions.some((r) => anonymized.slice(r.start, r.end) !== r.placeholder)) return null;
  if (text !== undefined && anonymise(text, spans) !== anonymized) return null;

  const toAnonymised = (offset: number): number => {
    // The last region starting strictly before `offset`.
    let lo = 0;
    let hi = regions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((regions[mid]?.inputStart ?? Infinity) < offset) lo = mid + 1;
      else hi = mid;
    }
    const region = regions[lo - 1];
    if (region === undefined) return offset;
    return offset < region.inputEnd ? region.end : offset - region.inputEnd + region.end;
  };

  return fragments.map((fragment) => ({
    fragment,
    text: anonymized.slice(toAnonymised(fragment.start), toAnonymised(fragment.end)),
  }));
}

const MASK = '[REDACTED]';

/**
 * Draws an invisible (text render mode 3, as OCR tools do) text layer: found by search and
 * copy, never painted. Any span value still present (the detector found one occurrence of a name
 * but missed a second) is masked here too, within and across neighbouring runs, because this
 * layer must not hold what the image hides. Pages in document order.
 */
export async function drawSearchableTextLayer(
  doc: PDFDocument,
  pages: readonly PDFPage[],
  input: {
    fragments: readonly TextFragment[];
    spans: readonly Span[];
    anonymized: string;
    text?: string;
  },
  values: ValueIndex<true>,
): Promise<void> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const encodable = new Map<string, boolean>();
  const prepare = (texts: readonly string[]): string[] =>
    maskAcross(
      texts.map((t) => t.replace(/\s+/gu, ' ').trim()),
      values,
    ).map((t) => toWinAnsi(font, encodable, t));
  const fontKeys = pages.map((page) => page.node.newFontDictionary(font.name, font.ref));

  const pieces = anonymisedFragments(input.spans, input.fragments, input.anonymized, input.text);
  if (pieces !== null) {
    pages.forEach((page, p) => {
      const fontKey = fontKeys[p];
      const onPage = pieces.filter((piece) => piece.fragment.page === p + 1);
      const lines = prepare(onPage.map((piece) => piece.text));
      onPage.forEach(({ fragment: { box } }, i) => {
        const line = lines[i] ?? '';
        if (fontKey === undefined || line.length === 0) return;
        const naturalWidth = font.widthOfTextAtSize(line, 1);
        // Stretch the run to the fragment's width so selection highlights match the image.
        const scaleX = naturalWidth > 0 ? Math.max(box.width, 1) / naturalWidth : 1;
        // Fragment boxes reach 0.2 of their height below the baseline (as pdf.js's text layer does).
        const baselineY = page.getHeight() - box.y - 0.8 * box.height;
        drawInvisibleRun(
          page,
          fontKey,
          font,
          line,
          scaleX,
          Math.max(box.height, 1),
          box.x,
          baselineY,
        );
      });
    });
    return;
  }

  // Without a reliable offset mapping, keep the text searchable if not well placed: the lines of
  // the anonymised text, shared out over the pages in order.
  const lines = input.anonymized.split('\n');
  const perPage = Math.ceil(lines.length / Math.max(pages.length, 1));
  const size = 8;
  pages.forEach((page, p) => {
    const fontKey = fontKeys[p];
    if (fontKey === undefined) return;
    prepare(lines.slice(p * perPage, (p + 1) * perPage)).forEach((line, i) => {
      const y = page.getHeight() - 10 - (i + 1) * size;
      if (line.length > 0) drawInvisibleRun(page, fontKey, font, line, size, size, 10, y);
    });
  });
}

/** One run of invisible text: `scaleX` user-space units per unit of text width at font size 1. */
function drawInvisibleRun(
  page: PDFPage,
  fontKey: PDFName,
  font: PDFFont,
  text: string,
  scaleX: number,
  size: number,
  x: number,
  baselineY: number,
): void {
  page.pushOperators(
    beginText(),
    setTextRenderingMode(TextRenderingMode.Invisible),
    setFontAndSize(fontKey, 1),
    setTextMatrix(scaleX, 0, 0, size, x, baselineY),
    showText(font.encodeText(text)),
    endText(),
  );
}

/**
 * Replaces every occurrence of a value with MASK, also where one runs over from one text into
 * the next (texts are read as joined by spaces, as a text extractor joins runs).
 */
function maskAcross(texts: readonly string[], values: ValueIndex<true>): string[] {
  const joined = texts.join(' ');
  const masked = new Uint8Array(joined.length);
  for (const range of values.findAll(joined)) masked.fill(1, range.start, range.end);
  let offset = 0;
  return texts.map((text) => {
    let out = '';
    for (let i = 0; i < text.length; i++) {
      if (masked[offset + i] !== 1) out += text[i];
      // One MASK per masked run, even when the run started in the previous text.
      else if (masked[offset + i - 1] !== 1) out += MASK;
    }
    offset += text.length + 1;
    return out;
  });
}

/** The standard Helvetica font encodes WinAnsi only; other characters degrade to their base letter or '?'. */
function toWinAnsi(font: PDFFont, cache: Map<string, boolean>, text: string): string {
  const canEncode = (char: string): boolean => {
    let ok = cache.get(char);
    if (ok === undefined) {
      try {
        font.encodeText(char);
        ok = true;
      } catch {
        ok = false;
      }
      cache.set(char, ok);
    }
    return ok;
  };
  return Array.from(text, (char) => {
    if (canEncode(char)) return char;
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    return base.length > 0 && Array.from(base).every(canEncode) ? base : '?';
  }).join('');
}
