/**
 * What the model is not trusted with: text an OCR made up, market vocabulary, a legal citation,
 * a public office, a department or a dotted abbreviation alone, and names led by a digit. All are pure checks over the text (the model
 * itself is not needed); the NER recognizer scores such spans down
 * (src/detect/ner/nerRecognizer.ts).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inGarbledText, isGarbledToken } from '../../src/detect/ner/garbledText.js';
import { isMarketTerm } from '../../src/detect/ner/marketTerms.js';
import { inDepartmentName, isDepartmentName } from '../../src/domain/departmentNames.js';
import { isDigitLedName } from '../../src/detect/ner/digitLedName.js';
import {
  inRegulatorName,
  isOfficeSpan,
  isPublicOffice,
  isRegulator,
} from '../../src/detect/ner/publicOffices.js';
import { isFillerText } from '../../src/detect/ner/fillerText.js';
import { inDottedAbbreviation } from '../../src/detect/ner/dottedAbbreviations.js';
import { hasTradeWord, onlyTradeWords } from '../../src/domain/organisationWords.js';
import { inLegalCitation, isLegalCitation } from '../../src/detect/ner/legalCitations.js';
import { commonWordLexicon, isCommonWordSpan } from '../../src/detect/ner/commonWords.js';
import { inSensitivityLabel } from '../../src/detect/ner/sensitivityLabels.js';

// The shipped model's vocabulary, as the recognizer asks it.
const vocab = new Set(
  readFileSync(join(import.meta.dirname, '../../models/pii-ner/vocab.txt'), 'utf8').split('\n'),
);
const isWord = (w: string): boolean => vocab.has(w);

/** `judge` asked of the first occurrence of `span` in `text`, where the model would have put it. */
const judgedWhere =
  (judge: (text: string, start: number, end: number) => boolean) =>
  (text: string, span: string): boolean => {
    const start = text.indexOf(span);
    return judge(text, start, start + span.length);
  };
const garbled = judgedWhere((text, start, end) => inGarbledText(text, start, end, isWord));

/** Each of `values` judged as `expected` by `judge`; a failure names the value. */
function judgedAs(
  judge: (v: string) => boolean,
  values: readonly string[],
  expected: boolean,
): void {
  for (const v of values) expect(judge(v), v).toBe(expected);
}

describe('text an OCR made up', () => {
  // As a Chinese audit letter's text layer reads in English (real-dev2), abridged.
  const scan = [
    'TE E% wow os = 5h ¥ Eg a5 2 Eg No i',
    'BIEIFE Rs oS , ‘RE EG B > Es BoB S we :',
    'TRE 2015 45K, JERATRARA FEHR HEA FE 45 ARR BR AA',
    '| 2015 4F 11 FH, FEA EEALT #8 ti RAE ERMA 24 Hisk “isk',
    'FE SaSz FB 2gs33 Eis Bu',
  ].join('\n');

  it('is recognised around a span', () => {
    expect(garbled(scan, 'JERATRARA FEHR')).toBe(true);
    expect(garbled(scan, 'Eis Bu')).toBe(true);
  });

  it('tells fragments from words, codes, abbreviations and addresses', () => {
    for (const t of ['Eg', 'FEHR', 'SaSz', '2gs33', 'a5', '¥', '5EsEd']) {
      expect(isGarbledToken(t, isWord), t).toBe(true);
    }
    for (const t of [
      'to',
      'TO',
      'To:',
      'ID:',
      'Mr.',
      'G.',
      'FEAR',
      'LLP',
      'VAT',
      'EN7',
      '9AC,',
      '(0)20',
      'Telephone:+44',
      'billing@example.co.uk',
      'https://example.com',
      'McDonald',
      'B.V.',
      "Taylor's",
      'DREHER',
      'Bahnhofstraße',
    ]) {
      expect(isGarbledToken(t, isWord), t).toBe(false);
    }
  });

  it('is not a business letterhead in capitals, a quoted e-mail or a short scan', () => {
    const letterhead =
      'PINNACLE HOLDINGS & CO. LLP · 69 HAND RISE, LOWER STANTON, EN7 9AC, UNITED KINGDOM\n' +
      'Telephone:+44 (0)20 4946 9584 | E:billing@pinnacleholdings.co.uk | https://www.pinnacleholdings.co.uk\n' +
      'VAT No:GB 588 9904 61\n\nTAX INVOICE\nBill to: Conroy, Lynch and Durgan & Co. LLP';
    expect(garbled(letterhead, 'PINNACLE HOLDINGS & CO. LLP')).toBe(false);
    const quoted =
      '> \n> Mijail C Adomo\n> Asc Partners\n> 935 69 Gordon Terrace\n> Suite 828\n> BASHALL TOWN\n> United Kingdom 89800';
    expect(garbled(quoted, 'Mijail C Adomo')).toBe(false);
    // A till receipt's head under OCR noise, its legal form, street type and title in capitals:
    // words of src/domain/vocabulary, not what an OCR made up (values made up).
    const receipt =
      'a a Sm\nLSP OX\nMR. TOYWORLD (M) SDN BHD\n(CO.REG :123456-X)\n' +
      'LOT 12-A & 12-B, JALAN MAWAR 3,\nKAWASAN PERINDUSTRIAN DAMAI,\n43300 SERI KEMBANGAN';
    expect(garbled(receipt, 'TOYWORLD (M) SDN BHD')).toBe(false);
    for (const t of ['SDN', 'BHD', 'MR.', 'DR', 'JALAN', 'JLN']) {
      expect(isGarbledToken(t, isWord), t).toBe(false);
    }
    // Fewer than ten tokens: too few to judge, whatever they are.
    expect(garbled('Corin Ashdale N V E\ncashdale7@example.com', 'Corin Ashdale')).toBe(false);
  });
});

