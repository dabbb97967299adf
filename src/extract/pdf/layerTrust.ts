/**
 * Whether a page's text layer can be trusted to say what the page shows. Redaction boxes are
 * drawn where the layer puts each value, so a layer that disagrees with the ink leaks: text drawn
 * invisibly (an OCR layer, which may sit anywhere, or text used as a clip), an image showing
 * text the layer does not hold, and glyphs whose font has no Unicode map (the layer holds codes,
 * the page shows words). Invisible text and unmapped fonts make the whole page one to OCR;
 * images are returned as regions to OCR next to the layer, which explains the rest of the page.
 */
import type { Box } from '../../domain/documentText.js';
import type { PDFPageProxy } from '../../document/loadPdf.js';
import { loadPdfJs } from '../../document/loadPdf.js';

/** Images smaller than this (a rule, a bullet, a tracking pixel) cannot hold a readable value. */
const MIN_IMAGE_SIDE_PT = 12;
const MIN_IMAGE_AREA_PT2 = 600;
/** Characters a text layer holds only when a font has no usable Unicode map. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const UNMAPPED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd\ue000-\uf8ff]/gu;
const MIN_UNMAPPED = 3;
/**
 * Invisible text that is a small part of a page's text (a producer's hidden marker, a link's
 * label) does not make the layer wrong; an OCR layer over a scan is most or all of it.
 */
const MIN_INVISIBLE_SHARE = 0.2;

type Matrix = readonly [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: readonly number[]): Matrix {
  const [a, b, c, d, e, f] = m;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = n;
  return [
    a2 * a + b2 * c,
    a2 * b + b2 * d,
    c2 * a + d2 * c,
    c2 * b + d2 * d,
    e2 * a + f2 * c + e,
    e2 * b + f2 * d + f,
  ];
}

export interface LayerTrust {
  /** Why the layer cannot stand for the page at all; empty when it can. */
  readonly reasons: readonly string[];
  /** Where images are drawn, in viewport points (top-left origin): to OCR besides the layer. */
  readonly imageRegions: readonly Box[];
  /**
   * The page draws many paths or rectangles: a barcode drawn as vector shapes (invoice software
   * draws QR codes module by module) may be among them, so the page is rendered and scanned.
   */
  readonly manyRectangles?: boolean;
}

/** Paths or rectangles a page must draw before it is scanned for vector barcodes (a QR code has 200+ modules). */
const VECTOR_CODE_RECTANGLES = 150;

export async function layerTrust(
  page: PDFPageProxy,
  layerText: string,
  toViewport: (x: number, y: number) => readonly number[],
): Promise<LayerTrust> {
  const reasons: string[] = [];
  const imageRegions: Box[] = [];
  const unmapped = layerText.match(UNMAPPED)?.length ?? 0;
  if (unmapped >= MIN_UNMAPPED) reasons.push('a font without a Unicode map');

  const { OPS } = await loadPdfJs();
  const ops = await page.getOperatorList();
  let ctm: Matrix = IDENTITY;
  const stack: Matrix[] = [];
  let renderMode = 0;
  const modes: number[] = [];
  let invisibleGlyphs = 0;
  let visibleGlyphs = 0;
  let rectangles = 0;
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push(ctm);
        modes.push(renderMode);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? IDENTITY;
        renderMode = modes.pop() ?? 0;
        break;
      case OPS.transform:
        ctm = multiply(ctm, (args ?? []) as number[]);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push(ctm);
        modes.push(renderMode);
        if (Array.isArray(args?.[0])) ctm = multiply(ctm, args[0] as number[]);
        break;
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? IDENTITY;
        renderMode = modes.pop() ?? 0;
        break;
      case OPS.constructPath: {
        // A module is a rectangle operator, or a path of its own (pdf-lib, many generators).
        const sub = args?.[0];
        const rects = Array.isArray(sub) ? sub.filter((op) => op === OPS.rectangle).length : 0;
        rectangles += Math.max(1, rects);
        break;
      }
      case OPS.setTextRenderingMode:
        renderMode = Number(args?.[0] ?? 0);
        break;
      case OPS.showText:
      case OPS.showSpacedText:
      case OPS.nextLineShowText:
      case OPS.nextLineSetSpacingShowText: {
        // 3: neither filled nor stroked; 7: only added to the clip. Either way not what is seen.
        const shown = args?.find((a): a is unknown[] => Array.isArray(a)) ?? [];
        const glyphs = shown.filter((g) => typeof g === 'object' && g !== null).length;
        if (renderMode === 3 || renderMode === 7) invisibleGlyphs += glyphs;
        else visibleGlyphs += glyphs;
        break;
      }
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat: {
        // An image fills the unit square of the current matrix.
        const [a, b, c, d, e, f] = ctm;
        const corners = [
          toViewport(e, f),
          toViewport(a + e, b + f),
          toViewport(c + e, d + f),
          toViewport(a + c + e, b + d + f),
        ];
        const xs = corners.map((p) => p[0] ?? 0);
        const ys = corners.map((p) => p[1] ?? 0);
        const box = {
          x: Math.min(...xs),
          y: Math.min(...ys),
          width: Math.max(...xs) - Math.min(...xs),
          height: Math.max(...ys) - Math.min(...ys),
        };
        if (
          box.width >= MIN_IMAGE_SIDE_PT &&
          box.height >= MIN_IMAGE_SIDE_PT &&
          box.width * box.height >= MIN_IMAGE_AREA_PT2
        ) {
          imageRegions.push(box);
        }
        break;
      }
    }
  });
  const allGlyphs = invisibleGlyphs + visibleGlyphs;
  if (allGlyphs > 0 && invisibleGlyphs / allGlyphs >= MIN_INVISIBLE_SHARE) {
    reasons.push('invisible text');
  }
  return {
    reasons,
    imageRegions,
    ...(rectangles >= VECTOR_CODE_RECTANGLES ? { manyRectangles: true } : {}),
  };
}
