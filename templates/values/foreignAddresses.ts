/**
 * Addresses of counterparties abroad: a supplier in Italy, a customer in Finland, a card holder on
 * a US base. The document locales (locales.ts) only print addresses in their own formats, so a
 * model trained on them alone cuts these short: it stops at a Greek street name, drops the
 * postcode written after the country, or misses an APO box. Street, city and postcode come from
 * Faker's own data for each country; the layouts are the ones such addresses take on invoices,
 * forms and shipping labels. Every layout is still one ADDRESS span from first line to last.
 */
import {
  base,
  cs_CZ,
  da,
  de_AT,
  de_CH,
  el,
  en,
  en_AU,
  en_CA,
  en_IE,
  en_US,
  en_ZA,
  es_MX,
  Faker,
  fi,
  hr,
  hu,
  it,
  nb_NO,
  nl_BE,
  pl,
  pt_BR,
  pt_PT,
  ro,
  sk,
  sv,
  tr,
  type LocaleDefinition,
} from '@faker-js/faker';
import type { Rng } from '../core/rng.js';
import type { AddressLines } from './addresses.js';

interface Country {
  readonly faker: Faker;
  /** The name in English, then as printed locally. */
  readonly names: readonly [string, string];
}

/**
 * Private instances: re-seeding them for each address must not disturb the shared per-locale
 * Fakers that the rest of a document draws from.
 */
function own(locale: LocaleDefinition): Faker {
  return new Faker({ locale: [locale, en, base] });
}

const US = own(en_US);

/** Seeds `f` from the address stream, so each address depends only on that stream. */
function seeded(rng: Rng, f: Faker): Faker {
  f.seed(rng.int(1, 2 ** 30));
  return f;
}

const COUNTRIES: readonly Country[] = [
  { faker: own(it), names: ['Italy', 'Italia'] },
  { faker: own(pl), names: ['Poland', 'Polska'] },
  { faker: own(pt_BR), names: ['Brazil', 'Brasil'] },
  { faker: own(pt_PT), names: ['Portugal', 'Portugal'] },
  { faker: own(da), names: ['Denmark', 'Danmark'] },
  { faker: own(fi), names: ['Finland', 'Suomi'] },
  { faker: own(sv), names: ['Sweden', 'Sverige'] },
  { faker: own(nb_NO), names: ['Norway', 'Norge'] },
  { faker: own(hu), names: ['Hungary', 'Magyarország'] },
  { faker: own(el), names: ['Greece', 'Ελλάδα'] },
  { faker: own(cs_CZ), names: ['Czech Republic', 'Česko'] },
  { faker: own(ro), names: ['Romania', 'România'] },
  { faker: own(tr), names: ['Turkey', 'Türkiye'] },
  { faker: own(hr), names: ['Croatia', 'Hrvatska'] },
  { faker: own(sk), names: ['Slovakia', 'Slovensko'] },
  { faker: own(de_AT), names: ['Austria', 'Österreich'] },
  { faker: own(de_CH), names: ['Switzerland', 'Schweiz'] },
  { faker: own(nl_BE), names: ['Belgium', 'België'] },
  { faker: own(es_MX), names: ['Mexico', 'México'] },
  { faker: own(en_AU), names: ['Australia', 'Australia'] },
  { faker: own(en_CA), names: ['Canada', 'Canada'] },
  { faker: own(en_IE), names: ['Ireland', 'Éire'] },
  { faker: own(en_ZA), names: ['South Africa', 'South Africa'] },
];

const UNIT_WORDS = ['Apt.', 'Apt', 'Suite', 'Unit', 'Flat', 'Floor', 'Ap.', 'Lgh', 'App.'];

function unitLine(rng: Rng): string {
  return `${rng.pick(UNIT_WORDS)} ${rng.int(1, 999)}`;
}

function countryName(rng: Rng, c: Country): string {
  const name = rng.chance(0.6) ? c.names[0] : c.names[1];
  return rng.chance(0.25) ? name.toUpperCase() : name;
}

