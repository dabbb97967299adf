/**
 * The printed card block: many documents (and Faker's `credit_card_full`) print a card as
 *
 *     VISA 16 digit
 *     Jennifer Jones
 *     4532015112830366 04/27
 *     CVC: 123
 *
 * and LABELS.md makes the whole block ONE span. Starting from a validated number, this widens
 * the span over adjacent lines (no blank line between) that look like parts of such a block.
 * The block is only recognised when a brand line or a security-code line is present: a card
 * number in running prose stays a number-only span.
 */
import type { Candidate } from '../patternRecognizer.js';
import { lineAround } from '../lineIndex.js';

const BRAND_LINE =
  /^(?:visa|master\s?card|american express|amex|discover|diners club|jcb|maestro|rupay|union\s?pay|mir)\b[^\n]{0,40}$/i;
const HOLDER_LINE = /^\p{L}[\p{L}'.-]*(?:\s+\p{L}[\p{L}'.-]*){1,4}$/u;
const EXPIRY = String.raw`(?:(?:exp(?:iry|ires|iration)?|valid\s+(?:thru|through|until)|good\s+thru)\.?\s*(?:date)?\s*:?\s*)?(?:0[1-9]|1[0-2])\s*\/\s*(?:\d{2}|\d{4})`;
const SECURITY = String.raw`(?:cvc2?|cvv2?|cid|csc|cav2|security\s+code)\s*:?\s*\d{3,4}`;
const EXPIRY_LINE = new RegExp(`^${EXPIRY}$`, 'i');
/** Expiry and security code, alone or together: "Expires 07/28  Security code 544". */
const DETAIL_LINE = new RegExp(
  `^(?:${EXPIRY}|${SECURITY})(?:[\\s,;|·]+(?:${EXPIRY}|${SECURITY}))*$`,
  'i',
);
const SECURITY_INSIDE = new RegExp(SECURITY, 'i');

interface Line {
  readonly start: number;
  readonly end: number;
  /** Trimmed content. */
  readonly content: string;
  /** Offsets of the trimmed content. */
  readonly contentStart: number;
  readonly contentEnd: number;
}

function lineAt(text: string, index: number): Line {
  const { start, end } = lineAround(text, index);
  return describe(text, start, end);
}

function describe(text: string, start: number, end: number): Line {
  const raw = text.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  const content = raw.trim();
  return {
    start,
    end,
    content,
    contentStart: start + lead,
    contentEnd: start + lead + content.length,
  };
}

function lineAbove(text: string, line: Line): Line | undefined {
  if (line.start === 0) return undefined;
  const above = lineAt(text, line.start - 1);
  return above.content === '' ? undefined : above;
}

function lineBelow(text: string, line: Line): Line | undefined {
  if (line.end >= text.length) return undefined;
  const below = lineAt(text, line.end + 1);
  return below.content === '' ? undefined : below;
}

export function extendToCardBlock(text: string, number: Candidate): Candidate {
  const numberLine = lineAt(text, number.start);
  const before = text.slice(numberLine.contentStart, number.start).trim();
  const after = text.slice(number.end, numberLine.contentEnd).trim();
  // Only a line holding nothing but the number (and maybe its expiry) can be part of a block.
  if (before !== '' || (after !== '' && !EXPIRY_LINE.test(after))) return number;

  let first = numberLine;
  let hasBrand = false;
  let hasHolder = false;
  const above = lineAbove(text, numberLine);
  if (above && BRAND_LINE.test(above.content)) {
    first = above;
    hasBrand = true;
  } else if (above && isHolderLine(above)) {
    hasHolder = true;
    first = above;
    const brand = lineAbove(text, above);
    if (brand && BRAND_LINE.test(brand.content)) {
      first = brand;
      hasBrand = true;
    }
  }

  // Below the number: the holder's name (when not above it), expiry and security-code lines.
  let last = numberLine;
  let hasSecurityCode = false;
  for (let below = lineBelow(text, numberLine), n = 0; below && n < 3; n++) {
    if (DETAIL_LINE.test(below.content)) {
      hasSecurityCode ||= SECURITY_INSIDE.test(below.content);
    } else if (!hasHolder && isHolderLine(below)) {
      hasHolder = true;
    } else {
      break;
    }
    last = below;
    below = lineBelow(text, below);
  }

  if (!hasBrand && !hasSecurityCode) return number;
  // A holder line below with nothing card-like after it is the next paragraph, not the block.
  return {
    start: first.contentStart,
    end: trimTrailingHolder(text, numberLine, last).contentEnd,
    score: number.score,
  };
}

function isHolderLine(line: Line): boolean {
  return (
    HOLDER_LINE.test(line.content) && line.content.length <= 40 && !BRAND_LINE.test(line.content)
  );
}

/** Drops a last line that is only a name: the block ends with the number or its details. */
function trimTrailingHolder(text: string, numberLine: Line, last: Line): Line {
  if (last.start === numberLine.start || DETAIL_LINE.test(last.content)) return last;
  const previous = lineAt(text, last.start - 1);
  return previous;
}
