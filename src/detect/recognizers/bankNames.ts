/**
 * COMPANY: a bank's name, built around its bank word ("BRED BANQUE POPULAIRE", "HDFC Bank",
 * "Bank Norwegian", "Bank of America, N.A."): the bank holding a party's account is a party
 * (LABELS.md), and the model, which reads words, missed such names in upper case after a payment
 * word ("Virement BRED BANQUE POPULAIRE – Titulaire du compte").
 *
 * The bank word needs a name beside it: capitalised words before it, or after it ("Bank
 * Norwegian", "Bank of America"), that are not the words a document prints around a bank
 * ("Bank Name:", "Bank Deposit", "Bank A/c", "Virement", "Paid to") or a bank's role in a payment
 * ("Intermediary Bank", "Correspondent Bank"). Central banks and public
 * banks are no party (LABELS.md: government bodies and regulators are not companies) and stay,
 * and so do laws named after banks ("Bank Secrecy Act": LABELS.md's laws are not companies).
 */
import { BANK_LEGAL_FORMS } from '../../domain/vocabulary.js';
import type { Candidate } from '../patternRecognizer.js';
import { definePatternRecognizer } from '../patternRecognizer.js';

const BANK_WORDS = new Set(
  'bank banque banco banca bankhaus sparkasse volksbank raiffeisenbank'.split(' '),
);
/** Words printed before a bank's name that are no part of it. */
const BEFORE = new Set(
  (
    'virement paid payment payments pay payable transfer transfers wire via your the our to from ' +
    'by with at name and or per deposit deposits into in account bank banque banco banca ' +
    // A bank's role in a payment or a mandate, as wire instructions and letters of credit print
    // it ("Intermediary Bank Name:", "Correspondent Bank SWIFT", "Custodian Bank Statement").
    "beneficiary beneficiary's intermediary correspondent issuing acquiring receiving sending " +
    "paying remitting remitter remitter's ordering clearing settlement custodian custodial " +
    'depository monitoring collecting advising confirming negotiating nominated reimbursing ' +
    'drawee sponsor sponsoring'
  ).split(' '),
);
/** Words printed after the bank word that make it a label, not a name. */
const AFTER = new Set(
  (
    'account accounts acc ac a/c a name no number details detail code transfer transfers giro ' +
    'statement statements charges charge fees fee holiday holidays reference ref branch card cards ' +
    'interest loan loans balance balances credit debit sort swift bic iban address deposit ' +
    'deposits draft drafts guarantee transaction transactions payment payments requirement ' +
    'requirements and or the'
  ).split(' '),
);

/** A word as the label lists know it: a table of contents glues its page ("ACCOUNTS7-3"). */
const labelWord = (w: string): string => w.toLowerCase().replace(/[^\p{L}]+$/u, '');
/** Words after the bank word that make the whole a document's title ("Bank Confirmation"). */
const TITLE_AFTER = new Set(
  'confirmation confirmations letter letters request reconciliation mandate form certificate report audit'.split(
    ' ',
  ),
);
/** The last word of a law's or a rulebook's title ("Bank Holding Company Act of 1956"). */
const LAW_WORDS = new Set('act acts code directive regulation regulations ordinance'.split(' '));
/** Words that may join a law's title between its capitalised words ("Recovery and Resolution"). */
const TITLE_JOINERS = new Set('and of the for on &'.split(' '));
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
/** A bank's legal form after its name ("Citibank, N.A."), a whole word: "SA" is not "SAVINGS". */
const LEGAL_TAIL = new RegExp(`^,?[ ](?:${BANK_LEGAL_FORMS})(?![\\p{L}\\p{N}])`, 'u');

const LEGAL_FORM = new RegExp(`^(?:${BANK_LEGAL_FORMS})$`, 'u');

