import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfJs } from './loadPdf.js';

type PdfJsContext = Parameters<PDFPageProxy['render']>[0]['canvasContext'];

/** One PDF page rasterised: the canvas plus what is needed to map page points onto its pixels. */
export interface RenderedPage {
  /** 1-based page number. */
  readonly page: number;
  readonly canvas: Canvas;
  readonly context: SKRSContext2D;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
  /** Page size in PDF points as displayed (crop box, page rotation applied), top-left origin. */
  readonly widthPt: number;
  readonly heightPt: number;
  /** The page's display rotation in degrees (0, 90, 180 or 270), already applied to the canvas. */
  readonly rotation: number;
  /** Pixels per point actually used: dpi / 72, unless the page had to be scaled down to fit `maxPixels`. */
  readonly scale: number;
  /**
   * The whole page's pixels as RGBA, row by row, as a copy that outlives release(). Read
   * pixels only through this: @napi-rs/canvas's getImageData leaks its native buffer (measured:
   * 16 MB per A4 page at 200 DPI that no garbage collection gives back, so a 400-page redaction
   * grew past 6 GB), while `canvas.data()` does not. Pages are opaque (white background), so
   * the values are the same as getImageData's.
   */
  pixels(): Uint8Array;
  /**
   * The same pixels without the copy: a view of the canvas's own memory, valid until the page
   * is drawn on again or released. For a reader that is done before either (placing boxes,
   * encoding the copy's image): a copy of an A4 page at 200 DPI is 16 MB, 5.8 ms here to make
   * and garbage to collect after.
   */
  pixelView(): Uint8Array;
  /** Frees the canvas memory now instead of waiting for the garbage collector. */
  release(): void;
}

export interface RenderOptions {
  readonly dpi: number;
  /** 1-based page numbers to render; all pages when omitted. */
  readonly pages?: readonly number[];
  /**
   * Upper bound on a page's pixel count. A poster-sized page at 300 DPI would need gigabytes of
   * canvas memory; such pages are rendered at the largest scale that fits instead.
   */
  readonly maxPixels?: number;
  /**
   * Also draw annotation appearances (filled form fields, comments, stamps). Off by default:
   * text extraction does not read them, so nothing would find and cover PII in them, and a
   * redacted copy must not carry annotations or form fields in any form.
   */
  readonly annotations?: boolean;
}

const DEFAULT_MAX_PIXELS = 60_000_000;

/** The canvas factory pdf.js created for this document (see `renderPdfPage` for why we use it). */
interface PdfCanvasFactory {
  create(width: number, height: number): { canvas: Canvas; context: SKRSContext2D };
  destroy(entry: { canvas: Canvas | null; context: SKRSContext2D | null }): void;
}

/**
 * Renders one page at `dpi` onto a fresh canvas with a white background.
 *
 * The canvas comes from pdf.js's own Node canvas factory, not from our `@napi-rs/canvas` import:
 * pdfjs-dist ships its own copy of @napi-rs/canvas and polyfills `Path2D` from it, and a Path2D
 * from one copy is rejected by a context from the other ("not a valid enum value of type
 * CanvasFillRule"), so every canvas pdf.js draws on must come from the copy pdf.js loaded.
 * The returned canvas is typed with our copy's types (the API is the same) but belongs to
 * pdf.js's copy: read it (getImageData, encode) freely, but do not hand its ImageData or paths
 * to a canvas made with our import (putImageData rejects them); drawImage across copies works.
 */
export async function renderPdfPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  opts: Omit<RenderOptions, 'pages'>,
): Promise<RenderedPage> {
  if (!(opts.dpi > 0)) throw new RangeError(`Rendering DPI must be positive, got ${opts.dpi}`);
  const page = await pdf.getPage(pageNumber);
  try {
    const pointViewport = page.getViewport({ scale: 1 });
    const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
    let scale = opts.dpi / 72;
    const area = pointViewport.width * pointViewport.height * scale * scale;
    if (area > maxPixels) scale *= Math.sqrt(maxPixels / area);
    const viewport = page.getViewport({ scale });
    const pixelWidth = Math.max(1, Math.ceil(viewport.width));
    const pixelHeight = Math.max(1, Math.ceil(viewport.height));
    const factory = pdf.canvasFactory as PdfCanvasFactory;
    const entry = factory.create(pixelWidth, pixelHeight);
    const { AnnotationMode } = await loadPdfJs();
    try {
      await page.render({
        canvasContext: entry.context as unknown as PdfJsContext,
        viewport,
        annotationMode: opts.annotations === true ? AnnotationMode.ENABLE : AnnotationMode.DISABLE,
        background: 'white',
      }).promise;
    } catch (error) {
      factory.destroy(entry);
      throw error;
    }
    return {
      page: pageNumber,
      canvas: entry.canvas,
      context: entry.context,
      pixelWidth,
      pixelHeight,
      widthPt: pointViewport.width,
      heightPt: pointViewport.height,
      scale,
      rotation: page.rotate,
      // A copy: data()'s buffer shares the canvas's memory, which release() frees.
      pixels: () => Uint8Array.from(entry.canvas.data()),
      pixelView: () => {
        const data = entry.canvas.data();
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      },
      release: () => factory.destroy(entry),
    };
  } finally {
    page.cleanup();
  }
}

/**
 * Renders the pages of a loaded PDF one at a time, so at most one page's canvas is alive per
 * consumer step: the caller should `release()` each page before asking for the next.
 */
export async function* renderPdfPages(
  pdf: PDFDocumentProxy,
  opts: RenderOptions,
): AsyncGenerator<RenderedPage> {
  const pages = opts.pages ?? Array.from({ length: pdf.numPages }, (_, i) => i + 1);
  for (const pageNumber of pages) {
    yield await renderPdfPage(pdf, pageNumber, opts);
  }
}
