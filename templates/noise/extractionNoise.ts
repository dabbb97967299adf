import type { Rng } from '../core/rng.js';
import type { GoldSpan } from '../core/goldDocument.js';
import type { Region } from '../core/docBuilder.js';
import { applyEdits, shiftPosition, sortEdits, spanAt, type TextEdit } from './textEdits.js';

/**
 * Probability that a document gets each kind of noise. Real inputs are extracted from PDFs,
 * scans and e-mails, so the model must see what extraction does to text; gold offsets are moved
 * with every edit (see applyEdits).
 */
export interface NoiseRates {
  /** Sentence-final full stops removed. */
  readonly dropFullStops: number;
  /** Headings upper-cased (sometimes the whole letterhead). */
  readonly capsHeadings: number;
  /** Table padding and label separators turned into tabs. */
  readonly tabs: number;
  /** Long lines broken at a space, the way PDF text extraction wraps. */
  readonly brokenLines: number;
  /** A long word split with a hyphen at a line end. */
  readonly hyphenation: number;
  /** OCR confusions 0/O, 1/l, rn/m, 5/S in and around values. */
  readonly ocr: number;
  /** Runs of spaces collapsed or doubled, as different extractors do. */
  readonly spacing: number;
}

export const DEFAULT_NOISE: NoiseRates = {
  dropFullStops: 0.2,
  capsHeadings: 0.25,
  tabs: 0.15,
  brokenLines: 0.15,
  hyphenation: 0.1,
  ocr: 0.06,
  spacing: 0.15,
};

export const NO_NOISE: NoiseRates = {
  dropFullStops: 0,
  capsHeadings: 0,
  tabs: 0,
  brokenLines: 0,
  hyphenation: 0,
  ocr: 0,
  spacing: 0,
};

export function scaleNoise(rates: NoiseRates, factor: number): NoiseRates {
  const clamp = (x: number): number => Math.min(1, Math.max(0, x * factor));
  return {
    dropFullStops: clamp(rates.dropFullStops),
    capsHeadings: clamp(rates.capsHeadings),
    tabs: clamp(rates.tabs),
    brokenLines: clamp(rates.brokenLines),
    hyphenation: clamp(rates.hyphenation),
    ocr: clamp(rates.ocr),
    spacing: clamp(rates.spacing),
  };
}

export interface NoisyDocument {
  text: string;
  spans: GoldSpan[];
}

type Step = (rng: Rng, doc: NoisyDocument, regions: readonly Region[]) => TextEdit[];

const isLetter = (ch: string | undefined): boolean => ch !== undefined && /\p{L}/u.test(ch);

const dropFullStops: Step = (rng, { text, spans }) => {
  const edits: TextEdit[] = [];
  for (let i = text.indexOf('.'); i >= 0; i = text.indexOf('.', i + 1)) {
    const next = text[i + 1];
    if (
      (next === undefined || next === '\n' || next === ' ') &&
      isLetter(text[i - 1]) &&
      spanAt(spans, i) < 0
    ) {
      if (rng.chance(0.7)) edits.push({ start: i, end: i + 1, insert: '' });
    }
  }
  return edits;
};

/** Upper-cases a range piecewise so that no edit straddles a span boundary. */
function upperCaseRange(
  text: string,
  spans: readonly GoldSpan[],
  start: number,
  end: number,
): TextEdit[] {
  const cuts = new Set<number>([start, end]);
  for (const s of spans) {
    if (s.start > start && s.start < end) cuts.add(s.start);
    if (s.end > start && s.end < end) cuts.add(s.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const edits: TextEdit[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i] as number;
    const b = points[i + 1] as number;
    const piece = text.slice(a, b);
    const upper = piece.toUpperCase();
    if (upper !== piece) edits.push({ start: a, end: b, insert: upper });
  }
  return edits;
}

const capsHeadings: Step = (rng, { text, spans }, regions) => {
  const edits: TextEdit[] = [];
  for (const r of regions) {
    if (r.kind === 'heading') edits.push(...upperCaseRange(text, spans, r.start, r.end));
  }
  // Sometimes the first lines (letterhead) are all caps too, as many invoice templates print them.
  if (rng.chance(0.3)) {
    const firstBreak = text.indexOf('\n');
    if (firstBreak > 0 && !regions.some((r) => r.kind === 'heading' && r.start < firstBreak)) {
      edits.push(...upperCaseRange(text, spans, 0, firstBreak));
    }
  }
  return edits;
};

const tabs: Step = (rng, { text, spans }, regions) => {
  const edits: TextEdit[] = [];
  const re = / {2,}|: (?=\S)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const inTable = regions.some(
      (r) => r.kind === 'table' && m.index >= r.start && m.index < r.end,
    );
    if (spanAt(spans, m.index) >= 0 || spanAt(spans, m.index + m[0].length - 1) >= 0) continue;
    if (m[0].startsWith(':')) {
      if (rng.chance(0.4)) edits.push({ start: m.index + 1, end: m.index + 2, insert: '\t' });
    } else if (inTable || rng.chance(0.5)) {
      edits.push({ start: m.index, end: m.index + m[0].length, insert: '\t' });
    }
  }
  return edits;
};