/** Street line: Faker's own house-number order for the country, sometimes with a unit. */
function streetLine(rng: Rng, f: Faker): string {
  if (rng.chance(0.5)) return f.location.streetAddress(rng.chance(0.4));
  const street = f.location.street();
  const num = `${rng.int(1, 400)}${rng.chance(0.1) ? rng.pick(['A', 'B', 'c', '/2', '-4']) : ''}`;
  return rng.chance(0.75) ? `${street} ${num}` : `${num} ${street}`;
}

/** ", Region" where Faker knows the country's regions; many locales have none. */
function regionOf(rng: Rng, f: Faker): string {
  const abbreviated = rng.chance(0.5);
  try {
    return `, ${f.location.state({ abbreviated })}`;
  } catch {
    return '';
  }
}

/** A postal address abroad in one of the layouts it takes on invoices, forms and labels. */
function abroadLines(rng: Rng): string[] {
  const c = rng.pick(COUNTRIES);
  const f = seeded(rng, c.faker);
  const street = streetLine(rng, f);
  const city = rng.chance(0.3) ? f.location.city().toUpperCase() : f.location.city();
  const zip = f.location.zipCode();
  const country = countryName(rng, c);
  const lines = [street];
  if (rng.chance(0.3)) lines.push(unitLine(rng));
  switch (rng.int(0, 4)) {
    case 0: // European order: postcode before the town
      lines.push(`${zip} ${city}`, country);
      break;
    case 1: // form exports: town, then country and postcode as adjacent fields
      lines.push(city, `${country} ${zip}`);
      break;
    case 2:
      lines.push(`${city} ${zip}`, country);
      break;
    case 3: // with a region or state field between town and country
      lines.push(`${city}${regionOf(rng, f)}`, `${country} ${zip}`);
      break;
    default:
      lines.push(`${city}, ${country} ${zip}`);
  }
  return lines;
}

const SHIPS = ['Bennett', 'Harper', 'Mercy', 'Comfort', 'Kearsarge', 'Bataan', 'Ford', 'Truman'];

/** US military post: the formats of APO, FPO and DPO mail, which have no street at all. */
function militaryLines(rng: Rng): string[] {
  const zip = `${rng.pick(['09', '96', '34'])}${rng.digits(3)}`;
  const region = rng.pick(['AA', 'AE', 'AP']);
  const kind = rng.int(0, 2);
  const us = seeded(rng, US);
  const first =
    kind === 0
      ? `PSC ${rng.digits(4)}, Box ${rng.digits(4)}`
      : kind === 1
        ? `Unit ${rng.digits(4)} Box ${rng.digits(4)}`
        : `${rng.pick(['USNS', 'USS', 'USCGC'])} ${rng.chance(0.5) ? rng.pick(SHIPS) : us.person.lastName()}`;
  const post = kind === 0 ? 'APO' : kind === 1 ? 'DPO' : 'FPO';
  return [first, `${post} ${region} ${zip}`];
}

/** A post-office box in the holder's country. */
function poBoxLines(rng: Rng): string[] {
  if (rng.chance(0.5)) {
    const f = seeded(rng, US);
    const box = `${rng.pick(['P.O. Box', 'PO Box', 'P.O. BOX', 'Post Office Box'])} ${rng.int(1, 9999)}`;
    return [
      box,
      `${f.location.city()}, ${f.location.state({ abbreviated: true })} ${f.location.zipCode('#####')}`,
    ];
  }
  const c = rng.pick(COUNTRIES);
  const f = seeded(rng, c.faker);
  const box = `${rng.pick(['PO Box', 'P.O. Box', 'Box', 'Postfach', 'Caixa Postal', 'Casella Postale'])} ${rng.int(1, 9999)}`;
  return [box, `${f.location.zipCode()} ${f.location.city()}`, countryName(rng, c)];
}

export function makeForeignAddress(rng: Rng): AddressLines {
  const r = rng.next();
  if (r < 0.7) return abroadLines(rng);
  if (r < 0.85) return militaryLines(rng);
  return poBoxLines(rng);
}
