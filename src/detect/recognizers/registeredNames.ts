/**
 * COMPANY: a company's name on the line above its registration number, as till receipts and
 * letterheads print them:
 *
 *     RESTORAN SRI MELUR SDN BHD
 *     (102345-W)
 *
 * or "Company Reg. No.: 725100-V" under it. The number says the line above is a registered
 * company; the model, which reads words, missed such names where they were all capitals or read
 * "RESTAURANT" as a person. The line must be the party's alone (letters, no colon, at most eight
 * words) and read as a name: in capitals, or with a legal form or an organisation's word. Of the
 * generator's 3,600 documents, its till receipts give 38 such lines, all inside a gold company.
 */
import type { Candidate } from '../patternRecognizer.js';
import { definePatternRecognizer } from '../patternRecognizer.js';
import { ENDS_IN_LEGAL_FORM } from '../../domain/vocabulary.js';
import { hasOrganisationWord } from '../../domain/organisationWords.js';
import { lineAround } from '../lineIndex.js';

/**
 * A line opening with a registration number in brackets with its check letter, or with a company
 * registration label; searched for over the whole text, line by line.
 */
// Space within the line: a registration line is judged alone, as a line.
const SP = String.raw`[^\S\n]*`;
const REGISTRATION_LINES = new RegExp(
  String.raw`^[^A-Za-z0-9\n]*(?:[([{]${SP}\d{3,12}${SP}-${SP}[A-Z]${SP}[)\]}]?|(?:company|co)\.?${SP}[-.]?${SP}reg(?:istration|n)?\.?${SP}(?:no\.?)?${SP}[:#]?${SP}\d)`,
  'gim',
);

/** The party's line: letters first, then letters, digits and a name's marks; no colon. */
const NAME_LINE = /^[\s|]*(?<party>\p{L}[\p{L}\p{N}\p{M} .,&'’()/-]*?)[\s|,]*$/u;

function registeredNames(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const registration of text.matchAll(REGISTRATION_LINES)) {
    if (registration.index === 0) continue;
    const line = lineAround(text, registration.index - 1);
    const m = NAME_LINE.exec(text.slice(line.start, line.end));
    const party = m?.groups?.party;
    if (!m || !party || party.split(/\s+/).length > 8) continue;
    const named =
      ENDS_IN_LEGAL_FORM.test(party) || hasOrganisationWord(party) || party === party.toUpperCase();
    if (!named) continue;
    const start = line.start + m[0].indexOf(party);
    found.push({ start, end: start + party.length, score: 0.6 });
  }
  return found;
}

export const registeredNameRecognizer = definePatternRecognizer({
  name: 'registered-name',
  type: 'COMPANY',
  find: registeredNames,
});
