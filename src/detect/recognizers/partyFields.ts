/**
 * A person's or a party's name in a structured export, a field of its own written after its
 * element's name (src/document/markupText): an e-invoice's contact ("PersonName: …" in Factur-X
 * and ZUGFeRD, "FirstName"/"FamilyName" in UBL) and its parties' registered names
 * ("RegistrationName: …"). The model reads words in sentences; a name on a line of its own after
 * an element's name gave it too little, and a buyer's contact was left in clear where the seller's
 * was found. The element says what the value is, so the value's shape only has to be a name's:
 * letters, no digit, one to six words. A registered name is a COMPANY unless it is shaped as a
 * person's (two to four capitalised words, no legal form or organisation's word: a sole trader).
 */
import type { Candidate } from '../patternRecognizer.js';
import { definePatternRecognizer } from '../patternRecognizer.js';
import { ENDS_IN_LEGAL_FORM } from '../../domain/vocabulary.js';
import { hasOrganisationWord } from '../../domain/organisationWords.js';

const PERSON_FIELDS = [
  'PersonName',
  'FirstName',
  'FamilyName',
  'GivenName',
  'MiddleName',
  'LastName',
  'Surname',
  'ContactName',
];
const PARTY_FIELDS = ['RegistrationName'];

function fieldLines(fields: readonly string[]): RegExp {
  return new RegExp(
    String.raw`^[ \t]*(?:${fields.join('|')})[ \t]*:[ \t]*(?<value>[^\n\r]*?)[ \t]*\r?$`,
    'gmd',
  );
}
const PERSON_LINE = fieldLines(PERSON_FIELDS);
const PARTY_LINE = fieldLines(PARTY_FIELDS);

/** A name's shape: letters and the marks names carry, one to six words, no digit. */
const NAME_SHAPE = /^\p{L}[\p{L}\p{M}'’.,& -]*$/u;

function values(text: string, lines: RegExp): { start: number; end: number; value: string }[] {
  const out: { start: number; end: number; value: string }[] = [];
  for (const m of text.matchAll(lines)) {
    const at = m.indices?.groups?.value;
    const value = m.groups?.value ?? '';
    if (!at || !NAME_SHAPE.test(value) || value.split(/\s+/).length > 6) continue;
    out.push({ start: at[0], end: at[1], value });
  }
  return out;
}

function personShaped(value: string): boolean {
  const words = value.split(/\s+/);
  return (
    words.length >= 2 &&
    words.length <= 4 &&
    words.every((w) => /^\p{Lu}/u.test(w)) &&
    !ENDS_IN_LEGAL_FORM.test(value) &&
    !hasOrganisationWord(value)
  );
}

function people(text: string): Candidate[] {
  return [
    ...values(text, PERSON_LINE),
    ...values(text, PARTY_LINE).filter((v) => personShaped(v.value)),
  ].map(({ start, end }) => ({ start, end, score: 0.85 }));
}

function parties(text: string): Candidate[] {
  return values(text, PARTY_LINE)
    .filter((v) => !personShaped(v.value))
    .map(({ start, end }) => ({ start, end, score: 0.85 }));
}

export const personFieldRecognizer = definePatternRecognizer({
  name: 'person-field',
  type: 'NAME',
  find: people,
});

export const partyFieldRecognizer = definePatternRecognizer({
  name: 'party-field',
  type: 'COMPANY',
  find: parties,
});
