import { defineFamily } from '../core/docTemplate.js';
import type { GenContext, Party } from '../core/genContext.js';
import { pii } from '../core/goldDocument.js';
import type { Cell } from '../blocks/textTable.js';
import { footer, letterhead, letterheadBesideFacts, signature } from '../blocks/partyBlocks.js';
import { keyValues, textTable } from '../blocks/textTable.js';
import { plainAmount } from '../values/businessData.js';
import type { Person } from '../values/people.js';

/** A transaction description: counterparties are companies or people, sometimes in caps. */
function txDescription(ctx: GenContext): Cell[] {
  const who = ctx.person();
  const co = ctx.company();
  const caps = ctx.chance(0.5);
  const coName = pii('COMPANY', caps ? co.name.toUpperCase() : co.name);
  const person = pii(
    'NAME',
    caps ? `${who.first} ${who.last}`.toUpperCase() : `${who.first} ${who.last}`,
  );
  const kind = ctx.int(0, 9);
  switch (kind) {
    case 0:
      return ['ACH DEBIT ', coName, ` ${ctx.pick(['PAYROLL', 'BILLPAY', 'AUTOPAY', 'INS PREM'])}`];
    case 1:
      return [`${ctx.pick(['NEFT', 'IMPS', 'RTGS'])}/${ctx.ref('UTR')}/`, person];
    case 2:
      return [
        `${ctx.pick(['ZELLE TO', 'Zelle payment to', 'Transfer to', 'Virement à', 'Überweisung an'])} `,
        person,
      ];
    case 3:
      return [`POS ${ctx.date()} `, coName];
    case 4:
      return [
        `${ctx.pick(['SEPA-Lastschrift', 'Direct Debit', 'DD', 'Prélèvement'])} `,
        coName,
        ` ${ctx.ref('MANDATE')}`,
      ];
    case 5:
      return [`CHECK #${ctx.int(100, 9999)}`];
    case 6:
      return [
        `${ctx.pick(['Interest credit', 'Service charge', 'ATM withdrawal', 'Cash deposit', 'Card fee'])}`,
      ];
    case 7:
      return [`${ctx.pick(['Salary', 'SAL CREDIT', 'Gehalt'])} `, coName];
    case 8:
      return [`${ctx.pick(['Standing order', 'FPS payment', 'Incoming transfer from'])} `, person];
    default:
      return [
        `${ctx.pick(['Card purchase', 'Online purchase'])} `,
        coName,
        ` ${ctx.pick(['', 'Ref ' + ctx.ref()])}`.trimEnd(),
      ];
  }
}

function txRows(ctx: GenContext, n: number): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++) {
    const debit = ctx.chance(0.6);
    rows.push([
      ctx.date(),
      txDescription(ctx),
      debit ? plainAmount(ctx.rng) : '',
      debit ? '' : plainAmount(ctx.rng),
      plainAmount(ctx.rng, 90000),
    ]);
  }
  return rows;
}

function holderBlock(ctx: GenContext, holder: Person, joint: boolean): Cell[] {
  const parts: Cell[] = [ctx.name(holder)];
  if (joint) parts.push(ctx.pick([' & ', ' and ', '\n']), ctx.name(ctx.person()));
  return parts;
}

function closingNotes(ctx: GenContext, bank: Party): Cell[] {
  return [
    `${ctx.pick(['Please examine this statement promptly.', 'Report any discrepancy within 30 days.', 'Deposits are insured up to the applicable limit.'])} `,
    `${ctx.pick(['Call us on', 'Customer service:', 'Questions? Call', 'Helpline'])} `,
    ctx.phone(),
    ` ${ctx.pick(['or visit', 'or go to', '·'])} `,
    ctx.url(bank.company),
    '.',
  ];
}

