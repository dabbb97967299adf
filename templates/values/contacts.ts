import type { Rng } from '../core/rng.js';
import { pii, type Pii } from '../core/goldDocument.js';
import { slugify, type Locale } from './locales.js';
import type { Person } from './people.js';
import type { Company } from './companies.js';

/** Phone numbers in the national and international shapes each country prints. */
export function makePhone(rng: Rng, locale: Locale): Pii {
  const d = (n: number): string => rng.digits(n);
  const nz = (): string => String(rng.int(2, 9));
  let v: string;
  switch (locale) {
    case 'en_US': {
      const a = `${nz()}${d(2)}`;
      const b = `${nz()}${d(2)}`;
      const c = d(4);
      v = rng.pick([
        `(${a}) ${b}-${c}`,
        `(${a})-${b}-${c}`,
        `${a}-${b}-${c}`,
        `${a}.${b}.${c}`,
        `+1 ${a} ${b} ${c}`,
        `+1 (${a}) ${b}-${c}`,
        `1-${a}-${b}-${c}`,
        `+1-${a}-${b}-${c}`,
        `${a} ${b} ${c}`,
      ]);
      if (rng.chance(0.08)) v += ` ext. ${rng.int(10, 9999)}`;
      break;
    }
    case 'en_GB': {
      const mobile = `7${d(3)} ${d(6)}`;
      const london = `20 ${nz()}${d(3)} ${d(4)}`;
      const other = `1${d(3)} ${d(6)}`;
      const n = rng.pick([mobile, london, other]);
      v = rng.pick([
        `0${n}`,
        `+44 ${n}`,
        `+44 (0)${n}`,
        `0${n.replace(/ /g, '')}`,
        `+44${n.replace(/ /g, '')}`,
      ]);
      break;
    }
    case 'en_IN': {
      const mob = `${rng.int(6, 9)}${d(4)} ${d(5)}`;
      const land = rng.pick([
        `22 ${d(4)} ${d(4)}`,
        `80 ${d(4)} ${d(4)}`,
        `11 ${d(4)} ${d(4)}`,
        `44 ${d(8)}`,
      ]);
      v = rng.pick([
        `+91 ${mob}`,
        `+91-${mob.replace(' ', '')}`,
        `0${mob}`,
        mob.replace(' ', ''),
        `+91 ${land}`,
        `0${land.replace(/ /g, '-')}`,
        `+91-${land.replace(/ /g, '-')}`,
        `(0${land.slice(0, 2)}) ${land.slice(3)}`,
      ]);
      break;
    }
    case 'de': {
      const area = rng.pick([
        '30',
        '40',
        '69',
        '89',
        '221',
        '711',
        '351',
        '511',
        '911',
        `15${rng.int(1, 9)}`,
        `17${rng.int(0, 9)}`,
      ]);
      const sub = rng.chance(0.5) ? `${d(4)} ${d(3)}` : d(rng.int(6, 8));
      v = rng.pick([
        `+49 ${area} ${sub}`,
        `0${area} ${sub}`,
        `+49 (0)${area} ${sub}`,
        `(0${area}) ${sub}`,
        `0${area}/${sub.replace(' ', '')}`,
        `+49-${area}-${sub.replace(' ', '')}`,
      ]);
      break;
    }
    case 'fr': {
      const first = String(rng.int(1, 9));
      const pairs = [d(2), d(2), d(2), d(2)];
      v = rng.pick([
        `+33 ${first} ${pairs.join(' ')}`,
        `0${first} ${pairs.join(' ')}`,
        `0${first}.${pairs.join('.')}`,
        `+33 (0)${first} ${pairs.join(' ')}`,
        `0${first}${pairs.join('')}`,
        `+33${first}${pairs.join('')}`,
      ]);
      break;
    }
    case 'es': {
      const head = rng.pick(['91', '93', '96', '95', '94', '6' + d(1), '7' + d(1)]);
      const rest = d(7);
      v = rng.pick([
        `+34 ${head}${rest[0]} ${rest.slice(1, 4)} ${rest.slice(4)}`,
        `${head}${rest[0]} ${rest.slice(1, 4)} ${rest.slice(4)}`,
        `+34 ${head} ${rest.slice(0, 3)} ${rest.slice(3, 5)} ${rest.slice(5)}`,
        `${head}${rest}`,
        `(+34) ${head}${rest}`,
      ]);
      break;
    }
    case 'nl': {
      const mobile = rng.chance(0.5);
      const area = mobile ? '6' : rng.pick(['10', '20', '30', '40', '70', '50', '13']);
      const rest = d(9 - area.length);
      v = rng.pick([
        `+31 ${area} ${rest}`,
        `0${area}-${rest}`,
        `0${area} ${rest.slice(0, 3)} ${rest.slice(3)}`,
        `+31 (0)${area} ${rest}`,
        `0${area}${rest}`,
        `+31${area}${rest}`,
      ]);
      break;
    }
  }
  return pii('PHONE', v);
}

