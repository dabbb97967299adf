/**
 * The real sets split by document into a tuning half and a blind half (issue 52). Rules,
 * thresholds and training data are chosen on the tuning half only; the blind half is reported
 * beside it and never looked at document by document.
 *
 * The split was drawn, not chosen: a document is blind when the lowest bit of the first byte of
 * sha256("<set>/<file>") is 1 (`halfOf` below; a test checks this list against it). The PDF and
 * PNG of one test sheet share a half, being one document. Drawn on 2026-11-27, after earlier
 * work had already tuned on both sets: the blind half is blind from that day on.
 */
import { createHash } from 'node:crypto';

export type RealDevHalf = 'tuning' | 'blind';
export const REAL_DEV_HALVES: readonly RealDevHalf[] = ['tuning', 'blind'];

export const REAL_DEV_SPLIT: Readonly<
  Record<string, Readonly<Record<RealDevHalf, readonly string[]>>>
> = {
  'real-dev': {
    tuning: [
      'NetpresseInvoice.pdf',
      'SammyMaystoneLinesTest.pdf',
      'SammyMaystoneLinesTest.png',
      'coolblue1.pdf',
      'free_fiber.pdf',
    ],
    blind: ['AzureInterior.pdf', 'coolblue2.pdf'],
  },
  'real-dev2': {
    tuning: [
      'alphabet_10k_2022_p56-59.pdf',
      'banknorwegian_card_statement_2019-08.xlsx',
      'nordea_se_account_export.xls',
      'nz_invoice_auckland_glass.pdf',
      'reliance_annual_report_2021-22_p.pdf',
    ],
    blind: [
      'cn_auditor_letter_feida_2015.pdf',
      'envato_paypal_tax_invoice_2015.pdf',
      'mls_salaries_2016.pdf',
      'nz_invoice_coastwide_pest.pdf',
      'nz_invoice_gourley_holdings.pdf',
      'nz_invoice_inv69220.pdf',
      'nz_invoice_se_9235321787.pdf',
      'nz_watercare_bill_2019-12.pdf',
    ],
  },
};

/** The half the drawing rule puts a document of `set` in. */
export function halfOf(set: string, file: string): RealDevHalf {
  const first = createHash('sha256').update(`${set}/${file}`).digest()[0]!;
  return (first & 1) === 1 ? 'blind' : 'tuning';
}

/**
 * Whether `file` of the set in folder `setName` belongs to `half`. A set the split does not know
 * (another folder of real documents) has no halves: asking for one is an error.
 */
export function inHalf(setName: string, file: string, half: RealDevHalf): boolean {
  const split = REAL_DEV_SPLIT[setName];
  if (!split)
    throw new Error(
      `--half splits only ${Object.keys(REAL_DEV_SPLIT).join(' and ')}; ${setName} has no halves`,
    );
  return split[half].includes(file);
}
