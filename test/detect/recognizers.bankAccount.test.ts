/**
 * BANK_ACCOUNT (LABELS.md: an IBAN that passes its checksum, an account number with its label, a
 * UK sort code with its account, a US routing number next to an account; a SWIFT/BIC or IFSC
 * alone is not one). Valid examples come with checksum-broken twins that must be left alone.
 */
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import { isValidAbaRouting } from '../../src/detect/recognizers/bank/abaRouting.js';

const detector = await createDetector({ ner: false });

async function found(text: string, type = 'BANK_ACCOUNT'): Promise<string[]> {
  return (await detector.detect(text)).filter((s) => s.type === type).map((s) => s.text);
}

describe('IBAN', () => {
  it('finds checksum-valid IBANs printed whole, in groups of four, five or with hyphens', async () => {
    expect(await found('Pay to DE89 3704 0044 0532 0130 00 by Friday.')).toEqual([
      'DE89 3704 0044 0532 0130 00',
    ]);
    expect(await found('IBAN: NL47INGB0417263589')).toEqual(['NL47INGB0417263589']);
    // Printed by a French bank in its own grouping.
    expect(await found('IBAN FR76 30006 00001 12345678901 89 BIC AGRIFRPP')).toEqual([
      'FR76 30006 00001 12345678901 89',
    ]);
    expect(await found('AL47-2121-1009-0000-0002-3569-8741')).toEqual([
      'AL47-2121-1009-0000-0002-3569-8741',
    ]);
  });

  it('finds an IBAN glued to its label, as OCR reads a tight or hand-written line (issue 53)', async () => {
    expect(await found('Pay to IBANDE89370400440532013000 today.')).toEqual([
      'DE89370400440532013000',
    ]);
    expect(await found('IbanDE89 3704 0044 0532 0130 00')).toEqual(['DE89 3704 0044 0532 0130 00']);
    // Glued to any other word it is still inside that word, and the check digits must hold.
    expect(await found('XIBANDE89370400440532013000')).toEqual([]);
    expect(await found('IBANDE89370400440532013001')).toEqual([]);
  });

  it('stops at the end of the IBAN when the line goes on with letters and digits', async () => {
    expect(await found('DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX')).toEqual([
      'DE89 3704 0044 0532 0130 00',
    ]);
  });

  it('finds an IBAN typed all in lower case, as people write one in a chat or an e-mail', async () => {
    expect(await found('my iban is gb82west12345698765432')).toEqual(['gb82west12345698765432']);
    expect(await found('iban: de89 3704 0044 0532 0130 00, thanks')).toEqual([
      'de89 3704 0044 0532 0130 00',
    ]);
    // Its check digits decide as in capitals.
    expect(await found('my iban is gb82west12345698765431')).toEqual([]);
  });

  it('leaves an IBAN whose check digits fail, one of a wrong length, and letters of mixed case', async () => {
    expect(await found('IBAN DE89 3704 0044 0532 0130 01')).toEqual([]);
    expect(await found('IBAN DE89 3704 0044 0532 0130 0')).toEqual([]);
    expect(await found('LV80 bANK 0000 4351 9500 1')).toEqual([]);
    expect(await found('gb82WEST12345698765432')).toEqual([]);
  });

  it('finds an IBAN whose mod 97 holds though its country check inside fails, as test data has', async () => {
    // A French IBAN with a right mod 97 and a wrong RIB key: Faker writes French IBANs so, and a
    // reader takes it for an account all the same. A wrong mod 97 is still none.
    expect(await found('IBAN FR7176129768816256908406064')).toEqual([
      'FR7176129768816256908406064',
    ]);
    expect(await found('IBAN FR7276129768816256908406064')).toEqual([]);
  });

  it('is not taken for a phone or card number, and a BIC or IFSC alone is not an account', async () => {
    const spans = await detector.detect(
      'IBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX IFSC HDFC0001234',
    );
    expect(spans.map((s) => [s.type, s.text])).toEqual([
      ['BANK_ACCOUNT', 'DE89 3704 0044 0532 0130 00'],
    ]);
  });
});

