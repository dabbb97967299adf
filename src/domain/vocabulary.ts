/**
 * The words of business documents that the detectors, the fakes and the training code share,
 * kept once: legal forms, name particles, street types, titles. The Python training code reads
 * the same lists from `models/train/finredact_ner/vocabulary.json`, written from this module by
 * `npm run vocabulary` (a test fails when the two differ).
 */
import { escapeRegExp } from './escapeRegExp.js';

export interface LegalForm {
  /** As printed, dots included. */
  readonly form: string;
  /** Where it is a company's legal form (the generator's locale names, and a few more). */
  readonly locales: readonly string[];
  /** The locales whose fake company names end in it. */
  readonly fakeIn?: readonly string[];
  /** Printed by banks after their names ("Deutsche Bank AG", "Citibank, N.A."). */
  readonly bank?: true;
  /**
   * How often the synthetic generator's company names end in it, relative weights by the
   * generator's locale (`ms`: Malaysian till receipts). How it is printed — without its dots,
   * in capitals — is the generator's habit, not the form's.
   */
  readonly generated?: Readonly<Record<string, number>>;
}

// In this order because the fakes draw from each locale's forms by index: a seeded run gives
// the same substitutes as before the list was shared.
export const LEGAL_FORMS: readonly LegalForm[] = [
  { form: 'Inc.', locales: ['en_US'], fakeIn: ['en_US'], bank: true, generated: { en_US: 5 } },
  { form: 'Incorporated', locales: ['en_US'] },
  { form: 'LLC', locales: ['en_US'], fakeIn: ['en_US'], generated: { en_US: 4 } },
  { form: 'Corp.', locales: ['en_US'], fakeIn: ['en_US'], bank: true, generated: { en_US: 2 } },
  { form: 'Corporation', locales: ['en_US'], generated: { en_US: 1 } },
  { form: 'Co', locales: ['en_US', 'en_GB'], generated: { en_US: 1 } },
  { form: 'N.A.', locales: ['en_US'], bank: true },
  { form: 'L.P.', locales: ['en_US'], generated: { en_US: 1 } },
  { form: 'PLLC', locales: ['en_US'], generated: { en_US: 1 } },
  { form: 'Pvt. Ltd.', locales: ['en_IN'], fakeIn: ['en_IN'], generated: { en_IN: 7 } },
  { form: 'Ltd', locales: ['en_GB'], fakeIn: ['en_GB'], bank: true, generated: { en_GB: 5 } },
  { form: 'Ltd.', locales: ['en_IN'], fakeIn: ['en_IN'], bank: true, generated: { en_IN: 2 } },
  { form: 'plc', locales: ['en_GB'], fakeIn: ['en_GB'], bank: true, generated: { en_GB: 3 } },
  {
    form: 'LLP',
    locales: ['en_US', 'en_GB', 'en_IN'],
    fakeIn: ['en_GB', 'en_IN'],
    generated: { en_US: 2, en_GB: 3, en_IN: 3 },
  },
  { form: 'Limited', locales: ['en_GB', 'en_IN'], bank: true, generated: { en_GB: 3, en_IN: 2 } },
  { form: '& Co', locales: ['en_GB', 'en_IN'], generated: { en_GB: 1, en_IN: 1 } },
  { form: 'Pvt', locales: ['en_IN'] },
  { form: 'Private Limited', locales: ['en_IN'], generated: { en_IN: 3 } },
  { form: 'Pty', locales: ['en_AU'] },
  { form: 'Pty Ltd', locales: ['en_AU'] },
  { form: 'Pte Ltd', locales: ['en_SG'], generated: { ms: 4 } },
  // Malaysia's private and public companies ("Sendirian Berhad", "Berhad"), and the form East
  // Asian companies print in English: the generator's till receipts print all of them.
  { form: 'Sdn. Bhd.', locales: ['ms'], generated: { ms: 19 } },
  { form: 'Sendirian Berhad', locales: ['ms'] },
  { form: 'Bhd.', locales: ['ms'], generated: { ms: 1 } },
  { form: 'Berhad', locales: ['ms'], generated: { ms: 1 } },
  { form: 'Co., Ltd.', locales: ['zh', 'ja', 'ko', 'th'], generated: { ms: 1 } },
  { form: 'GmbH', locales: ['de'], fakeIn: ['de'], generated: { de: 6 } },
  { form: 'AG', locales: ['de'], fakeIn: ['de'], bank: true, generated: { de: 2 } },
  { form: 'GmbH & Co. KG', locales: ['de'], fakeIn: ['de'], generated: { de: 2 } },
  { form: 'KG', locales: ['de'], generated: { de: 1 } },
  { form: 'OHG', locales: ['de'], generated: { de: 1 } },
  { form: 'e.K.', locales: ['de'], generated: { de: 1 } },
  { form: 'UG', locales: ['de'] },
  { form: 'UG (haftungsbeschränkt)', locales: ['de'], generated: { de: 1 } },
  { form: 'SE', locales: ['de', 'fr', 'nl'] },
  { form: 'SAS', locales: ['fr'], fakeIn: ['fr'], generated: { fr: 5 } },
  { form: 'SARL', locales: ['fr'], fakeIn: ['fr'], generated: { fr: 4 } },
  { form: 'SA', locales: ['fr', 'es'], fakeIn: ['fr'], bank: true, generated: { fr: 2 } },
  { form: 'EURL', locales: ['fr'], generated: { fr: 1 } },
  { form: 'SNC', locales: ['fr'], generated: { fr: 1 } },
  { form: 'S.L.', locales: ['es'], fakeIn: ['es'], generated: { es: 6 } },
  { form: 'S.A.', locales: ['es', 'fr'], fakeIn: ['es'], bank: true, generated: { es: 4 } },
  { form: 'S.L.U.', locales: ['es'], generated: { es: 1 } },
  { form: 'S. Coop.', locales: ['es'], generated: { es: 1 } },
  // Spain's worker-owned, limited-partnership and agrarian companies.
  { form: 'S.L.L.', locales: ['es'] },
  { form: 'S.Com.', locales: ['es'] },
  { form: 'S.A.T.', locales: ['es'] },
  { form: 'B.V.', locales: ['nl'], fakeIn: ['nl'], generated: { nl: 9 } },
  { form: 'N.V.', locales: ['nl'], fakeIn: ['nl'], bank: true, generated: { nl: 1 } },
  { form: 'V.O.F.', locales: ['nl'], generated: { nl: 1 } },
  { form: 'S.p.A.', locales: ['it'] },
  { form: 'S.r.l.', locales: ['it'] },
  { form: 'S.n.c.', locales: ['it'] },
  { form: 'AB', locales: ['sv'], bank: true },
  { form: 'Oy', locales: ['fi'] },
  { form: 'AS', locales: ['nb'] },
  { form: 'ASA', locales: ['nb'], bank: true },
  { form: 'A/S', locales: ['da'], bank: true },
  { form: 'ApS', locales: ['da'] },
  { form: 'Ltda', locales: ['pt'] },
  { form: 'Lda.', locales: ['pt'] },
  { form: 's.r.o.', locales: ['cs'] },
  { form: 'Zrt.', locales: ['hu'] },
  { form: 'Kft.', locales: ['hu'] },
];

