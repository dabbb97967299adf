/**
 * Public offices and titles alone: "United States Trustee", "U.S. Trustee", "Office of the United
 * States Trustee", "Trustee", "Case". LABELS.md leaves government bodies, courts and regulators out
 * of COMPANY and titles alone out of NAME. The model, which met no such office in training, tagged
 * "United States Trustee" 930 times as a company in a bankruptcy trustee's handbook (wild-dev),
 * and the office title on its own 181 more.
 *
 * A span made only of jurisdiction words, office words and connectives, with at least one office
 * word, is such an office. 0 of 16,700 gold NAME/COMPANY spans of the generator's evaluation data,
 * 0 of 1,107 presidio-synth-v2 PERSON/ORGANIZATION spans and none of the real sets' gold are. One
 * word outside the lists keeps the span ("U.S. Bank", "United States Steel", "Trustee Services
 * Ltd", "Federal Express").
 */

import { escapeRegExp } from '../../domain/escapeRegExp.js';

/** Words with their last full stop taken off ("U.S." is "u.s", "Dept." would be "dept"). */
const JURISDICTION = new Set('united states u.s us usa federal national state'.split(' '));

const OFFICE = new Set(
  (
    'trustee trustees debtor debtors creditor creditors receiver liquidator examiner case cases ' +
    'court courts clerk judge attorney attorneys general marshal marshals bankruptcy district ' +
    'department office program service treasury justice internal revenue commission ' +
    'administration agency government congress senate'
  ).split(' '),
);

const CONNECTIVES = new Set(['of', 'the', 'for']);

