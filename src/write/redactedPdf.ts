import { paintBoxLabels } from './boxLabels.js';
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Box, PageInfo, TextFragment } from '../domain/documentText.js';
import { firstEndingAfter, type Span } from '../domain/span.js';
import { loadPdf } from '../document/loadPdf.js';
import { renderPdfPages } from '../document/renderPdfPage.js';
import type { RenderedPage } from '../document/renderPdfPage.js';
import { inkWords } from './inkWords.js';
import { drawPageImage, encodePageImage } from './pdfPageImage.js';
import type { PageImage } from './pdfPageImage.js';
import { ValueIndex } from '../domain/valueMatching.js';
import { redactionBoxes } from './redactionBoxes.js';
import type { CopyBoxStyle, RedactionBox } from './redactionBoxes.js';
import { drawSearchableTextLayer } from './searchableTextLayer.js';

export interface RedactedPdfInput extends CopyBoxStyle {
  readonly file: string;
  readonly pageInfo: readonly PageInfo[];
  /** Boxes in PDF points, top-left origin: text-layer items and OCR words alike. */
  readonly fragments: readonly TextFragment[];
  readonly spans: readonly Span[];
  readonly anonymized: string;
  /**
   * The extracted text the fragments index into. Optional; with it, boxes inside a text item are
   * placed using glyph widths as well as even spacing (see redactionBoxes).
   */
  readonly text?: string;
  /** Rectangles (points, top-left) or whole pages the reviewer redacted, burnt black too. */
  readonly areas?: readonly {
    readonly page: number;
    readonly box: Box;
    readonly wholePage?: boolean;
  }[];
}

export interface RedactedPdfOptions {
  /** Rendering resolution; 200 is the default, 200–300 the useful range. */
  readonly dpi: number;
  /** Add an invisible text layer of the anonymised text. */
  readonly searchable: boolean;
  readonly onProgress?: (message: string) => void;
}

export interface RedactedPdf {
  readonly bytes: Uint8Array;
  readonly pages: number;
  readonly pageImages: readonly Pick<PageImage, 'encoding' | 'width' | 'height'>[];
  /** Each page's size in points, for the independent check of the copy (src/verify). */
  readonly pageSizes: readonly { readonly width: number; readonly height: number }[];
}

export const DEFAULT_REDACTION_DPI = 200;
const MIN_DPI = 50;
const MAX_DPI = 600;
/** Neutral values for the only metadata the output carries. */
const PRODUCER = 'FinRedact';

/**
 * Builds the redacted PDF in memory: every page rasterised, spans painted over in black on the
 * pixels, and a new PDF assembled from the images at the original page sizes, so nothing of the
 * original file (text, fonts, metadata, annotations, attachments, forms, JavaScript) survives
 * except what the pixels show. Checked by src/verify before it is written (src/pipeline).
 */
export async function redactPdf(
  input: RedactedPdfInput,
  opts: RedactedPdfOptions,
): Promise<RedactedPdf> {
  if (!Number.isFinite(opts.dpi) || opts.dpi < MIN_DPI || opts.dpi > MAX_DPI) {
    throw new RangeError(`Redaction DPI must be from ${MIN_DPI} to ${MAX_DPI}, not ${opts.dpi}`);
  }
  assertSpansPlaced(input);
  const original = await loadPdf(await readFile(input.file), input.file);
  try {
    if (input.pageInfo.length > 0 && input.pageInfo.length !== original.numPages) {
      throw new Error(
        `${input.file}: the extracted text describes ${input.pageInfo.length} pages but the PDF has ${original.numPages}; was the file changed during the run?`,
      );
    }
    const stray = input.fragments.find((f) => f.page < 1 || f.page > original.numPages);
    if (stray !== undefined) {
      throw new Error(
        `${input.file}: text was placed on page ${stray.page} but the PDF has ${original.numPages} pages; was the file changed during the run?`,
      );
    }
    const fragmentsByPage = groupByPage(input.fragments);
    const out = await PDFDocument.create({ updateMetadata: false });
    out.setProducer(PRODUCER);
    out.setCreator(PRODUCER);
    const pages = [];
    const pageSizes = [];
    const pageImages = [];
    for await (const rendered of renderPdfPages(original, { dpi: opts.dpi })) {
      opts.onProgress?.(`redacting page ${rendered.page} of ${original.numPages}`);
      let image: PageImage;
      try {
        const boxes = pageRedactionBoxes(
          rendered,
          input.spans,
          fragmentsByPage.get(rendered.page) ?? [],
          input.text,
        );
        paintBoxes(rendered, [...boxes, ...areaBoxes(input.areas ?? [], rendered)], input.fill);
        if (input.labels) paintBoxLabels(rendered.context, rendered.scale, boxes, input.labels);
        image = await encodePageImage(rendered);
      } finally {
        rendered.release();
      }
      const page = out.addPage([rendered.widthPt, rendered.heightPt]);
      await drawPageImage(out, page, image);
      pages.push(page);
      pageSizes.push({ width: rendered.widthPt, height: rendered.heightPt });
      pageImages.push({ encoding: image.encoding, width: image.width, height: image.height });
    }
    if (opts.searchable) {
      const values = new ValueIndex<true>({ spacing: 'any' });
      for (const span of input.spans) values.add(span.text, true);
      await drawSearchableTextLayer(out, pages, input, values);
    }
    const bytes = await out.save();
    return { bytes, pages: pages.length, pageImages, pageSizes };
  } finally {
    await original.destroy();
  }
}

