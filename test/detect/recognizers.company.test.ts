/**
 * COMPANY names with a shape of their own, found without the model: strata bodies by their plan
 * number, card descriptors of payment facilitators, and banks around their bank word.
 */
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';

async function found(text: string): Promise<string[]> {
  const detector = await createDetector({ ner: false, types: ['COMPANY'] });
  return (await detector.detect(text)).map((s) => s.text);
}

describe('strata bodies', () => {
  it('finds a body corporate or owners corporation by its number, in title or upper case', async () => {
    // As an Auckland utility bill addresses its client (real-dev2).
    expect(await found('C/- Body Corporate 731904\nPO Box 58-113')).toEqual([
      'Body Corporate 731904',
    ]);
    expect(await found('BODY CORPORATE 208417 ADMIN')).toEqual(['BODY CORPORATE 208417']);
    expect(await found('Levy for Owners Corporation SP12345')).toEqual([
      'Owners Corporation SP12345',
    ]);
  });

  it('leaves the words in a sentence and without a number', async () => {
    expect(await found('the body corporate 12 rules apply')).toEqual([]);
    expect(await found('Body Corporate Rules, page 3')).toEqual([]);
  });
});

describe('card descriptors of payment facilitators', () => {
  it('finds the facilitator, the star and the merchant up to the end of the field', async () => {
    // As a card statement export prints it (real-dev2's card statement).
    expect(await found('2019-08-01\tPAYPAL *USCUSTOMSBO\tKöp\t-14')).toEqual([
      'PAYPAL *USCUSTOMSBO',
    ]);
    expect(await found('12/03 SQ *JOES COFFEE  4.50')).toEqual(['SQ *JOES COFFEE']);
  });

  it('leaves a star that follows no facilitator', async () => {
    expect(await found('Total *incl. VAT')).toEqual([]);
    expect(await found('PAYPAL transfer 12.00')).toEqual([]);
  });
});

describe('bank names', () => {
  it('finds a bank around its bank word, with the name before or after it and its legal form', async () => {
    expect(
      await found('Virement BRED BANQUE POPULAIRE – Titulaire du compte : LUMIPRESSE'),
    ).toEqual(['BRED BANQUE POPULAIRE']);
    expect(await found('Bank Name: ASB Bank\nAccount Number')).toEqual(['ASB Bank']);
    expect(await found('Betalning PG 5213470-7 Bank Norwegian\t-266,23')).toContain(
      'Bank Norwegian',
    );
    expect(await found('paid to HDFC Bank on 3 May')).toEqual(['HDFC Bank']);
    expect(await found('Bank of America, N.A. (India)')).toEqual(['Bank of America, N.A.']);
    expect(await found('Beneficiary Bank: BANK OF AMERICA, N.A. (INDIA BRANCHES)')).toEqual([
      'BANK OF AMERICA, N.A.',
    ]);
    expect(await found('Deutsche Bank AG Frankfurt')).toEqual(['Deutsche Bank AG']);
    expect(await found('Paid by bank. Zimmer Bank AG confirmed')).toEqual(['Zimmer Bank AG']);
    // A law word further on in the sentence does not make the bank a law.
    expect(await found('Bank Norwegian ASA acts as agent')).toEqual(['Bank Norwegian ASA']);
    // The bank named after its role's label is still found.
    expect(await found('Beneficiary Bank: HDFC Bank Ltd')).toEqual(['HDFC Bank Ltd']);
    expect(await found('Lead Bank, Kansas City')).toEqual(['Lead Bank']);
  });

  it('leaves labels, roles, central and public banks, and laws named after banks', async () => {
    for (const text of [
      'Reserve Bank of India',
      'Bank of England base rate',
      'World Bank Group',
      'the Bank Account No. 12',
      'Bank Deposit',
      'Bank Giro Credit',
      'Bank : Australia and New Zealand Banking Group Limited',
      'STANDARD BANK CONFIRMATION',
      'Beneficiary Bank: see below',
      'Standard Bank Confirmation request',
      'Suite 28, 40 Sienna Bank, Cumbria',
      'De Nederlandsche Bank',
      // Laws named after banks (LABELS.md: laws are not companies).
      'Reported under Bank Secrecy Act reduced the liability by 27 %.',
      'the Bank Holding Company Act of 1956',
      'BRRD (Bank Recovery and Resolution Directive)',
      'Canada’s Bank Act requires',
      // A bank's role in a payment, and headings (a table of contents glues its page number).
      'Intermediary Bank Name: Citibank N.A.',
      'Correspondent Bank SWIFT: CHASUS33',
      'Beneficiary Bank Address: 1 Main St',
      'Issuing Bank Details',
      'Custodian Bank Statement',
      'CUSTODY AND MONITORING BANK',
      '5. BANK ACCOUNTS7-3',
      'B. BANK REQUIREMENTS',
    ]) {
      expect(await found(text), text).toEqual([]);
    }
  });
});

