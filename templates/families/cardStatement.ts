import { defineFamily } from '../core/docTemplate.js';
import { pii, type Pii } from '../core/goldDocument.js';
import { footer, letterhead, signature } from '../blocks/partyBlocks.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';
import type { GenContext } from '../core/genContext.js';
import { lastFour } from '../values/cards.js';
import { plainAmount } from '../values/businessData.js';

function merchantRows(ctx: GenContext, n: number): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++) {
    const co = ctx.company();
    const caps = ctx.chance(0.5);
    rows.push([
      ctx.date(),
      [
        pii('COMPANY', caps ? co.name.toUpperCase() : co.name),
        ctx.chance(0.4)
          ? ` ${ctx.pick(['LONDON', 'MUMBAI', 'NEW YORK', 'PARIS', 'BERLIN', 'MADRID', 'ONLINE'])}`
          : '',
      ],
      plainAmount(ctx.rng, 3000),
    ]);
  }
  return rows;
}

function personalIdRow(id: { label: string; value: Pii }): [string, Pii] {
  return [id.label, id.value];
}

export const cardStatementTemplates = defineFamily('card_statement', [
  {
    name: 'merchant-slip',
    render(d, ctx) {
      const shop = ctx.party();
      const me = ctx.person();
      const card = ctx.card();
      d.line(ctx.companyPii(shop.company));
      d.line(ctx.address(shop.address, false));
      d.line(`MID ${ctx.rng.digits(12)}   TID ${ctx.rng.digits(8)}`);
      d.line(`${ctx.pick(['SALE', 'PURCHASE', 'VENTE', 'KAUF'])}   ${ctx.date()}`);
      d.line(
        `${card.brand.toUpperCase()}   ${ctx.pick(['************', 'XXXX XXXX XXXX ', '**** '])}${card.digits.slice(-4)}`,
      );
      d.line(
        ctx.pick(['CARDHOLDER: ', 'Name: ', '']),
        pii('NAME', `${me.last}/${me.first}`.toUpperCase()),
      );
      d.line(`AMOUNT ${ctx.amount(900)}`);
      d.line(
        `AUTH CODE ${ctx.rng.digits(6)}   ${ctx.pick(['PIN VERIFIED', 'CONTACTLESS', 'SIGNATURE'])}`,
      );
      d.line(ctx.pick(['MERCHANT COPY', 'CUSTOMER COPY']));
      if (ctx.chance(0.5)) d.line(ctx.url(shop.company));
    },
  },
  {
    name: 'card-application',
    locales: ['en_US', 'en_GB', 'en_IN'],
    render(d, ctx) {
      const issuer = ctx.party({ bank: true });
      const me = ctx.person();
      const employer = ctx.company();
      d.heading(
        ctx.pick([
          'Credit Card Application',
          'APPLICATION FOR CREDIT CARD',
          'Card application - summary',
        ]),
      );
      d.line(
        `Product: ${ctx.pick(['Platinum Rewards', 'Cashback Card', 'Travel Elite', 'Business Card'])}   Issued by `,
        ctx.companyPii(issuer.company),
      );
      keyValues(d, ctx, [
        ['Applicant name', ctx.name(me)],
        ['Name to appear on card', pii('NAME', `${me.first} ${me.last}`.toUpperCase())],
        ctx.locale === 'en_US' ? ['SSN', ctx.ssn()] : personalIdRow(ctx.personalTaxId(me)),
        ['Date of birth', ctx.date()],
        ['Home address', ctx.address(undefined, false)],
        ['Mobile', ctx.phone()],
        ['Email', ctx.email(me)],
        ['Employer', ctx.companyPii(employer)],
        ['Annual income', ctx.amount(300000)],
        ['Existing card (balance transfer)', ctx.cardNumber(ctx.card())],
      ]);
      d.add`\nWe may {check your credit file|obtain a credit report} under the ${ctx.law()}. Representative APR ${ctx.percent()}.\n`;
    },
  },
  {
    name: 'monthly-statement',
    render(d, ctx) {
      const issuer = ctx.party({ bank: true });
      const me = ctx.person();
      const card = ctx.card();
      letterhead(d, ctx, issuer);
      d.heading(
        ctx.pick(['Credit Card Statement', 'CARD ACCOUNT STATEMENT', 'Your monthly statement']),
      );
      d.add`${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      keyValues(d, ctx, [
        [
          'Card number',
          ctx.chance(0.5) ? ctx.cardNumber(card) : `XXXX XXXX XXXX ${lastFour(card)}`,
        ],
        ['Statement date', ctx.date()],
        ['Credit limit', ctx.amount(20000)],
        ['Minimum payment due', ctx.amount(500)],
        ['Payment due date', ctx.date()],
      ]);
      d.blank();
      textTable(d, ctx, ['Date', 'Merchant', 'Amount'], merchantRows(ctx, ctx.int(4, 10)));
      d.add`\nInterest rate (APR): ${ctx.percent()}. Late payment fee: ${ctx.amount(50)}. ${ctx.nameLikeSentence()}\n`;
      d.add`Lost or stolen card? Call ${ctx.phone()} (24/7). Pay online at ${ctx.url(issuer.company)}.\n`;
      footer(d, ctx, issuer);
    },
  },
  {
    name: 'card-authorisation-form',
    render(d, ctx) {
      const merchant = ctx.party();
      const me = ctx.person();
      const card = ctx.card();
      letterhead(d, ctx, merchant);
      d.heading(
        ctx.pick([
          'Credit Card Authorization Form',
          'CARD PAYMENT AUTHORISATION',
          'Recurring Payment Mandate',
        ]),
      );
      d.add`I, ${ctx.name(me)}, authorize ${ctx.companyPii(merchant.company)} to charge my card {for|in the amount of} ${ctx.amount(5000)} {monthly|once|on each invoice date}.\n\n`;
      d.line('Card details:');
      d.line(ctx.cardBlock(card, me));
      d.blank();
      keyValues(d, ctx, [
        ['Billing address', ctx.address(undefined, false)],
        ['Phone', ctx.phone()],
        ['Email', ctx.email(me)],
      ]);
      d.add`\nSignature ____________ Date ${ctx.date()}\nThis form is {stored|kept} securely in line with PCI DSS.\n`;
    },
  },
  {
    name: 'chargeback-dispute-letter',
    render(d, ctx) {
      const issuer = ctx.party({ bank: true });
      const me = ctx.person();
      const card = ctx.card();
      const merchant = ctx.company();
      d.add`${ctx.name(me)}\n${ctx.address(undefined, true)}\n${ctx.phone()}\n${ctx.email(me)}\n\n${ctx.date()}\n\n`;
      d.add`${ctx.companyPii(issuer.company)}\n${ctx.pick(['Disputes Department', 'Card Services', 'Chargeback Team'])}\n${ctx.address(issuer.address, true)}\n\n`;
      d.add`Re: {Dispute of charge|Disputed transaction} on card ${ctx.cardNumber(card)}\n\n`;
      d.add`{Dear Sir or Madam|To whom it may concern},\n\nI am writing to dispute a charge of ${ctx.amount(3000)} from ${ctx.companyPii(merchant)} dated ${ctx.date()}. `;
      d.add`{I did not authorise this transaction|The goods were never delivered|I was charged twice}. I {contacted|called} the merchant on ${ctx.phone()} but {received no reply|they refused a refund}. `;
      d.add`{Please|Kindly} {credit|refund} my account under ${ctx.pick(['the Fair Credit Billing Act', 'section 75 of the Consumer Credit Act 1974', 'RBI guidelines', 'PSD2'])}.\n`;
      d.add`My card ending ${lastFour(card)} {has been|was} {blocked|cancelled} as a precaution.\n\n`;
      d.add`{Sincerely|Yours faithfully},\n${ctx.name(me)}\n`;
    },
  },
  {
    name: 'new-card-letter',
    render(d, ctx) {
      const issuer = ctx.party({ bank: true });
      const me = ctx.person();
      const card = ctx.card();
      letterhead(d, ctx, issuer);
      d.add`${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      d.add`Dear ${me.title} ${pii('NAME', me.last)},\n\n{Your new card is enclosed|Here is your replacement card}. {Activate it|Please activate it} at ${ctx.url(issuer.company)} or by calling ${ctx.phone()}.\n\n`;
      d.line(ctx.cardBlock(card, me, ctx.chance(0.5) ? '    ' : ''));
      d.add`\n{Sign the back of the card|Destroy your old card} {immediately|straight away}. Your credit limit is ${ctx.amount(15000)}.\n`;
      signature(d, ctx, issuer.contact, issuer);
    },
  },
]);