export const bankStatementTemplates = defineFamily('bank_statement', [
  {
    name: 'csv-export',
    render(d, ctx) {
      // Online banking CSV exports: quoted fields, one transaction per line, payees inside quotes.
      const q = ctx.pick(['"', '']);
      const sep = ctx.pick([',', ';']);
      const f = (x: string): string => `${q}${x}${q}`;
      d.line(['Date', 'Payee', 'Reference', 'Amount', 'Balance'].map(f).join(sep));
      for (let i = 0; i < ctx.int(4, 12); i++) {
        const who = ctx.chance(0.5) ? ctx.companyPii(ctx.company()) : ctx.name();
        d.line(
          f(ctx.date()),
          sep,
          q,
          who,
          q,
          sep,
          f(ctx.ref()),
          sep,
          f(`${ctx.chance(0.6) ? '-' : ''}${plainAmount(ctx.rng, 4000)}`),
          sep,
          f(plainAmount(ctx.rng, 90000)),
        );
      }
    },
  },
  {
    name: 'classic-statement',
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const holder = ctx.person();
      if (ctx.chance(0.3)) {
        letterheadBesideFacts(d, ctx, bank, [
          ['Statement date', ctx.date()],
          ['Page', `1 of ${ctx.int(1, 4)}`],
          ['Customer ID', ctx.rng.digits(9)],
        ]);
      } else {
        letterhead(d, ctx, bank);
      }
      d.heading(
        ctx.local(['Account Statement', 'STATEMENT OF ACCOUNT', 'Monthly Statement'], {
          de: ['Kontoauszug'],
          fr: ['Relevé de compte'],
          es: ['Extracto de cuenta'],
          nl: ['Rekeningafschrift'],
        }),
      );
      d.line(...holderBlock(ctx, holder, ctx.chance(0.2)));
      d.line(ctx.address(undefined, true));
      d.blank();
      keyValues(d, ctx, [
        // The holder's account: its identifiers, not the bank's own codes.
        ...ctx.bankDetails().filter(([, v]) => typeof v !== 'string'),
        ['Statement period', `${ctx.date()} to ${ctx.date()}`],
        ['Opening balance', ctx.amount()],
        ['Closing balance', ctx.amount()],
      ]);
      d.blank();
      textTable(
        d,
        ctx,
        ['Date', 'Description', 'Debit', 'Credit', 'Balance'],
        txRows(ctx, ctx.int(4, 10)),
      );
      d.blank();
      d.line(...closingNotes(ctx, bank));
      footer(d, ctx, bank);
    },
  },
  {
    name: 'us-checking',
    locales: ['en_US'],
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const holder = ctx.person();
      d.line(
        ctx.companyPii(bank.company),
        '   ',
        ctx.pick(['Everyday Checking', 'Premier Checking', 'Business Checking']),
      );
      d.line(
        `Account number: ${ctx.rng.digits(10)}   Statement period: ${ctx.date()} - ${ctx.date()}`,
      );
      d.blank();
      d.line(ctx.pick(['PRIMARY ACCOUNT OWNER', 'Account holder:', 'Customer']));
      d.line(pii('NAME', `${holder.first} ${holder.last}`.toUpperCase()));
      d.line(ctx.address(undefined, true));
      d.blank();
      d.add`Questions? {Available by phone 24 hours a day|Call us any time}: ${ctx.phone()}\n`;
      d.add`Online: ${ctx.url(bank.company)}\nWrite: ${ctx.companyPii(bank.company)}, ${ctx.address(bank.address, false)}\n\n`;
      d.heading('Transaction history');
      textTable(
        d,
        ctx,
        ['Date', 'Description', 'Withdrawals', 'Deposits', 'Ending balance'],
        txRows(ctx, ctx.int(5, 12)),
      );
      d.add`\nSSN on file ends in ${ctx.rng.digits(4)}. Routing number ${ctx.rng.digits(9)}. ${ctx.nameLikeSentence()}\n`;
    },
  },
  {
    name: 'indian-account-statement',
    locales: ['en_IN'],
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const holder = ctx.person();
      d.line(ctx.companyPii(bank.company));
      d.line(
        `Branch: ${ctx.pick(['Andheri East', 'Koramangala', 'Fort, Mumbai', 'Connaught Place', 'Salt Lake', 'Banjara Hills', 'MG Road'])}   IFSC: ${ctx.ifsc()}   MICR: ${ctx.rng.digits(9)}`,
      );
      d.blank();
      keyValues(d, ctx, [
        [
          'Account Name',
          [
            `${ctx.pick(['MR.', 'MRS.', 'MS.', 'Mr', 'Smt'])} `,
            pii('NAME', `${holder.first} ${holder.last}`.toUpperCase()),
          ],
        ],
        ['Address', ctx.address(undefined, false)],
        ['Mobile No', ctx.phone()],
        ['Email', ctx.email(holder)],
        ['Account No', ctx.rng.digits(14)],
        ['Customer ID', ctx.rng.digits(9)],
        ['Nominee', ctx.name()],
      ]);
      d.blank();
      textTable(
        d,
        ctx,
        ['Txn Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'],
        txRows(ctx, ctx.int(4, 10)),
      );
      d.add`\nThis is a computer generated statement and does not require signature. As per ${ctx.pick(['Reserve Bank of India', 'RBI'])} guidelines, {please|kindly} update your KYC. Visit ${ctx.url(bank.company)}.\n`;
    },
  },
  {
    name: 'transaction-alert-email',
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const holder = ctx.person();
      const co = ctx.company();
      d.add`From: ${ctx.roleEmail(bank.company)}\nTo: ${ctx.email(holder)}\nSubject: {Transaction alert|Account alert|Debit notification} for account ending ${ctx.rng.digits(4)}\n\n`;
      d.add`{Dear|Hello} ${ctx.pick(['', 'Mr ', 'Ms ', 'Customer '])}${ctx.name(holder)},\n\n`;
      d.add`{Your account|Your a/c} XXXX${ctx.rng.digits(4)} was debited {with|for} ${ctx.amount()} on ${ctx.date()} {towards|for} a payment to ${ctx.companyPii(co)}. `;
      d.add`{If you did not authorise this transaction|If this was not you}, call ${ctx.phone()} {immediately|right away} or visit ${ctx.url(bank.company)}.\n\n`;
      d.add`{Never share|Do not share} your PIN or OTP with anyone, including bank staff. ${ctx.nameLikeSentence()}\n\n`;
      d.add`{Regards|Warm regards},\n${ctx.companyPii(bank.company)}\n${ctx.address(bank.address, ctx.chance(0.5))}\n`;
    },
  },
  {
    name: 'audit-balance-confirmation',
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const auditor = ctx.party();
      const client = ctx.party();
      letterhead(d, ctx, bank);
      d.line(ctx.date());
      d.blank();
      d.add`${ctx.companyPii(auditor.company)}\n${ctx.pick(['Attn: ', 'Attention: '])}${ctx.name(auditor.contact)}\n${ctx.address(auditor.address, true)}\n\n`;
      d.heading(
        ctx.pick(['Bank Confirmation', 'Confirmation of balances', 'Standard Bank Confirmation']),
      );
      d.add`In accordance with the request of our customer ${ctx.companyPii(client.company)}, we confirm {the following balances|the balances below} held with us as at ${ctx.date()}:\n\n`;
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 4); i++)
        rows.push([
          ctx.pick(['Current', 'Savings', 'Fixed deposit', 'Overdraft', 'Escrow']),
          // The client's accounts under their "Account no." header: labelled, so BANK_ACCOUNT.
          pii('BANK_ACCOUNT', ctx.rng.digits(10)),
          ctx.amount(900000),
          ctx.percent(),
        ]);
      textTable(d, ctx, ['Account type', 'Account no.', 'Balance', 'Rate'], rows);
      d.add`\nThis confirmation is given {solely|only} for audit purposes under ${ctx.standard()} and without responsibility on the part of the bank.\n`;
      signature(d, ctx, bank.contact, bank);
    },
  },
]);
