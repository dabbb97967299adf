/**
 * The last check before a redacted copy is written: its pages are read back from their pixels
 * by OCR, as a person would read them, and the copy fails if any detected value can be read.
 * Text, metadata and raw bytes are checked by verifyRedactedPdf; this is for what a text layer
 * cannot tell — a box drawn beside the ink, text inside an image.
 *
 * `pixels` (the default) reads the pages whose text did not come from a trustworthy text layer:
 * pages read by OCR, pages with images that were OCR'd and pages drawing shapes that may be text;
 * `full` reads every page.
 */
import sharp from 'sharp';
import type { PixelVerification } from '../domain/pixelVerification.js';
import type { Box, PageInfo } from '../domain/documentText.js';
import type { PageText } from '../extract/pdf/layoutPageText.js';
import type { Span } from '../domain/span.js';
import { AREA_TYPE } from '../domain/reviewDecisions.js';
import { loadPdf } from '../document/loadPdf.js';
import { renderPdfPage } from '../document/renderPdfPage.js';
import { ocrImagePage } from '../extract/ocr/ocrImagePage.js';
import { sharedOcrPool, type OcrPool } from '../extract/ocr/ocrPool.js';
import {
  capitalisedAt,
  onlyCapitalisedCopies,
  spacingBlindKey,
  ValueIndex,
} from '../domain/valueMatching.js';
import { findingsIn, type PlacedFinding, type ReadBackDetectors } from './readBack.js';
import { mapWithConcurrency } from '../shared/mapWithConcurrency.js';

/**
 * Values shorter than this are not looked for in OCR text: two or three characters ("Li", "12")
 * turn up in any page's OCR by chance, and would fail innocent copies.
 */
const MIN_VALUE_CHARS = 4;
const VERIFY_DPI = 300;

/**
 * Which pages of a document `mode` reads (1-based): with `pixels`, those read by OCR or holding
 * images, and those where the reviewer redacted an area (its text must be unreadable too).
 */
export function pagesToVerify(
  pages: readonly PageInfo[],
  mode: PixelVerification,
  areaPages: readonly number[] = [],
): number[] {
  return pages
    .filter(
      (p) =>
        mode === 'full' ||
        p.textSource === 'ocr' ||
        (p.imagesRead ?? 0) > 0 ||
        (p.inkRead ?? 0) > 0 ||
        areaPages.includes(p.page),
    )
    .map((p) => p.page);
}

/** A value to look for: the first span holding it, and whether only capitalised copies count. */
export interface SoughtValue {
  readonly index: number;
  readonly capitalisedOnly: boolean;
}

/** The distinct values to look for, in the order of their first spans, and their index. */
export interface SoughtValues {
  readonly values: readonly SoughtValue[];
  readonly index: ValueIndex<SoughtValue>;
}

/** One value to look for per distinct value of `spans`, reported as the first span holding it. */
export function soughtValues(spans: readonly Span[]): SoughtValues {
  const byKey = new Map<string, { index: number; capitalisedOnly: boolean }>();
  spans.forEach((span, index) => {
    // What the second reading added is checked by the second reading itself, where it saw it;
    // text under a drawn area is a scrap the rectangle cut, and the area itself is burnt black.
    if (span.source === 'read-back' || span.type === AREA_TYPE) return;
    const key = spacingBlindKey(span.text);
    if (key.length < MIN_VALUE_CHARS) return;
    const capitalisedOnly = onlyCapitalisedCopies(span.text);
    const known = byKey.get(key);
    // A value also detected in another case ("beeswax" as well as "Beeswax") counts in any case.
    if (known) known.capitalisedOnly &&= capitalisedOnly;
    else byKey.set(key, { index, capitalisedOnly });
  });
  const values = [...byKey.values()];
  const index = new ValueIndex<SoughtValue>({ spacing: 'any' });
  for (const value of values) index.add(spans[value.index]!.text, value);
  return { values, index };
}

/**
 * The values OCR text holds as the redaction treats them, each with where it shows them:
 * "Beeswax" found as a product is redacted where it is capitalised, and "Acme beeswax" on the
 * next line stays in every output (propagation leaves it), so reading "beeswax" back is no leak.
 */
