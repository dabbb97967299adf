import type { Faker } from '@faker-js/faker';
import type { Rng } from '../core/rng.js';
import { pii, type Pii } from '../core/goldDocument.js';
import type { Part } from '../core/docBuilder.js';
import { NAME_ORIGIN_FAKERS, type Locale } from './locales.js';

/**
 * Transliterated names from origins Faker's Latin-script locales do not cover. Common given
 * names and surnames only — no real person is described.
 */
const EXTRA_ORIGINS: readonly { first: readonly string[]; last: readonly string[] }[] = [
  {
    first: [
      'Wei',
      'Fang',
      'Xiaoming',
      'Jing',
      'Lei',
      'Yan',
      'Hui',
      'Jun',
      'Mei',
      'Haoran',
      'Xin',
      'Yu',
    ],
    last: [
      'Wang',
      'Li',
      'Zhang',
      'Liu',
      'Chen',
      'Yang',
      'Huang',
      'Zhao',
      'Wu',
      'Zhou',
      'Xu',
      'Lin',
    ],
  },
  {
    first: [
      'Mohammed',
      'Ahmed',
      'Fatima',
      'Aisha',
      'Omar',
      'Khalid',
      'Youssef',
      'Layla',
      'Hassan',
      'Mariam',
      'Tariq',
    ],
    last: [
      'Al-Farsi',
      'Haddad',
      'Khoury',
      'Mansour',
      'El-Amin',
      'Nasser',
      'Saleh',
      'Al-Rashid',
      'Hamdan',
      'Qureshi',
    ],
  },
  {
    first: [
      'Hiroshi',
      'Yuki',
      'Haruto',
      'Sakura',
      'Takeshi',
      'Aiko',
      'Kenji',
      'Naomi',
      'Ren',
      'Emi',
    ],
    last: [
      'Sato',
      'Suzuki',
      'Takahashi',
      'Tanaka',
      'Watanabe',
      'Ito',
      'Yamamoto',
      'Nakamura',
      'Kobayashi',
    ],
  },
  {
    first: ['Min-jun', 'Ji-woo', 'Seo-yeon', 'Do-yoon', 'Ha-eun', 'Jae-hyun', 'Soo-ah'],
    last: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon'],
  },
  {
    // Parsi and Gujarati surnames are often occupational words ("Engineer", "Contractor").
    first: [
      'Cyrus',
      'Zubin',
      'Farokh',
      'Perizad',
      'Rustom',
      'Dinaz',
      'Jamshed',
      'Hormuz',
      'Roshan',
    ],
    last: [
      'Daruwalla',
      'Mistry',
      'Contractor',
      'Engineer',
      'Wadia',
      'Bharucha',
      'Batliwala',
      'Sethna',
      'Irani',
    ],
  },
  {
    first: [
      'Chinedu',
      'Amara',
      'Kwame',
      'Ngozi',
      'Tendai',
      'Wanjiru',
      'Oluwaseun',
      'Abena',
      'Sipho',
      'Zanele',
    ],
    last: [
      'Okafor',
      'Mensah',
      'Adeyemi',
      'Kamau',
      'Moyo',
      'Nkosi',
      'Boateng',
      'Eze',
      'Otieno',
      'Dlamini',
    ],
  },
];

/** Particles printed before a surname; each word is one of the vocabulary's `NAME_PARTICLES`. */
export const PARTICLES = [
  'de',
  'de la',
  'van',
  'van der',
  'von',
  'da',
  'dos',
  'di',
  'le',
  'del',
  'van den',
  'al',
];

const ENGLISH_TITLES = {
  male: ['Mr', 'Mr.', 'Dr', 'Dr.'],
  female: ['Ms', 'Ms.', 'Mrs', 'Mrs.', 'Dr.', 'Miss'],
} as const;
/** Titles by locale, as printed; each word is one of the vocabulary's `TITLES` (a test says so). */
export const LOCAL_TITLES: Readonly<
  Record<Locale, { male: readonly string[]; female: readonly string[] }>
> = {
  en_US: ENGLISH_TITLES,
  en_GB: ENGLISH_TITLES,
  en_IN: { male: ['Mr.', 'Shri', 'Dr.', 'Mr'], female: ['Ms.', 'Mrs.', 'Smt.', 'Dr.', 'Kum.'] },
  de: { male: ['Herr', 'Herrn', 'Dr.', 'Herr Dr.'], female: ['Frau', 'Frau Dr.', 'Dr.'] },
  fr: { male: ['M.', 'Monsieur', 'Me', 'Dr'], female: ['Mme', 'Madame', 'Mlle', 'Me'] },
  es: { male: ['Sr.', 'D.', 'Don', 'Dr.'], female: ['Sra.', 'Dña.', 'Doña', 'Dra.'] },
  nl: { male: ['Dhr.', 'De heer', 'dhr.', 'Dr.'], female: ['Mevr.', 'Mevrouw', 'mevr.', 'Dr.'] },
};

