/**
 * The counterparty in a bank export's transaction text: "Autogiro NORDGREN FOTO", "Betalning PG
 * 5512094-3 Elkundtjänst", "SEPA-Lastschrift Stadtwerke Nord", "DD BRITISH GAS". The bank
 * writes the payment type, an optional giro or card reference, then the payee or payer as it
 * was registered: often one upper-case word, truncated to the column's width, in any language;
 * the model, which reads the sentence around a name, has nothing to read it by.
 *
 * Only a row that reads as a transaction counts (a date and an amount on the same line), and only
 * a field (a cell, or a column gap's worth of text) that starts with a payment type. LABELS.md: a
 * vendor or client that is a party is a COMPANY; a person paid by Swish is a name, and the model
 * gives it that type where it sees one (a model span wins over this score).
 */
import type { Candidate } from '../patternRecognizer.js';
import { definePatternRecognizer } from '../patternRecognizer.js';
import { LEGAL_FORM_KEYS, legalFormKey } from '../../domain/vocabulary.js';
import { escapeRegExp } from '../../domain/escapeRegExp.js';

/**
 * Payment types printed before the counterparty, by the banks' own words. Types followed by
 * something else (a withdrawal's machine, a fee's product, interest) are not here.
 */
const PAYMENT_TYPES = [
  // Swedish, Norwegian, Danish.
  'Köp',
  'Kortköp',
  'Betalning',
  'Överföring',
  'Insättning',
  'Autogiro',
  'Lön',
  'Swish',
  'Bankgiro',
  'Plusgiro',
  'E-faktura',
  'Återbetalning',
  'Kjøp',
  'Varekjøp',
  'Overføring',
  'Avtalegiro',
  'Nettgiro',
  'Lønn',
  'Innskudd',
  'Vipps',
  'Betalingsservice',
  'Overførsel',
  'Køb',
  // German, Dutch, French.
  'Lastschrift',
  'SEPA-Lastschrift',
  'Basislastschrift',
  'Folgelastschrift',
  'Gutschrift',
  'Überweisung',
  'SEPA-Überweisung',
  'Kartenzahlung',
  'Dauerauftrag',
  'Betaalautomaat',
  'Incasso',
  'Overschrijving',
  'iDEAL',
  'Prélèvement',
  'Virement',
  'Paiement CB',
  'Paiement par carte',
  // English.
  'POS',
  'POS Purchase',
  'POS Debit',
  'Card payment',
  'Card purchase',
  'Debit card purchase',
  'CHECKCARD',
  'Direct Debit',
  'DD',
  'Standing Order',
  'SO',
  'Faster Payment',
  'FPO',
  'FPI',
  'BGC',
  'BACS',
  'ACH Debit',
  'ACH Credit',
  'Payment to',
  'Payment from',
  'Transfer to',
  'Transfer from',
];

/** What follows a payment type without being a party: a product, a machine, a fee. */
const NOT_PARTIES = new Set([
  'kort',
  'månadspris kort',
  'bankomat',
  'atm',
  'cash',
  'fee',
  'fees',
  'interest',
  'refund',
  'reversal',
  'returned',
  'charge',
  'charges',
  'avgift',
  'ränta',
  'gebühr',
  'entgelt',
  'zinsen',
  'frais',
  'intérêts',
]);

/** US states and Canadian provinces: a card terminal's descriptor ends with one after its town. */
const STATE_CODES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ ' +
    'NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR AB BC MB NB NL NS ON PE QC SK'
  ).split(' '),
);

/**
 * "DAYTON OH", "KANSAS CITY NJ": a terminal's town and state with no merchant before them. A town
 * alone is no address (LABELS.md) and no party; a longer descriptor keeps its merchant.
 */
function isTownAndState(party: string): boolean {
  const words = party.trim().split(/\s+/);
  const last = words.at(-1) ?? '';
  // "KVARNBY SNICKERI AB" ends in a legal form, not in Alberta.
  if (LEGAL_FORM_KEYS.has(legalFormKey(last))) return false;
  return words.length > 1 && words.length <= 3 && STATE_CODES.has(last);
}

/**
 * A field opening with a payment type (after the booking date, where a line has no column
 * gaps), then references (a giro number after PG/BG, a card or store number, a date) and a "to"
 * or "from" in the bank's language, then the party: words up to the end of the field, less the
 * amounts a gapless line ends with.
 */
const FIELD = new RegExp(
  String.raw`^(?:[\d/.-]+[ ]+){0,2}(?:${[...PAYMENT_TYPES]
    .sort((a, b) => b.length - a.length)
    .map((t) => escapeRegExp(t).replace(/ /g, '[ ]+'))
    .join(
      '|',
    )})(?![\p{L}\p{N}])[ :]+(?:(?:PG|BG|Pg|Bg|#|Nr\.?|No\.?)[ ]*[\d-]+[ ]+|[\d/.:-]+[ ]+)*(?:(?<via>to|from|an|à|till|från|til|fra|naar)[ ]+)?(?<party>\p{L}[^\t]*?)(?:[ ]+[-+]?[\d.,'’]+(?:[ ]?[A-Z]{3})?)*[ .,;]*$`,
  'diu',
);

/** A date as exports print them: 2019-08-28, 28.08.2019, 28/08/19, 28 Aug. */
const DATE =
  /(?<![\d])(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}[ ](?:jan|feb|mar|apr|ma[iyj]|jun|jul|aug|sep|o[ck]t|nov|de[cz])\p{L}*)(?![\d])/iu;
/** An amount with two decimals, its thousands grouped or not. */
const AMOUNT = /(?<![\d])-?\d{1,3}(?:[ .,\u00a0']?\d{3})*[.,]\d{2}(?![\d])/;

/** A column gap: a tab, or the runs of spaces a statement PDF's layout leaves between columns. */
const FIELD_SEPARATOR = /\t|[ ]{3,}/g;

function transactionParties(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const line of text.matchAll(/[^\n]+/g)) {
    if (!DATE.test(line[0]) || !AMOUNT.test(line[0])) continue;
    let from = 0;
    const fields: { start: number; text: string }[] = [];
    for (const gap of [...line[0].matchAll(FIELD_SEPARATOR), null]) {
      const to = gap ? gap.index : line[0].length;
      fields.push({ start: from, text: line[0].slice(from, to) });
      if (gap) from = gap.index + gap[0].length;
    }
    for (const field of fields) {
      const leading = field.text.length - field.text.trimStart().length;
      const body = field.text.slice(leading);
      const m = FIELD.exec(body);
      const places = m?.indices?.groups;
      if (!m || !places?.party) continue;
      // The pattern ignores case: a "to" that is not lower case may be a name's first word ("An").
      const via = m.groups?.via;
      const first = places.via && via !== via?.toLowerCase() ? places.via[0] : places.party[0];
      const party = body.slice(first, places.party[1]);
      if (NOT_PARTIES.has(party.toLowerCase().replace(/\s+/g, ' '))) continue;
      if ((party.match(/\p{L}/gu) ?? []).length < 2 || isTownAndState(party)) continue;
      const start = line.index + field.start + leading + first;
      found.push({ start, end: start + party.length, score: 0.6 });
    }
  }
  return found;
}

export const transactionPartyRecognizer = definePatternRecognizer({
  name: 'transaction-party',
  type: 'COMPANY',
  find: transactionParties,
});
