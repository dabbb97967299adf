import type { DocTemplate, Family } from './core/docTemplate.js';
import type { Split } from './core/goldDocument.js';
import { auditReportTemplates } from './families/auditReport.js';
import { vendorInvoiceTemplates } from './families/vendorInvoice.js';
import { bankStatementTemplates } from './families/bankStatement.js';
import { taxReturnTemplates } from './families/taxReturn.js';
import { kycFormTemplates } from './families/kycForm.js';
import { loanApplicationTemplates } from './families/loanApplication.js';
import { wireTransferTemplates } from './families/wireTransfer.js';
import { payrollRecordTemplates } from './families/payrollRecord.js';
import { cardStatementTemplates } from './families/cardStatement.js';
import { breachNoticeTemplates } from './families/breachNotice.js';
import { complaintEmailTemplates } from './families/complaintEmail.js';
import { insuranceClaimTemplates } from './families/insuranceClaim.js';
import { purchaseReceiptTemplates } from './families/purchaseReceipt.js';
import { engagementLetterTemplates } from './families/engagementLetter.js';
import { staffNotesTemplates } from './families/staffNotes.js';
import { longReportTemplates } from './families/longReport.js';
import { transactionExportTemplates } from './families/transactionExport.js';
import { reportPagesTemplates } from './families/reportPages.js';
import { listingsTemplates } from './families/listings.js';
import { billsAndFormsTemplates } from './families/billsAndForms.js';
import { tillReceiptTemplates } from './families/tillReceipts.js';

/**
 * Every template, grouped by family in declaration order. Within a family the LAST template is
 * held out for test and the one before it for dev; the rest train. So the test set measures
 * generalisation to document shapes the model never saw.
 */
export const TEMPLATES_BY_FAMILY: readonly (readonly DocTemplate[])[] = [
  auditReportTemplates,
  vendorInvoiceTemplates,
  bankStatementTemplates,
  taxReturnTemplates,
  kycFormTemplates,
  loanApplicationTemplates,
  wireTransferTemplates,
  payrollRecordTemplates,
  cardStatementTemplates,
  breachNoticeTemplates,
  complaintEmailTemplates,
  insuranceClaimTemplates,
  purchaseReceiptTemplates,
  engagementLetterTemplates,
];

export const ALL_TEMPLATES: readonly DocTemplate[] = TEMPLATES_BY_FAMILY.flat();

/** Conversational families, mixed in only on request (see NOTE_FAMILIES); same split rule. */
export const NOTE_TEMPLATES_BY_FAMILY: readonly (readonly DocTemplate[])[] = [staffNotesTemplates];
export const NOTE_TEMPLATES: readonly DocTemplate[] = NOTE_TEMPLATES_BY_FAMILY.flat();

/**
 * Long reports (notes to accounts, directors' reports, continental invoices with small print),
 * mixed in only on request (`longReports`); same split rule, so their test template is unseen.
 */
export const LONG_REPORT_TEMPLATES_BY_FAMILY: readonly (readonly DocTemplate[])[] = [
  longReportTemplates,
];
export const LONG_REPORT_TEMPLATES: readonly DocTemplate[] = LONG_REPORT_TEMPLATES_BY_FAMILY.flat();

/**
 * Real-document shapes (bank and card exports, report pages, listings, bills and forms, till receipts), mixed in
 * only on request (`realDocs`); same split rule, so each family's last template is unseen.
 */
export const REAL_DOC_TEMPLATES_BY_FAMILY: readonly (readonly DocTemplate[])[] = [
  transactionExportTemplates,
  reportPagesTemplates,
  listingsTemplates,
  billsAndFormsTemplates,
  tillReceiptTemplates,
];
export const REAL_DOC_TEMPLATES: readonly DocTemplate[] = REAL_DOC_TEMPLATES_BY_FAMILY.flat();

export function splitOfTemplate(t: DocTemplate): Split {
  const family = [
    ...TEMPLATES_BY_FAMILY,
    ...NOTE_TEMPLATES_BY_FAMILY,
    ...LONG_REPORT_TEMPLATES_BY_FAMILY,
    ...REAL_DOC_TEMPLATES_BY_FAMILY,
  ].find((f) => f.includes(t));
  if (!family) throw new Error(`template ${t.id} is not registered`);
  const i = family.indexOf(t);
  if (family.length >= 3 && i === family.length - 1) return 'test';
  if (family.length >= 3 && i === family.length - 2) return 'dev';
  return 'train';
}

export function templatesOfSplit(
  split: Split,
  templates: readonly DocTemplate[] = ALL_TEMPLATES,
): DocTemplate[] {
  return templates.filter((t) => splitOfTemplate(t) === split);
}

export function familiesOf(templates: readonly DocTemplate[]): Family[] {
  return [...new Set(templates.map((t) => t.family))];
}