export function readableValues(
  text: string,
  sought: SoughtValues,
): { value: SoughtValue; ranges: { start: number; end: number }[] }[] {
  const ranges = new Map<SoughtValue, { start: number; end: number }[]>();
  const shown = (m: { start: number; tag: SoughtValue }): boolean =>
    !m.tag.capitalisedOnly || capitalisedAt(text, m.start);
  for (const { start, end, tag } of sought.index.findAll(text, shown)) {
    const found = ranges.get(tag);
    if (found) found.push({ start, end });
    else ranges.set(tag, [{ start, end }]);
  }
  return sought.values.flatMap((value) => {
    const found = ranges.get(value);
    return found ? [{ value, ranges: found }] : [];
  });
}

function problemsIn(
  read: PageText,
  where: string,
  page: number,
  scale: number,
  spans: readonly Span[],
  sought: SoughtValues,
): PixelProblem[] {
  return readableValues(read.text, sought).map(({ value, ranges }) => ({
    message: `the value of span ${value.index + 1} (${spans[value.index]?.type}) is readable in the pixels of ${where}`,
    page,
    boxes: ranges.flatMap(({ start, end }) => boxesOf(read, start, end, scale)),
  }));
}

/**
 * What a second reading of the OCR'd copy finds on its own, without looking for the spans: the
 * run's full detector (patterns, the user's recognizers, the model) on the text OCR read, less
 * the copy's own replacements. Each finding carries where the copy draws it.
 */
export type PixelReadBack = (text: string, where: string) => Promise<PlacedFinding[]>;

export function pixelReadBack(
  detectors: ReadBackDetectors,
  replacements: readonly string[],
): PixelReadBack {
  return (text, where) => findingsIn({ where, text, prose: true }, detectors, replacements);
}

/** A value the second reading found in a page's pixels, with the boxes of the words showing it. */
export interface PixelFinding extends Omit<PlacedFinding, 'start' | 'end'> {
  /** 1-based page of the copy. */
  readonly page: number;
  /** In the page's units: points (top-left origin) for a PDF, pixels for an image's page. */
  readonly boxes: readonly Box[];
}

/**
 * A first-pass value still readable in a copy's pixels: print the first reading did not place
 * there (a letterhead OCR read as noise), or a box beside its ink.
 */
export interface PixelProblem {
  readonly message: string;
  /** 1-based page of the copy. */
  readonly page: number;
  /** The words showing it, in the page's units; empty when OCR's words do not hold the match. */
  readonly boxes: readonly Box[];
}

export interface PixelReading {
  /** The first pass's values still readable: blacked out where they show, or the copy fails. */
  readonly problems: PixelProblem[];
  /** What the second reading found that the first pass did not redact. */
  readonly findings: PixelFinding[];
}

/** The boxes of the words of `read` that hold `[start, end)`, scaled into the page's units. */
function boxesOf(read: PageText, start: number, end: number, scale: number): Box[] {
  return read.fragments
    .filter((f) => f.start < end && f.end > start)
    .map((f) => ({
      x: f.box.x / scale,
      y: f.box.y / scale,
      width: f.box.width / scale,
      height: f.box.height / scale,
    }));
}

/** RGBA pixels of a page as read, to tell the copy's own black boxes from print. */
interface PagePixels {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** Share of `box` (pixels) that is near black. */
function darkShare(pixels: PagePixels, box: Box): number {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(pixels.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(pixels.height, Math.ceil(box.y + box.height));
  let dark = 0;
  let all = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * pixels.width + x) * 4;
      all++;
      if ((pixels.data[i] ?? 255) + (pixels.data[i + 1] ?? 255) + (pixels.data[i + 2] ?? 255) < 96)
        dark++;
    }
  }
  return all === 0 ? 0 : dark / all;
}

/**
 * Words whose box is mostly solid black are OCR's reading of the copy's own redaction boxes
 * ("EEE", "NNREREE"), not print: a finding made only of them is no finding. Print, even bold,
 * inks well under half of its word box.
 */
const BLACK_BOX_SHARE = 0.6;

