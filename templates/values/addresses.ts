import type { Faker } from '@faker-js/faker';
import type { Rng } from '../core/rng.js';
import { pii, type Pii } from '../core/goldDocument.js';
import { LOCALE_INFO, type Locale } from './locales.js';

/** An address as its printed lines; rendered multi-line or on one line, always as one span. */
export type AddressLines = readonly string[];

const IN_CITIES: readonly (readonly [string, string, string])[] = [
  ['Mumbai', 'Maharashtra', '4000'],
  ['Pune', 'Maharashtra', '4110'],
  ['Bengaluru', 'Karnataka', '5600'],
  ['Chennai', 'Tamil Nadu', '6000'],
  ['Hyderabad', 'Telangana', '5000'],
  ['New Delhi', 'Delhi', '1100'],
  ['Gurugram', 'Haryana', '1220'],
  ['Noida', 'Uttar Pradesh', '2013'],
  ['Kolkata', 'West Bengal', '7000'],
  ['Ahmedabad', 'Gujarat', '3800'],
  ['Jaipur', 'Rajasthan', '3020'],
  ['Kochi', 'Kerala', '6820'],
  ['Indore', 'Madhya Pradesh', '4520'],
  ['Lucknow', 'Uttar Pradesh', '2260'],
  ['Chandigarh', 'Chandigarh', '1600'],
];
const IN_AREAS = [
  'Indiranagar',
  'Andheri East',
  'Koramangala',
  'Bandra West',
  'Salt Lake',
  'Banjara Hills',
  'Whitefield',
  'Powai',
  'Connaught Place',
  'Hitech City',
  'Viman Nagar',
  'Malviya Nagar',
  'T. Nagar',
  'Sector 62',
  'Navrangpura',
  'Lower Parel',
  'Baner',
];
const IN_BUILDINGS = [
  'Sai Residency',
  'Prestige Towers',
  'Shanti Niketan',
  'Lodha Excelus',
  'DLF Cyber City',
  'Raheja Chambers',
  'Kalpataru Plaza',
  'Sunrise Apartments',
  'Tech Park',
  'Embassy Golf Links',
  'Ashok Vihar',
  'Trade Centre',
];
const IN_ROADS = [
  'MG Road',
  '12th Cross',
  '100 Feet Road',
  'Link Road',
  'Ring Road',
  'Station Road',
  'Nehru Marg',
  'Linking Road',
  'Outer Ring Road',
  'Service Road',
  'LBS Marg',
  '4th Main',
];

const FR_WAYS = [
  'rue',
  'rue',
  'avenue',
  'boulevard',
  'allée',
  'place',
  'chemin',
  'impasse',
  'quai',
  'Rue',
  'Avenue',
];
const FR_NAMES = [
  'de la République',
  'Victor Hugo',
  'des Lilas',
  'du Général de Gaulle',
  'Jean Jaurès',
  'de la Paix',
  'Pasteur',
  'des Écoles',
  'du Moulin',
  'Gambetta',
  'de Verdun',
  'Saint-Honoré',
  'de la Gare',
  'Émile Zola',
  'des Tanneurs',
];
const FR_CITIES: readonly (readonly [string, string])[] = [
  ['Paris', '75'],
  ['Lyon', '69'],
  ['Marseille', '13'],
  ['Toulouse', '31'],
  ['Bordeaux', '33'],
  ['Lille', '59'],
  ['Nantes', '44'],
  ['Strasbourg', '67'],
  ['Villeurbanne', '69'],
  ['Montpellier', '34'],
  ['Rennes', '35'],
  ['Grenoble', '38'],
  ['Nice', '06'],
];

const DE_STREETS = [
  'Hauptstraße',
  'Bahnhofstraße',
  'Goethestraße',
  'Schillerstr.',
  'Lindenallee',
  'Am Markt',
  'Kirchweg',
  'Friedrichstraße',
  'Königsallee',
  'Berliner Str.',
  'Industriestraße',
  'Mozartweg',
  'Schlossplatz',
  'Gartenstraße',
  'Rheinuferstraße',
];
const DE_CITIES = [
  'Berlin',
  'München',
  'Hamburg',
  'Köln',
  'Frankfurt am Main',
  'Stuttgart',
  'Düsseldorf',
  'Leipzig',
  'Dresden',
  'Hannover',
  'Nürnberg',
  'Bremen',
  'Mannheim',
  'Augsburg',
];

