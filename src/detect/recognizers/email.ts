/** EMAIL: an address with a dotted domain and an alphabetic top-level domain. */
import { definePatternRecognizer } from '../patternRecognizer.js';

// Local part per the common subset of RFC 5322 that appears in documents; the domain is
// dot-separated labels that neither start nor end with a hyphen.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL = new RegExp(
  `(?<![\\w.%+-])[A-Za-z0-9_%+-]+(?:\\.[A-Za-z0-9_%+-]+)*@(?:${LABEL}\\.)+[A-Za-z]{2,24}(?![\\w-])`,
  'g',
);

export const emailRecognizer = definePatternRecognizer({
  name: 'email',
  type: 'EMAIL',
  patterns: [{ name: 'email address', regex: EMAIL, score: 0.9 }],
  context: ['email', 'e-mail', 'mail', 'contact'],
  // A domain of a single short label plus TLD ("a@b.co") is still an address; nothing to check
  // beyond the shape except that the local part does not end with a dot (excluded by the regex).
});
