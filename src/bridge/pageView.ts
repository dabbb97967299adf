/**
 * One page of a PDF or an image as the review shows it: the page rendered, and every redaction box where the
 * redacted copy will burn it — the boxes come from pageRedactionBoxes, the computation
 * src/write/redactedPdf.ts paints with, so what the reviewer sees on the page is what leaves.
 */
import sharp from 'sharp';
import type { Box } from '../domain/documentText.js';
import type {
  PageView as DomainPageView,
  PageViewBox as DomainPageViewBox,
} from '../domain/pageView.js';
import type { FileResult } from '../domain/fileResult.js';
import type { Span } from '../domain/span.js';
import { loadPdf } from '../document/loadPdf.js';
import { renderPdfPage } from '../document/renderPdfPage.js';
import { readFile } from 'node:fs/promises';
import { pageRedactionBoxes } from '../write/redactedPdf.js';
import { imagePageBoxes } from '../write/redactedImage.js';
import { openImagePage, readImagePageHeaders } from '../document/imagePages.js';
import { readableImage } from '../document/heicImage.js';
import { AREA_TYPE } from '../domain/reviewDecisions.js';

/** A box of the page view, with the span it redacts (-1 for a reviewer's area). */
export interface PageViewBox extends DomainPageViewBox {
  readonly spanIndex: number;
}

export interface PageView extends Omit<DomainPageView, 'boxes'> {
  readonly boxes: readonly PageViewBox[];
}

/** The review renders pages at this resolution: sharp on screen, small enough to send. */
export const PAGE_VIEW_DPI = 110;

/**
 * A page's detection boxes and the reviewer's own areas (where the copy burns them too), in the
 * page's units; a whole page is `width` × `height`.
 */
function viewBoxes(
  detections: readonly { readonly box: Box; readonly spanIndex: number }[],
  spans: readonly Span[],
  result: FileResult,
  page: number,
  width: number,
  height: number,
): PageViewBox[] {
  return [
    ...detections.map((b) => ({
      box: b.box,
      type: spans[b.spanIndex]?.type ?? '',
      spanIndex: b.spanIndex,
    })),
    ...(result.areas ?? [])
      .filter((a) => a.page === page)
      .map((a) => ({
        box: a.wholePage ? { x: 0, y: 0, width, height } : a.box,
        type: AREA_TYPE,
        spanIndex: -1,
      })),
  ];
}

/**
 * Image pages are shown in points as if scanned at this resolution (their own DPI is often
 * missing or wrong), so a page fits the view at the zooms PDFs use. Boxes are scaled alike.
 */
export const IMAGE_VIEW_DPI = 150;

async function renderImagePageView(
  result: FileResult,
  page: number,
  spans: readonly Span[],
): Promise<PageView> {
  const bytes = await readableImage(await readFile(result.file), result.file);
  const headers = await readImagePageHeaders(bytes, result.file);
  const header = headers[page - 1];
  if (!header) throw new RangeError(`${result.relativePath} has no page ${page}.`);
  const png = await openImagePage(bytes, page - 1, header)
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  const pt = 72 / IMAGE_VIEW_DPI;
  const fragments = (result.fragments ?? []).filter((f) => f.page === page);
  return {
    page,
    pages: headers.length,
    widthPt: header.width * pt,
    heightPt: header.height * pt,
    image: `data:image/png;base64,${png.toString('base64')}`,
    boxes: viewBoxes(
      imagePageBoxes(spans, fragments, page),
      spans,
      result,
      page,
      header.width,
      header.height,
    ).map((b) => ({
      ...b,
      box: { x: b.box.x * pt, y: b.box.y * pt, width: b.box.width * pt, height: b.box.height * pt },
    })),
  };
}

export async function renderPageView(
  result: FileResult,
  page: number,
  spans: readonly Span[],
): Promise<PageView> {
  if (result.kind === 'image') return renderImagePageView(result, page, spans);
  if (result.kind !== 'pdf') throw new Error(`${result.relativePath} has no pages to show.`);
  const pdf = await loadPdf(await readFile(result.file), result.file);
  try {
    if (!Number.isInteger(page) || page < 1 || page > pdf.numPages) {
      throw new RangeError(`${result.relativePath} has no page ${page}.`);
    }
    const rendered = await renderPdfPage(pdf, page, { dpi: PAGE_VIEW_DPI });
    try {
      const fragments = (result.fragments ?? []).filter((f) => f.page === page);
      const boxes = viewBoxes(
        pageRedactionBoxes(rendered, spans, fragments, result.text),
        spans,
        result,
        page,
        rendered.widthPt,
        rendered.heightPt,
      );
      const raw = rendered.pixels();
      const png = await sharp(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
        raw: { width: rendered.pixelWidth, height: rendered.pixelHeight, channels: 4 },
      })
        .png()
        .toBuffer();
      return {
        page,
        pages: pdf.numPages,
        widthPt: rendered.widthPt,
        heightPt: rendered.heightPt,
        image: `data:image/png;base64,${png.toString('base64')}`,
        boxes,
      };
    } finally {
      rendered.release();
    }
  } finally {
    await pdf.destroy();
  }
}
