/**
 * A company's short name defined in parentheses right after it: "Kaveri Industries Limited
 * (KIL)", "Hollins Marwick & Co LLP (“HMC”)". Reports and contracts use the short name from
 * there on, so it is a value of the company's type, found wherever it occurs (propagateValues).
 * A role the document gives the company ("the Company", "the Seller") is no name and stays.
 */
import type { Span } from '../domain/span.js';
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
