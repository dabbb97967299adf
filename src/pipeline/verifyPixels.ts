/**
 * The last check before a redacted copy is written: its pages are read back from their pixels
 * by OCR, as a person would read them, and the copy fails if any detected value can be read.
 * Text, metadata and raw bytes are checked by verifyRedactedPdf; this is for what a text layer
 * cannot tell — a box drawn beside the ink, text inside an image.
 *
 * `pixels` (the default) reads the pages whose text did not come from a trustworthy text layer:
 * pages read by OCR, and pages with images that were OCR'd; `full` reads every page.
 */
import sharp from 'sharp';
import type { PixelVerification } from './redactOptions.js';
import type { PageInfo } from '../domain/documentText.js';
import type { Span } from '../domain/span.js';
import { loadPdf } from '../document/loadPdf.js';
import { renderPdfPage } from '../document/renderPdfPage.js';
import { ocrImagePage } from '../extract/ocr/ocrImagePage.js';
import type { OcrPool } from '../extract/ocr/ocrPool.js';
import { onlyCapitalisedCopies } from '../domain/valueMatching.js';
import {
  containsCapitalisedPiiValue,
  containsPiiValue,
  piiValuePattern,
  type PiiValuePattern,
} from '../write/piiValueMatcher.js';
import { readBack, type ReadBackDetectors } from '../verify/readBack.js';

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
        areaPages.includes(p.page),
    )
    .map((p) => p.page);
}

/** A value to look for: the first span holding it, and whether only capitalised copies count. */
export interface SoughtValue {
  readonly index: number;
  readonly pattern: PiiValuePattern;
  readonly capitalisedOnly: boolean;
}

/** One value to look for per distinct value of `spans`, reported as the first span holding it. */
export function soughtValues(spans: readonly Span[]): SoughtValue[] {
  const byKey = new Map<string, { -readonly [K in keyof SoughtValue]: SoughtValue[K] }>();
  spans.forEach((span, index) => {
    const pattern = piiValuePattern(span.text);
    if (!pattern || pattern.compact.length < MIN_VALUE_CHARS) return;
    const key = pattern.compact.toLowerCase();
    const capitalisedOnly = onlyCapitalisedCopies(span.text);
    const known = byKey.get(key);
    // A value also detected in another case ("beeswax" as well as "Beeswax") counts in any case.
    if (known) known.capitalisedOnly &&= capitalisedOnly;
    else byKey.set(key, { index, pattern, capitalisedOnly });
  });
  return [...byKey.values()];
}

/**
 * Whether OCR text holds a value as the redaction treats it: "Beeswax" found as a product is
 * redacted where it is capitalised, and "Acme beeswax" on the next line stays in every output
 * (propagation leaves it), so reading "beeswax" back is no leak.
 */
export function readableValue(text: string, sought: SoughtValue): boolean {
  return sought.capitalisedOnly
    ? containsCapitalisedPiiValue(text, sought.pattern)
    : containsPiiValue(text, sought.pattern);
}

function problemsIn(
  text: string,
  where: string,
  spans: readonly Span[],
  patterns: readonly SoughtValue[],
): string[] {
  return patterns
    .filter((v) => readableValue(text, v))
    .map(
      ({ index }) =>
        `the value of span ${index + 1} (${spans[index]?.type}) is readable in the pixels of ${where}`,
    );
}

/**
 * What a second reading of the OCR'd copy finds on its own, without looking for the spans: the
 * values whose check makes a misreading impossible to mistake for one — e-mail addresses, card
 * numbers (Luhn), IBANs (mod 97). Each is a problem, named by type and place, never by value.
 */
export type PixelReadBack = (text: string, where: string) => Promise<string[]>;

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9 ]{11,}$/;

export function pixelReadBack(detectors: ReadBackDetectors): PixelReadBack {
  return async (text, where) => {
    const found = await readBack([{ where, text, prose: false }], detectors, []);
    return found
      .filter(
        (f) =>
          f.type === 'EMAIL' ||
          f.type === 'CREDIT_CARD' ||
          (f.type === 'BANK_ACCOUNT' && IBAN_SHAPE.test(f.value)),
      )
      .map((f) => `a ${f.type} the detection missed is readable in the pixels of ${where}`);
  };
}

/** Problems found by reading `pages` of a redacted PDF; empty when none is readable. */
export async function pdfPixelProblems(
  pdfBytes: Uint8Array,
  spans: readonly Span[],
  pages: readonly number[],
  pool?: OcrPool,
  readBackText?: PixelReadBack,
): Promise<string[]> {
  const patterns = soughtValues(spans);
  if ((patterns.length === 0 && !readBackText) || pages.length === 0) return [];
  const pdf = await loadPdf(pdfBytes, 'redacted copy');
  try {
    const problems: string[] = [];
    for (const n of pages) {
      const rendered = await renderPdfPage(pdf, n, { dpi: VERIFY_DPI });
      let raw: Uint8Array;
      try {
        raw = rendered.pixels();
      } finally {
        rendered.release();
      }
      const image = sharp(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
        raw: { width: rendered.pixelWidth, height: rendered.pixelHeight, channels: 4 },
      });
      const read = await ocrImagePage(image, {
        dpi: rendered.scale * 72,
        unitsPerPixel: 1,
        ...(pool ? { pool } : {}),
      });
      problems.push(...problemsIn(read.text, `page ${n}`, spans, patterns));
      if (readBackText) problems.push(...(await readBackText(read.text, `page ${n}`)));
    }
    return problems;
  } finally {
    await pdf.destroy();
  }
}

/** Problems found by reading a redacted image copy (PNG, every page stacked). */
export async function imagePixelProblems(
  png: Uint8Array,
  spans: readonly Span[],
  pool?: OcrPool,
  readBackText?: PixelReadBack,
): Promise<string[]> {
  const patterns = soughtValues(spans);
  if (patterns.length === 0 && !readBackText) return [];
  const read = await ocrImagePage(sharp(png), {
    dpi: 0,
    unitsPerPixel: 1,
    ...(pool ? { pool } : {}),
  });
  return [
    ...problemsIn(read.text, 'the image', spans, patterns),
    ...(readBackText ? await readBackText(read.text, 'the image') : []),
  ];
}
