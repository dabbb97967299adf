/**
 * Whether a page's text layer can be trusted to say what the page shows. Redaction boxes are
 * drawn where the layer puts each value, so a layer that disagrees with the ink leaks: text drawn
 * invisibly (an OCR layer, which may sit anywhere, or text used as a clip), an image showing
 * text the layer does not hold, and glyphs whose font has no Unicode map (the layer holds codes,
 * the page shows words), glyphs in a Type3 font (each is a drawing, so a Unicode map can say
 * anything about it), and ink drawn without text: glyph outlines filled as paths, a tiling
 * pattern's cells. Invisible text, unmapped and Type3 fonts make the whole page one to OCR, where
 * the OCR wins; images and shapes drawn without text are returned as regions to OCR next to the
 * layer, which explains the rest of the page.
 */
import { boxesNear, boxUnion } from '../../domain/boxGeometry.js';
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

/**
 * A filled path with this many separate outlines, some curved, may be words drawn as glyph
 * outlines (four letters make four or more); a rule, a box or a round logo has fewer.
 */
const MIN_GLYPH_OUTLINES = 4;
const MIN_CURVES = 6;
/** Shapes this close (points) are read as one region, as letters of a line are. */
const JOIN_GAP_PT = 6;
/** Beyond this many regions of drawn shapes, the page is read whole. */
const MAX_INK_REGIONS = 24;

export interface LayerTrust {
  /** Why the layer cannot stand for the page at all; empty when it can. */
  readonly reasons: readonly string[];
  /** Where images are drawn, in viewport points (top-left origin): to OCR besides the layer. */
  readonly imageRegions: readonly Box[];
  /**
   * Where shapes are drawn that may be text without a text layer (glyph outlines filled as
   * paths, a tiling pattern's cells), in viewport points: to OCR besides the layer.
   */
  readonly inkRegions: readonly Box[];
  /**
   * The page draws many paths or rectangles: a barcode drawn as vector shapes (invoice software
   * draws QR codes module by module) may be among them, so the page is rendered and scanned.
   */
  readonly manyRectangles?: boolean;
}

interface DrawnShape {
  box: Box;
  outlines: number;
  curves: number;
}

function boxAround(points: readonly (readonly number[])[]): Box {
  const xs = points.map((p) => p[0] ?? 0);
  const ys = points.map((p) => p[1] ?? 0);
  return {
    x: Math.min(...xs),
    y: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };
}

/** Shapes joined into regions (letters into lines), keeping those that may be words. */
function inkRegionsOf(shapes: readonly DrawnShape[]): Box[] {
  const groups: DrawnShape[] = [];
  for (const shape of shapes) {
    let merged = { ...shape };
    // A new shape may bridge groups already formed, so every group it touches joins it.
    for (let i = groups.length - 1; i >= 0; i--) {
      const g = groups[i];
      if (!g || !boxesNear(g.box, merged.box, JOIN_GAP_PT)) continue;
      merged = {
        box: boxUnion(g.box, merged.box),
        outlines: g.outlines + merged.outlines,
        curves: g.curves + merged.curves,
      };
      groups.splice(i, 1);
    }
    groups.push(merged);
  }
  return groups
    .filter((g) => g.outlines >= MIN_GLYPH_OUTLINES && g.curves >= MIN_CURVES)
    .map((g) => g.box)
    .filter((b) => b.width >= MIN_IMAGE_SIDE_PT && b.height >= 4);
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
  const curvedShapes: DrawnShape[] = [];
  const patternShapes: Box[] = [];
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
  let type3Glyphs = 0;
  // Whether the fill colour is a tiling pattern whose cell draws text or shapes.
  let patternFill = false;
  const fills: boolean[] = [];
  let path: { box: Box; outlines: number; curves: number } | undefined;
  const corners = (box: readonly number[]): Box => {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = box;
    const [a, b, c, d, e, f] = ctm;
    return boxAround(
      [
        [x0, y0],
        [x1, y0],
        [x0, y1],
        [x1, y1],
      ].map(([x = 0, y = 0]) => toViewport(a * x + c * y + e, b * x + d * y + f)),
    );
  };
  let type3 = false;
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push(ctm);
        modes.push(renderMode);
        fills.push(patternFill);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? IDENTITY;
        renderMode = modes.pop() ?? 0;
        patternFill = fills.pop() ?? false;
        break;
      case OPS.setFont: {
        const font = page.commonObjs.has(String(args?.[0]))
          ? (page.commonObjs.get(String(args?.[0])) as { isType3Font?: boolean } | null)
          : null;
        type3 = font?.isType3Font === true;
        break;
      }
      case OPS.setFillColorN: {
        const cell = args?.[2] as { fnArray?: number[] } | undefined;
        patternFill =
          args?.[0] === 'TilingPattern' &&
          (cell?.fnArray ?? []).some(
            (op) =>
              op === OPS.showText ||
              op === OPS.showSpacedText ||
              op === OPS.constructPath ||
              op === OPS.paintImageXObject,
          );
        break;
      }
      case OPS.setFillRGBColor:
      case OPS.setFillGray:
      case OPS.setFillCMYKColor:
      case OPS.setFillColor:
        patternFill = false;
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
        const pathOps = Array.isArray(sub) ? (sub as number[]) : [];
        const rects = pathOps.filter((op) => op === OPS.rectangle).length;
        rectangles += Math.max(1, rects);
        const minMax = args?.[2];
        path = Array.isArray(minMax)
          ? {
              box: corners(minMax as number[]),
              outlines: pathOps.filter((op) => op === OPS.moveTo).length,
              curves: pathOps.filter(
                (op) => op === OPS.curveTo || op === OPS.curveTo2 || op === OPS.curveTo3,
              ).length,
            }
          : undefined;
        break;
      }
      case OPS.fill:
      case OPS.eoFill:
      case OPS.fillStroke:
      case OPS.eoFillStroke:
      case OPS.closeFillStroke:
      case OPS.closeEOFillStroke:
        if (path && patternFill) patternShapes.push(path.box);
        else if (path && path.curves > 0) curvedShapes.push(path);
        path = undefined;
        break;
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
        if (type3 && renderMode !== 3 && renderMode !== 7) type3Glyphs += glyphs;
        break;
      }
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat: {
        // An image fills the unit square of the current matrix.
        const box = corners([0, 0, 1, 1]);
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
  if (type3Glyphs > 0) reasons.push('a Type3 font, whose glyphs its Unicode map need not describe');
  const inkRegions = [...patternShapes, ...inkRegionsOf(curvedShapes)];
  if (inkRegions.length > MAX_INK_REGIONS) reasons.push('many shapes that may be text');
  return {
    reasons,
    imageRegions,
    inkRegions: inkRegions.length > MAX_INK_REGIONS ? [] : inkRegions,
    ...(rectangles >= VECTOR_CODE_RECTANGLES ? { manyRectangles: true } : {}),
  };
}