export interface Person {
  readonly first: string;
  readonly last: string;
  readonly middleInitial: string | null;
  readonly title: string;
}

interface NameLists {
  readonly first: readonly string[];
  readonly last: readonly string[];
}

type GenderedList = { generic?: string[]; male?: string[]; female?: string[] } | undefined;

const nameListCache = new Map<string, NameLists>();

/** First and last names of a Faker locale for one sex, from its raw definitions. */
function nameLists(f: Faker, sex: 'male' | 'female'): NameLists {
  const key = `${f.rawDefinitions.metadata?.code ?? ''}/${sex}`;
  let lists = nameListCache.get(key);
  if (!lists) {
    const person = f.rawDefinitions.person as
      { first_name?: GenderedList; last_name?: GenderedList } | undefined;
    const pickList = (l: GenderedList): string[] => l?.[sex] ?? l?.generic ?? [];
    lists = { first: pickList(person?.first_name), last: pickList(person?.last_name) };
    if (lists.first.length === 0 || lists.last.length === 0) {
      throw new Error(`Faker locale ${key} has no person name lists`);
    }
    nameListCache.set(key, lists);
  }
  return lists;
}

export function makePerson(rng: Rng, localFaker: Faker, locale: Locale): Person {
  const sex = rng.chance(0.5) ? 'male' : 'female';
  let first: string;
  let last: string;
  const origin = rng.next();
  if (origin < 0.55) {
    first = localFaker.person.firstName(sex);
    last = localFaker.person.lastName(sex);
  } else if (origin < 0.85) {
    // Picking from the locale's name lists with our RNG, rather than reseeding a shared Faker
    // instance per person, keeps names deterministic and is ~10x cheaper (seeding costs ~0.15 ms).
    const lists = nameLists(rng.pick(NAME_ORIGIN_FAKERS), sex);
    first = rng.pick(lists.first);
    last = rng.pick(lists.last);
  } else {
    const o = rng.pick(EXTRA_ORIGINS);
    first = rng.pick(o.first);
    last = rng.pick(o.last);
  }
  // Faker sometimes returns compound surnames with apostrophes or spaces; keep them, they are real shapes.
  if (rng.chance(0.07)) last = `${rng.pick(PARTICLES)} ${last}`;
  const middleInitial = rng.chance(0.15) ? String.fromCharCode(65 + rng.int(0, 25)) : null;
  // Documents in continental locales are often in English, so English titles appear there too.
  const titles = locale.startsWith('en') || rng.chance(0.5) ? LOCAL_TITLES[locale] : ENGLISH_TITLES;
  const title = rng.pick(titles[sex]);
  return { first, last, middleInitial, title };
}

/** The full name in one of the orders documents print it; the span never includes a title. */
export function personName(rng: Rng, p: Person): Pii {
  const style = rng.weighted([
    ['first-last', 10],
    ['first-middle-last', p.middleInitial ? 4 : 0],
    ['last-comma-first', 2],
    ['last-first', 2],
    ['LAST-first', 2],
    ['upper', 2],
    ['initial-last', 2],
  ] as const);
  switch (style) {
    case 'first-last':
      return pii('NAME', `${p.first} ${p.last}`);
    case 'first-middle-last':
      return pii('NAME', `${p.first} ${p.middleInitial ?? 'A'}. ${p.last}`);
    case 'last-comma-first':
      return pii('NAME', `${p.last}, ${p.first}`);
    case 'last-first':
      return pii('NAME', `${p.last} ${p.first}`);
    case 'LAST-first':
      return pii('NAME', `${p.last.toUpperCase()} ${p.first}`);
    case 'upper':
      return pii('NAME', `${p.first} ${p.last}`.toUpperCase());
    case 'initial-last':
      return pii('NAME', `${p.first[0] ?? 'A'}. ${p.last}`);
  }
}

export function fullName(p: Person): Pii {
  return pii('NAME', `${p.first} ${p.last}`);
}

/** "Mr Daruwalla": the title stays outside the span, the surname alone is the NAME. */
export function titledSurname(p: Person): Part[] {
  return [`${p.title} `, pii('NAME', p.last)];
}

/** "Dr. Anna Weber" with only "Anna Weber" labelled. */
export function titledName(p: Person): Part[] {
  return [`${p.title} `, pii('NAME', `${p.first} ${p.last}`)];
}

export function firstNameOnly(p: Person): Pii {
  return pii('NAME', p.first);
}
