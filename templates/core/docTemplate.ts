import type { DocBuilder } from './docBuilder.js';
import type { GenContext } from './genContext.js';
import type { Locale } from '../values/locales.js';

export const FAMILIES = [
  'audit_report',
  'vendor_invoice',
  'bank_statement',
  'tax_return',
  'kyc_form',
  'loan_application',
  'wire_transfer',
  'payroll_record',
  'card_statement',
  'breach_notice',
  'complaint_email',
  'insurance_claim',
  'purchase_receipt',
  'engagement_letter',
] as const;
/** Families generated only on request (`synth --notes`), so the default data stays as measured. */
export const NOTE_FAMILIES = ['staff_notes'] as const;
/** Long reports, also generated only on request (`synth --long-reports`). */
export const LONG_REPORT_FAMILIES = ['long_report'] as const;
/**
 * Documents shaped like the real ones the model erred on (exports, report pages, listings, bills
 * and office forms, South-East Asian till receipts), also generated only on request (`synth --real-docs`).
 */
export const REAL_DOC_FAMILIES = [
  'transaction_export',
  'report_pages',
  'listings',
  'bills_forms',
  'till_receipts',
] as const;
export type Family =
  | (typeof FAMILIES)[number]
  | (typeof NOTE_FAMILIES)[number]
  | (typeof LONG_REPORT_FAMILIES)[number]
  | (typeof REAL_DOC_FAMILIES)[number];

/** One document shape. `render` appends the whole document to the builder. */
export interface DocTemplate {
  /** Unique, stable: `<family>/<name>`. The train/dev/test split is by this id. */
  readonly id: string;
  readonly family: Family;
  /** Locales this shape occurs in; all six when omitted. */
  readonly locales?: readonly Locale[];
  render(d: DocBuilder, ctx: GenContext): void;
}

export interface TemplateSpec {
  readonly name: string;
  readonly locales?: readonly Locale[];
  render(d: DocBuilder, ctx: GenContext): void;
}

export function defineFamily(family: Family, specs: readonly TemplateSpec[]): DocTemplate[] {
  return specs.map((s) => ({
    id: `${family}/${s.name}`,
    family,
    locales: s.locales,
    render: s.render,
  }));
}
