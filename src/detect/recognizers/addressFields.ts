/**
 * The street line of an address in a structured export, where each part of the address is a
 * field of its own and the reader writes each after its name (src/document/markupText): UBL and
 * XRechnung e-invoices ("StreetName: 215 Elm St"), Factur-X and ZUGFeRD's cross-industry invoice
 * ("LineOne: …"), ISO 20022 statements and payments ("StrtNm: …", "AdrLine: …") and OFX
 * downloads ("ADDR1: …"). The model reads words in sentences; a street on a line of its own under
 * an element's name gives it little, and a real e-invoice's customer street leaked three times
 * where the vendor's was found. LABELS.md: the street line is the address's identifying part; a
 * city or postcode alone ("CityName: …", "PostalZone: …") is no address and stays.
 */
import type { Candidate } from '../patternRecognizer.js';
import { definePatternRecognizer } from '../patternRecognizer.js';
import { fieldLines } from './fieldLines.js';

/** The element names of a street line in the formats above, and the plain ones exports use. */
const STREET_FIELDS = [
  'StreetName',
  'AdditionalStreetName',
  'BuildingName',
  'StrtNm',
  'BldgNm',
  'AdrLine',
  'LineOne',
  'LineTwo',
  'LineThree',
  'ADDR1',
  'ADDR2',
  'ADDR3',
  'AddressLine1',
  'AddressLine2',
  'AddressLine3',
  'StreetAddress',
  'Street',
];

const streetLines = fieldLines(STREET_FIELDS);

/** Longer than a street line: a sentence after a label, not a field's value. */
const MAX_VALUE = 100;

function streetFields(text: string): Candidate[] {
  return streetLines(text)
    .filter((f) => /\p{L}/u.test(f.value) && f.value.length >= 3 && f.value.length <= MAX_VALUE)
    .map(({ start, end }) => ({ start, end, score: 0.85 }));
}

export const addressFieldRecognizer = definePatternRecognizer({
  name: 'address-field',
  type: 'ADDRESS',
  find: streetFields,
});
