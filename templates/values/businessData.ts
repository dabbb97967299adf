import type { Rng } from '../core/rng.js';
import { LOCALE_INFO, type Locale } from './locales.js';

/*
 * Business data that stays readable (LABELS.md): invoice numbers, amounts, dates, tax numbers of
 * companies, section numbers, regulators, laws, products, public figures. These are the hard
 * negatives: the model must learn that digits and capitalised words are not PII by themselves.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_DE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const MONTHS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const MONTHS_NL = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
];
const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

export function date(rng: Rng, locale: Locale): string {
  const y = rng.int(2019, 2026);
  const m = rng.int(1, 12);
  const dd = rng.int(1, 28);
  const p2 = (n: number): string => String(n).padStart(2, '0');
  const month = MONTHS[m - 1] ?? 'May';
  switch (locale) {
    case 'en_US':
      return rng.pick([
        `${p2(m)}/${p2(dd)}/${y}`,
        `${month} ${dd}, ${y}`,
        `${y}-${p2(m)}-${p2(dd)}`,
        `${month.slice(0, 3)} ${dd}, ${y}`,
      ]);
    case 'en_GB':
      return rng.pick([
        `${p2(dd)}/${p2(m)}/${y}`,
        `${dd} ${month} ${y}`,
        `${dd} ${month.slice(0, 3)} ${y}`,
        `${y}-${p2(m)}-${p2(dd)}`,
      ]);
    case 'en_IN':
      return rng.pick([
        `${p2(dd)}/${p2(m)}/${y}`,
        `${p2(dd)}-${p2(m)}-${y}`,
        `${dd} ${month} ${y}`,
        `${p2(dd)}-${month.slice(0, 3)}-${y}`,
        `${p2(dd)}.${p2(m)}.${y}`,
      ]);
    case 'de':
      return rng.pick([
        `${p2(dd)}.${p2(m)}.${y}`,
        `${dd}. ${MONTHS_DE[m - 1] ?? 'Mai'} ${y}`,
        `${y}-${p2(m)}-${p2(dd)}`,
      ]);
    case 'fr':
      return rng.pick([
        `${p2(dd)}/${p2(m)}/${y}`,
        `${dd} ${MONTHS_FR[m - 1] ?? 'mai'} ${y}`,
        `${y}-${p2(m)}-${p2(dd)}`,
      ]);
    case 'nl':
      return rng.pick([
        `${p2(dd)}-${p2(m)}-${y}`,
        `${dd} ${MONTHS_NL[m - 1] ?? 'mei'} ${y}`,
        `${y}-${p2(m)}-${p2(dd)}`,
      ]);
    case 'es':
      return rng.pick([
        `${p2(dd)}/${p2(m)}/${y}`,
        `${dd} de ${MONTHS_ES[m - 1] ?? 'mayo'} de ${y}`,
        `${p2(dd)}-${p2(m)}-${y}`,
      ]);
  }
}

export function monthYear(rng: Rng): string {
  return `${rng.pick(MONTHS)} ${rng.int(2019, 2026)}`;
}

function groupThousands(intPart: string, sep: string, indian: boolean): string {
  if (indian && intPart.length > 3) {
    const last3 = intPart.slice(-3);
    const rest = intPart.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, sep);
    return `${rest}${sep}${last3}`;
  }
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** An amount in the locale's currency and number format, e.g. "₹1,23,456.00", "1.234,56 €". */
export function amount(rng: Rng, locale: Locale, max = 50000): string {
  const value = rng.int(1, max * 100);
  const intPart = String(Math.floor(value / 100));
  const cents = String(value % 100).padStart(2, '0');
  const info = LOCALE_INFO[locale];
  switch (locale) {
    case 'en_US':
    case 'en_GB':
      return rng.pick([
        `${info.currencySymbol}${groupThousands(intPart, ',', false)}.${cents}`,
        `${info.currency} ${groupThousands(intPart, ',', false)}.${cents}`,
      ]);
    case 'en_IN':
      return rng.pick([
        `₹${groupThousands(intPart, ',', true)}.${cents}`,
        `INR ${groupThousands(intPart, ',', true)}.${cents}`,
        `Rs. ${groupThousands(intPart, ',', true)}.${cents}`,
      ]);
    case 'nl':
      return rng.pick([
        `€ ${groupThousands(intPart, '.', false)},${cents}`,
        `€${groupThousands(intPart, '.', false)},${cents}`,
        `EUR ${groupThousands(intPart, '.', false)},${cents}`,
      ]);
    case 'de':
    case 'es':
      return rng.pick([
        `${groupThousands(intPart, '.', false)},${cents} €`,
        `EUR ${groupThousands(intPart, '.', false)},${cents}`,
        `${groupThousands(intPart, '.', false)},${cents} EUR`,
      ]);
    case 'fr':
      return rng.pick([
        `${groupThousands(intPart, ' ', false)},${cents} €`,
        `${groupThousands(intPart, ' ', false)},${cents} EUR`,
      ]);
  }
}

