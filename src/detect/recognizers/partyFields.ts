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
import { fieldLines, type FieldValue } from './fieldLines.js';

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

const personLines = fieldLines(PERSON_FIELDS);
const partyLines = fieldLines(PARTY_FIELDS);

/** A name's shape: letters and the marks names carry, one to six words, no digit. */
const NAME_SHAPE = /^\p{L}[\p{L}\p{M}'’.,& -]*$/u;

function values(text: string, lines: (text: string) => FieldValue[]): FieldValue[] {
  return lines(text).filter((f) => NAME_SHAPE.test(f.value) && f.value.split(/\s+/).length <= 6);
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
    ...values(text, personLines),
    ...values(text, partyLines).filter((v) => personShaped(v.value)),
  ].map(({ start, end }) => ({ start, end, score: 0.85 }));
}

function parties(text: string): Candidate[] {
  return values(text, partyLines)
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
