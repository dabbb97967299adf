/**
 * Print the page reading cannot see: white on a dark band, red on a green background of the same
 * brightness (one grey to a grey-scale reading), print so light it falls under the ink threshold.
 * A person reads each at once; an attacker hides a value in them. Each colour channel and the grey
 * are looked at row by row at a small scale for bands of rows where some pixels stand apart from
 * the row's own background, darker or lighter. A band the grey reading could not have read — light
 * print on a dark background, print only a colour channel shows, or (on a page not already read
 * with the stronger clean-up) print fainter than the ink threshold — where no word was read with
 * confidence is read again from the channel where it stands apart most, turned dark on light
 * (small print three times larger). Words
 * read there replace what the page reading guessed in that band when they read better.
 */
import sharp, { type Sharp } from 'sharp';
import type { OcrPool } from './ocrPool.js';
import {
  placedParagraphs,
  wordScore,
  type OcrLine,
  type OcrPageResult,
  type OcrParagraph,
} from './ocrTypes.js';
import { DEFAULT_PREPROCESS, preparePageImage } from './preparePageImage.js';
import { recognizePage } from './recognizePage.js';

/** The analysis scale: wide enough for 10-point print on A4 to keep rows of its own. */
const ANALYSIS_WIDTH = 1000;
/** A pixel is ink when it differs from its row's background by this much (of 255). */
const APART = 32;
/** Rows with less ink than this are paper; more is a picture or a solid band, not a line of print. */
const MIN_INK = 0.01;
const MAX_INK = 0.45;
/** Print standing apart from its background by less than this (of 255) is faint. */
const FAINT = 64;
/** Words below this confidence are guesses: their band counts as not read. */
const SURE = 60;
/** Print shorter than this (in pixels, the band's height) is read larger. */
const SMALL_BAND = 20;

type Channel = 'grey' | 0 | 1 | 2;

interface Band {
  readonly top: number;
  readonly bottom: number;
  readonly channel: Channel;
  /** The band's background is dark: its print is light. */
  readonly dark: boolean;
  readonly contrast: number;
}

/** Per row: the share of pixels standing apart from the row's median, and how far they stand. */
function rowInk(values: Uint8Array, width: number, height: number) {
  const rows: { ink: number; contrast: number; median: number }[] = [];
  const histogram = new Uint32Array(256);
  for (let y = 0; y < height; y++) {
    histogram.fill(0);
    const row = values.subarray(y * width, (y + 1) * width);
    for (const v of row) histogram[v]!++;
    let median = 0;
    for (let seen = 0; median < 256; median++) {
      seen += histogram[median]!;
      if (seen * 2 >= width) break;
    }
    let apart = 0;
    let distance = 0;
    for (const v of row) {
      const d = Math.abs(v - median);
      if (d > APART) {
        apart++;
        distance += d;
      }
    }
    rows.push({ ink: apart / width, contrast: apart > 0 ? distance / apart : 0, median });
  }
  return rows;
}

/** Bands of print-like rows in one channel, as fractions of the page's height. */
function printBands(values: Uint8Array, width: number, height: number, channel: Channel): Band[] {
  const rows = rowInk(values, width, height);
  const bands: Band[] = [];
  for (let y = 0; y < height; y++) {
    if (!(rows[y]!.ink > MIN_INK && rows[y]!.ink < MAX_INK)) continue;
    let end = y;
    // Gaps of a row or two inside a line of print (between x-height and ascenders) are bridged.
    while (end + 1 < height) {
      const next = [1, 2, 3].find(
        (k) => end + k < height && rows[end + k]!.ink > MIN_INK && rows[end + k]!.ink < MAX_INK,
      );
      if (next === undefined) break;
      end += next;
    }
    if (end - y >= 4) {
      const span = rows.slice(y, end + 1);
      const median = span.reduce((s, r) => s + r.median, 0) / span.length;
      const contrast = span.reduce((s, r) => s + r.contrast, 0) / span.length;
      bands.push({
        top: y / height,
        bottom: (end + 1) / height,
        channel,
        dark: median < 110,
        contrast,
      });
    }
    y = end;
  }
  return bands;
}