export function plainAmount(rng: Rng, max = 5000): string {
  const value = rng.int(100, max * 100);
  return `${groupThousands(String(Math.floor(value / 100)), ',', false)}.${String(value % 100).padStart(2, '0')}`;
}

export function percent(rng: Rng): string {
  return rng.pick([
    `${rng.int(1, 30)}%`,
    `${rng.int(1, 20)}.${rng.int(0, 9)}%`,
    `${rng.int(1, 28)} %`,
  ]);
}

export function invoiceNumber(rng: Rng): string {
  const y = rng.int(2019, 2026);
  return rng.pick([
    `INV-${y}-${rng.digits(5)}`,
    `INV/${y}/${rng.digits(4)}`,
    `${rng.pick(['FA', 'FAC', 'RE', 'F'])}${y}${rng.digits(5)}`,
    `${rng.digits(2)}-${rng.digits(6)}`,
    `#${rng.digits(6)}`,
    `${rng.pick(['GST', 'MH', 'KA', 'DL'])}/${y % 100}-${(y % 100) + 1}/${rng.digits(4)}`,
    `B${rng.digits(7)}`,
  ]);
}

export function reference(rng: Rng, prefix?: string): string {
  const p =
    prefix ?? rng.pick(['REF', 'TXN', 'ORD', 'PO', 'CLM', 'POL', 'ACK', 'CASE', 'UTR', 'FT']);
  return rng.pick([
    `${p}-${rng.digits(8)}`,
    `${p}${rng.digits(10)}`,
    `${p}/${rng.digits(4)}/${rng.digits(5)}`,
    `${p}${rng.int(2019, 2026)}${rng.digits(6)}`,
  ]);
}

/** Company VAT/GST registration numbers stay (LABELS.md); they look like IDs, so they are good negatives. */
export function taxRegistration(rng: Rng, locale: Locale): { label: string; value: string } {
  const L = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const letter = (): string => L[rng.int(0, L.length - 1)] ?? 'A';
  switch (locale) {
    case 'en_US':
      return {
        label: rng.pick(['EIN', 'Federal Tax ID', 'TIN']),
        value: `${rng.digits(2)}-${rng.digits(7)}`,
      };
    case 'en_GB':
      return {
        label: rng.pick(['VAT Reg. No.', 'VAT No', 'VAT Registration Number']),
        value: rng.pick([
          `GB${rng.digits(9)}`,
          `GB ${rng.digits(3)} ${rng.digits(4)} ${rng.digits(2)}`,
        ]),
      };
    case 'en_IN': {
      // A company's (C) or firm's (F) PAN: a P would be a person's, which LABELS.md counts as TAX_ID.
      const pan = `${letter()}${letter()}${letter()}${rng.pick(['C', 'F', 'C'])}${letter()}${rng.digits(4)}${letter()}`;
      return rng.chance(0.7)
        ? {
            label: rng.pick(['GSTIN', 'GST No.', 'GSTIN/UIN']),
            value: `${String(rng.int(1, 37)).padStart(2, '0')}${pan}${rng.int(1, 9)}Z${rng.pick(['1', '5', 'V', 'X'])}`,
          }
        : { label: rng.pick(['PAN', 'PAN No.']), value: pan };
    }
    case 'de':
      return {
        label: rng.pick(['USt-IdNr.', 'Steuernummer', 'VAT ID']),
        value: rng.chance(0.7)
          ? `DE${rng.digits(9)}`
          : `${rng.digits(3)}/${rng.digits(3)}/${rng.digits(5)}`,
      };
    case 'fr':
      return rng.chance(0.6)
        ? {
            label: rng.pick(['N° TVA intracommunautaire', 'TVA', 'VAT No.']),
            value: `FR${rng.digits(2)}${rng.digits(9)}`,
          }
        : {
            label: rng.pick(['SIRET', 'SIREN', 'RCS Lyon']),
            value: `${rng.digits(3)} ${rng.digits(3)} ${rng.digits(3)}${rng.chance(0.5) ? ` ${rng.digits(5)}` : ''}`,
          };
    case 'nl':
      return rng.chance(0.6)
        ? {
            label: rng.pick(['BTW-nummer', 'BTW nr.', 'VAT']),
            value: `NL${rng.digits(9)}B${rng.digits(2)}`,
          }
        : { label: rng.pick(['KvK', 'KvK-nummer', 'Chamber of Commerce']), value: rng.digits(8) };
    case 'es':
      return {
        label: rng.pick(['CIF', 'NIF', 'N.I.F.', 'VAT']),
        value: `${rng.pick(['B', 'A', 'ES-B', 'ESB'])}${rng.digits(8)}`,
      };
  }
}