describe('market vocabulary alone', () => {
  it('is share classes, exchanges, indices and the capitals of an integrated report', () => {
    judgedAs(
      isMarketTerm,
      [
        'Class A stock and Class C',
        'Class B',
        'NASDAQ',
        'Composite RDG',
        'S&P',
        'REGISTRANT’S COMMON EQUITY',
        'Financial Capital',
        'ESG',
      ],
      true,
    );
  });

  it('is not a name with one other word, a surname, an initial or a word alone that names firms', () => {
    judgedAs(
      isMarketTerm,
      ['Nasdaq, Inc.', 'Capital One', 'Can Capital', 'Capital', 'Jones', 'C', 'and'],
      false,
    );
  });
});

describe('a department named alone', () => {
  it('is two department words, or one with a word that says it is a unit', () => {
    judgedAs(
      isDepartmentName,
      [
        'People & Culture',
        'Human Resources',
        'Accounts Payable',
        'Customer Services',
        'Finance Team',
        'IT Department',
        'Sales and Marketing',
      ],
      true,
    );
  });

  it('is judged whole where the model took a piece of it', () => {
    const department = judgedWhere(inDepartmentName);
    const text = 'Return it to Anna in People & Culture by Friday. Culture Trip Ltd pays.';
    expect(department(text, '& Culture')).toBe(true);
    expect(department(text, 'Culture')).toBe(true);
    expect(department(text, 'Culture Trip Ltd')).toBe(false);
    expect(department('Our Finance is sound.', 'Finance')).toBe(false);
    // A signature's line: the department opens it, the company follows a comma.
    expect(department('Karen Rhodes\nPeople & Culture, Taylor PLC', '& Culture')).toBe(true);
  });

  it('is not a name with a word of its own, nor one department word alone', () => {
    judgedAs(
      isDepartmentName,
      ['Acme Finance', 'Legal & General', "People's Bank", 'Finance', 'Treasury', 'Payroll Ltd'],
      false,
    );
  });
});

describe('names led by a digit', () => {
  it('are a lab code or a row number glued to a word, never a person', () => {
    judgedAs(isDigitLedName, ['2Unstim', '1Freq CD161', '٣Ahmed'], true);
    judgedAs(isDigitLedName, ['Priya Daruwalla', "O'Brien", 'Ånström', 'J. 2nd Smith'], false);
  });
});

describe('public offices', () => {
  it('are government offices and titles alone, however cased', () => {
    judgedAs(
      isPublicOffice,
      [
        'United States Trustee',
        'UNITED STATES TRUSTEE',
        'United  States Trustee',
        'U.S. Trustee',
        'Office of the United States Trustee',
        'Trustee',
        'TRUSTEE',
        'Case',
        'U.S. Bankruptcy Court',
        'Internal Revenue Service',
        'Department of Justice',
      ],
      true,
    );
  });

  it('leave a name with one word outside the offices', () => {
    judgedAs(
      isPublicOffice,
      [
        'U.S. Bank',
        'United States Steel',
        'Trustee Services Ltd',
        'Federal Express',
        'National Westminster Bank',
        'State Street',
        'General Electric',
        'Jane Trustee',
        'United States',
        'US',
      ],
      false,
    );
  });
});

describe('office spans', () => {
  it('leave a one-word name, which is a surname as often as a title', () => {
    expect(isOfficeSpan('NAME', 'Case')).toBe(false);
    expect(isOfficeSpan('NAME', 'Judge')).toBe(false);
    expect(isOfficeSpan('NAME', 'United States Trustee')).toBe(true);
    expect(isOfficeSpan('COMPANY', 'Trustee')).toBe(true);
    expect(isOfficeSpan('ADDRESS', 'Office')).toBe(false);
  });
});

