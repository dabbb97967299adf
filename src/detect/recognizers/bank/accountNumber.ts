/**
 * BANK_ACCOUNT: a bank account number printed after its label, in the languages of our documents
 * ("Account No: 07321838546325", "A/c 30556847", "Kontonummer 1234567", "N° de compte",
 * "Rekeningnummer", "Número de cuenta"). An account number has no checksum to validate, so the
 * label is the evidence: a number without one is left to the other recognizers, and a number
 * printed like an amount (decimal part, thousands separators) is not an account.
 */
import type { Candidate } from '../../patternRecognizer.js';
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { columnHeaderOf } from '../../context.js';
import { labelVocabulary, nearestLabel } from '../../nearestLabel.js';

const LABELS = [
  // English
  String.raw`(?:bank\s+|beneficiary\s+|customer\s+|savings\s+|current\s+|checking\s+)?account\s*(?:no\b\.?|nr\b\.?|number|num\b\.?|#)`,
  String.raw`bank\s+account`,
  String.raw`acct\b\.?(?:\s*(?:no\b\.?|number|#))?`,
  // Bank downloads' field names: OFX's ACCTID, an export's "Account ID" or account_id column.
  String.raw`acc(?:oun)?t[\s_-]?id\b`,
  String.raw`a\/c\b(?:\s*(?:no\b\.?|number|#))?`,
  // German
  String.raw`konto(?:nummer|[\s-]*nr\b\.?|[\s-]*nummer)`,
  String.raw`kto\b\.?(?:[\s-]*nr\b\.?)?`,
  // French
  String.raw`(?:n°|no\b\.?|num[ée]ro)\s*de\s+compte`,
  String.raw`compte\s*(?:n°|no\b\.?|bancaire)`,
  // Dutch
  String.raw`rekening(?:nummer|[\s-]*nr\b\.?)`,
  String.raw`reknr\b\.?`,
  // Spanish and Italian
  String.raw`(?:n[º°o]\.?|n[úu]mero)\s*de\s+cuenta`,
  String.raw`cuenta\s*(?:n[º°o]\b\.?|bancaria)`,
  String.raw`(?:numero\s+di\s+)?conto(?:\s+corrente)?\s*(?:n[°.]|nr\b\.?|numero)`,
];

/**
 * "Account: 4000123456": a bare "Account" counts only before a colon (a ledger's "Account 4000
 * Revenue" has no colon), and the value still needs six digits. Not as a column's header: a
 * trial balance's "Account" column holds the ledger's account codes.
 */
const BARE_ACCOUNT = String.raw`account(?=\s*:)`;

/** The shape of an account number: an optional two-letter prefix and 6–20 digits in groups. */
const VALUE = String.raw`(?:[A-Z]{2})?\d(?:[ \-]?\d){5,19}`;

/**
 * The label, then what may separate it from the value on the same line or at the start of the
 * next ("Account number:\n  07321838546325"), then the value: an optional two-letter country or
 * bank prefix and 6–20 digits in groups joined by single spaces or hyphens.
 */
const LABELLED = new RegExp(
  String.raw`(?<![\p{L}])(?:${[...LABELS, BARE_ACCOUNT].join('|')})[\s:.#=\-–)]*?(?:\([^)\n]{0,20}\)[\s:.#=\-–]*)?` +
    String.raw`(?<value>${VALUE})(?![\p{L}\p{N}]|[.,]\d)`,
  'giu',
);

function labelledAccountNumbers(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(LABELLED)) {
    const value = m.groups?.value;
    if (value === undefined) continue;
    // A run of separators with a line break in the middle is fine; two line breaks end the label's reach.
    const between = m[0].slice(0, m[0].length - value.length);
    const breaks = between.match(/\n/g)?.length ?? 0;
    if (breaks > 1) continue;
    const start = m.index + m[0].length - value.length;
    // A header row's last cell is no label of the next row's first: that is its own column's.
    if (breaks === 1 && !underAccountHeader(text, start, true)) continue;
    // The label is the evidence, and stronger than a phone reading of the same digits (0.75).
    found.push({ start, end: start + value.length, score: 0.8 });
  }
  return found;
}

/**
 * A table column of account numbers: the header cell is the label when it is one, whole
 * ("Account Number", "Acct #", "Bank account", "Kontonummer", "N° de compte"), or a payment
 * party's account ("Debtor account", "Payee account": a direct-debit or payment list).
 */