/** Whether a model span names a public office or is an office's title alone. */
export function isPublicOffice(value: string): boolean {
  const words = value
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[("'“‘]+|[)"'”’,;:]+$/g, '').replace(/\.$/, ''))
    .filter((w) => w !== '');
  const known = (w: string): boolean => JURISDICTION.has(w) || OFFICE.has(w) || CONNECTIVES.has(w);
  return words.every(known) && words.some((w) => OFFICE.has(w));
}

/**
 * Regulators, central banks, tax offices and standard setters by name: LABELS.md leaves them out
 * of COMPANY ("Reserve Bank of India"), and annual reports, 10-Ks and bank letters name them on
 * every page; the model tagged some as companies ("Federal Deposit Insurance Corporation" in
 * wild-dev's bank letters). Whole names only, with or without a leading "the", "&" read as
 * "and". An acronym is listed only where no company of note writes it ("DNB" is a Norwegian
 * bank as well as the Dutch central bank, "FCA" was Fiat Chrysler, "MAS" is a Spanish word).
 */
const REGULATOR_NAMES = [
  // United States.
  'Internal Revenue Service',
  'IRS',
  'Securities and Exchange Commission',
  'SEC',
  'Federal Reserve',
  'Federal Reserve Board',
  'Federal Reserve System',
  'Board of Governors of the Federal Reserve System',
  'Federal Deposit Insurance Corporation',
  'FDIC',
  'Office of the Comptroller of the Currency',
  'Consumer Financial Protection Bureau',
  'CFPB',
  'Commodity Futures Trading Commission',
  'CFTC',
  'Financial Industry Regulatory Authority',
  'FINRA',
  'Public Company Accounting Oversight Board',
  'PCAOB',
  'Financial Crimes Enforcement Network',
  'FinCEN',
  'Financial Accounting Standards Board',
  'FASB',
  'Government Accountability Office',
  'Small Business Administration',
  // United Kingdom.
  'HM Revenue and Customs',
  'HMRC',
  'Financial Conduct Authority',
  'Prudential Regulation Authority',
  'Bank of England',
  'Companies House',
  'Financial Reporting Council',
  'Financial Ombudsman Service',
  "Information Commissioner's Office",
  'Serious Fraud Office',
  'Pensions Regulator',
  // Europe and the world.
  'European Central Bank',
  'ECB',
  'European Banking Authority',
  'European Securities and Markets Authority',
  'ESMA',
  'International Accounting Standards Board',
  'IASB',
  'International Monetary Fund',
  'IMF',
  'Bank for International Settlements',
  'Basel Committee on Banking Supervision',
  'Financial Stability Board',
  'BaFin',
  'Bundesanstalt für Finanzdienstleistungsaufsicht',
  'Deutsche Bundesbank',
  'Bundesbank',
  'Bundeszentralamt für Steuern',
  'Autorité des marchés financiers',
  'Autorité de contrôle prudentiel et de résolution',
  'ACPR',
  'Banque de France',
  'Direction générale des Finances publiques',
  'DGFiP',
  'De Nederlandsche Bank',
  'Autoriteit Financiële Markten',
  'Belastingdienst',
  'Finansinspektionen',
  'Finanstilsynet',
  'Skatteverket',
  'Skatteetaten',
  'Sveriges Riksbank',
  'Riksbank',
  'Norges Bank',
  'Danmarks Nationalbank',
  // India.
  'Reserve Bank of India',
  'RBI',
  'Securities and Exchange Board of India',
  'SEBI',
  'Ministry of Corporate Affairs',
  'Income Tax Department',
  'Central Board of Direct Taxes',
  'CBDT',
  'Insurance Regulatory and Development Authority of India',
  'IRDAI',
  'Registrar of Companies',
  'GST Council',
  // Australia, New Zealand, Canada, Singapore, Hong Kong.
  'Australian Securities and Investments Commission',
  'ASIC',
  'Australian Prudential Regulation Authority',
  'APRA',
  'Australian Taxation Office',
  'Reserve Bank of Australia',
  'AUSTRAC',
  'Inland Revenue',
  'Inland Revenue Department',
  'Financial Markets Authority',
  'Reserve Bank of New Zealand',
  'Canada Revenue Agency',
  'Office of the Superintendent of Financial Institutions',
  'OSFI',
  'Bank of Canada',
  'Monetary Authority of Singapore',
  'Inland Revenue Authority of Singapore',
  'IRAS',
  'Accounting and Corporate Regulatory Authority',
  'Hong Kong Monetary Authority',
  'HKMA',
];

/** An acronym ("ESMA", "BaFin"): two capitals or more in one word. */
const ACRONYM = /^(?=(?:[^A-Z]*[A-Z]){2})[A-Za-z]+$/;
const FULL_NAMES = REGULATOR_NAMES.filter((n) => !ACRONYM.test(n));
const REGULATOR_KEYS = new Set(FULL_NAMES.map(regulatorKey));
const REGULATOR_ACRONYMS = new Set(
  REGULATOR_NAMES.filter((n) => ACRONYM.test(n)).flatMap((n) => [n, n.toUpperCase()]),
);

/** A name as compared: lower case, "&" as "and", no leading "the", single spaces. */
function regulatorKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/&/g, ' and ')
    .replace(/[.,;:)"”]+$/u, '')
    .replace(/^[("“]+/u, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:the|die|der|das|la|le|de) /u, '');
}

/** Whether a span is a regulator, central bank, tax office or standard setter by its name. */
export function isRegulator(value: string): boolean {
  // An acronym as printed or in capitals: "Esma" is a given name, "ESMA" the authority.
  const word = value
    .trim()
    .replace(/^the\s+/i, '')
    .replace(/[.,;:]+$/, '');
  return REGULATOR_ACRONYMS.has(word) || REGULATOR_KEYS.has(regulatorKey(value));
}

/** Every regulator's full name, any whitespace between its words, "&" for "and". */
const REGULATOR_NAME_PATTERN = new RegExp(
  [...FULL_NAMES]
    .sort((a, b) => b.length - a.length)
    .map((n) =>
      escapeRegExp(n)
        .replace(/ and /g, ' (?:and|&) ')
        .replace(/[’']/g, "['’]")
        .replace(/ /g, String.raw`\s+`),
    )
    .join('|'),
  'giu',
);

/** How far around a span a regulator's name is looked for: the longest name and more. */
const REGULATOR_REACH = 80;

/**
 * Whether `[start, end)` lies inside a regulator's full name where it stands: the model tagged
 * "Deposit Insurance Corporation" and the merge took "Federal" in before its legal form.
 */
export function inRegulatorName(text: string, start: number, end: number): boolean {
  const from = Math.max(0, start - REGULATOR_REACH);
  const around = text.slice(from, Math.min(text.length, end + REGULATOR_REACH));
  for (const m of around.matchAll(REGULATOR_NAME_PATTERN)) {
    const a = from + m.index;
    if (a <= start && end <= a + m[0].length) return true;
  }
  return false;
}

/**
 * Whether a model span of `type` is an office, scored down. A NAME of one word is a surname as
 * often as a title ("Mr. Case", "Judge" as a family name): only a NAME of several words, all
 * offices ("United States Trustee"), is. A COMPANY of one office word ("Trustee") is one.
 */
export function isOfficeSpan(type: string, value: string): boolean {
  if (type === 'COMPANY') return isPublicOffice(value) || isRegulator(value);
  return (
    type === 'NAME' && /\S\s+\S/.test(value.trim()) && (isPublicOffice(value) || isRegulator(value))
  );
}
