/**
 * Test support: lays a generated document (templates/, with gold spans) out as a text-layer PDF
 * with pdf-lib and remembers where every character was drawn, so tests can check redaction
 * against glyph positions known independently of extraction and of the box code under test.
 */
import { writeFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { PDFFont } from 'pdf-lib';
import type { Box } from '../../src/domain/documentText.js';
import type { EntityType } from '../../src/domain/entityTypes.js';
import { makeSpan } from '../../src/domain/span.js';
import type { Span } from '../../src/domain/span.js';
import { iterateDocuments } from '../../templates/generateDocuments.js';
import type { GeneratedDocument } from '../../templates/generateDocuments.js';

export const PAGE_WIDTH = 595;
export const PAGE_HEIGHT = 842;
const MARGIN = 50;
const FONT_SIZE = 10;
const LEADING = 14;

export interface GlyphPlacement {
  readonly page: number;
  /** Top-left origin, points; from the baseline up 0.7 em (cap height) for sampling ink. */
  readonly box: Box;
}

export interface GoldPdf {
  readonly pages: number;
  /** Where the character at each offset of `doc.text` was drawn (whitespace omitted). */
  readonly glyphs: ReadonlyMap<number, GlyphPlacement>;
}

/** Generated documents whose gold values Helvetica (WinAnsi) can draw, so the PDF holds them verbatim. */
export async function drawableDocuments(count: number, seed: number): Promise<GeneratedDocument[]> {
  const probe = await PDFDocument.create();
  const font = await probe.embedFont(StandardFonts.Helvetica);
  const picked: GeneratedDocument[] = [];
  for (const doc of iterateDocuments({ n: count * 20, seed })) {
    const values = doc.spans.map((s) => doc.text.slice(s.start, s.end));
    if (
      doc.spans.length > 0 &&
      values.every((v) => Array.from(v.replace(/\s/gu, '')).every((c) => encodable(font, c)))
    ) {
      picked.push(doc);
      if (picked.length === count) break;
    }
  }
  return picked;
}

export async function writeGoldPdf(doc: GeneratedDocument, file: string): Promise<GoldPdf> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.setTitle(`Generated ${doc.template}`);
  const glyphs = new Map<number, GlyphPlacement>();
  let page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let pageNumber = 1;
  let baseline = MARGIN + FONT_SIZE;
  const newLine = (): void => {
    baseline += LEADING;
    if (baseline > PAGE_HEIGHT - MARGIN) {
      page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      pageNumber += 1;
      baseline = MARGIN + FONT_SIZE;
    }
  };
  const drawable = (c: string): string => (/\s/u.test(c) ? ' ' : encodable(font, c) ? c : '?');

  let lineStart = 0;
  for (const source of doc.text.split('\n')) {
    // Code unit by code unit, so offsets into the line stay offsets into doc.text.
    const line = source.split('').map(drawable).join('');
    // Greedy wrap at spaces, so long lines become several (and spans may cross lines).
    let start = 0;
    while (start < line.length || (start === 0 && line.length === 0)) {
      let end = line.length;
      while (end > start && width(font, line.slice(start, end)) > PAGE_WIDTH - 2 * MARGIN) {
        const space = line.lastIndexOf(' ', end - 1);
        end = space > start ? space : end - 1;
      }
      const segment = line.slice(start, end);
      if (segment.trim() !== '') {
        page.drawText(segment, { x: MARGIN, y: PAGE_HEIGHT - baseline, size: FONT_SIZE, font });
        for (let i = 0; i < segment.length; i++) {
          if (segment[i] === ' ') continue;
          const x = MARGIN + width(font, segment.slice(0, i));
          const w = width(font, segment[i] ?? '');
          glyphs.set(lineStart + start + i, {
            page: pageNumber,
            box: { x, y: baseline - 0.7 * FONT_SIZE, width: w, height: 0.7 * FONT_SIZE },
          });
        }
      }
      newLine();
      start = Math.max(end, start + 1);
      while (line[start] === ' ') start++;
    }
    lineStart += source.length + 1;
  }
  await writeFile(file, await pdf.save());
  return { pages: pageNumber, glyphs };
}

/**
 * The gold spans moved onto the text extraction produced from the PDF: each gold value is looked
 * up in order, allowing any whitespace where the value has some or a line was wrapped.
 */
export function goldSpansIn(extracted: string, doc: GeneratedDocument): Span[] {
  const values = [...doc.spans]
    .sort((a, b) => a.start - b.start)
    .map((gold) => ({ type: gold.type, value: doc.text.slice(gold.start, gold.end) }));
  return valueSpansIn(extracted, values, doc.id);
}

/** Spans for `values` (in document order) found in `extracted`, whitespace-insensitively. */
export function valueSpansIn(
  extracted: string,
  values: readonly { readonly type: EntityType; readonly value: string }[],
  label: string,
): Span[] {
  let cursor = 0;
  return values.map(({ type, value }) => {
    const pattern = value
      .trim()
      .split(/\s+/u)
      .map((word) => word.replace(/[\\^$.*+?()[\]{}|/]/gu, '\\$&'))
      .join('\\s+');
    const regex = new RegExp(pattern, 'gu');
    regex.lastIndex = cursor;
    let match = regex.exec(extracted);
    if (match === null) {
      regex.lastIndex = 0;
      match = regex.exec(extracted);
    }
    if (match === null)
      throw new Error(`gold value of ${type} not found in the extracted text of ${label}`);
    cursor = match.index + match[0].length;
    return makeSpan(extracted, match.index, cursor, type, 1, 'manual');
  });
}

/** Advance of `text` as drawText lays it out: glyph by glyph, without the kerning widthOfTextAtSize adds. */
function width(font: PDFFont, text: string): number {
  let total = 0;
  for (const char of text) total += font.widthOfTextAtSize(char, FONT_SIZE);
  return total;
}

function encodable(font: PDFFont, char: string): boolean {
  try {
    font.encodeText(char);
    return true;
  } catch {
    return false;
  }
}