/** A legal form as compared: without dots, lower case, single spaces ("S.A." → "sa"). */
export function legalFormKey(value: string): string {
  return value.replaceAll('.', '').trim().toLowerCase().replace(/\s+/gu, ' ');
}

export const LEGAL_FORM_KEYS: ReadonlySet<string> = new Set(
  LEGAL_FORMS.map((f) => legalFormKey(f.form)),
);

/**
 * A text ending in a legal form, printed with or without its dots ("Acme Ltd.", "Foo B.V.",
 * "Bar BV", "Baz GmbH & Co. KG"), in any case.
 */
export const ENDS_IN_LEGAL_FORM = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])(?:${[...LEGAL_FORM_KEYS]
    .sort((a, b) => b.length - a.length)
    .map((key) =>
      [...key]
        .map((ch) =>
          ch === ' '
            ? '\\s+'
            : /[\p{L}\p{N}]/u.test(ch)
              ? `${escapeRegExp(ch)}\\.?`
              : escapeRegExp(ch),
        )
        .join(''),
    )
    .join('|')})$`,
  'iu',
);

/**
 * The forms banks print after their names, as printed and in capitals, the final dot optional,
 * longest first: the alternatives of a regular expression.
 */
export const BANK_LEGAL_FORMS: string = [
  ...new Set(
    LEGAL_FORMS.filter((f) => f.bank)
      .flatMap((f) => [f.form, f.form.toUpperCase()])
      .map((f) => f.replace(/\.$/u, '')),
  ),
]
  .sort((a, b) => b.length - a.length)
  .map((f) => `${escapeRegExp(f)}\\.?`)
  .join('|');

/** The legal forms a locale's fake company names end in, in list order. */
export function fakeLegalForms(locale: string): readonly string[] {
  return LEGAL_FORMS.filter((f) => f.fakeIn?.includes(locale)).map((f) => f.form);
}

const generatedByLocale = new Map<string, readonly (readonly [string, number])[]>();

/** The legal forms the generator's company names in `locale` end in, weighted, in list order. */
export function generatedLegalForms(locale: string): readonly (readonly [string, number])[] {
  let forms = generatedByLocale.get(locale);
  if (forms === undefined) {
    forms = LEGAL_FORMS.flatMap((f) => {
      const weight = f.generated?.[locale];
      return weight === undefined ? [] : [[f.form, weight] as const];
    });
    generatedByLocale.set(locale, forms);
  }
  return forms;
}

/** Lower-case words that start a surname ("van der Berg", "de la Cruz"). */
export const NAME_PARTICLES: readonly string[] =
  'van von de der den del della di da das do dos du le la al ter ten'.split(' ');

/** Street types printed after a street's name ("Elm St", "Mill Road"). */
export const STREET_TYPES_AFTER: readonly string[] = (
  'St Street Rd Road Ave Avenue Dr Drive Lane Ln Pl Place Cres Crescent Tce Terrace Blvd ' +
  'Boulevard Way Ct Court Hwy Highway Parkway Pkwy Parade Pde Close Square Sq Marg Nagar ' +
  'Straße Strasse Str'
).split(' ');

/** Street types printed before a street's name ("Rue de Rivoli", "Calle Mayor", "Jalan Mawar"). */
export const STREET_TYPES_BEFORE: readonly string[] = (
  'Rue Avenue Av Via Calle Avenida Boulevard Chemin Allée Place ' +
  'Jalan Jln Lorong Lrg Persiaran Lebuh'
).split(' ');

/**
 * Titles and forms of address printed before a person's name ("Dr. Smith", "Frau Weber", "Shri
 * Rao"), in small letters and without their points.
 */
export const TITLES: readonly string[] = (
  'mr mrs ms miss mx dr prof sir dame madam mme mlle herr herrn frau dhr mevr sr sra srta shri ' +
  'smt kum monsieur madame don doña dña dra heer mevrouw'
).split(' ');

/** The same titles, to look a word up. */
export const TITLE_WORDS: ReadonlySet<string> = new Set(TITLES);

/** Whether "Dr. ", "Mr ", "Frau " stands right before `start`. */
export function titleBefore(text: string, start: number): boolean {
  const m = /(?:^|[^\p{L}])(\p{L}+)\.?\s+$/u.exec(text.slice(Math.max(0, start - 12), start));
  return m !== null && TITLE_WORDS.has((m[1] ?? '').toLowerCase());
}

/**
 * Every word of the lists above in small letters without points ("sdn", "bhd", "jalan", "mr"):
 * words business documents print that a language's dictionary may not hold.
 */
export const VOCABULARY_WORDS: ReadonlySet<string> = new Set(
  [
    ...LEGAL_FORM_KEYS,
    ...NAME_PARTICLES,
    ...STREET_TYPES_AFTER,
    ...STREET_TYPES_BEFORE,
    ...TITLES,
  ].flatMap((entry) =>
    entry
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== ''),
  ),
);

/**
 * The words that label a value of each kind, printed before it ("Tel.", "IBAN", "Invoice No.",
 * "Total"), in the languages of our documents: a recognizer takes the words of its own kind as
 * its labels and every other kind's as the sign that a number is something else ("Invoice No.
 * 2024001234" is no phone, "Routing number 021000021" no SSN). Space-separated; a word ending in
 * `*` is a prefix, for compounds ("Factuurnummer", "Kundennummer"). `weak` words label the kind
 * without naming it — a letterhead's "T" and "D", "Contact", "Service" — so they count for the
 * kind itself, never against another: a card printed after "Mr. T. Smith" is still a card.
 */
export interface LabelWords {
  readonly words: string;
  readonly weak?: string;
}

export const LABEL_WORDS = {
  phone: {
    words:
      'phone telephone tel ph mob mobile cell fax whatsapp helpline hotline landline sms ' +
      'téléphone telefon telefoon portable teléfono telefono tlf tfno helpdesk ' +
      'phone* tele* tél* mobil* portable* handy* fax*',
    weak: 'call contact desk office direct dial service support care enquiries queries questions t d m f call*',
  },
  // A card is printed after "Payment" on a receipt, an SSN after "Tax ID" on a form: the words
  // are another kind's labels elsewhere, and here the kind's own.
  card: { words: 'card cc pan visa mastercard amex discover maestro rupay', weak: 'payment paid' },
  ssn: { words: 'ssn ssns social security taxpayer tin itin', weak: 'tax id' },
  bankAccount: {
    words: 'account acct ac acctid iban kto rekening reknr cuenta account* konto* compte*',
  },
  bankCode: { words: 'routing aba swift bic sort ifsc micr' },
  reference: {
    words:
      'invoice inv order po ref reference transaction txn utr receipt tracking acknowledgement ' +
      'ack serial batch case file folio dossier commande sku hsn sac cheque check ' +
      'invoice* factu* rechnung* fattur* bestell* auftrag*',
  },
  customer: { words: 'customer client kunde cif kunden* klant*' },
  contract: { words: 'policy claim loan' },
  taxId: {
    words: 'gst gstin vat tax tan ein ust btw tva steuernummer omb form employer identification',
  },
  nationalId: {
    words:
      'id ni nino aadhaar aadhar uid bsn burgerservicenummer sofinummer idnr nir insee dni nie nif',
  },
  registration: {
    words:
      'reg registration certificate application crn companies siret siren rcs kvk koophandel ' +
      'handelsregister hrb hra amtsgericht registergericht',
  },
  security: { words: 'isin cusip' },
  amount: {
    words: 'amount total balance qty quantity price fee payment paid due rs inr usd eur gbp',
  },
  date: { words: 'date dated' },
  postalCode: { words: 'zip postcode pin' },
} as const satisfies Record<string, LabelWords>;

export type LabelKind = keyof typeof LABEL_WORDS;

/** What the Python training code reads (vocabulary.json). */
export function vocabularyJson(): string {
  return `${JSON.stringify(
    {
      comment:
        'Written by `npm run vocabulary` from src/domain/vocabulary.ts; edit that file, not this one.',
      legalForms: LEGAL_FORMS,
      legalFormKeys: [...LEGAL_FORM_KEYS],
      nameParticles: NAME_PARTICLES,
      streetTypesAfter: STREET_TYPES_AFTER,
      streetTypesBefore: STREET_TYPES_BEFORE,
      titles: TITLES,
      labelWords: LABEL_WORDS,
    },
    null,
    2,
  )}\n`;
}