export const REGULATORS: Readonly<Record<Locale, readonly string[]>> = {
  en_US: [
    'Internal Revenue Service',
    'IRS',
    'Securities and Exchange Commission',
    'Federal Reserve',
    'FinCEN',
    'the Consumer Financial Protection Bureau',
    'FDIC',
    'PCAOB',
    'the Office of the Comptroller of the Currency',
    'FINRA',
  ],
  en_GB: [
    'HM Revenue & Customs',
    'HMRC',
    'the Financial Conduct Authority',
    'the Prudential Regulation Authority',
    "the Information Commissioner's Office",
    'Companies House',
    'the Financial Ombudsman Service',
    'the Bank of England',
  ],
  en_IN: [
    'Reserve Bank of India',
    'the Securities and Exchange Board of India',
    'SEBI',
    'the Income Tax Department',
    'CBDT',
    'the Ministry of Corporate Affairs',
    'GST Council',
    'IRDAI',
    'NPCI',
    'ICAI',
  ],
  de: [
    'BaFin',
    'die Bundesanstalt für Finanzdienstleistungsaufsicht',
    'Deutsche Bundesbank',
    'das Finanzamt',
    'the Federal Central Tax Office',
    'IDW',
  ],
  fr: [
    "l'Autorité des marchés financiers",
    'AMF',
    'ACPR',
    'la Banque de France',
    'la DGFiP',
    'CNIL',
    'Tracfin',
  ],
  es: [
    'Banco de España',
    'la CNMV',
    'Agencia Tributaria',
    'AEPD',
    'the Spanish Data Protection Agency',
    'SEPBLAC',
  ],
  nl: [
    'De Nederlandsche Bank',
    'DNB',
    'Autoriteit Financiële Markten',
    'AFM',
    'Belastingdienst',
    'Autoriteit Persoonsgegevens',
    'Kifid',
  ],
};

export const LAWS: Readonly<Record<Locale, readonly string[]>> = {
  en_US: [
    'Sarbanes-Oxley Act',
    'Dodd-Frank Act',
    'Bank Secrecy Act',
    'Gramm-Leach-Bliley Act',
    'Fair Credit Reporting Act',
    'Internal Revenue Code Section 6050W',
    'Regulation E',
    'US GAAP',
    'ASC 606',
    'PCI DSS',
  ],
  en_GB: [
    'Companies Act 2006',
    'Data Protection Act 2018',
    'UK GDPR',
    'Money Laundering Regulations 2017',
    'FRS 102',
    'Consumer Credit Act 1974',
    'Payment Services Regulations 2017',
  ],
  en_IN: [
    'Income Tax Act, 1961',
    'Companies Act, 2013',
    'Section 80C',
    'Section 194J',
    'CGST Act, 2017',
    'Prevention of Money Laundering Act, 2002',
    'Ind AS 115',
    'FEMA',
    'Section 143(1)',
    'Digital Personal Data Protection Act, 2023',
  ],
  de: ['HGB', 'GwG', 'DSGVO', '§ 14 UStG', 'Abgabenordnung', 'IFRS 9', 'KWG'],
  fr: [
    'RGPD',
    'Code monétaire et financier',
    'article L. 441-10 du Code de commerce',
    'Loi Sapin II',
    'IFRS 16',
    'PSD2',
  ],
  es: [
    'RGPD',
    'Ley 10/2010',
    'LOPDGDD',
    'Plan General Contable',
    'IFRS 15',
    'Ley 58/2003 General Tributaria',
  ],
  nl: [
    'Wft',
    'AVG',
    'Wwft',
    'Burgerlijk Wetboek Boek 2',
    'Wet op de omzetbelasting 1968',
    'Titel 9 BW2',
  ],
};

