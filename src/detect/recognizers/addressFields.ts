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

/** A field's line: its name alone before the colon, then a value with a letter, on one line. */
const FIELD_LINE = new RegExp(
  String.raw`^[ \t]*(?:${STREET_FIELDS.join('|')})[ \t]*:[ \t]*(?<value>[^\n\r]*?\p{L}[^\n\r]*?)[ \t]*\r?$`,
  'gimud',
);

/** Longer than a street line: a sentence after a label, not a field's value. */
const MAX_VALUE = 100;

function streetFields(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(FIELD_LINE)) {
    const at = m.indices?.groups?.value;
    if (!at || at[1] - at[0] < 3 || at[1] - at[0] > MAX_VALUE) continue;
    found.push({ start: at[0], end: at[1], score: 0.85 });
  }
  return found;
}

export const addressFieldRecognizer = definePatternRecognizer({
  name: 'address-field',
  type: 'ADDRESS',
  find: streetFields,
});
