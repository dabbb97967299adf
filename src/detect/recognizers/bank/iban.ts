/**
 * BANK_ACCOUNT: IBANs (ISO 13616). A country code and two check digits, then the country's BBAN,
 * printed whole or in groups of any width ("FR76 30006 00001 12345678901 89", as French invoices
 * print it).
 * ibantools holds the per-country length and format table and the mod-97 check
 * (`domain/ibanShape`); an IBAN whose mod 97 fails is not one, whatever it looks like.
 */
import type { Candidate } from '../../patternRecognizer.js';
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { IBAN_HEAD, isCheckedIban } from '../../../domain/ibanShape.js';

/**
 * A country code, check digits and 8–30 more letters or digits with single spaces (or hyphens,
 * dots: "GB82.WEST.1234…") between; not slashes, which no bank prints between an IBAN's groups
 * (Presidio's recognizer tests hold one as no IBAN). Letters are upper case: "LV80 bANK …" is not
 * printed by any bank. The run starts a word, or follows its label without a space — OCR of a
 * hand-written or tightly set line reads "IBANDE89 3704 …" — since the check digits decide
 * either way.
 */
const IBAN_RUN = new RegExp(
  `(?:(?<![\\p{L}\\p{N}])|(?<=(?<![\\p{L}\\p{N}])[Ii][Bb][Aa][Nn]))${IBAN_HEAD}(?:[ \\u00a0.-]?[A-Z0-9]){8,30}(?![\\p{L}\\p{N}])`,
  'gu',
);
/**
 * The same run typed in lower case, as people write one in a chat or an e-mail ("my iban is
 * gb82…"): all of its letters lower case, since a case mixed inside a run ("LV80 bANK") is no
 * IBAN anyone wrote; the check digits decide as for capitals.
 */
const LOWER_IBAN_RUN = new RegExp(
  `(?<![\\p{L}\\p{N}])[a-z]{2}\\d{2}(?:[ \\u00a0.-]?[a-z0-9]){8,30}(?![\\p{L}\\p{N}])`,
  'gu',
);
/** Where a shorter reading of a run may end: before a separator. */
const GROUP_END = /[ \u00a0.-]/g;

/**
 * The longest prefix of the run that is a valid IBAN, ending at a group boundary: a run may go on
 * into the next word ("DE89 3704 0044 0532 0130 00 BIC COBADEFF").
 */
function ibanCandidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of [...text.matchAll(IBAN_RUN), ...text.matchAll(LOWER_IBAN_RUN)]) {
    const run = m[0].toUpperCase();
    const ends = [run.length, ...[...run.matchAll(GROUP_END)].map((g) => g.index)].sort(
      (a, b) => b - a,
    );
    for (const end of ends) {
      if (isCheckedIban(run.slice(0, end).replace(/[ \u00a0.-]/g, ''))) {
        found.push({ start: m.index, end: m.index + end, score: 1 });
        break;
      }
    }
  }
  return found;
}

export const ibanRecognizer = definePatternRecognizer({
  name: 'iban',
  type: 'BANK_ACCOUNT',
  find: ibanCandidates,
  context: ['iban', 'account', 'bank', 'konto', 'compte', 'rekening', 'cuenta'],
});