describe('counterparties after a payment type in a transaction row', () => {
  it('finds the payee after the type and its references, to the end of the field', async () => {
    // Synthetic rows in the shape of a Swedish bank's export (tab-separated cells).
    expect(await found('2024-05-02\tAutogiro NORDGREN FOTO\t\t-100,00\t9.713,01')).toEqual([
      'NORDGREN FOTO',
    ]);
    expect(
      await found('2024-05-02\tBetalning PG 5512094-3 Elkundtjänst\t\t-314,00\t9.079,24'),
    ).toEqual(['Elkundtjänst']);
    // A statement PDF's row: column gaps of spaces, or none at all.
    expect(await found('03/02/2024   DD HARBOUR WATER LTD   45.00   1,234.56')).toEqual([
      'HARBOUR WATER LTD',
    ]);
    expect(await found('12.03.2024 Kartenzahlung 12.03 Bäckerei Quast 4,50')).toEqual([
      'Bäckerei Quast',
    ]);
    // "to" or "from" after the type is the bank's word, not the payee's.
    expect(await found('02/05/2024 Card payment to HARBOUR DELI 3297 12.50')).toEqual([
      'HARBOUR DELI',
    ]);
    expect(await found('2024-05-02\tÜberweisung an Quast Holz GmbH\t-100,00')).toEqual([
      'Quast Holz GmbH',
    ]);
    expect(await found('2024-05-02\tSwish An Quill\t-100,00')).toEqual(['An Quill']);
    // A legal form that is also a province's code (AB: aktiebolag, Alberta).
    expect(await found('2024-04-30\tLön KVARNBY SNICKERI AB\t\t25.400,00\t9.737,01')).toEqual([
      'KVARNBY SNICKERI AB',
    ]);
  });

  it('leaves rows that are no transaction, and types followed by a product or a fee', async () => {
    // No date and amount on the line: a heading, a payment term.
    expect(await found('Direct Debit Instruction')).toEqual([]);
    expect(await found('Betalning\t30 dagar netto')).toEqual([]);
    // The bank's own product after the type, a type not in the list.
    expect(await found('2024-05-01\tAutogiro Månadspris kort\t\t-24,00\t9.689,01')).toEqual([]);
    expect(await found('2024-05-01\tVardagspaket Månadspris kort\t\t-24,00\t9.689,01')).toEqual([]);
    // A card terminal's town and state alone: no merchant named, and a town is no address.
    expect(await found('2024-01-09\tPOS PURCHASE #1636 AUSTIN KS\t1,703.63\t899.22')).toEqual([]);
    expect(
      await found('2024-01-09\tPOS PURCHASE #1636 HARBOUR DELI AUSTIN KS\t1,703.63\t899.22'),
    ).toEqual(['HARBOUR DELI AUSTIN KS']);
    // The type in the middle of a field: prose, not the bank's transaction text.
    expect(await found('2024-05-01\tRefund of the Direct Debit Fee\t-24,00')).toEqual([]);
  });
});

describe('the party on the line under a recipient label', () => {
  async function parties(text: string): Promise<[string, string][]> {
    const detector = await createDetector({ ner: false, types: ['COMPANY', 'NAME'] });
    return (await detector.detect(text)).map((s) => [s.type, s.text]);
  }

  it('finds an organisation or a person between the label and the address', async () => {
    // An upper-case client line of a property manager's invoice: the model gave it no score.
    expect(
      await parties('DELIVER TO:\nNORTHGATE PROPERTY ADMINISTRATION\n14 HARBOUR ROAD\nWELLINGTON'),
    ).toEqual([['COMPANY', 'NORTHGATE PROPERTY ADMINISTRATION']]);
    expect(await parties('Bill To:\nQuill Harrow\n12 Mill Lane, Leeds LS1 4AB')).toEqual([
      ['NAME', 'Quill Harrow'],
    ]);
    expect(await parties('Rechnungsempfänger\nLindqvist Logistics\nHafenstraße 3')).toEqual([
      ['COMPANY', 'Lindqvist Logistics'],
    ]);
    expect(await parties('Ship to\nVarga Bros. Ltd.\nPO Box 77')).toEqual([
      ['COMPANY', 'Varga Bros. Ltd.'],
    ]);
  });

  it('leaves a line that names no party, or a block without an address under it', async () => {
    // Not the block's shape: no digit on the line after.
    expect(await parties('Bill To:\nQuill Harrow\nThank you for your order')).toEqual([]);
    // The label shares its line with other text, or the line under it is another label or a
    // placeholder a form prints.
    expect(await parties('Bill To: see below\nQuill Harrow\n12 Mill Lane')).toEqual([]);
    expect(await parties('Customer:\nWALK IN CUSTOMER\nTable 4')).toEqual([]);
    expect(await parties('Ship To:\nSame as billing address\n12 Mill Lane')).toEqual([]);
    expect(await parties('Deliver to:\nPhone:\n0161 496 0000')).toEqual([]);
    expect(await parties('Bill To:\nAccounts Payable\n12 Mill Lane')).toEqual([]);
    // Neither an organisation's word nor a person's capitalised name: left to the model.
    expect(await parties('Deliver to:\nthe front desk\n2nd floor')).toEqual([]);
  });
});

describe("a company's name on the line above its registration number", () => {
  it('finds a till receipt or letterhead name in capitals, or with a legal form or a trade', async () => {
    expect(await found('RESTORAN SRI MELUR SDN BHD\n(102345-W)\nNO 5, JALAN PUTRA')).toEqual([
      'RESTORAN SRI MELUR SDN BHD',
    ]);
    expect(await found('Lindqvist Hardware Trading\nCompany Reg. No. : 725100-V')).toEqual([
      'Lindqvist Hardware Trading',
    ]);
  });

  it('leaves a line that reads as no name, and a number that is no registration', async () => {
    expect(await found('Thank you for shopping with us\n(123456-A)')).toEqual([]);
    expect(await found('TOTAL DUE: 12.00\n(123456-A)')).toEqual([]);
    expect(await found('KIM HOCK TRADING\nTel: 03-1234 5678')).toEqual([]);
  });
});