const WORD = /[\p{L}][\p{L}\p{N}'’&.-]*/gu;

interface Word {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

function isNameWord(w: string): boolean {
  return /^\p{Lu}/u.test(w) && w.replace(/[^\p{L}]/gu, '').length >= 2;
}

/** A line that may hold a bank word: every other line is left unread (most are). */
const BANK_LINE = /bank|banque|banco|banca|sparkasse/i;

/** `words` of one line, and whether two of them are one name's (a single space apart). */
interface Line {
  readonly words: readonly Word[];
  joined(a: number, b: number): boolean;
}

/** The first word of the name before the bank word `k`: up to two capitalised words. */
function nameStart({ words, joined }: Line, k: number): number {
  let first = k;
  while (
    first > 0 &&
    first > k - 3 &&
    joined(first - 1, first) &&
    isNameWord(words[first - 1]!.text) &&
    !words[first - 1]!.text.endsWith('.') &&
    !BEFORE.has(labelWord(words[first - 1]!.text))
  ) {
    first--;
  }
  return first;
}

/** The last word of the name after the bank word `k`: "of" and up to three words, or up to three. */
function nameEnd({ words, joined }: Line, k: number): number {
  if (words[k + 1] && joined(k, k + 1) && /^(?:of|OF)$/.test(words[k + 1]!.text)) {
    let j = k + 2;
    while (j < words.length && j < k + 5 && joined(j - 1, j) && isNameWord(words[j]!.text)) j++;
    return j > k + 2 ? j - 1 : k;
  }
  let j = k + 1;
  while (
    j < words.length &&
    j < k + 4 &&
    joined(j - 1, j) &&
    isNameWord(words[j]!.text) &&
    !AFTER.has(labelWord(words[j]!.text))
  ) {
    j++;
    // The legal form ends the name ("Deutsche Bank AG Frankfurt": the town is no part).
    if (LEGAL_FORM.test(words[j - 1]!.text)) break;
  }
  return j - 1;
}

/**
 * Whether the bank word `k` opens a law's title: capitalised words and joiners after it run on
 * to a law word ("Bank Secrecy Act", "Bank Recovery and Resolution Directive").
 */
function opensLawTitle({ words, joined }: Line, k: number): boolean {
  for (let j = k + 1; j < words.length && j <= k + 6 && joined(j - 1, j); j++) {
    const w = words[j]!.text;
    if (LAW_WORDS.has(w.toLowerCase()) && /^\p{Lu}/u.test(w)) return true;
    if (!isNameWord(w) && !TITLE_JOINERS.has(w.toLowerCase())) return false;
  }
  return false;
}

/** The bank name around the bank word `k`, or undefined where it is a label, title, law, street or public bank. */
function bankNameAt(text: string, line: Line, k: number): Candidate | undefined {
  const { words, joined } = line;
  const w = words[k]!;
  // "Beneficiary Bank:", "Bank:": a label, whatever follows it.
  if (text[w.end] === ':' || text.slice(w.end, w.end + 2) === ' :') return undefined;
  if (words[k + 1] && joined(k, k + 1) && TITLE_AFTER.has(words[k + 1]!.text.toLowerCase())) {
    return undefined;
  }
  if (opensLawTitle(line, k)) return undefined;
  const first = nameStart(line, k);
  // A house number before the name makes it a street ("40 Sienna Bank", a British street).
  const lead = text.slice(Math.max(0, words[first]!.start - 8), words[first]!.start);
  if (/(?:^|[\s,])\d{1,4}[A-Za-z]?[ \t]+$/.test(lead)) return undefined;
  const last = nameEnd(line, k);
  if (first === k && last === k) return undefined;
  const before = words[first - 1]?.text.toLowerCase() ?? '';
  if (first === k && PUBLIC_BEFORE.has(before)) return undefined;
  if (words.slice(first, k).some((x) => PUBLIC_BEFORE.has(x.text.toLowerCase()))) return undefined;
  if (last === k + 2 && CENTRAL_OF.has(words[last]!.text.toLowerCase())) return undefined;
  let end = words[last]!.end;
  const tail = LEGAL_TAIL.exec(text.slice(end, end + 12));
  if (tail) end += tail[0].length;
  return { start: words[first]!.start, end, score: 0.6 };
}

function bankNames(text: string): Candidate[] {
  const found: Candidate[] = [];
  const lineRe = /[^\n]+/g;
  for (let match = lineRe.exec(text); match; match = lineRe.exec(text)) {
    if (!BANK_LINE.test(match[0])) continue;
    const offset = match.index;
    const words: Word[] = [...match[0].matchAll(WORD)].map((m) => ({
      start: offset + m.index,
      end: offset + m.index + m[0].length,
      text: m[0],
    }));
    // Words are one name only when a single space joins them (a column gap ends a name).
    const line: Line = {
      words,
      joined: (a, b) => text.slice(words[a]!.end, words[b]!.start) === ' ',
    };
    words.forEach((w, k) => {
      if (!BANK_WORDS.has(w.text.toLowerCase()) || !/^\p{Lu}/u.test(w.text)) return;
      const name = bankNameAt(text, line, k);
      if (name) found.push(name);
    });
  }
  return found;
}

export const bankNameRecognizer = definePatternRecognizer({
  name: 'bank-name',
  type: 'COMPANY',
  find: bankNames,
});