/** Whether the words read in a band (fractions of the result's height) read with confidence. */
function readInBand(result: OcrPageResult, band: Band): boolean {
  if (result.height <= 0) return false;
  const words = result.paragraphs.flatMap((p) =>
    p.lines.flatMap((l) =>
      l.words.filter((w) => {
        const top = w.box.y / result.height;
        const bottom = (w.box.y + w.box.height) / result.height;
        return top < band.bottom && bottom > band.top;
      }),
    ),
  );
  return words.length > 0 && words.reduce((s, w) => s + w.confidence, 0) / words.length >= SURE;
}

/** The bands not read with confidence, each from the channel it stands out in most. */
export async function unreadPrintBands(
  image: Sharp,
  result: OcrPageResult,
  options: { readonly faint: boolean },
): Promise<Band[]> {
  const { data, info } = await image
    .clone()
    .removeAlpha()
    .resize({ width: ANALYSIS_WIDTH, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const planes: [Channel, Uint8Array][] = [];
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const r = data[i * channels]!;
    const g = data[i * channels + 1] ?? r;
    const b = data[i * channels + 2] ?? r;
    grey[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  planes.push(['grey', grey]);
  // A grey page (most scans) has no colour to hide print in: its channels are its grey.
  let colour = false;
  for (let i = 0; i < width * height && !colour; i++) {
    const at = i * channels;
    colour = data[at] !== data[at + 1] || data[at + 1] !== data[at + 2];
  }
  if (channels >= 3 && colour)
    for (const c of [0, 1, 2] as const) {
      const plane = new Uint8Array(width * height);
      for (let i = 0; i < width * height; i++) plane[i] = data[i * channels + c]!;
      planes.push([c, plane]);
    }
  const all = planes.flatMap(([channel, values]) => printBands(values, width, height, channel));
  const greyBands = all.filter((b) => b.channel === 'grey');
  const overlaps = (a: Band, b: Band) => a.top < b.bottom && b.top < a.bottom;
  // Only what the grey reading could not have read: light print on a dark background (read
  // with inversion off), print in a colour the grey flattens into its background (no grey band
  // there), and print fainter than the ink threshold unless the page was already read with the
  // stronger clean-up. Ordinary dark print the reading doubted is not read again here.
  const hidden = (band: Band) =>
    band.dark ||
    (band.channel === 'grey'
      ? options.faint && band.contrast < FAINT
      : !greyBands.some((g) => overlaps(g, band)));
  const found = all
    .filter((band) => hidden(band) && !readInBand(result, band))
    .sort((a, b) => b.contrast - a.contrast);
  // One band per place: the channel where it stands apart most.
  const kept: Band[] = [];
  for (const band of found)
    if (!kept.some((k) => k.top < band.bottom && band.top < k.bottom)) kept.push(band);
  return kept.sort((a, b) => a.top - b.top);
}

/** One band read again from its channel, dark print on light. */
async function readBand(
  image: Sharp,
  band: Band,
  width: number,
  height: number,
  pool: OcrPool | undefined,
): Promise<OcrParagraph[]> {
  const pad = Math.round(height * 0.01);
  const top = Math.max(0, Math.floor(band.top * height) - pad);
  const bottom = Math.min(height, Math.ceil(band.bottom * height) + pad);
  if (bottom - top < 4) return [];
  let crop = image
    .clone()
    .removeAlpha()
    .extract({ left: 0, top, width, height: bottom - top });
  crop = band.channel === 'grey' ? crop.greyscale() : crop.extractChannel(band.channel);
  if (band.dark) crop = crop.negate({ alpha: false });
  // Small print three times larger (as the page reading's small-print pass does); print of a
  // readable size as it is, since enlarging it blurs what OCR reads.
  const scale = (band.bottom - band.top) * height < SMALL_BAND ? 3 : 1;
  const scaled = sharp(
    await crop
      .normalise()
      .resize({ width: width * scale, kernel: 'lanczos3' })
      .png()
      .toBuffer(),
  );
  // A band is one line or a few: no skew to find in it, and straightening it can only blur.
  const prepared = await preparePageImage(scaled, { ...DEFAULT_PREPROCESS, deskew: false }, 0);
  const read = await recognizePage(prepared, pool);
  return placedParagraphs(read.paragraphs, scale, top);
}

/** Letters and digits read, weighted by confidence: an IBAN's line is mostly digits. */
/**
 * The page's paragraphs with a band's new reading in place of the words it replaces: before the
 * first line that reaches the band, splitting its paragraph there, so the lines around it stay its
 * context (else at the end). Before the whole paragraph, a table's dark header band went to the
 * top of an invoice whose first paragraph ran down to it, and the model's windows over the bill-to
 * block changed (a tuning-half document's name was missed).
 */
function withBandReading(
  paragraphs: readonly OcrParagraph[],
  read: readonly OcrParagraph[],
  inBand: (y: number, h: number) => boolean,
  below: (y: number) => boolean,
): OcrParagraph[] {
  const reaches = (l: OcrLine) =>
    l.words.some((w) => inBand(w.box.y, w.box.height) || below(w.box.y));
  const kept = (lines: readonly OcrLine[]): OcrParagraph[] => {
    const left = lines
      .map((l) => ({ words: l.words.filter((w) => !inBand(w.box.y, w.box.height)) }))
      .filter((l) => l.words.length > 0);
    return left.length > 0 ? [{ lines: left }] : [];
  };
  const at = paragraphs.findIndex((p) => p.lines.some(reaches));
  if (at < 0) return [...paragraphs.flatMap((p) => kept(p.lines)), ...read];
  const split = paragraphs[at]!.lines.findIndex(reaches);
  return [
    ...paragraphs.slice(0, at).flatMap((p) => kept(p.lines)),
    ...kept(paragraphs[at]!.lines.slice(0, split)),
    ...read,
    ...kept(paragraphs[at]!.lines.slice(split)),
    ...paragraphs.slice(at + 1).flatMap((p) => kept(p.lines)),
  ];
}

const letterScore = (paragraphs: readonly OcrParagraph[]) =>
  wordScore(paragraphs, /[\p{L}\p{N}]/gu);

const meanConfidence = (paragraphs: readonly OcrParagraph[]) => {
  const words = paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words));
  return words.length === 0 ? 0 : words.reduce((s, w) => s + w.confidence, 0) / words.length;
};

/**
 * The page reading with the print it could not see read from another rendition. `image` is the
 * settled page (its pixels are the ones the reading's boxes refer to).
 */
export async function readOtherInk(
  image: Sharp,
  result: OcrPageResult,
  pool: OcrPool | undefined,
  /** Look for faint grey print too: the page was not read with the stronger clean-up. */
  faint: boolean,
): Promise<OcrPageResult> {
  const bands = await unreadPrintBands(image, result, { faint });
  if (bands.length === 0) return result;
  const { width = 0, height = 0 } = await image.metadata();
  let paragraphs = [...result.paragraphs];
  for (const band of bands) {
    const read = await readBand(image, band, width, height, pool);
    // A reading worth adding holds a word: a bar and a stray "of" in a photo's shadow are not.
    const worded = read.some((p) =>
      p.lines.some((l) =>
        l.words.some(
          (w) => w.confidence >= SURE && (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 4,
        ),
      ),
    );
    if (!worded || meanConfidence(read) < SURE) continue;
    const inBand = (y: number, h: number) =>
      y / height < band.bottom && (y + h) / height > band.top;
    const guessed = paragraphs.map((p) => ({
      lines: p.lines.map((l) => ({ words: l.words.filter((w) => inBand(w.box.y, w.box.height)) })),
    }));
    // Only a reading that says more, and more surely, than the page reading's guesses there
    // replaces them: faint print the page reading half read keeps its words.
    if (letterScore(read) <= letterScore(guessed)) continue;
    paragraphs = withBandReading(paragraphs, read, inBand, (y) => y / height >= band.bottom);
  }
  return { ...result, paragraphs };
}
