/**
 * Text printed at an angle (a payee line stamped at 45°, a note written across a corner) reads as
 * a streak of one- and two-letter guesses ("oF & ~v H J ox"). Such a streak is found among the
 * page's words, cut out, and read again turned by each probe angle; the best reading replaces the
 * guesses, its words boxed where they lie on the page (the upright box around each turned word),
 * so they are detected and blacked out like any other. A streak no angle reads is returned as
 * unread, for the page's warning.
 */
import { boxesNear, boxUnion } from '../../domain/boxGeometry.js';
import sharp, { type Sharp } from 'sharp';
import type { Box } from '../../domain/documentText.js';
import type { OcrPool } from './ocrPool.js';
import type { OcrPageResult, OcrParagraph, OcrWord } from './ocrTypes.js';
import { DEFAULT_PREPROCESS, preparePageImage } from './preparePageImage.js';
import { recognizePage } from './recognizePage.js';

/** Clockwise turns tried on a streak; quarter turns are the page reading's own job. */
export const PROBE_ANGLES = [45, -45, 30, -30, 60, -60] as const;
/** A short word read at least this confidently is print, not a guess. */
const CONFIDENT_PRINT = 85;
/** A streak is at least this many guesses close together. */
const MIN_GUESSES = 6;
/** Guesses belong together when this many word heights apart or closer. */
const JOIN_HEIGHTS = 3;
/** A reading must hold this many letters of real words to replace the guesses. */
const MIN_LETTERS = 8;
/**
 * …and be read with this mean word confidence. Measured: a 45° line of print reads at 95; the
 * best angle for the streaks of a real bill's charts and photos read at 29–61, as garbage
 * ("Pore 78334 Cr Sog, oop 9086").
 */
const MIN_CONFIDENCE = 75;

function meanConfidence(paragraphs: readonly OcrParagraph[]): number {
  const words = paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words));
  return words.length === 0 ? 0 : words.reduce((a, w) => a + w.confidence, 0) / words.length;
}

/**
 * A word OCR guessed at: read with little confidence, or one or two characters read without
 * the confidence of print. Upright print's short words ("of", "No", "7") read at 90–96 and,
 * counted as guesses, made streaks of every page's prose (measured on the generator's scanned
 * pages: two to four streaks a page, each probed at six angles and warned about as scattered
 * letters); an angled line's guesses read at 0–75, a few at 85–92.
 */
export function isGuess(word: OcrWord): boolean {
  const chars = word.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return word.confidence < 40 || (chars <= 2 && word.confidence < CONFIDENT_PRINT);
}

/**
 * Regions (source pixels) where the page reading left a streak of guesses; `solid` tells a
 * guess that is OCR's reading of a solid black bar, which no angle makes legible.
 */
export function guessStreaks(
  result: OcrPageResult,
  solid: (box: Box) => boolean = () => false,
): Box[] {
  const words = result.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words));
  const guesses = words.filter((w) => isGuess(w) && !solid(w.box));
  if (guesses.length < MIN_GUESSES) return [];
  const heights = words.map((w) => w.box.height).sort((a, b) => a - b);
  const gap = (heights[Math.floor(heights.length / 2)] ?? 10) * JOIN_HEIGHTS;
  const groups: { box: Box; count: number }[] = [];
  for (const g of guesses) {
    let merged = { box: g.box, count: 1 };
    for (let i = groups.length - 1; i >= 0; i--) {
      const other = groups[i];
      if (!other || !boxesNear(other.box, merged.box, gap)) continue;
      merged = { box: boxUnion(other.box, merged.box), count: other.count + merged.count };
      groups.splice(i, 1);
    }
    groups.push(merged);
  }
  return groups.filter((g) => g.count >= MIN_GUESSES).map((g) => g.box);
}

