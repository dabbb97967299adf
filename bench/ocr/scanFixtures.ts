/**
 * Synthetic "scans" for measuring OCR: generated documents (GEN's generator, with gold spans)
 * typeset onto A4 pages with pdf-lib, rendered by pdf.js at a chosen DPI and degraded like a real
 * scan (slight rotation, blur, sensor noise, JPEG). Everything is seeded, so the same arguments
 * always give the same pixels.
 *
 * The reference text of a page is exactly what was drawn: generated text with diacritics stripped
 * to ASCII (Helvetica's WinAnsi set and the `eng` model read ASCII; `?` replaces the rest) and
 * long lines wrapped at spaces outside gold spans. Both edits keep every character's offset, so
 * the generator's gold spans index the drawn text unchanged.
 */
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';
import type { EntityType } from '../../src/domain/entityTypes.js';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import { iterateDocuments } from '../../templates/generateDocuments.js';
import { NO_NOISE } from '../../templates/noise/extractionNoise.js';

export interface GoldValue {
  readonly type: EntityType;
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

/** One typeset page: its text layer PDF and the reference for scoring OCR of it. */
export interface TypesetPage {
  readonly pdf: Uint8Array;
  /** The drawn text, lines separated by "\n", documents by a blank line. */
  readonly text: string;
  readonly gold: readonly GoldValue[];
}

export interface Degradation {
  /** Clockwise rotation in degrees. */
  readonly rotate: number;
  /** Gaussian blur sigma in pixels (at the rendered DPI); 0 for none. */
  readonly blur: number;
  /** Standard deviation of additive gray-level noise; 0 for none. */
  readonly noise: number;
  readonly seed: number;
  /** Share of the ink's darkness lost (0 none, 0.8 faint thermal print). */
  readonly fade?: number;
  /** Gray level of the paper (255 white; 215 a grey receipt or fax). */
  readonly paper?: number;
  /**
   * A dark frame this many points wide around the page, its inner edge ragged: the scanner lid's
   * shadow or the desk around a photographed sheet.
   */
  readonly border?: number;
}

export const CLEAN: Degradation = { rotate: 0, blur: 0, noise: 0, seed: 1 };

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const FONT_SIZE = 10;
const LINE_HEIGHT = 13.5;

/** Keeps one UTF-16 unit per character so gold offsets survive. */
function toAscii(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += ' ';
    else if (/[\x20-\x7e]/.test(ch)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f\u031b]/g, '');
      const mapped = base.length === 1 && /[\x20-\x7e]/.test(base) ? base : '?';
      out += mapped.padEnd(ch.length, '?');
    }
  }
  return out;
}

/** Replaces spaces by newlines so no line is wider than the text column; never inside a span. */
function wrap(text: string, gold: readonly GoldValue[], width: (s: string) => number): string {
  const inSpan = (i: number): boolean => gold.some((g) => i > g.start && i < g.end);
  const chars = [...text];
  let lineStart = 0;
  let lastBreak = -1;
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === '\n') {
      lineStart = i + 1;
      lastBreak = -1;
      continue;
    }
    if (chars[i] === ' ' && !inSpan(i)) lastBreak = i;
    if (
      width(chars.slice(lineStart, i + 1).join('')) > PAGE_WIDTH - 2 * MARGIN &&
      lastBreak > lineStart
    ) {
      chars[lastBreak] = '\n';
      lineStart = lastBreak + 1;
      lastBreak = -1;
    }
  }
  return chars.join('');
}

/**
 * Fills one A4 page with consecutive generated documents (seeded), separated by blank lines, and
 * returns the text-layer PDF plus reference text and gold values.
 */