const FREE_MAIL: Readonly<Record<Locale, readonly string[]>> = {
  en_US: [
    'gmail.com',
    'yahoo.com',
    'outlook.com',
    'aol.com',
    'icloud.com',
    'hotmail.com',
    'protonmail.com',
  ],
  en_GB: ['gmail.com', 'btinternet.com', 'outlook.com', 'yahoo.co.uk', 'hotmail.co.uk', 'sky.com'],
  en_IN: ['gmail.com', 'yahoo.co.in', 'rediffmail.com', 'outlook.com', 'hotmail.com'],
  de: ['gmail.com', 'web.de', 'gmx.de', 't-online.de', 'gmx.net', 'posteo.de'],
  fr: ['gmail.com', 'orange.fr', 'free.fr', 'laposte.net', 'wanadoo.fr', 'sfr.fr'],
  es: ['gmail.com', 'hotmail.es', 'yahoo.es', 'telefonica.net', 'outlook.es'],
  nl: ['gmail.com', 'ziggo.nl', 'kpnmail.nl', 'hotmail.nl', 'outlook.com', 'xs4all.nl'],
};

export function personalEmail(rng: Rng, locale: Locale, p: Person, company?: Company): Pii {
  const first = slugify(p.first) || 'info';
  const last = slugify(p.last) || 'contact';
  const local = rng.pick([
    `${first}.${last}`,
    `${first[0]}${last}`,
    `${first}${last[0]}`,
    `${first}_${last}`,
    `${last}.${first}`,
    `${first}.${last}${rng.int(1, 99)}`,
    `${first}${rng.int(1970, 2005)}`,
    `${first[0]}.${last}`,
    `${first}-${last}`,
  ]);
  const domain = company && rng.chance(0.6) ? company.domain : rng.pick(FREE_MAIL[locale]);
  const v = `${local}@${domain}`;
  if (rng.chance(0.05)) return pii('EMAIL', v.toUpperCase());
  // Mixed case survives in real addresses ("azure.Interior24@…").
  if (rng.chance(0.05))
    return pii(
      'EMAIL',
      v.replace(/[a-z]/, (c) => c.toUpperCase()),
    );
  return pii('EMAIL', v);
}

export function roleEmail(rng: Rng, company: Company): Pii {
  const role = rng.pick([
    'info',
    'accounts',
    'billing',
    'support',
    'contact',
    'finance',
    'ap',
    'invoices',
    'sales',
    'compliance',
    'privacy',
    'hr',
    'payroll',
    'claims',
    'comptabilite',
    'buchhaltung',
    'facturacion',
  ]);
  return pii('EMAIL', `${role}@${company.domain}`);
}

const URL_PATHS = [
  'business',
  'support',
  'invoices',
  'privacy',
  'careers',
  'pay',
  'account/login',
  'help/contact',
  'legal/terms',
  'en/home',
  'portal',
  'claims/status',
  'statements',
  'kyc/upload',
  'track',
  'complaints',
  'fr/contact',
  'de/impressum',
  'es/aviso-legal',
];

export function makeUrl(rng: Rng, company: Company): Pii {
  const host = company.domain;
  const path = rng.pick(URL_PATHS);
  const v = rng.weighted([
    [`https://www.${host}`, 3],
    [`www.${host}`, 4],
    [`${host}/${path}`, 3],
    [`https://${host}/${path}`, 3],
    [`http://www.${host}/${path}`, 1],
    [`https://portal.${host}/${path}?ref=${rng.digits(6)}`, 1],
    [`https://www.${host}/`, 1],
    [`http://www.${host}/${path}/`, 1],
    [`${host}`, 1],
    [`https://${rng.pick(['pay', 'secure', 'my', 'app'])}.${host}`, 1],
  ] as const);
  return pii('URL', v);
}

/** US Social Security numbers avoid the never-issued areas 000, 666 and 900–999. */
export function makeSsn(rng: Rng): Pii {
  let area = rng.int(1, 899);
  if (area === 666) area = 665;
  const a = String(area).padStart(3, '0');
  const g = String(rng.int(1, 99)).padStart(2, '0');
  const s = String(rng.int(1, 9999)).padStart(4, '0');
  const v = rng.weighted([
    [`${a}-${g}-${s}`, 7],
    [`${a} ${g} ${s}`, 2],
    [`${a}${g}${s}`, 2],
  ] as const);
  return pii('SSN', v);
}