async function placedFindings(
  read: PageText,
  where: string,
  page: number,
  scale: number,
  readBackText: PixelReadBack | undefined,
  pixels: PagePixels,
): Promise<PixelFinding[]> {
  if (!readBackText) return [];
  const printed = (start: number, end: number) =>
    read.fragments.some(
      (f) => f.start < end && f.end > start && darkShare(pixels, f.box) < BLACK_BOX_SHARE,
    );
  return (await readBackText(read.text, where))
    .filter(({ start, end }) => printed(start, end))
    .map(({ start, end, ...f }) => ({ ...f, page, boxes: boxesOf(read, start, end, scale) }))
    .filter((f) => f.boxes.length > 0);
}

/** What reading `pages` of a redacted PDF finds; nothing when every page is clean. */
export async function pdfPixelProblems(
  pdfBytes: Uint8Array,
  spans: readonly Span[],
  pages: readonly number[],
  pool?: OcrPool,
  readBackText?: PixelReadBack,
): Promise<PixelReading> {
  const sought = soughtValues(spans);
  const none = { problems: [], findings: [] };
  if ((sought.values.length === 0 && !readBackText) || pages.length === 0) return none;
  const pdf = await loadPdf(pdfBytes, 'redacted copy');
  try {
    // A page at a time per OCR worker: the pool has one per core, and a page keeps one busy.
    const readings = await mapWithConcurrency(pages, (pool ?? sharedOcrPool()).size, async (n) => {
      const rendered = await renderPdfPage(pdf, n, { dpi: VERIFY_DPI });
      let raw: Uint8Array;
      try {
        raw = rendered.pixels();
      } finally {
        rendered.release();
      }
      const pixels = { data: raw, width: rendered.pixelWidth, height: rendered.pixelHeight };
      const image = sharp(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
        raw: { width: rendered.pixelWidth, height: rendered.pixelHeight, channels: 4 },
      });
      const read = await ocrImagePage(image, {
        dpi: rendered.scale * 72,
        unitsPerPixel: 1,
        ...(pool ? { pool } : {}),
      });
      return {
        problems: problemsIn(read, `page ${n}`, n, rendered.scale, spans, sought),
        findings: await placedFindings(read, `page ${n}`, n, rendered.scale, readBackText, pixels),
      };
    });
    return {
      problems: readings.flatMap((r) => r.problems),
      findings: readings.flatMap((r) => r.findings),
    };
  } finally {
    await pdf.destroy();
  }
}

/**
 * What reading a redacted image copy (PNG, every page stacked) finds; `pageHeights` (pixels)
 * tell which page each finding is on.
 */
export async function imagePixelProblems(
  png: Uint8Array,
  spans: readonly Span[],
  pool?: OcrPool,
  readBackText?: PixelReadBack,
  pageHeights: readonly number[] = [],
): Promise<PixelReading> {
  const sought = soughtValues(spans);
  if (sought.values.length === 0 && !readBackText) return { problems: [], findings: [] };
  const read = await ocrImagePage(sharp(png), {
    dpi: 0,
    unitsPerPixel: 1,
    ...(pool ? { pool } : {}),
  });
  const decoded = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = { data: decoded.data, width: decoded.info.width, height: decoded.info.height };
  const found = await placedFindings(read, 'the image', 1, 1, readBackText, pixels);
  // Stacked pages: a box belongs to the page its top falls in, in that page's pixels.
  const onItsPage = (boxes: readonly Box[]) => {
    const y = boxes[0]?.y ?? 0;
    let top = 0;
    let page = 1;
    for (const height of pageHeights) {
      if (y < top + height) break;
      top += height;
      page += 1;
    }
    return {
      page: Math.min(page, Math.max(1, pageHeights.length)),
      boxes: boxes.map((b) => ({ ...b, y: b.y - top })),
      where: pageHeights.length > 1 ? `page ${page} of the image` : 'the image',
    };
  };
  return {
    problems: problemsIn(read, 'the image', 1, 1, spans, sought).map((p) => {
      const { page, boxes } = onItsPage(p.boxes);
      return { ...p, page, boxes };
    }),
    findings: found.map((f) => ({ ...f, ...onItsPage(f.boxes) })),
  };
}
