import type { Sharp } from 'sharp';
import type { PageText } from '../pdf/layoutPageText.js';
import { ocrPageText } from './ocrPageText.js';
import type { OcrPool } from './ocrPool.js';
import {
  DEFAULT_PREPROCESS,
  STRONG_PREPROCESS,
  inkPreview,
  preparePageImage,
  type PreparedPage,
  type PreprocessOptions,
} from './preparePageImage.js';
import { recognizePage } from './recognizePage.js';
import { lineAxis, type LineAxis } from './lineAxis.js';
import { placedParagraphs, wordScore, type OcrPageResult, type OcrParagraph } from './ocrTypes.js';
import sharp from 'sharp';
import { decodeBarcodes, type FoundBarcode } from '../../document/barcodes.js';
import type { Box } from '../../domain/documentText.js';
import { barcodesPageText } from './barcodeText.js';
import { readAngledText } from './angledText.js';
import { readOtherInk } from './otherInk.js';
import { greyPixels, printConfidence, solidBlack } from './solidBlack.js';

/** One page read by OCR: its text and word fragments (offsets relative to the page's text). */
export interface OcredPage extends PageText {
  /** Mean word confidence in [0, 100]; 0 when nothing was read. */
  readonly confidence: number;
  /** The page had (almost) no ink, so it was not sent to the engine. */
  readonly blank: boolean;
  /** Paragraphs read with low confidence on a page read well overall, top to bottom. */
  readonly lowRegions?: readonly LowConfidenceRegion[];
  /** The page lay turned by this many degrees clockwise; it was read upright. */
  readonly turned?: 90 | 180 | 270;
  /** Barcodes decoded on the page; their payloads follow the page's words in `text`. */
  readonly barcodes?: number;
}

/** A band of the page, as fractions of its height (0 top, 1 bottom), and its mean confidence. */
export interface LowConfidenceRegion {
  readonly top: number;
  readonly bottom: number;
  readonly confidence: number;
  /** Marks that read as scattered letters at every angle tried, rather than faint print. */
  readonly scattered?: boolean;
}

export interface OcrImagePageOptions {
  /** Resolution of the image, when known; 0 lets Tesseract estimate it from the glyph sizes. */
  readonly dpi: number;
  /** Multiplies the boxes: 1 for image pixels, 72/dpi for PDF points. */
  readonly unitsPerPixel: number;
  readonly preprocess?: PreprocessOptions;
  readonly pool?: OcrPool;
  /** False reads a page once, as given (benchmarks compare with it). */
  readonly rescue?: boolean;
}

/** How much larger a band of small print is read again. */
const SMALL_PRINT_SCALE = 3;

/** Words read in `bands` of the page (fractions of its height), in the page's own pixels. */
async function rereadBands(
  image: Sharp,
  bands: readonly LowConfidenceRegion[],
  options: OcrImagePageOptions,
): Promise<OcrParagraph[]> {
  if (bands.length === 0) return [];
  // `image` is settled (see `settled`), so its metadata is the size the page reading saw.
  const { width = 0, height = 0 } = await image.metadata();
  const out: OcrParagraph[] = [];
  for (const band of bands) {
    const pad = Math.round(height * 0.01);
    const top = Math.max(0, Math.floor(band.top * height) - pad);
    const bottom = Math.min(height, Math.ceil(band.bottom * height) + pad);
    if (bottom - top < 4 || width < 4) continue;
    const crop = sharp(
      await image
        .clone()
        .extract({ left: 0, top, width, height: bottom - top })
        .resize({ width: width * SMALL_PRINT_SCALE, kernel: 'lanczos3' })
        .png()
        .toBuffer(),
    );
    const prepared = await preparePageImage(crop, DEFAULT_PREPROCESS, 0);
    const read = await recognizePage(prepared, options.pool);
    out.push(...placedParagraphs(read.paragraphs, SMALL_PRINT_SCALE, top));
  }
  return out;
}

/**
 * The image with its pipeline (a crop of a rendered page, say) applied, as a new input: a crop
 * of a crop is then cut from what the page reading saw, never from the original input.
 */