describe('regulators', () => {
  it('are named whole, with or without "the", "&" for "and", acronyms in capitals', () => {
    judgedAs(
      isRegulator,
      [
        'Federal Deposit Insurance Corporation',
        'the Securities and Exchange Commission',
        'HM Revenue & Customs',
        'Reserve Bank of India',
        'FDIC',
        'BaFin',
        'BAFIN',
        'De Nederlandsche Bank',
      ],
      true,
    );
  });

  it('leave a bank or a name that shares a word or the letters', () => {
    judgedAs(
      isRegulator,
      [
        'Esma',
        'DNB',
        'FCA US LLC',
        'Bank of England Sports Club',
        'Reserve Bank',
        'India Securities Ltd',
        'Federal Express',
      ],
      false,
    );
    expect(isOfficeSpan('COMPANY', 'Federal Deposit Insurance Corporation')).toBe(true);
    expect(isOfficeSpan('NAME', 'Esma')).toBe(false);
  });

  it('hold a span the model cut from a regulator’s name where it stands', () => {
    const inside = judgedWhere(inRegulatorName);
    // The model tagged the name's end; the merge would have taken "Federal" in before the form.
    const insured = 'a bank that is insured by the Federal Deposit Insurance Corporation; and';
    expect(inside(insured, 'Deposit Insurance Corporation')).toBe(true);
    expect(inside('filed with HM Revenue & Customs today', 'Revenue & Customs')).toBe(true);
    expect(
      inside('insured by Harbour Deposit Insurance Corporation', 'Deposit Insurance Corporation'),
    ).toBe(false);
    expect(
      inside('the Federal Reserve Bank of Kansas City', 'Federal Reserve Bank of Kansas City'),
    ).toBe(false);
  });
});

describe('lorem ipsum', () => {
  it("is the filler's words alone, one of them no name anywhere", () => {
    judgedAs(
      isFillerText,
      ['Lorem ipsum', 'LOREM IPSUM', 'dolor sit', 'amet.', 'Sed ut Tempor'],
      true,
    );
  });

  it('is not a filler word that names people and firms alone, nor a name beside filler', () => {
    judgedAs(
      isFillerText,
      ['Magna', 'Nisi', 'Elit', 'Mauris', 'Lorem Quill', 'Ann Quill', 'Dolores Ipswich'],
      false,
    );
  });
});

describe('dotted abbreviations', () => {
  const inside = judgedWhere(inDottedAbbreviation);

  it('hold the letters the model read as initials, whole or cut', () => {
    expect(inside('C.O.D. ONLY ORDER REF Q1', 'C.O')).toBe(true);
    expect(inside('Terms: F.O.B. Rotterdam', 'F.O.B.')).toBe(true);
    expect(inside('E.&O.E.', 'E.&O')).toBe(true);
  });

  it('leave initials, undotted words and names beside an abbreviation', () => {
    expect(inside('Prepared by: J.S. on 3 May', 'J.S.')).toBe(false);
    expect(inside('COD ONLY', 'COD')).toBe(false);
    expect(inside('C.O.D. to Quill Harrow', 'Quill Harrow')).toBe(false);
    expect(inside('Signed P.M. Harrow', 'P.M. Harrow')).toBe(false);
  });
});

describe('sensitivity labels', () => {
  const labelled = judgedWhere(inSensitivityLabel);

  it('hold a level code or "Classification" with its level, whole or cut', () => {
    const footer = 'Quarterly results\tPage 4\nIndex oddFooter: C2 General';
    expect(labelled(footer, 'C2 General')).toBe(true);
    expect(labelled(footer, 'General')).toBe(true);
    expect(labelled('C3 - Confidential', 'C3 - Confidential')).toBe(true);
    expect(labelled('Classification: Internal Use Only', 'Internal Use Only')).toBe(true);
  });

  it('leave a level word alone, a name holding one and names beside a label', () => {
    expect(labelled('Prepared by General Dynamics Ltd', 'General Dynamics Ltd')).toBe(false);
    expect(labelled('Dear General Okafor,', 'General Okafor')).toBe(false);
    expect(labelled('Internal', 'Internal')).toBe(false);
    expect(labelled('C2 General\nMaria Lindqvist', 'Maria Lindqvist')).toBe(false);
    expect(labelled('C2 General Quill Harrow', 'General Quill Harrow')).toBe(false);
  });
});

