/**
 * BANK_ACCOUNT: a UK sort code with its account. A sort code alone names a bank branch, but
 * printed with a client's account it is half of the account's address, so it is redacted where
 * it carries its label ("Sort code: 20-00-00") or stands right before an eight-digit account
 * number ("20-00-00 12345678"). Six digits in pairs are also dates, hence no unlabelled match.
 * On the line of a labelled sort code, eight digits after a bare "account" are that account
 * ("sort code 20-00-00 account 55779911"): elsewhere a bare "Account 4000" is a ledger's.
 */
import type { Candidate } from '../../patternRecognizer.js';
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { lineAround } from '../../lineIndex.js';

const PAIRS = String.raw`\d{2}[-–. ]?\d{2}[-–. ]?\d{2}`;
const LABELLED = new RegExp(
  String.raw`(?<![\p{L}])(?:sort[\s-]*code|sortcode|s\/c)\b[\s:.#]*(?<value>${PAIRS})(?![\p{N}]|[-–./]\d)`,
  'giu',
);
const WITH_ACCOUNT = new RegExp(
  String.raw`(?<![\p{N}\-–./])\d{2}[-–]\d{2}[-–]\d{2}[ \t]+\d{8}(?![\p{N}]|[-–./]\d)`,
  'gu',
);

const ACCOUNT_BESIDE = new RegExp(
  String.raw`(?<![\p{L}])(?:account|acc|acct|a\/c)\b[ \t.:#-]*(?:(?:no\b\.?|number|#)[ \t.:#-]*)?(?<value>\d{8})(?![\p{N}]|[-–./]\d)`,
  'giu',
);

/** What ends a line whose sentence goes on into the next. */
const WRAPPED = /^[ \t]*(?:[,;]|and|&)[ \t]*$/i;

/** The same, opening a line. */
const ACCOUNT_OPENING = new RegExp(String.raw`^[ \t(]*${ACCOUNT_BESIDE.source}`, 'giu');

function accountsBeside(text: string, from: number, to: number, pattern: RegExp): Candidate[] {
  const found: Candidate[] = [];
  for (const a of text.slice(from, to).matchAll(pattern)) {
    const digits = a.groups?.value ?? '';
    const at = from + a.index + a[0].length - digits.length;
    found.push({ start: at, end: at + digits.length, score: 0.8 });
  }
  return found;
}

function sortCodes(text: string): Candidate[] {
  const found: Candidate[] = [];
  const lines = new Set<number>();
  for (const m of text.matchAll(LABELLED)) {
    const value = m.groups?.value ?? '';
    const start = m.index + m[0].length - value.length;
    found.push({ start, end: start + value.length, score: 0.7 });
    // The value's line: a label may end the line above ("Sort code\n20-00-00, account …").
    const { start: lineStart, end: lineEnd } = lineAround(text, start);
    if (lines.has(lineStart)) continue;
    lines.add(lineStart);
    found.push(...accountsBeside(text, lineStart, lineEnd, ACCOUNT_BESIDE));
    // A sort code whose sentence goes on past its line's end ("… (Sort code 20-00-00," or "… and")
    // may have its account opening the next line, where the line was wrapped between the two; a
    // sort code that ends its line, as a field does, leaves the next line's "Account" a ledger's.
    if (lineEnd < text.length && WRAPPED.test(text.slice(start + value.length, lineEnd))) {
      const next = lineAround(text, lineEnd + 1);
      found.push(...accountsBeside(text, next.start, next.end, ACCOUNT_OPENING));
    }
  }
  for (const m of text.matchAll(WITH_ACCOUNT)) {
    // Above a phone reading of the same digits (libphonenumber scores valid numbers 0.75).
    found.push({ start: m.index, end: m.index + m[0].length, score: 0.8 });
  }
  return found;
}

export const sortCodeRecognizer = definePatternRecognizer({
  name: 'uk-sort-code',
  type: 'BANK_ACCOUNT',
  find: sortCodes,
});
