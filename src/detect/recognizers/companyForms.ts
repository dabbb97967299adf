/**
 * COMPANY: two forms of a party's name that have a shape of their own, where the model, reading
 * words, misses them.
 *
 * - A strata body named by its plan number: "Body Corporate 208417", "Owners Corporation
 *   SP12345", "Strata Plan 4567" (Australian and New Zealand building owners: the client of
 *   every property manager's invoice and utility bill). The number is what identifies it.
 * - A card statement's payment-facilitator descriptor: "PAYPAL *USCUSTOMSBO", "SQ *JOES
 *   COFFEE", "SUMUP *BAKERY": the facilitator, a star and the merchant, up to the end of the
 *   field. The whole descriptor names the payee.
 */
import { definePatternRecognizer } from '../patternRecognizer.js';

// Capitalised as a name is ("the body corporate's rules" is no party), in title or upper case.
const STRATA_NAMES = [
  'Body Corporate',
  'Owners Corporation',
  'Strata Plan',
  'Strata Corporation',
].flatMap((n) => [n, n.toUpperCase()]);
const STRATA = String.raw`(?<![\p{L}\p{N}])(?:${STRATA_NAMES.map((n) => n.replace(' ', String.raw`\s+`)).join('|')})\s+(?:No\.?\s*|NO\.?\s*|Number\s+)?(?:[A-Z]{1,3}\s?)?\d{2,7}(?![\p{N}]|[.,]\d)`;
const FACILITATORS = 'PAYPAL|SQ|SP|TST|SUMUP|ZTL|IZ|PP|GOOGLE|AMZN';
// The merchant part: words after the star on the same field, no tab and no run of spaces.
const DESCRIPTOR = String.raw`(?<![\p{L}\p{N}])(?:${FACILITATORS})[ ]?\*[ ]?[\p{L}\p{N}](?:[\p{L}\p{N}&.'\-]|[ ](?=[\p{L}\p{N}])){1,30}`;

export const companyFormsRecognizer = definePatternRecognizer({
  name: 'company-forms',
  type: 'COMPANY',
  patterns: [
    { name: 'strata-body', regex: new RegExp(STRATA, 'gu'), score: 0.8 },
    { name: 'card-descriptor', regex: new RegExp(DESCRIPTOR, 'gu'), score: 0.8 },
  ],
});