const HEADER = new RegExp(
  String.raw`^(?:(?:debtor|creditor|payer|payee|beneficiary|recipient|employee)(?:'s)?\s+(?:bank\s+)?account|${LABELS.join('|')})[\s:.#]*$`,
  'iu',
);

/** A cell that holds only a number of an account's shape, between a row's separators. */
const CELL = new RegExp(String.raw`(?<=^|\t|\||  )[ ]*(?<value>${VALUE})[ ]*(?=$|\t|\||  )`, 'gmu');

/** Whether the value at `start` sits in a column headed by an account label (or in no table, `outside`). */
function underAccountHeader(text: string, start: number, outside: boolean): boolean {
  const header = columnHeaderOf(text, start);
  return header === undefined ? outside : HEADER.test(header.trim());
}

function accountColumns(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(CELL)) {
    const value = m.groups?.value ?? '';
    const start = m.index + m[0].indexOf(value);
    if (underAccountHeader(text, start, false))
      found.push({ start, end: start + value.length, score: 0.8 });
  }
  return found;
}

/** An account label inside a header line, as a whole phrase. */
const LABEL_IN_LINE = new RegExp(String.raw`(?<![\p{L}])(?:${LABELS.join('|')})(?![\p{L}])`, 'iu');
/** Words that label some other number in a header: a second number column makes rows ambiguous. */
const OTHER_NUMBER_LABEL =
  /(?<![\p{L}])(?:no\b\.?|nr\b\.?|number|num\b\.?|#|id|ref(?:erence)?|code)(?![\p{L}])/giu;
const ACCOUNT_LABELS = labelVocabulary('bankAccount');
/** A row's cell of plain digits, no separators: an account as a flattened table prints it. */
const PLAIN_DIGITS = /(?<![\p{L}\p{N}.,/-])\d{6,20}(?![\p{L}\p{N}]|[.,/-]\d)/gu;

/**
 * A table flattened to single spaces (an OCR'd or copied statement: "Account type Account no.
 * Balance Rate", then "Fixed deposit 5917424033 EUR 651.490,58 19 %"), where no column can be
 * told apart: under a header line that holds an account label and no other number's label, each
 * row of the block that holds exactly one run of plain digits has that run as its account.
 */
function accountsUnderHeaderLine(text: string): Candidate[] {
  // Most texts hold no account label at all: one search, and no walk over their lines.
  if (!LABEL_IN_LINE.test(text)) return [];
  const found: Candidate[] = [];
  const lines = text.split('\n');
  let at = 0;
  let inBlock = false;
  for (const line of lines) {
    const start = at;
    at += line.length + 1;
    if (line.trim() === '') {
      inBlock = false;
      continue;
    }
    if (line.length > 300) {
      inBlock = false;
      continue;
    }
    const label = LABEL_IN_LINE.exec(line);
    if (label && !/\d/.test(line)) {
      inBlock =
        (line.match(OTHER_NUMBER_LABEL)?.length ?? 0) <=
        (label[0].match(OTHER_NUMBER_LABEL)?.length ?? 0);
      continue;
    }
    if (!inBlock || /^[\s\-=_|+]*$/.test(line)) continue;
    const runs = [...line.matchAll(PLAIN_DIGITS)];
    if (runs.length !== 1) continue;
    const run = runs[0]!;
    // "Phone 01132345678" under an account heading is the phone its label says.
    if (nearestLabel(text, start + run.index, ACCOUNT_LABELS) === 'other') continue;
    found.push({ start: start + run.index, end: start + run.index + run[0].length, score: 0.8 });
  }
  return found;
}

function accountNumbers(text: string): Candidate[] {
  const found = labelledAccountNumbers(text);
  for (const c of [...accountColumns(text), ...accountsUnderHeaderLine(text)]) {
    if (!found.some((l) => l.start < c.end && c.start < l.end)) found.push(c);
  }
  return found;
}

export const accountNumberRecognizer = definePatternRecognizer({
  name: 'bank-account-number',
  type: 'BANK_ACCOUNT',
  find: accountNumbers,
  validate: (value) => {
    const digits = value.replace(/\D/g, '');
    // Six identical digits or a run of zeros is a filler ("000000"), not somebody's account.
    return digits.length >= 6 && !/^(\d)\1+$/.test(digits);
  },
});
