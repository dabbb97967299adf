/**
 * URL: web addresses with a scheme ("https://…"), with www. ("www.tcpdf.org"), bare domains
 * with a path ("amazon.in/business") and bare domains alone ("le-petit-marche.fr") when their
 * top-level domain is a real one. Never the domain of an e-mail address, never a file name
 * ("report.pdf") or a decimal ("3.14"); sentence punctuation after the address is not part of it.
 */
import type { Candidate } from '../patternRecognizer.js';
import { definePatternRecognizer } from '../patternRecognizer.js';
import { BARE_DOMAIN_TLDS, KNOWN_TLDS } from './topLevelDomains.js';

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST = `(?:${LABEL}\\.)+[A-Za-z]{2,24}`;
const PORT = '(?::\\d{2,5})?';
const REST = `(?:[/?#][^\\s<>"'\`]*)`;
// Not inside an e-mail address, a longer host, or a path.
const START = `(?<![\\w@.\\-/])`;

const WITH_SCHEME = new RegExp(`\\b(?:https?|ftp)://[^\\s<>"'\`]+`, 'gi');
// As OCR reads it: a space after the scheme's ":" or "/", one of its slashes lost, or a space
// after a dot of the host ("https: //netserv.com/track", "https:/netserv.com", "www. bank.com");
// never in the path, where a space ends it.
const SPACED_HOST = `${LABEL}(?:\\. ?${LABEL})*\\. ?[a-z]{2,24}`;
const OCR_SCHEME = new RegExp(
  `\\b(?:https?|ftp|HTTPS?|FTP) ?: ?/ ?/? ?${SPACED_HOST}${PORT}${REST}?(?![\\w@-])`,
  'g',
);
const OCR_WWW = new RegExp(`${START}www\\. ?${SPACED_HOST}${PORT}${REST}?(?![\\w@-])`, 'g');
const WITH_WWW = new RegExp(`${START}www\\d{0,3}\\.${HOST}${PORT}${REST}?(?![\\w@-])`, 'gi');
const WITH_PATH = new RegExp(`${START}${HOST}${PORT}${REST}`, 'g');
const BARE = new RegExp(`${START}${HOST}(?![\\w@-]|\\.[A-Za-z0-9])`, 'g');

const SCORES = {
  scheme: 0.9,
  www: 0.85,
  path: 0.7,
  bare: 0.6,
  ocrScheme: 0.8,
  ocrWww: 0.75,
} as const;
type Form = keyof typeof SCORES;

/** Sentence punctuation and unbalanced closing brackets at the end are not part of the address. */
export function trimUrlEnd(value: string): string {
  let end = value.length;
  for (;;) {
    const last = value[end - 1];
    if (last === undefined) break;
    if ('.,;:!?\'"*'.includes(last)) {
      end--;
      continue;
    }
    const open = { ')': '(', ']': '[', '}': '{' }[last];
    if (open !== undefined) {
      const body = value.slice(0, end);
      if (body.split(open).length <= body.split(last).length - 1) {
        end--;
        continue;
      }
    }
    break;
  }
  return value.slice(0, end);
}

function hostOf(value: string): string {
  const withoutScheme = value.replace(/^[a-z]+:\/\//i, '');
  return withoutScheme.split(/[/?#:]/)[0] ?? '';
}

/** The TLD is lower case, or the whole host is upper case: "paid.It was" is a glued sentence. */
function hasPlausibleCase(host: string, tld: string): boolean {
  return tld === tld.toLowerCase() || host === host.toUpperCase();
}

function acceptHost(value: string, form: Form): boolean {
  if (form === 'ocrWww') return /\s/.test(value) && acceptHost(value.replace(/\s/g, ''), 'www');
  if (form === 'ocrScheme') {
    // Only worth a form of its own where OCR changed the address; repaired, the usual rules.
    const repaired = value.replace(/\s/g, '').replace(/^([a-z]+):\/*/i, '$1://');
    return repaired !== value && acceptHost(repaired, 'scheme');
  }
  const host = hostOf(value);
  const labels = host.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || !/^[a-z]{2,24}$/i.test(tld)) return false;
  if (form === 'scheme') return true;
  if (!hasPlausibleCase(host, tld)) return false;
  const lowerTld = tld.toLowerCase();
  if (form !== 'bare') return KNOWN_TLDS.has(lowerTld);
  const secondLevel = labels[labels.length - 2] ?? '';
  return BARE_DOMAIN_TLDS.has(lowerTld) && secondLevel.length >= 2 && /[a-z]/i.test(secondLevel);
}

function findUrls(text: string): Candidate[] {
  const found: Candidate[] = [];
  const forms: [RegExp, Form][] = [
    [WITH_SCHEME, 'scheme'],
    [WITH_WWW, 'www'],
    [WITH_PATH, 'path'],
    [BARE, 'bare'],
    [OCR_SCHEME, 'ocrScheme'],
    [OCR_WWW, 'ocrWww'],
  ];
  for (const [regex, form] of forms) {
    for (const m of text.matchAll(regex)) {
      const value = trimUrlEnd(m[0]);
      if (value.length === 0 || !acceptHost(value, form)) continue;
      found.push({ start: m.index, end: m.index + value.length, score: SCORES[form] });
    }
  }
  return found;
}

export const urlRecognizer = definePatternRecognizer({
  name: 'url',
  type: 'URL',
  find: findUrls,
  context: ['website', 'web', 'url', 'site', 'link', 'visit', 'online', 'portal'],
});