describe('account numbers next to their label', () => {
  it.each([
    ['Account No: 07321838546325', '07321838546325'],
    ['A/c 30556847', '30556847'],
    ['Acct # 4400-1234-5678', '4400-1234-5678'],
    ['Bank account 12345678', '12345678'],
    ['Account number:\n  98765432101', '98765432101'],
    ['Account: 4000123456', '4000123456'],
    ['Kontonummer 1234567890', '1234567890'],
    ['Konto-Nr. 98765432', '98765432'],
    ['Kto.-Nr.: 5544332211', '5544332211'],
    ['N° de compte : 00012345678', '00012345678'],
    ['Numéro de compte 12345678901', '12345678901'],
    ['Rekeningnummer 123456789', '123456789'],
    ['Número de cuenta: 0049 1500 0512 3456 7892', '0049 1500 0512 3456 7892'],
    ['Bank Account: US1234567890', 'US1234567890'],
    // Bank downloads' field names: OFX's ACCTID, an export's "Account ID" or account_id.
    ['ACCTID: 55779911', '55779911'],
    ['Acct ID 30556847', '30556847'],
    ['account_id: 4000123456', '4000123456'],
  ])('%j → %j', async (text, value) => {
    expect(await found(text)).toEqual([value]);
  });

  it('leaves amounts, fillers and numbers without an account label', async () => {
    expect(await found('Account balance: 1,234.56')).toEqual([]);
    expect(await found('Account no. 12.50 charged')).toEqual([]);
    expect(await found('Account No: 000000')).toEqual([]);
    expect(await found('Order number 12345678')).toEqual([]);
    // A ledger's account code has no colon after "Account" and is not a bank account.
    expect(await found('Account 4000 Revenue')).toEqual([]);
  });

  it('takes a table column headed by an account label for one, and a ledger column for none', async () => {
    const mandates =
      'Mandate ref\tDebtor name\tDebtor account\tAmount\n' +
      'MD-1\tAnn Lee\t8177866543\t263.72\nMD-2\tBob Ray\t3275117806\t12.00';
    expect(await found(mandates)).toEqual(['8177866543', '3275117806']);
    expect(await found('Name | Account No. | Amount\nAnn | 12345678 | 5.00')).toEqual(['12345678']);
    expect(await found('Employee  Bank account  Net\nAnn Lee  123456789  2,100.00')).toEqual([
      '123456789',
    ]);
    // A trial balance's "Account" column and a "G/L Account No" hold the ledger's codes.
    expect(await found('Account\tDescription\tDebit\n400000\tRevenue\t1200')).toEqual([]);
    expect(await found('G/L Account No\tName\tBalance\n4000100\tSales\t12.00')).toEqual([]);
    // A header row's last cell is no label of the next row's first cell.
    expect(await found('Invoice No\tAccount number\n2024001\t')).toEqual([]);
  });

  it('takes the one plain number of each row under an account header flattened to single spaces', async () => {
    const confirmation =
      'Account type Account no. Balance Rate\n' +
      '--------------------------------------\n' +
      'Savings 0050776282 EUR 360.173,75 17%\n' +
      'Fixed deposit 5917424033 EUR 651.490,58 19 %\n\n' +
      'Order 55512345 shipped';
    expect(await found(confirmation)).toEqual(['0050776282', '5917424033']);
    // A second number's label makes the rows ambiguous; a row's own label says what it holds.
    expect(await found('Invoice no. Account no. Amount\n2024001 4000123456 12.00')).toEqual([]);
    expect(await found('Bank account\nLloyds Bank, Leeds\nPhone 01132345678')).toEqual([]);
  });
});

