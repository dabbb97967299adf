/**
 * The second, independent reading of a redacted copy: what `readCopy` reads is run through the
 * detector — the full one (patterns, the user's recognizers, the model) on the copy as a reader
 * opens it, the validated patterns and the user's recognizers on raw parts (XML and binary runs
 * are not prose: the model would read markup as words) — and every detection that is not one of
 * the copy's own replacements is a finding. It does not look for the values the first pass found:
 * it asks whether anything personal is left, whatever the first pass missed.
 */
import type { EntityType } from '../domain/entityTypes.js';
import { isCheckedIban } from '../domain/ibanShape.js';
import { bracketsAsParentheses } from '../domain/placeholderMode.js';
import type { Span, SpanSource } from '../domain/span.js';
import type { CopyReading } from './readCopy.js';

export type DetectText = (text: string) => Promise<readonly Span[]>;

export interface ReadBackDetectors {
  /** Every recognizer of the run, the model included. */
  readonly full: DetectText;
  /** The validated patterns and the user's recognizers, without the model. */
  readonly patterns: DetectText;
}

export interface ReadBackFinding {
  readonly where: string;
  readonly type: EntityType;
  /** The value as the copy holds it; never put in an error message. */
  readonly value: string;
  /** Which recognizer found it (the model's findings are weighed against the first pass's). */
  readonly source?: SpanSource;
}

/** A finding with where the reading holds it: `[start, end)` of the text read. */
export interface PlacedFinding extends ReadBackFinding {
  readonly start: number;
  readonly end: number;
  /** Which recognizer found it: the model's findings are weighed against the first pass's. */
  readonly source: SpanSource;
  readonly score: number;
}

/**
 * The forms a replacement takes in a copy: as written, and in parentheses where the format
 * forbids brackets — Excel's sheet names, where the sheet writer puts "(COMPANY NAME REDACTED)".
 */
function replacementForms(replacements: readonly string[]): Set<string> {
  const forms = new Set<string>();
  for (const r of replacements) {
    if (r.trim() === '') continue;
    forms.add(r);
    forms.add(bracketsAsParentheses(r));
  }
  return forms;
}

/** Ranges of `text` that are one of the copy's replacements ("[NAME REDACTED]", a fake). */
function replacementRanges(text: string, replacements: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const r of replacementForms(replacements)) {
    for (let i = text.indexOf(r); i !== -1; i = text.indexOf(r, i + 1))
      ranges.push([i, i + r.length]);
  }
  return ranges;
}

/** A placeholder's own words ("REDACTED", "NAME 2") are never a finding. */
const PLACEHOLDER = /^\[[^\]]*\]$/;

/**
 * An identifier that proves itself wherever it stands: a card (the card recognizer checks Luhn),
 * an e-mail address, an IBAN that passes mod 97.
 */
function selfChecking(span: Span): boolean {
  if (span.type === 'CREDIT_CARD' || span.type === 'EMAIL') return true;
  return (
    span.type === 'BANK_ACCOUNT' && isCheckedIban(span.text.replace(/[\s.-]/g, '').toUpperCase())
  );
}

/** What one reading holds that is personal and not one of the copy's replacements. */
export async function findingsIn(
  reading: CopyReading,
  detectors: ReadBackDetectors,
  replacements: readonly string[],
): Promise<PlacedFinding[]> {
  const read = await (reading.prose ? detectors.full : detectors.patterns)(reading.text);
  const spans = reading.checkedOnly ? read.filter(selfChecking) : read;
  if (spans.length === 0) return [];
  const own = replacementRanges(reading.text, replacements);
  return spans
    .filter((s) => !own.some(([a, b]) => s.start < b && s.end > a))
    .filter((s) => !PLACEHOLDER.test(s.text.trim()))
    .map((s) => ({
      where: reading.where,
      type: s.type,
      value: s.text,
      start: s.start,
      end: s.end,
      source: s.source,
      score: s.score,
    }));
}

export async function readBack(
  readings: readonly CopyReading[],
  detectors: ReadBackDetectors,
  replacements: readonly string[],
): Promise<ReadBackFinding[]> {
  const findings = new Map<string, ReadBackFinding>();
  for (const reading of readings) {
    for (const { where, type, value, source } of await findingsIn(
      reading,
      detectors,
      replacements,
    )) {
      const key = `${type}\u0000${value}`;
      if (!findings.has(key)) findings.set(key, { where, type, value, source });
    }
  }
  return [...findings.values()];
}