/** Spaces inside these spans may become line breaks: PDF wrapping does split names and addresses. */
const BREAKABLE = new Set(['NAME', 'COMPANY', 'ADDRESS']);

const brokenLines: Step = (rng, { text, spans }) => {
  const edits: TextEdit[] = [];
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    if (lineEnd - lineStart > 50) {
      const width = rng.int(35, 70);
      for (let col = lineStart + width; col < lineEnd - 10; col += width) {
        const sp = text.lastIndexOf(' ', col);
        if (sp <= lineStart) break;
        const k = spanAt(spans, sp);
        if (k >= 0 && !BREAKABLE.has((spans[k] as GoldSpan).type)) continue;
        edits.push({ start: sp, end: sp + 1, insert: '\n' });
      }
    }
    lineStart = lineEnd + 1;
  }
  return dedupe(edits);
};

const hyphenation: Step = (rng, { text, spans }) => {
  const edits: TextEdit[] = [];
  const re = /\p{L}{9,}/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (spanAt(spans, m.index) >= 0 || !rng.chance(0.15)) continue;
    const cut = m.index + rng.int(3, m[0].length - 4);
    if (spanAt(spans, cut) >= 0 || spanAt(spans, m.index + m[0].length - 1) >= 0) continue;
    edits.push({ start: cut, end: cut, insert: '-\n' });
    if (edits.length >= 4) break;
  }
  return edits;
};

const OCR_SWAPS: readonly (readonly [string, string])[] = [
  ['0', 'O'],
  ['O', '0'],
  ['1', 'l'],
  ['l', '1'],
  ['I', 'l'],
  ['m', 'rn'],
  ['rn', 'm'],
  ['5', 'S'],
  ['S', '5'],
  ['8', 'B'],
  ['e', 'c'],
];

const ocr: Step = (rng, { text, spans }) => {
  const edits: TextEdit[] = [];
  const rate = rng.pick([0.005, 0.01, 0.02]);
  for (let i = 0; i < text.length; i++) {
    if (!rng.chance(rate)) continue;
    for (const [from, to] of OCR_SWAPS) {
      // A two-letter swap must not straddle a span edge.
      if (text.startsWith(from, i) && spanAt(spans, i) === spanAt(spans, i + from.length - 1)) {
        edits.push({ start: i, end: i + from.length, insert: to });
        i += from.length - 1;
        break;
      }
    }
  }
  return edits;
};

const spacing: Step = (rng, { text, spans }) => {
  const edits: TextEdit[] = [];
  const re = / {2,}|(?<=[,:]) (?=\S)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (spanAt(spans, m.index) >= 0 || spanAt(spans, m.index + m[0].length - 1) >= 0) continue;
    if (m[0].length > 1 && rng.chance(0.5))
      edits.push({ start: m.index, end: m.index + m[0].length, insert: ' ' });
    else if (m[0].length === 1 && rng.chance(0.2))
      edits.push({ start: m.index, end: m.index + 1, insert: '  ' });
  }
  return edits;
};

function dedupe(edits: TextEdit[]): TextEdit[] {
  const seen = new Set<number>();
  return edits.filter((e) => (seen.has(e.start) ? false : (seen.add(e.start), true)));
}

/**
 * OCR edits inside a span must not change its first or last character into whitespace or
 * punctuation; the swaps above map letters and digits to letters and digits, so trimming holds.
 */
const STEPS: readonly (readonly [keyof NoiseRates, Step])[] = [
  ['capsHeadings', capsHeadings],
  ['dropFullStops', dropFullStops],
  ['spacing', spacing],
  ['tabs', tabs],
  ['hyphenation', hyphenation],
  ['brokenLines', brokenLines],
  ['ocr', ocr],
];

/** Applies each kind of noise with its document-level probability; returns what was applied. */
export function addExtractionNoise(
  rng: Rng,
  doc: NoisyDocument,
  regions: readonly Region[],
  rates: NoiseRates,
): { doc: NoisyDocument; applied: (keyof NoiseRates)[] } {
  let current = doc;
  let currentRegions: readonly Region[] = regions;
  const applied: (keyof NoiseRates)[] = [];
  for (const [kind, step] of STEPS) {
    if (!rng.chance(rates[kind])) continue;
    const edits = step(rng, current, currentRegions);
    if (edits.length === 0) continue;
    current = applyEdits(current.text, current.spans, edits);
    const sorted = sortEdits(edits);
    currentRegions = currentRegions.map((r) => ({
      kind: r.kind,
      start: shiftPosition(sorted, r.start, false),
      end: shiftPosition(sorted, r.end, true),
    }));
    applied.push(kind);
  }
  return { doc: current, applied };
}
