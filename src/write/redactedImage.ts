/**
 * Redacted copies of image inputs: the original pixels with solid black boxes burnt over every
 * detected span, written as one PNG. A multi-page TIFF becomes one PNG with its pages stacked top
 * to bottom (one output file per input, like every other format).
 *
 * Boxes come from the OCR word fragments (pixels of the original image, see extractImage.ts):
 * each span covers the proportional slice of every word it touches, and the slices of one span on
 * one text line are joined into a single box so no gap between words stays readable.
 */
import { boxUnion } from '../domain/boxGeometry.js';
import { labelImage } from './boxLabels.js';
import { readFile } from 'node:fs/promises';
import sharp, { type OverlayOptions } from 'sharp';
import type { Box, TextFragment } from '../domain/documentText.js';
import type { Span } from '../domain/span.js';
import { openImagePage, readImagePageHeaders } from '../document/imagePages.js';
import { readableImage } from '../document/heicImage.js';
import { redactionBoxes, type CopyBoxStyle, type RedactionBox } from './redactionBoxes.js';
import { writeFileAtomic } from './writeFileAtomic.js';

export interface RedactedImageInput extends CopyBoxStyle {
  readonly file: string;
  readonly fragments: readonly TextFragment[];
  readonly spans: readonly Span[];
  /** Rectangles (pixels of their page) or whole pages the reviewer redacted, burnt black too. */
  readonly areas?: readonly {
    readonly page: number;
    readonly box: Box;
    readonly wholePage?: boolean;
  }[];
}

export interface RedactedImageResult {
  readonly pages: number;
  readonly boxes: number;
}

function overlapsVertically(a: Box, b: Box): boolean {
  const aMid = a.y + a.height / 2;
  const bMid = b.y + b.height / 2;
  return (aMid >= b.y && aMid <= b.y + b.height) || (bMid >= a.y && bMid <= a.y + a.height);
}

/**
 * Joins the boxes of one span that sit on the same page and text line (their vertical middles
 * fall inside each other) into one box per line.
 */
export function boxesPerLine(boxes: readonly RedactionBox[]): RedactionBox[] {
  const joined: RedactionBox[] = [];
  for (const box of boxes) {
    const i = joined.findIndex(
      (j) =>
        j.spanIndex === box.spanIndex && j.page === box.page && overlapsVertically(j.box, box.box),
    );
    const existing = joined[i];
    if (existing) joined[i] = { ...existing, box: boxUnion(existing.box, box.box) };
    else joined.push(box);
  }
  return joined;
}

function blackBox(
  box: Box,
  pageTop: number,
  width: number,
  height: number,
  fill = '#000000',
): OverlayOptions | undefined {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(width, Math.ceil(box.x + box.width));
  const bottom = Math.min(height, Math.ceil(box.y + box.height));
  if (right <= left || bottom <= top) return undefined;
  return {
    input: {
      create: { width: right - left, height: bottom - top, channels: 3, background: fill },
    },
    left,
    top: pageTop + top,
  };
}

/** Each span's first box on the page with its label drawn in, over the plain black box. */
function labelLayers(
  boxes: readonly RedactionBox[],
  page: number,
  labels: readonly string[],
  pageTop: number,
  size: { readonly width: number; readonly height: number },
  fill?: string,
): OverlayOptions[] {
  const seen = new Set<number>();
  const layers: OverlayOptions[] = [];
  for (const b of boxes) {
    if (b.page !== page || seen.has(b.spanIndex)) continue;
    seen.add(b.spanIndex);
    const label = labels[b.spanIndex];
    const left = Math.max(0, Math.round(b.box.x));
    const top = Math.max(0, Math.round(b.box.y));
    const width = Math.min(size.width - left, Math.round(b.box.width));
    const height = Math.min(size.height - top, Math.round(b.box.height));
    if (!label || width < 2 || height < 2) continue;
    const png = labelImage({ x: 0, y: 0, width, height }, label, fill);
    if (png) layers.push({ input: png, left, top: pageTop + top });
  }
  return layers;
}

export async function writeRedactedImage(
  input: RedactedImageInput,
  outPath: string,
): Promise<RedactedImageResult> {
  const { png, ...result } = await redactImage(input);
  await writeFileAtomic(outPath, png);
  return result;
}

/** The redacted copy as PNG bytes: every page stacked, black boxes over every span. */
/** The boxes of an image's page, as redactImage burns them (pixels of that page). */
export function imagePageBoxes(
  spans: readonly Span[],
  fragments: readonly TextFragment[],
  page: number,
): RedactionBox[] {
  return boxesPerLine(redactionBoxes(spans, fragments)).filter((b) => b.page === page);
}

export async function redactImage(
  input: RedactedImageInput,
): Promise<RedactedImageResult & { readonly png: Buffer }> {
  const bytes = await readableImage(await readFile(input.file), input.file);
  const headers = await readImagePageHeaders(bytes, input.file);
  const boxes = boxesPerLine(redactionBoxes(input.spans, input.fragments));

  const width = Math.max(...headers.map((h) => h.width));
  const height = headers.reduce((sum, h) => sum + h.height, 0);
  const layers: OverlayOptions[] = [];
  let pageTop = 0;
  for (const [index, header] of headers.entries()) {
    const pixels = await openImagePage(bytes, index, header)
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .png({ compressionLevel: 1 })
      .toBuffer();
    layers.push({ input: pixels, left: 0, top: pageTop });
    const full = { x: 0, y: 0, width: header.width, height: header.height };
    const pageBoxes = [
      ...boxes.filter((b) => b.page === index + 1).map((b) => b.box),
      ...(input.areas ?? [])
        .filter((a) => a.page === index + 1)
        .map((a) => (a.wholePage ? full : a.box)),
    ];
    for (const box of pageBoxes) {
      const layer = blackBox(box, pageTop, header.width, header.height, input.fill);
      if (layer) layers.push(layer);
    }
    if (input.labels)
      layers.push(...labelLayers(boxes, index + 1, input.labels, pageTop, header, input.fill));
    pageTop += header.height;
  }
  const png = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png()
    .toBuffer();
  return { png, pages: headers.length, boxes: layers.length - headers.length };
}