export async function typesetPage(seed: number, maxLines = 56): Promise<TypesetPage> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const width = (s: string): number => font.widthOfTextAtSize(s, FONT_SIZE);
  let text = '';
  const gold: GoldValue[] = [];
  let lines = 0;
  for (const doc of iterateDocuments({
    n: 40,
    seed,
    noise: NO_NOISE,
    locales: ['en_US', 'en_GB', 'en_IN'],
  })) {
    const docGold = doc.spans.map((s) => ({ ...s, value: '' }));
    const drawn = wrap(toAscii(doc.text), docGold, width);
    const docLines = drawn.split('\n').length;
    let kept = drawn;
    if (lines + docLines + (lines > 0 ? 1 : 0) > maxLines) {
      // A document that does not fit in what is left is skipped (a later, shorter one may fit),
      // unless the page is still empty: then its first lines fill the page.
      if (lines > 0) continue;
      kept = drawn.split('\n').slice(0, maxLines).join('\n');
    }
    const offset = text === '' ? 0 : text.length + 2;
    text = text === '' ? kept : `${text}\n\n${kept}`;
    lines += kept.split('\n').length + (lines > 0 ? 1 : 0);
    for (const s of doc.spans) {
      if (s.end > kept.length) continue;
      gold.push({
        type: s.type,
        start: s.start + offset,
        end: s.end + offset,
        value: text.slice(s.start + offset, s.end + offset),
      });
    }
    if (lines >= maxLines - 4) break;
  }
  return drawPage(pdf, font, text, gold);
}

async function drawPage(
  pdf: PDFDocument,
  font: PDFFont,
  text: string,
  gold: readonly GoldValue[],
): Promise<TypesetPage> {
  const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  text.split('\n').forEach((line, i) => {
    page.drawText(line, {
      x: MARGIN,
      y: PAGE_HEIGHT - MARGIN - FONT_SIZE - i * LINE_HEIGHT,
      size: FONT_SIZE,
      font,
    });
  });
  return { pdf: await pdf.save(), text, gold };
}

/**
 * One given document typeset alone on a page (its first `maxLines` lines): the scans the OCR
 * training text is read from (templates/scans). Spans cut by the page's end are left out.
 */
export async function typesetDocument(
  text: string,
  spans: readonly { readonly type: EntityType; readonly start: number; readonly end: number }[],
  maxLines = 56,
): Promise<TypesetPage> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const width = (s: string): number => font.widthOfTextAtSize(s, FONT_SIZE);
  const docGold = spans.map((s) => ({ ...s, value: '' }));
  const drawn = wrap(toAscii(text), docGold, width).split('\n').slice(0, maxLines).join('\n');
  const gold = spans
    .filter((s) => s.end <= drawn.length)
    .map((s) => ({ ...s, value: drawn.slice(s.start, s.end) }));
  return drawPage(pdf, font, drawn, gold);
}