const ES_WAYS = ['Calle', 'Avenida', 'Paseo', 'Plaza', 'C/', 'Avda.', 'Carrer', 'Camino'];
const ES_NAMES = [
  'Mayor',
  'de Alcalá',
  'Gran Vía',
  'de la Castellana',
  'del Sol',
  'Serrano',
  'de Gràcia',
  'Real',
  'San Vicente',
  'de Colón',
  'Diagonal',
  'de los Reyes Católicos',
  'Velázquez',
];
const ES_CITIES: readonly (readonly [string, string, string])[] = [
  ['Madrid', 'Madrid', '28'],
  ['Barcelona', 'Barcelona', '08'],
  ['Valencia', 'Valencia', '46'],
  ['Sevilla', 'Sevilla', '41'],
  ['Bilbao', 'Bizkaia', '48'],
  ['Málaga', 'Málaga', '29'],
  ['Zaragoza', 'Zaragoza', '50'],
  ['Alicante', 'Alicante', '03'],
  ['Valladolid', 'Valladolid', '47'],
];

/** US street types as printed; each is one of the vocabulary's `STREET_TYPES_AFTER`. */
export const US_SUFFIXES = [
  'Street',
  'St.',
  'Avenue',
  'Ave',
  'Road',
  'Rd.',
  'Boulevard',
  'Blvd',
  'Lane',
  'Drive',
  'Dr',
  'Court',
  'Way',
  'Parkway',
  'Place',
];

function usLines(rng: Rng, f: Faker): string[] {
  const street = `${rng.int(1, 9899)} ${rng.chance(0.3) ? rng.pick(['N.', 'S.', 'E.', 'W.', 'North', 'West']) + ' ' : ''}${f.location.street().replace(/\s+\S+$/, '')} ${rng.pick(US_SUFFIXES)}`;
  const unit = rng.chance(0.35)
    ? `${rng.pick(['Suite', 'Ste', 'Apt', 'Apt.', 'Unit', 'Floor', '#'])} ${rng.int(1, 2400)}`
    : null;
  const zip = rng.chance(0.2)
    ? `${rng.digits(5)}-${rng.digits(4)}`
    : `${rng.int(1, 9)}${rng.digits(4)}`;
  const cityLine = `${f.location.city()}, ${f.location.state({ abbreviated: true })} ${zip}`;
  const lines = unit ? (rng.chance(0.5) ? [`${street}, ${unit}`] : [street, unit]) : [street];
  lines.push(cityLine);
  if (rng.chance(0.2)) lines.push(rng.pick(['USA', 'United States', 'U.S.A']));
  return lines;
}

function gbLines(rng: Rng, f: Faker): string[] {
  const lines: string[] = [];
  if (rng.chance(0.3))
    lines.push(
      `${rng.pick(['Flat', 'Unit', 'Suite', 'Apartment'])} ${rng.int(1, 40)}${rng.chance(0.2) ? 'B' : ''}`,
    );
  if (rng.chance(0.25))
    lines.push(
      `${f.person.lastName()} ${rng.pick(['House', 'Court', 'Chambers', 'Building', 'Mews'])}`,
    );
  lines.push(`${rng.int(1, 250)} ${f.location.street()}`);
  if (rng.chance(0.3)) lines.push(f.location.county());
  const city = f.location.city();
  const postcode = f.location.zipCode();
  // "London SW1A 1AA" on one line is about as common as the postcode on a line of its own.
  if (rng.chance(0.35)) lines.push(`${city} ${postcode}`);
  else lines.push(city, postcode);
  if (rng.chance(0.2)) lines.push('United Kingdom');
  return lines;
}

function inLines(rng: Rng): string[] {
  const [city, state, pinHead] = rng.pick(IN_CITIES);
  const pin = `${pinHead}${rng.digits(2)}`;
  const unit = rng.pick([
    `Flat No. ${rng.int(1, 24)}0${rng.int(1, 9)}`,
    `Plot No. ${rng.int(1, 300)}`,
    `#${rng.int(1, 999)}`,
    `${rng.int(1, 12)}th Floor`,
    `Shop No. ${rng.int(1, 60)}`,
    `H.No. ${rng.int(1, 30)}-${rng.int(1, 99)}/${rng.int(1, 9)}`,
  ]);
  const parts = [unit, rng.pick(IN_BUILDINGS), rng.pick(IN_ROADS), rng.pick(IN_AREAS)];
  if (rng.chance(0.3)) parts.splice(2, 1);
  const cityLine = rng.pick([
    `${city} - ${pin}`,
    `${city} ${pin}, ${state}`,
    `${city}, ${state} ${pin}`,
    `${city}-${pin}`,
  ]);
  const lines = rng.chance(0.5)
    ? [parts.slice(0, 2).join(', '), parts.slice(2).join(', '), cityLine]
    : [parts.join(', '), cityLine];
  if (rng.chance(0.25)) lines.push(rng.pick(['India', 'INDIA']));
  return lines;
}

