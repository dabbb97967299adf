/**
 * COMPANY: a bank's name, built around its bank word ("BRED BANQUE POPULAIRE", "HDFC Bank",
 * "Bank Norwegian", "Bank of America, N.A."): the bank holding a party's account is a party
 * (LABELS.md), and the model, which reads words, missed such names in upper case after a payment
 * word ("Virement BRED BANQUE POPULAIRE – Titulaire du compte").
 *
 * The bank word needs a name beside it: capitalised words before it, or after it ("Bank
 * Norwegian", "Bank of America"), that are not the words a document prints around a bank
 * ("Bank Name:", "Bank Deposit", "Bank A/c", "Virement", "Paid to"). Central banks and public
 * banks are no party (LABELS.md: government bodies and regulators are not companies) and stay.
 */
import type { Candidate } from '../patternRecognizer.js';
import { definePatternRecognizer } from '../patternRecognizer.js';

const BANK_WORDS = new Set(
  'bank banque banco banca bankhaus sparkasse volksbank raiffeisenbank'.split(' '),
);
/** Words printed before a bank's name that are no part of it. */
const BEFORE = new Set(
  (
    'virement paid payment payments pay payable transfer transfers wire via your the our to from ' +
    'by with at name and or per deposit deposits into in account bank banque banco banca'
  ).split(' '),
);
/** Words printed after the bank word that make it a label, not a name. */
const AFTER = new Set(
  (
    'account accounts acc ac a/c a name no number details detail code transfer transfers giro ' +
    'statement statements charges charge fees fee holiday holidays reference ref branch card cards ' +
    'interest loan loans balance balances credit debit sort swift bic iban address deposit ' +
    'deposits draft drafts guarantee transaction transactions payment payments and or the'
  ).split(' '),
);
/** Words after the bank word that make the whole a document's title ("Bank Confirmation"). */
const TITLE_AFTER = new Set(
  'confirmation confirmations letter letters request reconciliation mandate form certificate report audit'.split(
    ' ',
  ),
);
/** Public and central banks: no party to a client's document. */
const PUBLIC_BEFORE = new Set(
  'reserve central world development investment federal national people’s peoples nederlandsche'.split(
    ' ',
  ),
);
const CENTRAL_OF = new Set(
  (
    'england japan canada korea israel thailand italy spain france greece russia mexico jamaica ' +
    'ghana uganda tanzania zambia namibia botswana mauritius portugal finland estonia latvia ' +
    'lithuania slovenia slovakia albania algeria'
  ).split(' '),
);
const LEGAL_TAIL =
  /^,?[ ](?:N\.A\.|plc|PLC|Ltd\.?|Limited|LIMITED|AG|SA|S\.A\.|N\.V\.|AB|ASA|A\/S)/u;

const LEGAL_FORM =
  /^(?:AG|SA|S\.A\.|plc|PLC|Ltd\.?|Limited|LIMITED|N\.V\.|AB|ASA|A\/S|Inc\.?|Corp\.?)$/u;

const WORD = /[\p{L}][\p{L}\p{N}'’&.-]*/gu;

interface Word {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

function isNameWord(w: string): boolean {
  return /^\p{Lu}/u.test(w) && w.replace(/[^\p{L}]/gu, '').length >= 2;
}

function bankNames(text: string): Candidate[] {
  const found: Candidate[] = [];
  const lineRe = /[^\n]+/g;
  for (let line = lineRe.exec(text); line; line = lineRe.exec(text)) {
    const words: Word[] = [];
    for (const m of line[0].matchAll(WORD)) {
      words.push({
        start: line.index + m.index,
        end: line.index + m.index + m[0].length,
        text: m[0],
      });
    }
    // Words are one name only when a single space joins them (a column gap ends a name).
    const joined = (a: Word, b: Word) => text.slice(a.end, b.start) === ' ';
    words.forEach((w, k) => {
      if (!BANK_WORDS.has(w.text.toLowerCase()) || !/^\p{Lu}/u.test(w.text)) return;
      // "Beneficiary Bank:", "Bank:": a label, whatever follows it.
      if (text[w.end] === ':' || text.slice(w.end, w.end + 2) === ' :') return;
      const after = words[k + 1];
      if (after && joined(w, after) && TITLE_AFTER.has(after.text.toLowerCase())) return;
      let first = k;
      while (
        first > 0 &&
        first > k - 3 &&
        joined(words[first - 1]!, words[first]!) &&
        isNameWord(words[first - 1]!.text) &&
        !words[first - 1]!.text.endsWith('.') &&
        !BEFORE.has(words[first - 1]!.text.toLowerCase())
      ) {
        first--;
      }
      // A house number before the name makes it a street ("40 Sienna Bank", a British street).
      const lead = text.slice(Math.max(0, words[first]!.start - 8), words[first]!.start);
      if (/(?:^|[\s,])\d{1,4}[A-Za-z]?[ \t]+$/.test(lead)) return;
      let last = k;
      const next = words[k + 1];
      if (next && joined(w, next) && /^(?:of|OF)$/.test(next.text)) {
        let j = k + 2;
        while (
          j < words.length &&
          j < k + 5 &&
          joined(words[j - 1]!, words[j]!) &&
          isNameWord(words[j]!.text)
        )
          j++;
        if (j > k + 2) last = j - 1;
      } else {
        let j = k + 1;
        while (
          j < words.length &&
          j < k + 4 &&
          joined(words[j - 1]!, words[j]!) &&
          isNameWord(words[j]!.text) &&
          !AFTER.has(words[j]!.text.toLowerCase())
        ) {
          j++;
          // The legal form ends the name ("Deutsche Bank AG Frankfurt": the town is no part).
          if (LEGAL_FORM.test(words[j - 1]!.text)) break;
        }
        last = j - 1;
      }
      if (first === k && last === k) return;
      const before = words[first - 1]?.text.toLowerCase() ?? '';
      if (first === k && PUBLIC_BEFORE.has(before)) return;
      if (words.slice(first, k).some((x) => PUBLIC_BEFORE.has(x.text.toLowerCase()))) return;
      if (last === k + 2 && CENTRAL_OF.has(words[last]!.text.toLowerCase())) return;
      let end = words[last]!.end;
      const tail = LEGAL_TAIL.exec(text.slice(end, end + 12));
      if (tail) end += tail[0].length;
      found.push({ start: words[first]!.start, end, score: 0.6 });
    });
  }
  return found;
}

export const bankNameRecognizer = definePatternRecognizer({
  name: 'bank-name',
  type: 'COMPANY',
  find: bankNames,
});