export const STANDARDS = [
  'Basel III',
  'IFRS 9',
  'ISA 700',
  'ISO 27001',
  'SOC 2 Type II',
  'GDPR',
  'PCI DSS v4.0',
  'COSO 2013',
  'ISAE 3402',
  'SA 700',
];

export const PRODUCTS = [
  'Office Chair Ergo Pro',
  'Dell Latitude 5440',
  'HP LaserJet Pro M404dn',
  'Microsoft 365 Business Standard',
  'QuickBooks Online',
  'Tally Prime Gold',
  'SAP Business One licence',
  'A4 Copier Paper (500 sheets)',
  'Logitech MX Keys',
  'Annual Maintenance Contract',
  'Cloud Hosting - Standard Plan',
  'Consulting services (hours)',
  'Desk Lamp LED',
  'Conference Table Oak 240cm',
  'iPhone 15 128GB',
  'Adobe Acrobat Pro',
  'Zoom Workplace Pro',
  'Toner Cartridge 26A',
  'Ergonomic Footrest',
  'Software Development - Sprint 4',
  'Audit fee - statutory audit',
  'Tax advisory retainer',
  'Shipping & handling',
  'Server Rack 42U',
  'Whiteboard Magnetic 120x90',
  'Salesforce Sales Cloud',
  'Slack Pro (annual)',
  'Cisco Meraki MX68',
  'Freight charges',
  'Installation labour',
];

/** Appended to consumer line items (" XL", " 500 ml"); empty most of the time. */
export const ITEM_SIZES = ['', '', '', ' XL', ' M', ' 42', ' 500 ml', ' 1 kg', ' 2-pack', ' 128GB'];

/** Quoted as public figures (LABELS.md: not PII in that role). */
export const PUBLIC_FIGURES = [
  'Warren Buffett',
  'Janet Yellen',
  'Christine Lagarde',
  'Jerome Powell',
  'Andrew Bailey',
  'Shaktikanta Das',
  'Nirmala Sitharaman',
  'Benjamin Graham',
  'John Maynard Keynes',
  'Adam Smith',
];

/**
 * Sentences where a word that is also a given name is an ordinary word. The model must not learn
 * "capitalised first-name-like token → NAME".
 */
export function nameLikeSentence(rng: Rng, locale: Locale): string {
  const a = amount(rng, locale, 20000);
  return rng.pick([
    `Please mark as paid once the transfer of ${a} is received.`,
    `Mark as paid in the ledger after reconciliation.`,
    `The company received a grant of ${a} from the regional development fund.`,
    `Sales rose by ${percent(rng)} compared with the prior year.`,
    `Net revenue rose by ${percent(rng)} while costs fell by ${percent(rng)}.`,
    `A grace period of ${rng.int(5, 30)} days applies to all overdue amounts.`,
    `We will chase the outstanding balance of ${a} next week.`,
    `Bill to the address on file unless instructed otherwise.`,
    `Amounts are stated in pound sterling unless noted otherwise.`,
    `The auditor's frank assessment is set out below.`,
    `Will payment be made by ${monthYear(rng)}?`,
    `The summer promotion ended in June and sales fell by ${percent(rng)}.`,
    `Any penny differences are due to rounding.`,
    `The amber risk rating applies until the review is complete.`,
    `Our joint and several liability is capped at ${a}.`,
    `Dawn raids by the regulator are not covered by this policy.`,
    `Rich media attachments are not accepted by the portal.`,
    `Carol singing event sponsorship is recorded under marketing.`,
    `Victoria sponge and refreshments for the board meeting were expensed.`,
    `As ${rng.pick(PUBLIC_FIGURES)} once put it, price is what you pay and value is what you get.`,
    `Rates follow the guidance published by ${rng.pick(PUBLIC_FIGURES)} at the last policy meeting.`,
    `Payments may be made by cheque, card or bank transfer; do not send cash.`,
    `Faith in the figures depends on the controls described in section ${rng.int(2, 9)}.`,
  ]);
}
