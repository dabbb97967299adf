/**
 * Utility bills, small traders' tax invoices and office forms as they are scanned or faxed: service
 * labels ("Cust Care", "Faults"), payment channels ("PostShop", "Alipay, UnionPay"), tax
 * abbreviations ("G.S.T.", "No."), the utility's town alone at the top, check requests, purchase
 * requisitions, fax covers and treasurer's reports. The customer, the trader, their addresses,
 * phones, e-mails and bank accounts are the values. Mixed in only on request (`--real-docs`).
 */
import { defineFamily } from '../core/docTemplate.js';
import type { GenContext } from '../core/genContext.js';
import { pii } from '../core/goldDocument.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';
import {
  EXPENSE_PURPOSES,
  FORM_LABELS,
  PAYMENT_CHANNELS,
  PLACES_ALONE,
  SERVICE_LABELS,
} from '../values/realDocTerms.js';

/** A New Zealand bank account as invoices print it: bank-branch-account-suffix. */
function nzAccount(ctx: GenContext): string {
  const bank = String(ctx.pick([1, 2, 3, 6, 12, 38])).padStart(2, '0');
  return `${bank}-${ctx.rng.digits(4)}-${ctx.rng.digits(7)}-${ctx.rng.digits(ctx.pick([2, 3]))}`;
}

export const billsAndFormsTemplates = defineFamily('bills_forms', [
  {
    name: 'utility-bill',
    render(d, ctx) {
      const utility = ctx.party();
      const me = ctx.person();
      d.line(ctx.companyPii(utility.company));
      d.line(ctx.pick(PLACES_ALONE));
      d.add`${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      keyValues(d, ctx, [
        ['Account number', pii('BANK_ACCOUNT', ctx.rng.digits(ctx.int(8, 11)))],
        ['Invoice date', ctx.date()],
        ['Amount due', ctx.amount(900)],
        [
          ctx.pick(['G.S.T. No', 'GST No.', 'GST number']),
          `${ctx.rng.digits(3)}-${ctx.rng.digits(3)}-${ctx.rng.digits(3)}`,
        ],
      ]);
      d.blank();
      for (const label of ctx.rng.shuffle([...SERVICE_LABELS]).slice(0, ctx.int(2, 4))) {
        d.line(`${label}${ctx.chance(0.5) ? ':' : ''} `, ctx.phone());
      }
      d.add`{Ways to pay|How to pay}: ${ctx.pick(PAYMENT_CHANNELS)}, ${ctx.pick(PAYMENT_CHANNELS)} or at any ${ctx.pick(['PostShop', 'Post Office', 'branch'])}.\n`;
      d.add`{Water Utility|Utilities|Electricity} charges for ${ctx.pick(PLACES_ALONE)} {customers|properties}. Incl. G.S.T.\n`;
    },
  },
  {
    name: 'trades-tax-invoice',
    render(d, ctx) {
      const trader = ctx.party();
      const client = ctx.party();
      d.line(ctx.companyPii(trader.company));
      d.line(ctx.address(trader.address, ctx.chance(0.5)));
      d.line(`Ph `, ctx.phone(), `   `, ctx.email(trader.contact, trader.company));
      d.add`TAX INVOICE   No ${ctx.rng.digits(5)}   G.S.T. ${ctx.rng.digits(2)}-${ctx.rng.digits(3)}-${ctx.rng.digits(3)}\n`;
      d.add`To: ${ctx.companyPii(client.company)}\n${ctx.address(client.address, true)}\nJob site: ${ctx.pick(PLACES_ALONE)}\n\n`;
      const rows: Cell[][] = [];
      for (let i = ctx.int(2, 6); i > 0; i--) {
        rows.push([
          ctx.pick([
            'PLYWOOD 12MM',
            'LABOUR',
            'CALL OUT',
            'GLASS 4MM CLEAR',
            'PEST TREATMENT',
            'C.O. CHARGE',
            'MATERIALS',
          ]),
          String(ctx.int(1, 20)),
          ctx.amount(900),
        ]);
      }
      textTable(d, ctx, ['Description', 'Qty', 'Amount'], rows);
      d.add`\nSubtotal ${ctx.amount(5000)}  G.S.T. ${ctx.amount(700)}  Total ${ctx.amount(6000)}\n`;
      d.line(`Please pay to `, pii('BANK_ACCOUNT', nzAccount(ctx)), ` quoting invoice No.`);
    },
  },
  {
    name: 'check-request',
    render(d, ctx) {
      d.heading(ctx.pick(FORM_LABELS.check));
      keyValues(d, ctx, [
        ['Date', ctx.date()],
        ['Payee', ctx.chance(0.6) ? ctx.companyPii(ctx.company()) : ctx.name()],
        ['Mailing address', ctx.address(undefined, false)],
        ['Amount', ctx.amount(20000)],
        ['Purpose', ctx.pick(EXPENSE_PURPOSES)],
        ['Account to charge', `${ctx.rng.digits(3)}-${ctx.rng.digits(4)}`],
        ['Requested by', ctx.name()],
        ['Approved by', ctx.name()],
      ]);
      d.add`\n{Attach original receipts|Receipts attached: Yes  No}.  Treasurer use only: Check No. ${ctx.rng.digits(4)}\n`;
      d.line(ctx.pick(FORM_LABELS.requisition), `  ${ctx.rng.digits(6)}`);
    },
  },
  {
    name: 'fax-cover',
    render(d, ctx) {
      const from = ctx.party();
      d.heading(ctx.pick(FORM_LABELS.fax));
      keyValues(d, ctx, [
        ['To', ctx.name()],
        ['Company', ctx.companyPii(ctx.company())],
        ['Fax', ctx.phone()],
        ['From', ctx.name(from.contact)],
        ['Phone', ctx.phone()],
        ['Pages', `${ctx.int(1, 12)} (including cover)`],
        [
          'Re',
          ctx.pick([
            'Invoice query',
            'Statement of account',
            'Purchase requisition',
            'Audit confirmation',
          ]),
        ],
      ]);
      d.add`\n[ ] Urgent  [ ] For Review  [ ] Please Comment  [ ] Please Reply\n`;
      d.add`{The information in this facsimile is confidential|If you received this fax in error} - call ${ctx.phone()}.\n`;
      d.line(ctx.companyPii(from.company), '  ', ctx.address(from.address, false));
    },
  },
  {
    name: 'treasurers-report',
    render(d, ctx) {
      const org = ctx.party();
      d.line(ctx.companyPii(org.company));
      d.heading(ctx.pick(FORM_LABELS.treasurer));
      d.add`{Prepared by|Submitted by} ${ctx.name()}, Treasurer, ${ctx.date()}\n\n`;
      const rows: Cell[][] = [];
      for (let i = ctx.int(4, 10); i > 0; i--) {
        rows.push([
          ctx.pick(['Dues received', 'Bank interest', 'Hall rental', ...EXPENSE_PURPOSES]),
          ctx.chance(0.3) ? ctx.companyPii(ctx.company()) : ctx.chance(0.3) ? ctx.name() : '',
          ctx.amount(3000),
        ]);
      }
      textTable(d, ctx, ['Item', 'Paid to / received from', 'Amount'], rows);
      d.add`\nBalance at ${ctx.companyPii(ctx.company({ bank: true }))}: ${ctx.amount(50000)}. Account `;
      d.add`${pii('BANK_ACCOUNT', ctx.rng.digits(ctx.int(8, 10)))}.\n`;
      d.add`{Moved|Proposed} by ${ctx.name()}, seconded by ${ctx.name()} and ${ctx.name()}.\n`;
    },
  },
]);
