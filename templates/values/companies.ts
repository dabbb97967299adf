import type { Faker } from '@faker-js/faker';
import type { Rng } from '../core/rng.js';
import { pii, type Pii } from '../core/goldDocument.js';
import { ENDS_IN_LEGAL_FORM, generatedLegalForms } from '../../src/domain/vocabulary.js';
import { slugify, type Locale } from './locales.js';

/**
 * Words printed before a locale's legal form, with how often ("Acme Group, Inc.", "Smith & Co.
 * LLP", "Vermeer Holding B.V."): they are part of the name, not of the form.
 */
const BEFORE_FORM: Readonly<
  Partial<Record<Locale, { form: string; words: string; chance: number }>>
> = {
  en_US: { form: 'Inc.', words: 'Group,', chance: 0.2 },
  en_GB: { form: 'LLP', words: '& Co.', chance: 0.33 },
  en_IN: { form: 'LLP', words: '& Co', chance: 0.33 },
  nl: { form: 'B.V.', words: 'Holding', chance: 0.11 },
};

/** Firms' endings that are no legal form ("& Associés", "y Asociados", "& Zn."), with how often. */
const FIRM_ENDINGS: Readonly<Partial<Record<Locale, { ending: string; chance: number }>>> = {
  fr: { ending: '& Associés', chance: 0.07 },
  es: { ending: 'y Asociados', chance: 0.07 },
  nl: { ending: '& Zn.', chance: 0.08 },
};

/** How a legal form is printed: often without its dots ("BV", "Inc", "Pvt Ltd"), "plc" in capitals. */
export function printLegalForm(rng: Rng, form: string, withoutDots = 0.2): string {
  let printed = form;
  if (form.includes('.') && rng.chance(withoutDots)) printed = form.replaceAll('.', '');
  return /^\p{Ll}+$/u.test(form) && rng.chance(0.6) ? printed.toUpperCase() : printed;
}

/** A company name's ending in `locale`: a legal form of the vocabulary as printed, or a firm's. */
function companyEnding(rng: Rng, locale: Locale): string {
  const firm = FIRM_ENDINGS[locale];
  if (firm && rng.chance(firm.chance)) return firm.ending;
  const form = rng.weighted(generatedLegalForms(locale));
  const before = BEFORE_FORM[locale];
  const printed = printLegalForm(rng, form);
  return before?.form === form && rng.chance(before.chance)
    ? `${before.words} ${printed}`
    : printed;
}

const BANK_SUFFIX: Readonly<Record<Locale, readonly string[]>> = {
  en_US: ['Bank, N.A.', 'Bank N.A.', 'Savings Bank', 'Credit Union', 'Bancorp'],
  en_GB: ['Bank plc', 'Bank Limited', 'Building Society', 'Bank UK PLC'],
  en_IN: ['Bank Ltd.', 'Bank Limited', 'Co-operative Bank Ltd.', 'Finance Ltd.'],
  de: ['Bank AG', 'Sparkasse', 'Volksbank eG', 'Privatbank KG'],
  fr: ['Banque SA', 'Crédit SA', 'Banque Privée SAS'],
  es: ['Banco S.A.', 'Caja Rural S.C.C.', 'Banca Privada S.A.'],
  nl: ['Bank N.V.', 'Bankiers N.V.', 'Spaarbank B.V.'],
};

