import {
  fakerDE,
  fakerEN_GB,
  fakerEN_IN,
  fakerEN_NG,
  fakerEN_US,
  fakerES,
  fakerFR,
  fakerIT,
  fakerNL,
  fakerPL,
  fakerPT_BR,
  fakerTR,
  fakerVI,
  type Faker,
} from '@faker-js/faker';

/** Document locales: where the parties live, which formats values take. */
export const LOCALES = ['en_US', 'en_GB', 'en_IN', 'de', 'fr', 'es', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

export const LOCALE_FAKERS: Readonly<Record<Locale, Faker>> = {
  en_US: fakerEN_US,
  en_GB: fakerEN_GB,
  en_IN: fakerEN_IN,
  de: fakerDE,
  fr: fakerFR,
  es: fakerES,
  nl: fakerNL,
};

/** Extra Latin-script name sources so people in documents come from many origins. */
export const NAME_ORIGIN_FAKERS: readonly Faker[] = [
  fakerEN_US,
  fakerEN_GB,
  fakerEN_IN,
  fakerDE,
  fakerFR,
  fakerES,
  fakerIT,
  fakerNL,
  fakerPL,
  fakerPT_BR,
  fakerTR,
  fakerVI,
  fakerEN_NG,
];

export interface LocaleInfo {
  readonly country: string;
  readonly countryLocal: string;
  readonly currency: string;
  readonly currencySymbol: string;
  readonly tld: readonly string[];
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  en_US: {
    country: 'USA',
    countryLocal: 'United States',
    currency: 'USD',
    currencySymbol: '$',
    tld: ['com', 'com', 'net', 'us', 'io'],
  },
  en_GB: {
    country: 'United Kingdom',
    countryLocal: 'UK',
    currency: 'GBP',
    currencySymbol: '£',
    tld: ['co.uk', 'com', 'uk', 'org.uk'],
  },
  en_IN: {
    country: 'India',
    countryLocal: 'INDIA',
    currency: 'INR',
    currencySymbol: '₹',
    tld: ['in', 'co.in', 'com', 'net.in'],
  },
  de: {
    country: 'Germany',
    countryLocal: 'Deutschland',
    currency: 'EUR',
    currencySymbol: '€',
    tld: ['de', 'com', 'eu'],
  },
  fr: {
    country: 'France',
    countryLocal: 'France',
    currency: 'EUR',
    currencySymbol: '€',
    tld: ['fr', 'com', 'eu'],
  },
  es: {
    country: 'Spain',
    countryLocal: 'España',
    currency: 'EUR',
    currencySymbol: '€',
    tld: ['es', 'com', 'eu'],
  },
  nl: {
    country: 'Netherlands',
    countryLocal: 'Nederland',
    currency: 'EUR',
    currencySymbol: '€',
    tld: ['nl', 'com', 'eu'],
  },
};

/** Removes diacritics and anything not allowed in a host name or e-mail local part. */
export function slugify(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '');
}
