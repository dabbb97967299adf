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
import { hasOrganisationWord } from '../organisationWords.js';
import { lineRanges } from '../lineIndex.js';

/** A registration number in brackets with its check letter, or a company registration label. */
const REGISTRATION_LINE =
  /^[\W_]*(?:[([{]\s*\d{3,12}\s*-\s*[A-Z]\s*[)\]}]?|(?:company|co)\.?\s*[-.]?\s*reg(?:istration|n)?\.?\s*(?:no\.?)?\s*[:#]?\s*\d)/i;

/** The party's line: letters first, then letters, digits and a name's marks; no colon. */
const NAME_LINE = /^[\s|]*(?<party>\p{L}[\p{L}\p{N}\p{M} .,&'’()/-]*?)[\s|,]*$/u;

function registeredNames(text: string): Candidate[] {
  const found: Candidate[] = [];
  const lines = lineRanges(text).map(([start, end]) => ({ start, text: text.slice(start, end) }));
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!REGISTRATION_LINE.test(lines[i + 1]!.text)) continue;
    const m = NAME_LINE.exec(lines[i]!.text);
    const party = m?.groups?.party;
    if (!m || !party || party.split(/\s+/).length > 8) continue;
    const named =
      ENDS_IN_LEGAL_FORM.test(party) || hasOrganisationWord(party) || party === party.toUpperCase();
    if (!named) continue;
    const start = lines[i]!.start + m[0].indexOf(party);
    found.push({ start, end: start + party.length, score: 0.6 });
  }
  return found;
}

export const registeredNameRecognizer = definePatternRecognizer({
  name: 'registered-name',
  type: 'COMPANY',
  find: registeredNames,
});