const BRAND_WORDS = [
  'Azure',
  'Summit',
  'Crescent',
  'Harbor',
  'Meridian',
  'Pinnacle',
  'Evergreen',
  'Silverline',
  'Orion',
  'Vertex',
  'Apex',
  'Lotus',
  'Saffron',
  'Ganga',
  'Himalaya',
  'Alpen',
  'Rhein',
  'Lumière',
  'Soleil',
  'Iberia',
  'Nova',
  'Atlas',
  'Northwind',
  'Bluepeak',
  'Redwood',
  'Oakridge',
  'Cedar',
  'Granite',
  'Kestrel',
  'Falcon',
  'Sapphire',
  'Indigo',
  'Tundra',
  'Coral',
  'Aurora',
  'Zenith',
  'Keystone',
  'Brightwater',
  'Ironbridge',
  'Greenfield',
  'Westbrook',
  'Kaveri',
  'Narmada',
  'Sahyadri',
  'Tejas',
  'Mistral',
  'Loire',
  'Provence',
  'Bavaria',
  'Elbe',
  'Sierra',
  'Costa',
  'Mediterráneo',
  'Castilla',
];

const INDUSTRY_WORDS = [
  'Interior',
  'Interiors',
  'Logistics',
  'Traders',
  'Textiles',
  'Consulting',
  'Analytics',
  'Foods',
  'Pharma',
  'Motors',
  'Software',
  'Solutions',
  'Capital',
  'Advisors',
  'Partners',
  'Systems',
  'Exports',
  'Industries',
  'Technologies',
  'Infra',
  'Hospitality',
  'Retail',
  'Media',
  'Energy',
  'Packaging',
  'Engineering',
  'Holdings',
  'Ventures',
  'Labs',
  'Agro',
  'Chemicals',
  'Steel',
  'Furniture',
  'Printing',
  'Services',
  'Outsourcing',
  'Telecom',
  'Healthcare',
  'Builders',
  'Trading',
];

/**
 * Ordinary words used alone as a company name ("Free", "Orange" style): in a party slot they are
 * companies, so the model must learn the slot, not the word.
 */
const WORD_NAMES = [
  'Free',
  'Bright',
  'Pulse',
  'Nimbus',
  'Harvest',
  'Beacon',
  'Anchor',
  'Compass',
  'Maple',
  'Willow',
  'Quartz',
  'Ember',
  'Cobalt',
  'Juniper',
  'Sprout',
  'Bloom',
  'Clover',
  'Tandem',
  'Vista',
  'Kite',
  'Fable',
  'Mosaic',
  'Summit',
  'Orbit',
  'Pebble',
  'Lantern',
];
const LOWER_BRANDS = [
  'coolbox',
  'bluewave',
  'greenleaf',
  'fastfiber',
  'paperlane',
  'brightdesk',
  'homeshop',
  'snelpost',
  'zonnepaneel',
  'netvoice',
];

const COINED_HEADS = [
  'Net',
  'Data',
  'Info',
  'Tele',
  'Agri',
  'Medi',
  'Fin',
  'Tech',
  'Soft',
  'Eco',
  'Pro',
  'Multi',
  'Inter',
  'Uni',
  'Euro',
  'Indo',
  'Trans',
  'Omni',
];
const COINED_TAILS = [
  'presse',
  'vise',
  'tronic',
  'corp',
  'nova',
  'logic',
  'ware',
  'mark',
  'link',
  'serv',
  'tek',
  'sys',
  'gen',
  'pak',
  'mart',
  'dyne',
  'quest',
  'flow',
];

export interface Company {
  /** The name without suffix, used to derive domains and e-mail addresses. */
  readonly base: string;
  /** The name as printed, with its legal suffix when it has one. */
  readonly name: string;
  readonly domain: string;
}