/**
 * Where the boxes of one rendered page go: the one computation the redacted copy burns and the
 * review's page view shows. All boxes are placed before any is painted (placing reads the ink).
 */
export function pageRedactionBoxes(
  rendered: RenderedPage,
  spans: readonly Span[],
  fragments: readonly TextFragment[],
  text?: string,
): RedactionBox[] {
  let pixels: Uint8Array | undefined;
  return redactionBoxes(spans, fragments, {
    text,
    pageRotation: () => rendered.rotation,
    inkWords: (fragment) => inkWords(rendered, fragment.box, (pixels ??= rendered.pixelView())),
  });
}

/** The reviewer's areas on this page as boxes; a whole page covers the page. */
function areaBoxes(
  areas: NonNullable<RedactedPdfInput['areas']>,
  rendered: RenderedPage,
): Pick<RedactionBox, 'box'>[] {
  return areas
    .filter((a) => a.page === rendered.page)
    .map((a) => ({
      box: a.wholePage ? { x: 0, y: 0, width: rendered.widthPt, height: rendered.heightPt } : a.box,
    }));
}

function paintBoxes(
  rendered: RenderedPage,
  boxes: readonly Pick<RedactionBox, 'box'>[],
  fill = '#000000',
): void {
  const { context, scale } = rendered;
  context.fillStyle = fill;
  for (const { box } of boxes) {
    // Whole pixels, rounded outwards: an anti-aliased edge would leave a faint trace of glyphs.
    const left = Math.floor(box.x * scale);
    const top = Math.floor(box.y * scale);
    const right = Math.ceil((box.x + box.width) * scale);
    const bottom = Math.ceil((box.y + box.height) * scale);
    context.fillRect(left, top, right - left, bottom - top);
  }
}

function groupByPage(fragments: readonly TextFragment[]): Map<number, TextFragment[]> {
  const byPage = new Map<number, TextFragment[]>();
  for (const fragment of fragments) {
    const list = byPage.get(fragment.page);
    if (list) list.push(fragment);
    else byPage.set(fragment.page, [fragment]);
  }
  return byPage;
}

/**
 * A span character with no fragment has no known position, so it cannot be covered: the page
 * image would show it. Refuse rather than write a copy that may leak.
 */
function assertSpansPlaced(input: RedactedPdfInput): void {
  const sorted = [...input.fragments].sort((a, b) => a.start - b.start);
  input.spans.forEach((span, index) => {
    let uncovered = 0;
    // Fragments do not overlap, so the first one ending after the span's start is found by
    // binary search and the rest are walked in order.
    for (
      let offset = span.start, i = firstEndingAfter(sorted, span.start);
      offset < span.end;
      offset++
    ) {
      if (/\s/u.test(span.text[offset - span.start] ?? ' ')) continue;
      while (i < sorted.length && (sorted[i]?.end ?? Infinity) <= offset) i++;
      const fragment = sorted[i];
      if (fragment === undefined || fragment.start > offset) uncovered++;
    }
    if (uncovered > 0) {
      throw new Error(
        `${input.file}: ${uncovered} characters of span ${index + 1} (${span.type}) have no position on any page, so they cannot be covered; no redacted PDF was written`,
      );
    }
  });
}
