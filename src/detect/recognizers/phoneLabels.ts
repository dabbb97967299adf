/**
 * The words that decide what a number on a line is: phone labels ("Tel.", "Fax", "Mobile") and
 * labels of identifiers and amounts ("Invoice No.", "Factuurnummer", "IBAN", "Total") in the
 * languages of our documents. Kept as space-separated strings so the lists stay readable.
 */
import type { LabelVocabulary } from '../nearestLabel.js';

const words = (list: string): string[] => list.split(/\s+/).filter((w) => w.length > 0);

/** Context that raises a phone match's score (see context.ts for how words are matched). */
export const PHONE_CONTEXT: readonly string[] = [
  ...words(`phone telephone tel ph mob mobile cell fax call contact desk office direct whatsapp
    helpline hotline landline dial sms téléphone telefon telefoon portable`),
  'tel no',
];

/** The nearest label before a number being one of these means it is not a phone number. */
const NOT_PHONE_LABELS: ReadonlySet<string> = new Set(
  words(`omb form employer identification ni nino reg registration invoice inv order po account acct ac iban swift bic sort routing aba ifsc micr gst gstin
    vat tax pan tan ein tin customer client policy claim ref reference transaction txn utr receipt
    loan serial card date dated ssn social amount total balance qty quantity id cif cheque check
    batch case file folio isin cusip sku hsn sac siret siren rcs ust rs inr usd eur gbp price fee
    payment paid due dossier kvk btw tva steuernummer commande kunde aadhaar aadhar uid bsn
    burgerservicenummer sofinummer itin idnr nir insee dni nie nif kto rekening reknr cuenta
    koophandel handelsregister hrb hra amtsgericht registergericht crn companies`),
);

/** Same, as word prefixes: compounds such as "Factuurnummer", "Rechnungsnr", "Kundennummer". */
const NOT_PHONE_PREFIXES: readonly string[] = words(
  'invoice factu rechnung fattur klant kunden bestell auftrag account konto compte',
);

/** Phone labels: the context words, plus words that label a phone without making one likelier. */
const PHONE_LABELS: ReadonlySet<string> = new Set([
  ...PHONE_CONTEXT.filter((w) => !w.includes(' ')),
  ...words('service support care enquiries queries questions helpdesk teléfono telefono tlf tfno'),
  // Letterhead abbreviations: T(elephone), D(irect), M(obile), F(ax).
  ...words('t d m f'),
]);
const PHONE_PREFIXES: readonly string[] = words('phone tele tél mobil portable handy call fax');

export const PHONE_LABEL_VOCABULARY: LabelVocabulary = {
  own: PHONE_LABELS,
  ownPrefixes: PHONE_PREFIXES,
  other: NOT_PHONE_LABELS,
  otherPrefixes: NOT_PHONE_PREFIXES,
};
