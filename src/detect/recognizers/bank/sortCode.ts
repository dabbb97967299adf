/**
 * BANK_ACCOUNT: a UK sort code with its account. A sort code alone names a bank branch, but
 * printed with a client's account it is half of the account's address, so it is redacted where
 * it carries its label ("Sort code: 20-00-00") or stands right before an eight-digit account
 * number ("20-00-00 12345678"). Six digits in pairs are also dates, hence no unlabelled match.
 */
import type { Candidate } from '../../patternRecognizer.js';
import { definePatternRecognizer } from '../../patternRecognizer.js';

const PAIRS = String.raw`\d{2}[-–. ]?\d{2}[-–. ]?\d{2}`;
const LABELLED = new RegExp(
  String.raw`(?<![\p{L}])(?:sort[\s-]*code|sortcode|s\/c)\b[\s:.#]*(?<value>${PAIRS})(?![\p{N}]|[-–./]\d)`,
  'giu',
);
const WITH_ACCOUNT = new RegExp(
  String.raw`(?<![\p{N}\-–./])\d{2}[-–]\d{2}[-–]\d{2}[ \t]+\d{8}(?![\p{N}]|[-–./]\d)`,
  'gu',
);

function sortCodes(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(LABELLED)) {
    const value = m.groups?.value ?? '';
    const start = m.index + m[0].length - value.length;
    found.push({ start, end: start + value.length, score: 0.7 });
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
