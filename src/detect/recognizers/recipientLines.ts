/**
 * The party an invoice or delivery note is addressed to, printed on the line under a label of
 * its own and above its address:
 *
 *     DELIVER TO:
 *     NORTHGATE PROPERTY ADMINISTRATION
 *     14 HARBOUR ROAD
 *
 * The model reads words in a sentence; an upper-case line between a label and an address gives it
 * none, and such a recipient leaked even where the same document's address was found. The label
 * line must hold the label alone, the party line letters alone (no digits, no colon, one to six
 * words), and the line after it a digit (a street number, a box, a postcode): the block's shape.
 * LABELS.md: a client that is an organisation is a COMPANY (a legal form or an organisation's
 * word says so), a person a NAME (two to four capitalised words); a line that is neither is left
 * to the model. A model span wins over these scores.
 */
import type { Candidate } from '../patternRecognizer.js';
import { definePatternRecognizer } from '../patternRecognizer.js';
import { ENDS_IN_LEGAL_FORM } from '../../domain/vocabulary.js';
import { escapeRegExp } from '../../domain/escapeRegExp.js';
import { hasOrganisationWord } from '../../domain/organisationWords.js';
import { lineAround } from '../lineIndex.js';

/** Labels that name the addressee, in the languages of the generator's and users' invoices. */
const RECIPIENT_LABELS = [
  'deliver to',
  'delivery to',
  'delivery address',
  'bill to',
  'billed to',
  'billing address',
  'invoice to',
  'invoiced to',
  'invoice address',
  'ship to',
  'shipped to',
  'shipping address',
  'sold to',
  'customer',
  'client',
  'buyer',
  'consignee',
  'recipient',
  'rechnung an',
  'rechnungsempfänger',
  'rechnungsadresse',
  'lieferung an',
  'lieferadresse',
  'lieferanschrift',
  'kunde',
  'facturer à',
  'facturé à',
  'livrer à',
  'adresse de facturation',
  'adresse de livraison',
  'destinataire',
  'factuur aan',
  'factuuradres',
  'afleveradres',
  'klant',
  'facturar a',
  'enviar a',
  'cliente',
];

/** A line holding a recipient label alone; searched for over the whole text, line by line. */
const LABEL_LINES = new RegExp(
  String.raw`^[ \t]*(?:${RECIPIENT_LABELS.map((l) => escapeRegExp(l).replace(/ /g, '[ \\t]+')).join('|')})[ \t]*:?[ \t]*$`,
  'gimu',
);

/** A party's line: letters, spaces and the marks names carry; no digit, no colon. */
const PARTY_LINE = /^[ \t]*(?<party>\p{L}[\p{L}\p{M} .,&'’()/-]*?)[ \t,]*$/u;

/** Words a line under a recipient label holds when it names no party. */
const NOT_PARTY_WORDS = new Set(
  (
    'customer client cash walk-in walk same as above below see n/a na none address details ' +
    'billing shipping delivery invoice account name phone email e-mail tel contact information ' +
    'info date number no reference accounts payable receivable purchasing procurement attn ' +
    'attention dept department reception'
  ).split(' '),
);

type Kind = 'COMPANY' | 'NAME';

function kindOf(party: string): Kind | undefined {
  const words = party.split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0 || words.length > 6) return undefined;
  const lower = words.map((w) => w.toLowerCase().replace(/[.,()]/g, ''));
  if (lower.some((w) => NOT_PARTY_WORDS.has(w))) return undefined;
  if (ENDS_IN_LEGAL_FORM.test(party) || hasOrganisationWord(party)) {
    return 'COMPANY';
  }
  const capitalised = words.every(
    (w) => /^\p{Lu}/u.test(w) || /^(?:van|von|de|da|di|le|la|du|del|der|den)$/u.test(w),
  );
  return words.length >= 2 && words.length <= 4 && capitalised ? 'NAME' : undefined;
}

/** The line after the one ending at `end`, or undefined after the last line. */
function lineAfter(text: string, end: number): { start: number; end: number } | undefined {
  return end < text.length ? lineAround(text, end + 1) : undefined;
}

/**
 * Both kinds in one walk from each label line, the last text's kept: the COMPANY and the NAME
 * recognizer ask for the same text one after the other.
 */
let walked: { text: string; found: { kind: Kind; candidate: Candidate }[] } | undefined;

function recipients(text: string, kind: Kind): Candidate[] {
  if (walked?.text !== text) {
    const found: { kind: Kind; candidate: Candidate }[] = [];
    for (const label of text.matchAll(LABEL_LINES)) {
      const partyLine = lineAfter(text, label.index + label[0].length);
      const addressLine = partyLine && lineAfter(text, partyLine.end);
      if (!partyLine || !addressLine) continue;
      const m = PARTY_LINE.exec(text.slice(partyLine.start, partyLine.end));
      const party = m?.groups?.party;
      const partyKind = party && kindOf(party);
      if (!m || !party || !partyKind) continue;
      if (!/\d/.test(text.slice(addressLine.start, addressLine.end))) continue;
      const start = partyLine.start + m[0].indexOf(party);
      const score = partyKind === 'COMPANY' ? 0.6 : 0.55;
      found.push({ kind: partyKind, candidate: { start, end: start + party.length, score } });
    }
    walked = { text, found };
  }
  return walked.found.filter((f) => f.kind === kind).map((f) => f.candidate);
}

export const recipientCompanyRecognizer = definePatternRecognizer({
  name: 'recipient-company',
  type: 'COMPANY',
  find: (text) => recipients(text, 'COMPANY'),
});

export const recipientNameRecognizer = definePatternRecognizer({
  name: 'recipient-name',
  type: 'NAME',
  find: (text) => recipients(text, 'NAME'),
});