/** Seeded standard-normal samples (Box–Muller over mulberry32). */
function gaussian(seed: number): () => number {
  let state = seed >>> 0 || 1;
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / 4294967297;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** A scanned page as 8-bit grayscale pixels. */
export interface ScanImage {
  readonly gray: Buffer;
  readonly width: number;
  readonly height: number;
  readonly dpi: number;
}

/** Height in points of the top of a page holding `lines` typeset lines (plus a little paper). */
export function linesHeightPt(lines: number): number {
  return MARGIN + FONT_SIZE + (lines - 1) * LINE_HEIGHT + 24;
}

/**
 * Renders page 1 of `pdfBytes` at `dpi` with pdf.js and degrades it; `cropHeightPt` keeps only
 * the top of the page (small committed fixtures).
 */
export async function scanPage(
  pdfBytes: Uint8Array,
  dpi: number,
  degradation: Degradation,
  cropHeightPt?: number,
): Promise<ScanImage> {
  const document = await loadPdf(pdfBytes, 'fixture.pdf');
  try {
    const rendered = await renderPdfPage(document, 1, { dpi });
    let image;
    try {
      const { width, height } = rendered.canvas;
      const rgba = Buffer.from(rendered.context.getImageData(0, 0, width, height).data.buffer);
      image = sharp(rgba, { raw: { width, height, channels: 4 } });
      if (cropHeightPt !== undefined) {
        const cropped = Math.min(height, Math.round((cropHeightPt * dpi) / 72));
        image = sharp(
          await image.extract({ left: 0, top: 0, width, height: cropped }).raw().toBuffer(),
          {
            raw: { width, height: cropped, channels: 4 },
          },
        );
      }
    } finally {
      rendered.release();
    }
    let pipeline = image.flatten({ background: '#ffffff' }).grayscale();
    if (degradation.rotate !== 0)
      pipeline = pipeline.rotate(degradation.rotate, { background: '#ffffff' });
    if (degradation.blur > 0) pipeline = pipeline.blur(degradation.blur);
    const { data, info } = await pipeline
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const fade = degradation.fade ?? 0;
    const paper = degradation.paper ?? 255;
    if (fade > 0 || paper < 255) {
      // Ink keeps (1 - fade) of its darkness, on paper of the given gray.
      for (let i = 0; i < data.length; i++) {
        const darkness = (255 - (data[i] as number)) * (1 - fade);
        data[i] = Math.round(paper - (darkness * paper) / 255);
      }
    }
    if (degradation.border)
      darkFrame(data, info.width, info.height, (degradation.border * dpi) / 72);
    if (degradation.noise > 0) {
      const next = gaussian(degradation.seed);
      for (let i = 0; i < data.length; i++) {
        data[i] = Math.max(
          0,
          Math.min(255, Math.round((data[i] as number) + next() * degradation.noise)),
        );
      }
    }
    return { gray: data, width: info.width, height: info.height, dpi };
  } finally {
    await document.destroy();
  }
}

/** Paints a near-black frame `depth` pixels deep whose inner edge wanders by up to a third of it. */
function darkFrame(data: Buffer, width: number, height: number, depth: number): void {
  const edge = (i: number): number =>
    depth * (0.8 + 0.2 * Math.sin(i / 37) + 0.1 * Math.sin(i / 5));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (
        x < edge(y) ||
        width - 1 - x < edge(y + 1000) ||
        y < edge(x) ||
        height - 1 - y < edge(x + 2000)
      )
        data[y * width + x] = 28;
    }
  }
}

function grayInput(scan: ScanImage): Sharp {
  return sharp(scan.gray, {
    raw: { width: scan.width, height: scan.height, channels: 1 },
  }).withMetadata({
    density: scan.dpi,
  });
}

/** `colours` > 0 writes a palette PNG with that many gray levels (much smaller fixtures). */
export async function scanToPng(scan: ScanImage, colours = 0): Promise<Buffer> {
  const options =
    colours > 0
      ? { compressionLevel: 9, palette: true, colours, dither: 0 }
      : { compressionLevel: 9 };
  return grayInput(scan).png(options).toBuffer();
}

export async function scanToJpeg(scan: ScanImage, quality = 80): Promise<Buffer> {
  return grayInput(scan).jpeg({ quality }).toBuffer();
}

/** A multi-page TIFF of same-sized pages (LZW-compressed, as office scanners write them). */
export async function scansToTiff(scans: readonly ScanImage[]): Promise<Buffer> {
  const first = scans[0];
  if (!first) throw new Error('no pages');
  if (scans.some((s) => s.width !== first.width || s.height !== first.height)) {
    throw new Error('multi-page TIFF fixtures need same-sized pages');
  }
  const stacked = Buffer.concat(scans.map((s) => s.gray));
  return sharp(stacked, {
    raw: {
      width: first.width,
      height: first.height * scans.length,
      channels: 1,
      pageHeight: first.height,
    },
  })
    .withMetadata({ density: first.dpi })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

/** An image-only PDF of the scan (what a scanner's "scan to PDF" produces: no text layer). */
export async function scanToImagePdf(scan: ScanImage, quality = 80): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const jpeg = await pdf.embedJpg(await scanToJpeg(scan, quality));
  const widthPt = (scan.width * 72) / scan.dpi;
  const heightPt = (scan.height * 72) / scan.dpi;
  const page = pdf.addPage([widthPt, heightPt]);
  page.drawImage(jpeg, { x: 0, y: 0, width: widthPt, height: heightPt });
  return pdf.save();
}