function deLines(rng: Rng): string[] {
  const lines = [
    `${rng.pick(DE_STREETS)} ${rng.int(1, 180)}${rng.chance(0.15) ? rng.pick(['a', 'b', 'c']) : ''}`,
  ];
  if (rng.chance(0.15))
    lines.unshift(`c/o ${rng.pick(['Büro', 'Etage', 'Haus'])} ${rng.int(1, 9)}`);
  lines.push(`${rng.int(1, 9)}${rng.digits(4)} ${rng.pick(DE_CITIES)}`);
  if (rng.chance(0.2)) lines.push(rng.pick(['Deutschland', 'Germany', 'DEUTSCHLAND']));
  return lines;
}

function frLines(rng: Rng): string[] {
  const [city, dept] = rng.pick(FR_CITIES);
  const num = `${rng.int(1, 220)}${rng.chance(0.1) ? ' bis' : ''}`;
  const lines = [`${num} ${rng.pick(FR_WAYS)} ${rng.pick(FR_NAMES)}`];
  if (rng.chance(0.25))
    lines.push(
      rng.pick([
        `Bâtiment ${rng.pick(['A', 'B', 'C'])}`,
        `BP ${rng.int(10, 999)}`,
        `ZI des ${rng.pick(['Chênes', 'Platanes', 'Vignes'])}`,
        `${rng.int(1, 6)}e étage`,
      ]),
    );
  const cityName = rng.chance(0.4) ? city.toUpperCase() : city;
  lines.push(
    `${dept}${rng.digits(3)} ${cityName}${rng.chance(0.1) ? ` Cedex ${rng.int(1, 9)}` : ''}`,
  );
  if (rng.chance(0.2)) lines.push(rng.pick(['France', 'FRANCE']));
  return lines;
}

function esLines(rng: Rng): string[] {
  const [city, province, prefix] = rng.pick(ES_CITIES);
  const floor = rng.chance(0.5)
    ? `, ${rng.int(1, 9)}º ${rng.pick(['A', 'B', 'C', 'D', 'Izda.', 'Dcha.'])}`
    : '';
  const lines = [`${rng.pick(ES_WAYS)} ${rng.pick(ES_NAMES)}, ${rng.int(1, 200)}${floor}`];
  lines.push(
    `${prefix}${rng.digits(3)} ${city}${city !== province || rng.chance(0.3) ? ` (${province})` : ''}`,
  );
  if (rng.chance(0.2)) lines.push(rng.pick(['España', 'Spain', 'ESPAÑA']));
  return lines;
}

const NL_STREETS = [
  'Weena',
  'Kalverstraat',
  'Damrak',
  'Coolsingel',
  'Herengracht',
  'Keizersgracht',
  'Stationsplein',
  'Oudegracht',
  'Kerkstraat',
  'Dorpsstraat',
  'Molenweg',
  'Prinsengracht',
  'Laan van Meerdervoort',
  'Vredenburg',
  'Stratumseind',
];
const NL_CITIES = [
  'Amsterdam',
  'Rotterdam',
  'Den Haag',
  'Utrecht',
  'Eindhoven',
  'Groningen',
  'Tilburg',
  'Almere',
  'Breda',
  'Nijmegen',
  'Haarlem',
  'Arnhem',
  'Zwolle',
  'Leiden',
];

function nlLines(rng: Rng): string[] {
  const L = 'ABCDEFGHJKLMNPRSTVWXZ';
  const postcode = `${rng.int(1, 9)}${rng.digits(3)} ${L[rng.int(0, L.length - 1)]}${L[rng.int(0, L.length - 1)]}`;
  const suffix = rng.chance(0.2) ? rng.pick(['A', 'B', '-1', ' bis', ' hs']) : '';
  const lines = [`${rng.pick(NL_STREETS)} ${rng.int(1, 700)}${suffix}`];
  if (rng.chance(0.1)) lines.unshift(`Postbus ${rng.int(100, 9999)}`);
  const city = rng.pick(NL_CITIES);
  lines.push(`${postcode} ${rng.chance(0.3) ? city.toUpperCase() : city}`);
  if (rng.chance(0.2)) lines.push(rng.pick(['Nederland', 'The Netherlands', 'NL']));
  return lines;
}

export function makeAddress(rng: Rng, f: Faker, locale: Locale): AddressLines {
  switch (locale) {
    case 'en_US':
      return usLines(rng, f);
    case 'en_GB':
      return gbLines(rng, f);
    case 'en_IN':
      return inLines(rng);
    case 'de':
      return deLines(rng);
    case 'fr':
      return frLines(rng);
    case 'es':
      return esLines(rng);
    case 'nl':
      return nlLines(rng);
  }
}

/** All lines joined by newlines (and an optional indent): one ADDRESS span from first line to last. */
export function multiLineAddress(lines: AddressLines, indent = ''): Pii {
  return pii('ADDRESS', lines.join(`\n${indent}`));
}

export function oneLineAddress(lines: AddressLines): Pii {
  return pii('ADDRESS', lines.join(', '));
}

export function countryOf(locale: Locale): string {
  return LOCALE_INFO[locale].country;
}
