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
}

// In this order because the fakes draw from each locale's forms by index: a seeded run gives
// the same substitutes as before the list was shared.
export const LEGAL_FORMS: readonly LegalForm[] = [
  { form: 'Inc.', locales: ['en_US'], fakeIn: ['en_US'], bank: true },
  { form: 'Incorporated', locales: ['en_US'] },
  { form: 'LLC', locales: ['en_US'], fakeIn: ['en_US'] },
  { form: 'Corp.', locales: ['en_US'], fakeIn: ['en_US'], bank: true },
  { form: 'Corporation', locales: ['en_US'] },
  { form: 'Co', locales: ['en_US', 'en_GB'] },
  { form: 'N.A.', locales: ['en_US'], bank: true },
  { form: 'Pvt. Ltd.', locales: ['en_IN'], fakeIn: ['en_IN'] },
  { form: 'Ltd', locales: ['en_GB'], fakeIn: ['en_GB'], bank: true },
  { form: 'Ltd.', locales: ['en_IN'], fakeIn: ['en_IN'], bank: true },
  { form: 'plc', locales: ['en_GB'], fakeIn: ['en_GB'], bank: true },
  { form: 'LLP', locales: ['en_US', 'en_GB', 'en_IN'], fakeIn: ['en_GB', 'en_IN'] },
  { form: 'Limited', locales: ['en_GB', 'en_IN'], bank: true },
  { form: '& Co', locales: ['en_GB', 'en_IN'] },
  { form: 'Pvt', locales: ['en_IN'] },
  { form: 'Private Limited', locales: ['en_IN'] },
  { form: 'Pty', locales: ['en_AU'] },
  { form: 'Pty Ltd', locales: ['en_AU'] },
  { form: 'Pte Ltd', locales: ['en_SG'] },
  // Malaysia's private and public companies ("Sendirian Berhad", "Berhad"), and the form East
  // Asian companies print in English: the generator's till receipts print all of them.
  { form: 'Sdn. Bhd.', locales: ['ms'] },
  { form: 'Sendirian Berhad', locales: ['ms'] },
  { form: 'Bhd.', locales: ['ms'] },
  { form: 'Berhad', locales: ['ms'] },
  { form: 'Co., Ltd.', locales: ['zh', 'ja', 'ko', 'th'] },
  { form: 'GmbH', locales: ['de'], fakeIn: ['de'] },
  { form: 'AG', locales: ['de'], fakeIn: ['de'], bank: true },
  { form: 'GmbH & Co. KG', locales: ['de'], fakeIn: ['de'] },
  { form: 'KG', locales: ['de'] },
  { form: 'OHG', locales: ['de'] },
  { form: 'e.K.', locales: ['de'] },
  { form: 'UG', locales: ['de'] },
  { form: 'SE', locales: ['de', 'fr', 'nl'] },
  { form: 'SAS', locales: ['fr'], fakeIn: ['fr'] },
  { form: 'SARL', locales: ['fr'], fakeIn: ['fr'] },
  { form: 'SA', locales: ['fr', 'es'], fakeIn: ['fr'], bank: true },
  { form: 'EURL', locales: ['fr'] },
  { form: 'SNC', locales: ['fr'] },
  { form: 'S.L.', locales: ['es'], fakeIn: ['es'] },
  { form: 'S.A.', locales: ['es', 'fr'], fakeIn: ['es'], bank: true },
  { form: 'S.L.U.', locales: ['es'] },
  { form: 'B.V.', locales: ['nl'], fakeIn: ['nl'] },
  { form: 'N.V.', locales: ['nl'], fakeIn: ['nl'], bank: true },
  { form: 'V.O.F.', locales: ['nl'] },
  { form: 'S.p.A.', locales: ['it'] },
  { form: 'S.r.l.', locales: ['it'] },
  { form: 'AB', locales: ['sv'], bank: true },
  { form: 'Oy', locales: ['fi'] },
  { form: 'AS', locales: ['nb'] },
  { form: 'ASA', locales: ['nb'], bank: true },
  { form: 'A/S', locales: ['da'], bank: true },
  { form: 'ApS', locales: ['da'] },
  { form: 'Ltda', locales: ['pt'] },
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
export const TITLES: readonly string[] =
  'mr mrs ms miss mx dr prof sir dame madam mme mlle herr frau dhr mevr sr sra srta shri smt'.split(
    ' ',
  );

/** The same titles, to look a word up. */
export const TITLE_WORDS: ReadonlySet<string> = new Set(TITLES);

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
    },
    null,
    2,
  )}\n`;
}