describe('legal citations', () => {
  it('are the codes and rules cited, with their titles, sections and subsections', () => {
    judgedAs(
      isLegalCitation,
      [
        '11 U.S.C.',
        '28 C.F.R',
        '521(h), 28 U.S.C. § 586(b)',
        '28 C.F.R. § 58.6(a)(3)',
        'Fed. R. Bankr. P.',
        'R. Evid',
        'I.R.C. § 6001',
      ],
      true,
    );
  });

  it('are judged whole where the model cut them', () => {
    const cited = judgedWhere(inLegalCitation);
    const rule = 'Notice is given under Fed. R. Bankr. P. 3011 to the debtor.';
    expect(cited(rule, 'P. 3011')).toBe(true);
    expect(cited('Fed. R. Bankr. P. 3002, Fed. R. Bankr. P. 4002.', '4002')).toBe(true);
    const code = 'as 11 U.S.C. § 1302 and 521(h), 28 U.S.C. § 586(b) provide';
    expect(cited(code, '11 U.S.')).toBe(true);
    expect(cited(code, 'h), 28 U.S.C.')).toBe(true);
    expect(cited(code, '1302')).toBe(true);
    expect(cited('see 28 C.F.R. § 58.6', '28 C.F.')).toBe(true);
    // A name or an address beside a citation is still a name or an address.
    expect(cited('Signed by R. Smith under 11 U.S.C. § 1302.', 'R. Smith')).toBe(false);
    expect(cited('under 11 U.S.C. 12 Main Street, Dover', '12 Main Street, Dover')).toBe(false);
    expect(cited('Invoice 3011 for Acme LLC', '3011')).toBe(false);
  });

  it('leave names, initials, streets and bare numbers alone', () => {
    judgedAs(
      isLegalCitation,
      ['R. Smith', 'P. O. Box 12', '12 Main St', '4002', 'Fed Ex Logistics', 'No. 5'],
      false,
    );
  });
});

describe("a trade's words", () => {
  it('make a name a company’s, and only words of a trade count', () => {
    expect(hasTradeWord('SYARIKAT PERNIAGAAN KIM HOCK')).toBe(true);
    expect(hasTradeWord('Harbour Seafood Restaurant')).toBe(true);
    // "Mart" is a Dutch given name; "Bank" a surname.
    expect(hasTradeWord('Mart van den Bosch')).toBe(false);
    expect(hasTradeWord('Jane Bank')).toBe(false);
    expect(onlyTradeWords('RESTORAN')).toBe(true);
    expect(onlyTradeWords('RESTORAN SRI MELUR')).toBe(false);
  });
});

describe('lower-case dictionary words in cased text', () => {
  const judged = async (text: string, span: string, type = 'COMPANY'): Promise<boolean> => {
    const start = text.indexOf(span);
    return isCommonWordSpan(text, type, start, start + span.length, await commonWordLexicon());
  };
  const prose =
    'The Trustee may require a surety bond before the lockbox is opened. Debtors who defraud ' +
    'the Court are referred to the United States Attorney.';

  it('are no party where the text around is written with capitals', async () => {
    expect(await judged(prose, 'surety bond')).toBe(true);
    expect(await judged(prose, 'lockbox')).toBe(true);
    expect(await judged(prose, 'defraud', 'NAME')).toBe(true);
    expect(await judged('Why is Ivan so impulsive? Ask Ben.', 'is', 'NAME')).toBe(true);
  });

  it('leave capitals, brands outside the dictionary, names and all-lower-case text', async () => {
    // The same words capitalised may be a firm's name.
    expect(await judged('Paid to Surety Bond Partners for the Court.', 'Surety Bond')).toBe(false);
    // Lower-case brands the generator writes ("bluewave"): no dictionary word.
    expect(await judged('Legal name of entity: bluewave\nRegistered in Berlin', 'bluewave')).toBe(
      false,
    );
    // Words that are someone's given name or surname somewhere stay the model's.
    expect(await judged('Thanks, mark. Regards from the Team', 'mark', 'NAME')).toBe(false);
    expect(await judged('Call Grace or rose at the Office.', 'rose', 'NAME')).toBe(false);
    // A trade's word may be a shop's name as an OCR read it.
    expect(await judged('Kedai Sentosa\nbakery\n12, Jalan Melur 4, Taman Indah', 'bakery')).toBe(
      false,
    );
    // After a title a dictionary word is a surname.
    expect(await judged('We met mr fox at the Bank in Leeds.', 'fox', 'NAME')).toBe(false);
    // Text written without capitals writes names without them too.
    expect(await judged('my friend lives in harburg', 'friend', 'NAME')).toBe(false);
    // Only names and companies are judged.
    expect(await judged(prose, 'lockbox', 'ADDRESS')).toBe(false);
  });
});