describe('UK sort code with its account', () => {
  it('finds a labelled sort code and one printed before an eight-digit account', async () => {
    expect(await found('Sort code : 55-31-06\nAccount No.: 30556847')).toEqual([
      '55-31-06',
      '30556847',
    ]);
    expect(await found('Pay to 40-47-84 12345678 please.')).toEqual(['40-47-84 12345678']);
  });

  it('finds the account after a bare "account" on the line of a labelled sort code', async () => {
    expect(await found('sort code 20-00-00 account 55779911')).toEqual(['20-00-00', '55779911']);
    expect(await found('account 55779911, sort code 20-00-00')).toEqual(['55779911', '20-00-00']);
    // On another line, or without a sort code, a bare "Account 4000…" is a ledger's.
    expect(await found('sort code 20-00-00\nAccount 40001234 Revenue')).toEqual(['20-00-00']);
    expect(await found('Account 40001234 Revenue')).toEqual([]);
  });

  it('finds the account opening the next line where a sentence was wrapped after the sort code', async () => {
    expect(
      await found('pay into its account with the Lender (Sort code 12-34-56,\n account 43472726).'),
    ).toEqual(['12-34-56', '43472726']);
    // Or wrapped between the label and the sort code: the account is on the sort code's line.
    expect(await found('into its account (Sort code\n12-34-56, account 43472726).')).toEqual([
      '12-34-56',
      '43472726',
    ]);
  });

  it('leaves six digits in pairs without a label: they are dates as often', async () => {
    expect(await found('Dated 12-05-24, ref 7')).toEqual([]);
  });
});

describe('US ABA routing number', () => {
  it('checks the 3-7-1 weighted sum and the Federal Reserve district', () => {
    expect(isValidAbaRouting('021000021')).toBe(true);
    expect(isValidAbaRouting('121000358')).toBe(true);
    expect(isValidAbaRouting('021000022')).toBe(false);
    // Valid sum, but 42 is no district.
    expect(isValidAbaRouting('421042111')).toBe(false);
  });

  it('finds a valid routing number next to its label only', async () => {
    expect(await found('Routing number: 021000021')).toEqual(['021000021']);
    expect(await found('ABA 0711-0130-7')).toEqual(['0711-0130-7']);
    // The dashed 4-4-1 form needs no label where its check and district hold.
    expect(await found('Wire via 3222-7162-7 today')).toEqual(['3222-7162-7']);
    expect(await found('Wire via 3222-7162-8 today')).toEqual([]);
    expect(await found('Routing number: 021000022')).toEqual([]);
    expect(await found('Reference 021000021')).toEqual([]);
  });
});

describe('Swedish PlusGiro and Bankgiro numbers', () => {
  it('finds a giro number after its label when its Luhn check digit holds', async () => {
    // As a Swedish account export prints payments (real-dev2's Nordea export: "Betalning PG …").
    expect(await found('Betalning PG 5213470-7 Bank Norwegian')).toEqual(['5213470-7']);
    expect(await found('Plusgiro: 6391048-3')).toEqual(['6391048-3']);
    expect(await found('Bankgiro 5050-1055')).toEqual(['5050-1055']);
  });

  it('leaves numbers whose check fails, and numbers without the label', async () => {
    expect(await found('Betalning PG 4187500-5')).toEqual([]);
    expect(await found('Saldo 5213470-7')).toEqual([]);
    expect(await found('BG 2019-0828')).toEqual([]);
  });
});

describe('New Zealand account numbers and Australian BSBs', () => {
  it('finds an NZ account by its 2-4-7-2/3 grouping, whatever label precedes it', async () => {
    // As an NZ glazier's invoice prints it (real-dev2): the label is too far for the labelled
    // recognizer.
    expect(await found('Bank A/c for D/C Payments: 12-3140-0479215-00, Please include')).toEqual([
      '12-3140-0479215-00',
    ]);
    expect(await found('Pay to 12 3140 0123456 001')).toEqual(['12 3140 0123456 001']);
  });

  it('leaves other groupings, mixed separators and codes that are no NZ bank', async () => {
    expect(await found('Ref 12-3140-047921-00')).toEqual([]);
    expect(await found('Ref 12-3140 0479215-00')).toEqual([]);
    expect(await found('Ref 99-3140-0479215-00')).toEqual([]);
    expect(await found('Ref 12-3140-0479215-00-1')).toEqual([]);
  });

  it('finds a BSB with its label only', async () => {
    expect(await found('BSB : 083125\nAccount No : 417263508')).toEqual(['083125', '417263508']);
    expect(await found('BSB No. 062-000')).toEqual(['062-000']);
    expect(await found('Branch 083125')).toEqual([]);
  });
});
