/**
 * Shops, restaurants and traders of South-East Asia as their till receipts print them: the name
 * in capitals with its legal form ("SDN BHD", "(M) SDN. BHD.", "PTE LTD", "PT", "ENTERPRISE"),
 * the company's registration number in brackets after it, and an address in the Malaysian,
 * Singaporean, Indonesian or Philippine layout. The model trained on European and US documents
 * read such a shop name as a person ("SYARIKAT …", "RESTORAN …") or not at all, and a
 * registration number as an address. Every word here is generic (trade words, street words,
 * towns); the names are drawn by combining them, so no real shop is reproduced on purpose. The
 * trades and towns were chosen knowing the error classes of receipts-dev, which is therefore not a
 * blind measure of this family; no street, shop or person of it is here.
 */
import type { Rng } from '../core/rng.js';
import { generatedLegalForms } from '../../src/domain/vocabulary.js';
import type { AddressLines } from './addresses.js';
import { printLegalForm } from './companies.js';

/** Romanised Chinese given-name and shop-name syllables, as Malaysian and Singaporean shops use. */
const SYLLABLES = [
  'AH',
  'BOON',
  'CHEE',
  'CHENG',
  'CHIN',
  'CHOON',
  'CHUN',
  'FATT',
  'FOOK',
  'HENG',
  'HIN',
  'HOCK',
  'HONG',
  'HUAT',
  'JIN',
  'KAH',
  'KEAT',
  'KENG',
  'KHENG',
  'KIM',
  'KOK',
  'KWONG',
  'LAI',
  'LEONG',
  'LIAN',
  'LOONG',
  'MENG',
  'MING',
  'NAM',
  'PENG',
  'SAN',
  'SENG',
  'SIANG',
  'SOON',
  'SUN',
  'TAT',
  'TECK',
  'THYE',
  'TIONG',
  'WAH',
  'WENG',
  'YAP',
  'YONG',
  'YUEN',
] as const;

/** Made-up brand fragments; two joined make a brand word ("NOVAMAX"). */
const BRAND_PARTS = [
  'ACE',
  'ALPHA',
  'BEST',
  'BRIGHT',
  'CITY',
  'DAILY',
  'EVER',
  'FAMILY',
  'FRESH',
  'GOLDEN',
  'GRAND',
  'GREEN',
  'HAPPY',
  'JAYA',
  'LUCKY',
  'MAX',
  'MEGA',
  'METRO',
  'NOVA',
  'OCEAN',
  'PRIME',
  'PRO',
  'ROYAL',
  'SMART',
  'STAR',
  'SUN',
  'SUPER',
  'TREND',
  'UNI',
  'UNITED',
  'VISTA',
  'WIN',
] as const;

/** What the shop does, printed after its name ("… HARDWARE TRADING"). */
const TRADES = [
  'AUTO PARTS',
  'BAKERIES',
  'BAKERY',
  'BOOK STORE',
  'CAFE',
  'CONFECTIONERY',
  'ELECTRICAL',
  'ELECTRICAL TRADING',
  'EMPORIUM',
  'FLORIST',
  'FOOD INDUSTRIES',
  'FURNITURE',
  'GIFT SHOP',
  'HANDICRAFT',
  'HARDWARE',
  'HARDWARE TRADING',
  'HEALTH & BEAUTY',
  'INTERNATIONAL',
  'KOPITIAM',
  'MARKETING',
  'MINI MARKET',
  'MOTOR',
  'OPTICAL',
  'PACKAGING',
  'PHARMACY',
  'PRINTING',
  'SEAFOOD RESTAURANT',
  'STATIONERY',
  'SUPERMARKET',
  'TEXTILE',
  'TRADING',
  'TRAVEL & TOURS',
] as const;

/** Malay and Indonesian words a business name starts with ("shop", "firm", "restaurant"). */
const LEADING_WORDS = [
  'KEDAI',
  'KEDAI RUNCIT',
  'KEDAI MAKAN',
  'SYARIKAT',
  'PERNIAGAAN',
  'SYARIKAT PERNIAGAAN',
  'RESTORAN',
  'KILANG',
  'PUSAT',
  'GERAI',
  'BENGKEL',
  'TOKO',
  'WARUNG',
  'RUMAH MAKAN',
] as const;

/**
 * What a shop's name on a receipt ends in besides a legal form of the vocabulary's (`ms`
 * weights): a trade word, or nothing, weighted against the forms.
 */
const SHOP_ENDINGS: readonly (readonly [string, number])[] = [
  ['ENTERPRISE', 5],
  ['TRADING', 2],
  ['', 6],
];