async function settled(image: Sharp): Promise<Sharp> {
  const { data, info } = await image.clone().raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/** Barcodes on the image as given (ZXing tries its own rotations and inversions). */
async function findBarcodes(image: Sharp): Promise<FoundBarcode[]> {
  const { data, info } = await image
    .clone()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return decodeBarcodes(data, info.width, info.height);
}

/** OCR's reading of a code's modules is noise ("Ely SE FL af"): words inside a code are dropped. */
function withoutCodes(result: OcrPageResult, codes: readonly FoundBarcode[]): OcrPageResult {
  if (codes.length === 0) return result;
  const inside = (b: Box) =>
    codes.some(({ box: c }) => {
      const cx = b.x + b.width / 2;
      const cy = b.y + b.height / 2;
      return cx >= c.x && cx <= c.x + c.width && cy >= c.y && cy <= c.y + c.height;
    });
  const paragraphs = result.paragraphs
    .map((p) => ({
      lines: p.lines
        .map((l) => ({ words: l.words.filter((w) => !inside(w.box)) }))
        .filter((l) => l.words.length > 0),
    }))
    .filter((p) => p.lines.length > 0);
  return { ...result, paragraphs };
}

/** The page's words, then its barcodes' payloads, each character boxed by its whole code. */
function pageWithBarcodes(
  result: OcrPageResult,
  codes: readonly FoundBarcode[],
  unitsPerPixel: number,
): PageText {
  const page = ocrPageText(withoutCodes(result, codes), unitsPerPixel);
  if (codes.length === 0) return page;
  const read = barcodesPageText(codes, unitsPerPixel);
  const offset = page.text === '' ? 0 : page.text.length + 2;
  return {
    text: page.text === '' ? read.text : `${page.text}\n\n${read.text}`,
    fragments: [
      ...page.fragments,
      ...read.fragments.map((f) => ({ ...f, start: f.start + offset, end: f.end + offset })),
    ],
  };
}

/** Prepares, OCRs and lays out one page image: the one path shared by images and scanned PDFs. */
export async function ocrImagePage(image: Sharp, options: OcrImagePageOptions): Promise<OcredPage> {
  const base = options.preprocess ?? DEFAULT_PREPROCESS;
  const read = async (turn: Turn, preprocess: PreprocessOptions) => {
    const prepared = await preparePageImage(image.clone(), preprocess, options.dpi, turn);
    return { prepared, preprocess, result: await recognizePage(prepared, options.pool) };
  };
  const rescue = options.rescue !== false;
  // Chosen by measurement, per page: print this faint on grey paper (a thermal receipt) is
  // cleaned up harder from the start; the default would read its noise slowly and badly.
  const first = await preparePageImage(image.clone(), base, options.dpi);
  let best =
    rescue && !first.blank && first.contrast < FAINT_CONTRAST
      ? await read(0, STRONG_PREPROCESS)
      : { prepared: first, preprocess: base, result: await recognizePage(first, options.pool) };
  // A redacted copy's black boxes read as words at 0–30 and pulled its pages below
  // RESCUE_BELOW, so reading a copy back ran every rescue below on clean print. The
  // confidence that counts is that of the words that are not solid black.
  // The page's pixels are decoded for it once, when a reading first asks (see angledText too).
  let solid: Promise<(box: Box) => boolean> | undefined;
  const solidOnPage = () => (solid ??= settled(image).then(greyPixels).then(solidBlack));
  const confidenceOf = async (result: OcrPageResult): Promise<number> =>
    result.confidence >= RESCUE_BELOW
      ? result.confidence
      : printConfidence(result, await solidOnPage());
  const readsBetter = async (next: OcrPageResult, than: OcrPageResult): Promise<boolean> =>
    isBetterReading(
      { score: readingScore(next), confidence: await confidenceOf(next) },
      { score: readingScore(than), confidence: await confidenceOf(than) },
    );
  const readsBadly = async () =>
    !best.prepared.blank && (await confidenceOf(best.result)) < RESCUE_BELOW;
  // Quarter turns read on a half-resolution copy (a quarter of the work), each once per clean-up;
  // the probes asked for together go to the pool together (it has a worker per core).
  const probes = new Map<PreprocessOptions, Map<Turn, Promise<number>>>();
  const probe = async (turns: readonly Turn[], preprocess: PreprocessOptions) => {
    const done = probes.get(preprocess) ?? new Map<Turn, Promise<number>>();
    probes.set(preprocess, done);
    const small = { ...preprocess, maxDpi: 150 };
    for (const turn of turns) {
      if (done.has(turn)) continue;
      done.set(
        turn,
        preparePageImage(image.clone(), small, options.dpi || 300, turn).then(async (prepared) =>
          readingScore(await recognizePage(prepared, options.pool)),
        ),
      );
    }
    await Promise.all(done.values());
    return done;
  };
  /**
   * The turn that reads best of those probed, when it reads clearly better than the page as it
   * lies (the best of the others where upright was not probed); undefined when none does.
   */
  const clearWinner = async (scores: Map<Turn, Promise<number>>): Promise<Turn | undefined> => {
    const read = await Promise.all([...scores].map(async ([t, p]) => [t, await p] as const));
    const [turn, score] = read.reduce((a, b) => (b[1] > a[1] ? b : a));
    const others = read.filter(([t]) => t !== turn).map(([, s]) => s);
    const against = scores.has(0) ? await scores.get(0)! : Math.max(0, ...others);
    return turn !== 0 && score > against * CLEAR_WIN ? turn : undefined;
  };
  const readTurned = async (turn: Turn) => {
    // With the page's own clean-up first: a page read upside down with the harder clean-up
    // was read badly for want of its turn, not its print, and the harder one took 5 s of an
    // upside-down statement's 15. It follows only when the turned page still reads badly.
    let turned = await read(turn, base);
    if (best.preprocess !== base && (await confidenceOf(turned.result)) < RESCUE_BELOW) {
      const harder = await read(turn, best.preprocess);
      if (await readsBetter(harder.result, turned.result)) turned = harder;
    }
    if (await readsBetter(turned.result, best.result)) best = turned;
  };
  // Which way the page's lines run, measured from its ink once a reading asks.
  let axis: Promise<LineAxis | undefined> | undefined;
  const axisOfPage = () =>
    (axis ??= inkPreview(image.clone()).then((p) => lineAxis(p.data, p.width, p.height).axis));
  if (rescue && (await readsBadly()) && (await axisOfPage()) === 'down') {
    // Its lines run down the page: it lies on its side. Probed at 90° and 270° first, before a
    // stronger clean-up (which does not help a turned page) and without reading the print
    // sideways again (Tesseract's slowest reading: a statement on its side took 24 s, 6 s of
    // it the stronger clean-up and 12 s probes of all four turns). When neither turn reads
    // clearly better than the other, the page goes on as any page that reads badly.
    const turn = await clearWinner(await probe([90, 270], best.preprocess));
    if (turn !== undefined) await readTurned(turn);
  }
  // Ink where no word came back (grey or faint print on an otherwise clean page) is a reason
  // for the stronger reading too.
  if (
    rescue &&
    best.preprocess !== STRONG_PREPROCESS &&
    ((await readsBadly()) ||
      (best.prepared.turn === 0 && unreadInk(best.prepared, best.result).length > 0))
  ) {
    // A second reading with stronger clean-up (faint ink, grey paper, small type), turned as
    // the page was read; the better of the two is kept.
    const strong = await read(best.prepared.turn, STRONG_PREPROCESS);
    if (await readsBetter(strong.result, best.result)) best = strong;
  }
  if (rescue && best.prepared.turn === 0 && (await readsBadly())) {
    // Still read badly: the page may lie on its side or upside down. A clear winner of the
    // probes is read in full, its boxes mapped back through its turn. A page whose lines run
    // across is probed upright and upside down first, on its sides only when 180° does not win
    // (probes already read with the same clean-up are not read again).
    const across = (await axisOfPage()) === 'across';
    let turn = await clearWinner(await probe(across ? [0, 180] : TURNS, best.preprocess));
    if (across && turn === undefined) turn = await clearWinner(await probe(TURNS, best.preprocess));
    if (turn !== undefined) await readTurned(turn);
  }
  if (rescue && best.prepared.turn === 0) {
    // Small print the page reading skipped (a 13 px footer on an A4 scan): each band of ink that
    // came back without words is read again on its own, three times larger.
    const unread = unreadInk(best.prepared, best.result);
    const extra = unread.length > 0 ? await rereadBands(await settled(image), unread, options) : [];
    if (extra.length > 0) {
      best = {
        ...best,
        result: { ...best.result, paragraphs: [...best.result.paragraphs, ...extra] },
      };
    }
  }
  if (rescue && best.prepared.turn === 0) {
    // Print the grey reading cannot see (white on a dark band, red on green, very light grey).
    const other = await readOtherInk(
      await settled(image),
      best.result,
      options.pool,
      best.preprocess !== STRONG_PREPROCESS,
    );
    if (other !== best.result) best = { ...best, result: other };
  }
  let unreadStreaks: readonly Box[] = [];
  if (rescue && best.prepared.turn === 0) {
    // Text printed at an angle reads as a streak of one- and two-letter guesses: each streak is
    // read again turned by the probe angles, and the best reading replaces the guesses.
    const angled = await readAngledText(
      () => settled(image),
      best.result,
      solidOnPage,
      options.pool,
    );
    best = { ...best, result: angled.result };
    unreadStreaks = angled.unread;
  }
  const { prepared, result } = best;
  const lowRegions = [
    ...lowConfidenceRegions(result),
    ...unreadInk(prepared, result),
    ...unreadStreaks.map((s) => ({
      top: s.y / prepared.sourceHeight,
      bottom: (s.y + s.height) / prepared.sourceHeight,
      confidence: 0,
      scattered: true,
    })),
  ].sort((a, b) => a.top - b.top);
  const codes = prepared.blank ? [] : await findBarcodes(image);
  return {
    ...pageWithBarcodes(result, codes, options.unitsPerPixel),
    ...(codes.length > 0 ? { barcodes: codes.length } : {}),
    confidence: await confidenceOf(result),
    blank: prepared.blank,
    ...(lowRegions.length > 0 ? { lowRegions } : {}),
    ...(prepared.turn ? { turned: prepared.turn } : {}),
  };
}

type Turn = 0 | 90 | 180 | 270;
const TURNS: readonly Turn[] = [0, 90, 180, 270];

/** A turn's probe must read this many times better than the page as it lies to be taken. */
const CLEAR_WIN = 1.5;

/** How much less sure (of 100) than the reading it replaces another reading may be. */
export const CONFIDENCE_SLACK = 10;

/**
 * Below this mean confidence a page is also read turned by 90°, 180° and 270°, and with
 * stronger preprocessing.
 */
export const RESCUE_BELOW = 75;

/**
 * Pages whose darkest ink is fewer gray levels than this below their paper (faint print on grey
 * paper) are read with the stronger clean-up first.
 */
export const FAINT_CONTRAST = 80;

/**
 * How much real text a reading holds: letters of the words of two letters or more, weighted by
 * their confidence. A page read sideways gives few, short, unsure words.
 */
export function readingScore(result: OcrPageResult): number {
  return wordScore(result.paragraphs, /\p{L}/gu);
}

/**
 * Whether a reading (its `readingScore` and confidence) should replace another. More letters
 * alone do not make it better: a pink thermal receipt read with the harder clean-up, and then on
 * its side, gave more letters than its plain reading, all of them the paper's grain, at half its
 * confidence. A better reading reads more and is not much less sure.
 */
export function isBetterReading(
  next: { score: number; confidence: number },
  than: { score: number; confidence: number },
): boolean {
  return next.score > than.score && next.confidence >= than.confidence - CONFIDENCE_SLACK;
}

/**
 * Paragraphs of at least three words whose mean confidence is low: a faded stamp, a smudged
 * line or small print on an otherwise clean page, where PII may be misread and so missed.
 */
export function lowConfidenceRegions(result: OcrPageResult): LowConfidenceRegion[] {
  if (result.height <= 0) return [];
  const regions: LowConfidenceRegion[] = [];
  for (const paragraph of result.paragraphs) {
    const words = paragraph.lines.flatMap((l) => l.words);
    if (words.length < 3) continue;
    const confidence = words.reduce((a, w) => a + w.confidence, 0) / words.length;
    if (confidence >= LOW_CONFIDENCE) continue;
    const top = Math.min(...words.map((w) => w.box.y)) / result.height;
    const bottom = Math.max(...words.map((w) => w.box.y + w.box.height)) / result.height;
    regions.push({ top, bottom, confidence });
  }
  return regions.sort((a, b) => a.top - b.top);
}

/**
 * Bands of the page with ink but no word read there: print too faint or too grey for OCR, which
 * would otherwise pass unnoticed on a page that reads well. Only text-like ink counts (a few
 * percent of a band, on two bands or more, well above the page's usual level), so rules, empty
 * margins and paper noise do not.
 */
export function unreadInk(prepared: PreparedPage, result: OcrPageResult): LowConfidenceRegion[] {
  const bands = prepared.inkBands;
  if (prepared.blank || bands.length === 0 || result.height <= 0) return [];
  const covered = bands.map(() => false);
  for (const p of result.paragraphs) {
    for (const line of p.lines) {
      for (const w of line.words) {
        const from = Math.floor((w.box.y / result.height) * bands.length);
        const to = Math.floor(((w.box.y + w.box.height) / result.height) * bands.length);
        for (let b = Math.max(0, from - 1); b <= Math.min(bands.length - 1, to + 1); b++)
          covered[b] = true;
      }
    }
  }
  const sorted = [...bands].sort((a, b) => a - b);
  const usual = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const unread = bands.map((ink, b) => !covered[b] && ink > 0.004 && ink < 0.08 && ink > 4 * usual);
  const regions: LowConfidenceRegion[] = [];
  for (let b = 0; b < unread.length; b++) {
    if (!unread[b]) continue;
    let end = b;
    while (end + 1 < unread.length && unread[end + 1]) end++;
    if (end > b)
      regions.push({ top: b / bands.length, bottom: (end + 1) / bands.length, confidence: 0 });
    b = end;
  }
  return regions;
}

/**
 * A region of a page as a reviewer looks for it: where on the page, in words, then how far down
 * ("in the lower part of the page, 70–72% of the way down"); a bare percentage of the page height
 * was hard to find on a receipt.
 */
function whereOnPage(top: number, bottom: number): string {
  const pct = (f: number) => Math.round(Math.min(1, Math.max(0, f)) * 100);
  const down = `${pct(top)}–${pct(bottom)}% of the way down`;
  if (bottom - top > 0.5) return `over most of the page (${down})`;
  const middle = (top + bottom) / 2;
  const part =
    middle < 0.2
      ? 'at the top of the page'
      : middle < 0.4
        ? 'in the upper part of the page'
        : middle < 0.6
          ? 'in the middle of the page'
          : middle < 0.8
            ? 'in the lower part of the page'
            : 'at the bottom of the page';
  return `${part}, ${down}`;
}

/**
 * Below this mean word confidence a page's text is mostly guesses (blur, tiny print, handwriting,
 * photographs of screens): detections on it cannot be trusted, so the user is told.
 */
export const LOW_CONFIDENCE = 60;

/** What the user should hear about one OCR'd page, if anything. */
export function ocrPageWarnings(pageNumber: number, page: OcredPage): string[] {
  if (page.blank) return [`page ${pageNumber} is blank`];
  if (page.text.trim() === '') return [`page ${pageNumber}: OCR found no text on this page`];
  if (page.confidence < LOW_CONFIDENCE) {
    return [
      `page ${pageNumber}: OCR confidence is very low (${Math.round(page.confidence)}/100), so PII may be missed; ` +
        'check this page by hand or rescan it at 300 DPI',
    ];
  }
  const turned = page.turned
    ? [
        `page ${pageNumber} lay turned by ${page.turned}° clockwise; it was read upright, and its redaction boxes are drawn on the page as it lies`,
      ]
    : [];
  // The page reads well overall; a part of it may not.
  return turned.concat(
    (page.lowRegions ?? []).map((r) =>
      r.scattered
        ? `page ${pageNumber}: marks ${whereOnPage(r.top, r.bottom)} read as scattered letters upright and at ±30°, ±45° and ±60° (a chart, a stamp, a signature, or text at another angle?), so PII there may be missed; check that region by hand`
        : r.confidence === 0
          ? `page ${pageNumber}: there is print ${whereOnPage(r.top, r.bottom)}, that OCR could not read (too faint or grey?), so PII there may be missed; check that region by hand`
          : `page ${pageNumber}: OCR confidence is low (${Math.round(r.confidence)}/100) ${whereOnPage(r.top, r.bottom)}, so PII there may be missed; check that region by hand`,
    ),
  );
}
