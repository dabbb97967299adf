/**
 * EMAIL: an address with a dotted domain and an alphabetic (or punycode) top-level domain; and, as OCR reads
 * one or as people space one out, with a space beside a dot or the "@" ("jo.bloggs@ example.com",
 * "john . smith @ example . com") when its top-level domain is a real, lower-case one.
 */
import type { Candidate } from '../patternRecognizer.js';
import { definePatternRecognizer } from '../patternRecognizer.js';
import { KNOWN_TLDS } from './topLevelDomains.js';

// Local part per the common subset of RFC 5322 that appears in documents; the domain is
// dot-separated labels that neither start nor end with a hyphen.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const LOCAL_WORD = '[A-Za-z0-9_%+-]+';
const LOCAL = `(?<![\\w.%+-])${LOCAL_WORD}(?:\\.${LOCAL_WORD})*`;
// The top-level domain is alphabetic, or an internationalised one in its ASCII (punycode) form
// ("xn--p1ai" for .рф), which is how mail software prints it.
const EMAIL = new RegExp(
  `${LOCAL}@(?:${LABEL}\\.)+(?:[A-Za-z]{2,24}|xn--[A-Za-z0-9]{2,59})(?![\\w-])`,
  'g',
);
// Spaces beside its dots and "@" as well: typed so against harvesters ("john . smith @ example
// . com") or read so by an OCR. A dot of the local part is spaced on both sides or neither: in
// "our team. info@…" a sentence ends before the address.
const SPACED_LOCAL = `(?<![\\w.%+-])${LOCAL_WORD}(?:(?:\\.| \\. )${LOCAL_WORD})*`;
const OCR_EMAIL = new RegExp(
  `${SPACED_LOCAL} ?@ ?(?:${LABEL}(?:\\. ?| \\. ))+([a-z]{2,24})(?![\\w-])`,
  'g',
);

function spacedAddresses(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(OCR_EMAIL)) {
    if (!/\s/.test(m[0]) || !KNOWN_TLDS.has(m[1] ?? '')) continue;
    found.push({ start: m.index, end: m.index + m[0].length, score: 0.75 });
  }
  return found;
}

export const emailRecognizer = definePatternRecognizer({
  name: 'email',
  type: 'EMAIL',
  patterns: [{ name: 'email address', regex: EMAIL, score: 0.9 }],
  find: spacedAddresses,
  context: ['email', 'e-mail', 'mail', 'contact'],
  // A domain of a single short label plus TLD ("a@b.co") is still an address; nothing to check
  // beyond the shape except that the local part does not end with a dot (excluded by the regex).
});
