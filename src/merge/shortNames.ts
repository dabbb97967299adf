/**
 * A company's short name defined in parentheses right after it: "Kaveri Industries Limited
 * (KIL)", "Hollins Marwick & Co LLP (“HMC”)". Reports and contracts use the short name from
 * there on, so it is a value of the company's type, found wherever it occurs (propagateValues).
 * A role the document gives the company ("the Company", "the Seller") is no name and stays.
 */
import type { Span } from '../domain/span.js';
import { hasOrganisationWord, onlyTradeWords } from '../domain/organisationWords.js';
import { ENDS_IN_LEGAL_FORM, LEGAL_FORM_KEYS, legalFormKey } from '../domain/vocabulary.js';
import type { PropagationValue } from './propagateValues.js';

const DEFINED = new RegExp(
  String.raw`^[ \t]*\([ \t]*(?:the[ \t]+)?(?<quote>["“'‘])?(?<name>\p{Lu}[\p{L}\p{N}&.\-]{1,20}(?:[ \t]\p{Lu}[\p{L}\p{N}&.\-]{1,20}){0,2})["”'’]?[ \t]*(?:\)|,|;|or\b|hereinafter\b)`,
  'u',
);

const ROLES = new Set(
  (
    'company companies bank group seller buyer vendor supplier customer client lender borrower ' +
    'issuer employer contractor purchaser licensor licensee firm auditor auditors parent ' +
    'subsidiary partnership fund trust we us our holding landlord tenant'
  ).split(' '),
);

/** "KIL" for "Kaveri Industries Limited": its letters are initials of the name's words, in order. */
function isAcronymOf(short: string, name: string): boolean {
  if (!/^[\p{Lu}&]{2,8}$/u.test(short)) return false;
  const initials = name.match(/[\p{L}&]+/gu)?.map((w) => w[0]!.toUpperCase()) ?? [];
  let k = 0;
  for (const letter of short) {
    while (k < initials.length && initials[k] !== letter) k++;
    if (k === initials.length) return false;
    k++;
  }
  return true;
}

/**
 * The words a text writes in lower case ("the mercury fell"): a capitalised one-word name that is
 * also among them is an ordinary word of that text. Read once per text, by a caller that asks.
 */
export function wordsInLowerCase(text: string): Set<string> {
  return new Set(
    text.match(/(?<![\p{L}\p{N}])[\p{Ll}\p{N}]+(?:[’'-][\p{Ll}\p{N}]+)*(?![\p{L}\p{N}])/gu),
  );
}

/** The short names defined right after the document's COMPANY spans, as values to find. */
export function definedShortNames<O>(
  text: string,
  spans: readonly (Span & { readonly origin?: O })[],
): PropagationValue<O>[] {
  const out: PropagationValue<O>[] = [];
  for (const s of spans) {
    if (s.type !== 'COMPANY') continue;
    const m = DEFINED.exec(text.slice(s.end, s.end + 60));
    const name = m?.groups?.name?.replace(/[.-]+$/, '');
    if (!name || name.replace(/[^\p{L}\p{N}]/gu, '').length < 2) continue;
    if (ROLES.has(name.toLowerCase())) continue;
    // Unquoted, only an acronym of the name counts ("(RIL)"): "(India)" after a bank is a place.
    if (!m?.groups?.quote && !isAcronymOf(name, s.text)) continue;
    out.push({
      text: name,
      type: s.type,
      score: s.score,
      defined: true,
      ...(s.origin ? { origin: s.origin } : {}),
    });
  }
  return out;
}

/**
 * Words companies open their names with that the document's own text uses as headings and
 * adjectives ("General Motors Company": "Annual General Meeting"; "First Industries Ltd": "First
 * Quarter"): a company so named is not called by that word alone.
 */
const GENERIC_FIRST_WORDS = new Set(
  (
    'first second third general national united american british european asian african indian ' +
    'chinese japanese australian canadian pacific atlantic royal standard central new north ' +
    'south east west northern southern eastern western great grand premier prime universal ' +
    'continental union federal state city metro metropolitan direct express digital advanced ' +
    'applied integrated consolidated allied associated mutual modern total golden silver green ' +
    'blue red black white best smart super star summit annual quarterly home life world ' +
    'overseas domestic local regional public private people peoples citizens community'
  ).split(' '),
);

/** A word a company may be called by on its own: capitalised, four letters or more. */
const OWN_WORD = /^\p{Lu}[\p{L}’'-]{3,}$/u;

/**
 * A company named by one word of its own followed only by trades' words and its legal form
 * ("Kaveri Industries Limited", "Zentrix Inc."): that word is what the document calls it
 * ("Kaveri grew"), a value of the company's type found capitalised wherever it occurs. A word the
 * document also writes in lower case is an ordinary word there, and is left.
 */
export function ownWordsOfCompanies<O>(
  text: string,
  spans: readonly (Span & { readonly origin?: O })[],
): PropagationValue<O>[] {
  const out: PropagationValue<O>[] = [];
  const seen = new Set<string>();
  // Read once, and only when a name asks: a sheet may hold thousands of companies.
  let lowerWords: Set<string> | undefined;
  for (const s of spans) {
    if (s.type !== 'COMPANY') continue;
    const name = s.text.trim();
    const form = ENDS_IN_LEGAL_FORM.exec(name);
    // The form's match starts at the separator before it (or at the name's start).
    const rest = form ? name.slice(0, form.index) : name;
    const [own, ...trade] = rest.trim().replace(/,$/, '').split(/\s+/);
    if (!own || !OWN_WORD.test(own) || (trade.length === 0 && !form)) continue;
    if (trade.length > 0 && !onlyTradeWords(trade.join(' '))) continue;
    const key = own.toLowerCase();
    if (seen.has(key) || GENERIC_FIRST_WORDS.has(key) || hasOrganisationWord(own)) continue;
    if (LEGAL_FORM_KEYS.has(legalFormKey(own))) continue;
    seen.add(key);
    lowerWords ??= wordsInLowerCase(text);
    if (lowerWords.has(key)) continue;
    out.push({
      text: own,
      type: s.type,
      score: s.score,
      ...(s.origin ? { origin: s.origin } : {}),
    });
  }
  return out;
}