function baseName(rng: Rng, f: Faker, bank: boolean): string {
  const kind = rng.weighted([
    ['faker', 3],
    ['brand-industry', 4],
    ['surname-pair', 2],
    ['coined', 2],
    ['surname-industry', 2],
    ['word', 1],
    ['lower-brand', 1],
    ['possessive-shop', 1],
    ['camel-compound', 1],
  ] as const);
  switch (kind) {
    case 'faker': {
      // Faker's company names carry their own endings for some locales; strip to the core: a
      // legal form of the vocabulary, or "Group" or "SEM" (a French mixed-economy company).
      const n = f.company
        .name()
        .replace(/,?\s+(?:Group|SEM)$/iu, '')
        .replace(ENDS_IN_LEGAL_FORM, '')
        .replace(/,\s*$/u, '')
        .trim();
      return bank ? (n.split(/[ ,-]/)[0] ?? n) : n;
    }
    case 'brand-industry':
      return bank ? rng.pick(BRAND_WORDS) : `${rng.pick(BRAND_WORDS)} ${rng.pick(INDUSTRY_WORDS)}`;
    case 'surname-pair':
      return bank ? f.person.lastName() : `${f.person.lastName()} & ${f.person.lastName()}`;
    case 'coined': {
      const word = rng.pick(COINED_HEADS) + rng.pick(COINED_TAILS);
      return rng.chance(0.4) ? word.toUpperCase() : word;
    }
    case 'word':
      return rng.pick(WORD_NAMES);
    case 'possessive-shop':
      return `${f.person.firstName()}'s ${rng.pick(['Store', 'Bakery', 'Garage', 'Shop', 'Kitchen', 'Boutique', 'Pharmacy', 'Hardware', 'Deli'])}`;
    case 'camel-compound': {
      const a = rng.pick([
        'Your',
        'My',
        'Smart',
        'Blue',
        'Green',
        'Bright',
        'Cool',
        'Quick',
        'Home',
        'Office',
      ]);
      return (
        a +
        rng.pick([
          'Company',
          'Desk',
          'Supply',
          'Books',
          'Cloud',
          'Parts',
          'Print',
          'Ledger',
          'Energy',
          'Store',
        ])
      );
    }
    case 'lower-brand': {
      const b = rng.pick(LOWER_BRANDS);
      return rng.chance(0.5) ? b : b[0]?.toUpperCase() + b.slice(1);
    }
    case 'surname-industry':
      return bank ? f.person.lastName() : `${f.person.lastName()} ${rng.pick(INDUSTRY_WORDS)}`;
  }
}

export function makeCompany(
  rng: Rng,
  f: Faker,
  locale: Locale,
  opts: { bank?: boolean } = {},
): Company {
  const bank = opts.bank === true;
  const base = baseName(rng, f, bank).trim();
  let name: string;
  if (bank) {
    name = `${base} ${rng.pick(BANK_SUFFIX[locale])}`;
  } else if (rng.chance(0.22)) {
    // Real invoices often name a party without any legal suffix ("Harbour Interiors", "LUMIPRESSE").
    name = base;
  } else {
    const suffix = companyEnding(rng, locale);
    const comma = locale === 'en_US' && rng.chance(0.25) && !suffix.startsWith('&') ? ',' : '';
    name = `${base}${comma} ${suffix}`;
  }
  if (rng.chance(0.1)) name = name.toUpperCase();
  const words = (base.split(' & ')[0] ?? base).split(/\s+/).map(slugify).filter(Boolean);
  // Some domains keep the words apart ("azure-interior.com").
  const slug = (words.join(rng.chance(0.2) ? '-' : '') || 'company').slice(0, 22).replace(/-$/, '');
  const tld = rng.pick(tldsFor(locale));
  return { base, name, domain: `${slug}.${tld}` };
}

function tldsFor(locale: Locale): readonly string[] {
  switch (locale) {
    case 'en_US':
      return ['com', 'com', 'net', 'io', 'us'];
    case 'en_GB':
      return ['co.uk', 'co.uk', 'com', 'uk'];
    case 'en_IN':
      return ['in', 'co.in', 'com', 'com'];
    case 'de':
      return ['de', 'de', 'com', 'eu'];
    case 'fr':
      return ['fr', 'fr', 'com', 'eu'];
    case 'es':
      return ['es', 'es', 'com', 'eu'];
    case 'nl':
      return ['nl', 'nl', 'com', 'eu'];
  }
}

export function companyName(c: Company): Pii {
  return pii('COMPANY', c.name);
}