/**
 * A receipt's legal form as tills print it: in capitals, mostly without dots ("SDN BHD"), a
 * Malaysian company's often after "(M)".
 */
function receiptLegalForm(rng: Rng): string {
  const ending = rng.weighted([...generatedLegalForms('ms'), ...SHOP_ENDINGS]);
  if (SHOP_ENDINGS.some(([word]) => word === ending)) return ending;
  const form = printLegalForm(rng, ending, 0.75).toUpperCase();
  return form.startsWith('SDN') && rng.chance(0.26) ? `(M) ${form}` : form;
}

/** Malaysian street types as printed; each is one of the vocabulary's `STREET_TYPES_BEFORE`. */
export const MY_STREET = [
  'JALAN',
  'JLN',
  'LORONG',
  'LRG',
  'PERSIARAN',
  'LEBUH',
  'JALAN BESAR',
] as const;
const MY_WORDS = [
  'BAHAGIA',
  'BUNGA RAYA',
  'CEMPAKA',
  'DAMAI',
  'DELIMA',
  'INDAH',
  'IPOH',
  'KENANGA',
  'KLANG LAMA',
  'MAWAR',
  'MELATI',
  'MELUR',
  'MERANTI',
  'MEWAH',
  'MUTIARA',
  'PERDANA',
  'PERMAI',
  'PUTERI',
  'RAYA',
  'SEJAHTERA',
  'SERI',
  'SETIA',
  'SULTAN ISMAIL',
  'TUN RAZAK',
  'WAWASAN',
] as const;
const MY_AREAS = ['TAMAN', 'BANDAR', 'KAMPUNG', 'SEKSYEN', 'PUSAT PERDAGANGAN', 'DESA'] as const;
/** Postcode prefix, town and state: the last lines of a Malaysian address. */
const MY_TOWNS: readonly (readonly [string, string, string])[] = [
  ['50', 'KUALA LUMPUR', 'W.P. KUALA LUMPUR'],
  ['46', 'PETALING JAYA', 'SELANGOR'],
  ['40', 'SHAH ALAM', 'SELANGOR'],
  ['47', 'SUBANG JAYA', 'SELANGOR'],
  ['41', 'KLANG', 'SELANGOR'],
  ['43', 'KAJANG', 'SELANGOR'],
  ['43', 'SERI KEMBANGAN', 'SELANGOR'],
  ['47', 'PUCHONG', 'SELANGOR'],
  ['52', 'KEPONG', 'KUALA LUMPUR'],
  ['56', 'CHERAS', 'KUALA LUMPUR'],
  ['80', 'JOHOR BAHRU', 'JOHOR'],
  ['81', 'SKUDAI', 'JOHOR'],
  ['30', 'IPOH', 'PERAK'],
  ['10', 'GEORGE TOWN', 'PULAU PINANG'],
  ['75', 'MELAKA', 'MELAKA'],
  ['70', 'SEREMBAN', 'NEGERI SEMBILAN'],
  ['25', 'KUANTAN', 'PAHANG'],
  ['88', 'KOTA KINABALU', 'SABAH'],
  ['93', 'KUCHING', 'SARAWAK'],
  ['05', 'ALOR SETAR', 'KEDAH'],
];
const SG_ROADS = [
  'ANG MO KIO AVE',
  'TAMPINES ST',
  'BEDOK NORTH RD',
  'JURONG WEST ST',
  'YISHUN RING RD',
  'ORCHARD RD',
  'ANSON RD',
  'TOA PAYOH LOR',
] as const;
const ID_STREETS = [
  'JL. SUDIRMAN',
  'JL. GATOT SUBROTO',
  'JL. MELATI',
  'JL. DIPONEGORO',
  'JL. PEMUDA',
  'JL. RAYA BOGOR',
  'JL. PAHLAWAN',
] as const;
const ID_TOWNS = [
  'JAKARTA PUSAT',
  'JAKARTA SELATAN',
  'BANDUNG',
  'SURABAYA',
  'MEDAN',
  'SEMARANG',
  'DENPASAR',
] as const;
const PH_STREETS = [
  'RIZAL AVE.',
  'MABINI ST.',
  'AGUINALDO HWY',
  'BONIFACIO ST.',
  'QUEZON BLVD.',
  'LAUREL ST.',
] as const;
const PH_TOWNS = [
  'QUEZON CITY',
  'MAKATI CITY',
  'PASIG CITY',
  'CEBU CITY',
  'DAVAO CITY',
  'MANILA',
] as const;

