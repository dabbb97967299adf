/**
 * TAX_ID: an Indian PAN of a person. A PAN is five letters, four digits and a letter; its fourth
 * letter is the holder's status, and only P (an individual) makes it personal data: a company's
 * PAN (C), a firm's (F) or a trust's (T) is business data (LABELS.md), like its GST number.
 */
import { definePatternRecognizer } from '../../patternRecognizer.js';
import { isValidIndianPan } from './stdnumChecks.js';

export const indianPanRecognizer = definePatternRecognizer({
  name: 'in-pan',
  type: 'TAX_ID',
  patterns: [
    {
      name: 'pan',
      // A PAN printed inside a GSTIN ("27ABCPD1234Z1Z5") is the company's registration: the edges
      // refuse letters and digits on either side.
      regex: /(?<![\p{L}\p{N}])[A-Z]{3}P[A-Z]\d{4}[A-Z](?![\p{L}\p{N}])/gu,
      score: 0.6,
    },
    {
      // Typed all in lower case in a chat or an e-mail ("my pan is abcpe1234f"); a case mixed
      // inside it is no PAN anyone wrote.
      name: 'pan-lower-case',
      regex: /(?<![\p{L}\p{N}])[a-z]{3}p[a-z]\d{4}[a-z](?![\p{L}\p{N}])/gu,
      score: 0.6,
    },
  ],
  context: ['pan', 'permanent account number', 'income tax'],
  validate: (value) => isValidIndianPan(value),
});