/** Where a point of an image turned clockwise by `degrees` about its centre (grown to fit) came from. */
export function unturnPoint(
  x: number,
  y: number,
  degrees: number,
  width: number,
  height: number,
): [number, number] {
  const t = (degrees * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const turnedWidth = Math.abs(width * cos) + Math.abs(height * sin);
  const turnedHeight = Math.abs(width * sin) + Math.abs(height * cos);
  const dx = x - turnedWidth / 2;
  const dy = y - turnedHeight / 2;
  return [dx * cos + dy * sin + width / 2, -dx * sin + dy * cos + height / 2];
}

function letterScore(paragraphs: readonly OcrParagraph[]): number {
  let score = 0;
  for (const p of paragraphs)
    for (const l of p.lines)
      for (const w of l.words) {
        const letters = w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
        if (letters >= 3 && w.confidence >= 50) score += letters;
      }
  return score;
}

export interface AngledReading {
  /** The page's paragraphs without the guesses of the streaks read, plus those readings. */
  readonly result: OcrPageResult;
  /** Streaks no probe angle read (source pixels). */
  readonly unread: readonly Box[];
}

/** Reads each streak of guesses at the probe angles; the page reading with the best readings in. */
export async function readAngledText(
  load: () => Promise<Sharp>,
  result: OcrPageResult,
  solidOnPage: () => Promise<(box: Box) => boolean>,
  pool?: OcrPool,
): Promise<AngledReading> {
  if (guessStreaks(result).length === 0) return { result, unread: [] };
  // A redacted copy's black boxes read as rows of guesses ("EEE", "NNREREE") that chain its
  // short words into streaks: read at six angles each, they made reading a copy back three
  // times the first reading. Solid black holds nothing to read at any angle (`solidOnPage`
  // decodes the page only when a streak is there to judge, once for the page's whole reading).
  const streaks = guessStreaks(result, await solidOnPage());
  if (streaks.length === 0) return { result, unread: [] };
  // The page as read, loaded only when there is a streak to cut out of it; a new input, so its
  // metadata is its real size.
  const image = await load();
  const { width = 0, height = 0 } = await image.metadata();
  const read: OcrParagraph[] = [];
  const replaced: Box[] = [];
  const unread: Box[] = [];
  for (const streak of streaks) {
    const pad = Math.max(8, streak.height * 0.05);
    const left = Math.max(0, Math.floor(streak.x - pad));
    const top = Math.max(0, Math.floor(streak.y - pad));
    const cropWidth = Math.min(width, Math.ceil(streak.x + streak.width + pad)) - left;
    const cropHeight = Math.min(height, Math.ceil(streak.y + streak.height + pad)) - top;
    if (cropWidth < 16 || cropHeight < 16) continue;
    const crop = await image
      .clone()
      .extract({ left, top, width: cropWidth, height: cropHeight })
      .png()
      .toBuffer();
    let best: { angle: number; paragraphs: readonly OcrParagraph[]; score: number } | undefined;
    for (const angle of PROBE_ANGLES) {
      const turned = sharp(crop).rotate(angle, { background: '#ffffff' });
      const prepared = await preparePageImage(turned, DEFAULT_PREPROCESS, 0);
      const reading = await recognizePage(prepared, pool);
      const score = letterScore(reading.paragraphs);
      if (!best || score > best.score) best = { angle, paragraphs: reading.paragraphs, score };
    }
    if (!best || best.score < MIN_LETTERS || meanConfidence(best.paragraphs) < MIN_CONFIDENCE) {
      unread.push(streak);
      continue;
    }
    const { angle } = best;
    const back = (w: OcrWord): OcrWord => {
      const corners = [
        [w.box.x, w.box.y],
        [w.box.x + w.box.width, w.box.y],
        [w.box.x, w.box.y + w.box.height],
        [w.box.x + w.box.width, w.box.y + w.box.height],
      ].map(([x = 0, y = 0]) => unturnPoint(x, y, angle, cropWidth, cropHeight));
      const xs = corners.map((c) => c[0] + left);
      const ys = corners.map((c) => c[1] + top);
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      return { ...w, box: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y } };
    };
    read.push(
      ...best.paragraphs.map((p) => ({
        lines: p.lines.map((l) => ({ words: l.words.map(back) })),
      })),
    );
    replaced.push(streak);
  }
  if (replaced.length === 0) return { result, unread };
  const inStreak = (w: OcrWord) =>
    isGuess(w) &&
    replaced.some((s) => {
      const cx = w.box.x + w.box.width / 2;
      const cy = w.box.y + w.box.height / 2;
      return cx >= s.x && cx <= s.x + s.width && cy >= s.y && cy <= s.y + s.height;
    });
  const kept = result.paragraphs
    .map((p) => ({
      lines: p.lines
        .map((l) => ({ words: l.words.filter((w) => !inStreak(w)) }))
        .filter((l) => l.words.length > 0),
    }))
    .filter((p) => p.lines.length > 0);
  return { result: { ...result, paragraphs: [...kept, ...read] }, unread };
}