function title(s: string): string {
  return s.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

function brand(rng: Rng): string {
  const a = rng.pick(BRAND_PARTS);
  const b = rng.pick(BRAND_PARTS.filter((x) => x !== a));
  return rng.chance(0.6) ? `${a}${b}` : `${a} ${b}`;
}

function chineseName(rng: Rng): string {
  const a = rng.pick(SYLLABLES);
  return `${a} ${rng.pick(SYLLABLES.filter((x) => x !== a))}`;
}

export interface Shop {
  /** The name as printed at the top of the receipt (the COMPANY value). */
  readonly name: string;
  /** "(123456-X)", "CO. REG: 123456-X" or nothing: business data, printed after the name. */
  readonly registration: string;
  readonly upper: boolean;
}

/** A shop's name with its legal form, in capitals most of the time. */
export function makeShop(rng: Rng): Shop {
  const shape = rng.weighted([
    ['chinese-trade', 5],
    ['leading-word', 4],
    ['brand-trade', 4],
    ['brand-branch', 2],
    ['number-brand', 1],
  ] as const);
  let core: string;
  if (shape === 'chinese-trade') core = `${chineseName(rng)} ${rng.pick(TRADES)}`;
  else if (shape === 'leading-word') core = `${rng.pick(LEADING_WORDS)} ${chineseName(rng)}`;
  else if (shape === 'brand-trade') core = `${brand(rng)} ${rng.pick(TRADES)}`;
  else if (shape === 'brand-branch')
    core = `${brand(rng)} ${rng.pick(MY_AREAS)} ${rng.pick(MY_WORDS)}`;
  else core = `${rng.int(1, 99)} ${brand(rng)}`;
  let form = receiptLegalForm(rng);
  if (core.endsWith(form.replace(/^\(M\) /, ''))) form = '';
  // A branch or state in brackets sits between the name and the form: "X (KL) SDN BHD".
  const branch =
    form.includes('SDN') && rng.chance(0.25)
      ? ` (${rng.pick(['KL', 'JB', 'PG', 'SEL', rng.pick(MY_WORDS)])})`
      : '';
  const upper = rng.chance(0.8);
  const name = `${core}${branch}${form ? ` ${form}` : ''}`;
  const reg = `${rng.digits(rng.int(5, 7))}-${rng.pick(['A', 'D', 'H', 'K', 'M', 'P', 'T', 'U', 'V', 'W', 'X'])}`;
  const registration = rng.weighted([
    [`(${reg})`, 4],
    [`(CO. REG. NO: ${reg})`, 2],
    [`Co. No: ${reg}`, 1],
    [`(${rng.digits(12)})`, 1],
    ['', 3],
  ] as const);
  return { name: upper ? name : title(name), registration, upper };
}

/** A shop's address as its receipt prints it, one line per printed line. */
export function makeShopAddress(rng: Rng, upper = true): AddressLines {
  const country = rng.weighted([
    ['MY', 7],
    ['SG', 1],
    ['ID', 1],
    ['PH', 1],
  ] as const);
  let lines: string[];
  if (country === 'MY') {
    const [pre, town, state] = rng.pick(MY_TOWNS);
    const no = rng.weighted([
      [`NO ${rng.int(1, 300)}`, 3],
      [`NO.${rng.int(1, 99)}`, 2],
      [`NO. ${rng.int(1, 99)}-${rng.int(1, 3)}`, 1],
      [`LOT ${rng.int(100, 9999)}`, 2],
      [`${rng.int(1, 99)}${rng.pick(['', 'A', 'G'])}`, 2],
    ] as const);
    const street = `${rng.pick(MY_STREET)} ${rng.pick(MY_WORDS)}${rng.chance(0.5) ? ` ${rng.int(1, 30)}${rng.chance(0.5) ? `/${rng.int(1, 9)}` : ''}` : ''}`;
    const area = `${rng.pick(MY_AREAS)} ${rng.pick(MY_WORDS)}${rng.chance(0.3) ? ` ${rng.int(1, 30)}` : ''}`;
    const postcode = `${pre}${rng.digits(3)}`;
    lines = rng.chance(0.5)
      ? [`${no}, ${street},`, `${area},`, `${postcode} ${town},`, `${state}.`]
      : [`${no}, ${street}, ${area},`, `${postcode} ${town}, ${state}`];
  } else if (country === 'SG') {
    lines = [
      `BLK ${rng.int(1, 999)} ${rng.pick(SG_ROADS)} ${rng.int(1, 9)}`,
      `#${String(rng.int(1, 20)).padStart(2, '0')}-${rng.int(10, 999)}`,
      `SINGAPORE ${rng.digits(6)}`,
    ];
  } else if (country === 'ID') {
    lines = [
      `${rng.pick(ID_STREETS)} NO. ${rng.int(1, 200)}`,
      `${rng.pick(ID_TOWNS)} ${rng.digits(5)}`,
    ];
  } else {
    lines = [
      `${rng.int(1, 999)} ${rng.pick(PH_STREETS)}`,
      `BRGY. ${rng.pick(['SAN JOSE', 'POBLACION', 'SAN ISIDRO', 'STO. NIÑO'])}`,
      `${rng.pick(PH_TOWNS)} ${rng.digits(4)}`,
    ];
  }
  return upper ? lines : lines.map(title);
}

/** Things a till sells, in the till's capitals: hard negatives next to the shop's name. */
export const TILL_ITEMS = [
  'A4 PAPER 80GSM',
  'AIR BOTOL 500ML',
  'BATTERY AA 4S',
  'BIHUN GORENG',
  'CABLE TIE 8"',
  'CHICKEN RICE',
  'COLGATE 175G',
  'DETOL 500ML',
  'EXERCISE BOOK',
  'GARDEN HOSE 15M',
  'GLUE STICK',
  'HI-LITER',
  'ICE LEMON TEA',
  'KOPI O',
  'LED BULB 9W',
  'MEE GORENG',
  'MILO ICE',
  'NASI LEMAK',
  'PAINT BRUSH 2"',
  'PEN BLUE 0.5',
  'PVC PIPE 1/2"',
  'ROTI CANAI',
  'SCREW 3MM X 25',
  'SPANAR SET',
  'SUGAR 1KG',
  'TEH TARIK',
  'TISSUE 3PLY',
  'WHITE BREAD',
  'WIRE MESH',
  'WRAPPING PAPER',
] as const;

/** Lines a till prints under the total: plain text, never a value. */
export const TILL_FOOTERS = [
  'THANK YOU. PLEASE COME AGAIN.',
  'GOODS SOLD ARE NOT RETURNABLE & REFUNDABLE',
  'THANK YOU FOR SHOPPING WITH US',
  'TERIMA KASIH',
  'PLEASE KEEP THIS RECEIPT FOR EXCHANGE',
  'EXCHANGE WITHIN 7 DAYS WITH RECEIPT',
  '*** CUSTOMER COPY ***',
] as const;

const SURNAMES = [
  'TAN',
  'LIM',
  'LEE',
  'NG',
  'WONG',
  'ONG',
  'CHONG',
  'CHAN',
  'LOW',
  'TEH',
  'GOH',
  'YAP',
  'KHOO',
  'CHEAH',
  'LAU',
  'HO',
] as const;
const MALAY_FIRST = [
  'AHMAD',
  'MOHD',
  'NUR',
  'SITI',
  'FARID',
  'AISYAH',
  'HAFIZ',
  'NORAINI',
  'ZULKIFLI',
  'ROSLAN',
  'AZMAN',
  'FATIMAH',
] as const;
const INDIAN_FIRST = [
  'RAJESH',
  'KUMAR',
  'PRIYA',
  'MUTHU',
  'SELVI',
  'GANESH',
  'DEVI',
  'RAVI',
] as const;

/** A person's name as a Malaysian receipt prints it (cashier, customer), in capitals. */
export function makeLocalName(rng: Rng): string {
  const kind = rng.weighted([
    ['chinese', 5],
    ['malay', 4],
    ['indian', 2],
  ] as const);
  if (kind === 'chinese') return `${rng.pick(SURNAMES)} ${chineseName(rng)}`;
  if (kind === 'malay') {
    const first = rng.pick(MALAY_FIRST);
    return rng.chance(0.5)
      ? `${first} ${rng.pick(['BIN', 'BINTI'])} ${rng.pick(MALAY_FIRST)}`
      : first;
  }
  return rng.chance(0.5)
    ? `${rng.pick(INDIAN_FIRST)} A/L ${rng.pick(INDIAN_FIRST)}`
    : rng.pick(INDIAN_FIRST);
}

/** A Malaysian or Singaporean number as a till prints it: "03-7865 4321", "012-345 6789". */
export function makeShopPhone(rng: Rng): string {
  return rng.weighted([
    [`0${rng.int(3, 9)}-${rng.digits(rng.pick([7, 8]))}`, 3],
    [`0${rng.int(3, 9)}-${rng.digits(4)} ${rng.digits(4)}`, 3],
    [`01${rng.int(0, 9)}-${rng.digits(3)} ${rng.digits(4)}`, 2],
    [`+60 ${rng.int(3, 9)}-${rng.digits(4)} ${rng.digits(4)}`, 1],
    [`+65 ${rng.digits(4)} ${rng.digits(4)}`, 1],
    [`(0${rng.int(3, 9)}) ${rng.digits(4)}${rng.digits(4)}`, 1],
  ] as const);
}
