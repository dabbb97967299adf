import { defineFamily } from '../core/docTemplate.js';
import { pii } from '../core/goldDocument.js';
import { letterhead, signature } from '../blocks/partyBlocks.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';

export const wireTransferTemplates = defineFamily('wire_transfer', [
  {
    name: 'returned-payment-notice',
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const me = ctx.person();
      const ben = ctx.party();
      letterhead(d, ctx, bank);
      d.add`${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      d.heading(
        ctx.pick([
          'Returned payment',
          'NOTICE OF RETURNED TRANSFER',
          'Payment could not be completed',
        ]),
      );
      d.add`Dear ${me.title} ${pii('NAME', me.last)},\n\n`;
      d.add`Your {transfer|payment} of ${ctx.amount(20000)} to ${ctx.companyPii(ben.company)} ({reference|ref.} ${ctx.ref('FT')}) was {returned|rejected} by the {beneficiary bank|receiving bank} on ${ctx.date()}. `;
      d.add`Reason: ${ctx.pick(['account closed', 'incorrect account number', 'beneficiary name mismatch', 'regulatory reason'])}. The amount {less charges of|minus a fee of} ${ctx.amount(40)} has been {credited back|refunded}.\n`;
      d.add`{Please check|Kindly verify} the details with the beneficiary at ${ctx.address(ben.address, false)} or ${ctx.roleEmail(ben.company)} and {resubmit|try again}.\n`;
      signature(d, ctx, bank.contact, bank);
    },
  },
  {
    name: 'beneficiary-registration',
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const me = ctx.person();
      const ben = ctx.party();
      d.heading(
        ctx.pick(['Add payee - confirmation', 'BENEFICIARY REGISTRATION', 'New beneficiary added']),
      );
      d.add`${ctx.companyPii(bank.company)} · ${ctx.url(bank.company)}\n\n`;
      d.add`Dear ${ctx.name(me)}, a new {beneficiary|payee} was added to your {online banking|net banking} profile on ${ctx.date()}:\n`;
      keyValues(d, ctx, [
        ['Beneficiary name', ctx.chance(0.5) ? ctx.companyPii(ben.company) : ctx.name(ben.contact)],
        ['Beneficiary address', ctx.address(ben.address, false)],
        ...ctx.bankDetails(),
        ['Transfer limit', ctx.amount(100000)],
      ]);
      d.add`\nIf you did not add this {beneficiary|payee}, call ${ctx.phone()} {immediately|at once}. Registered mobile: ${ctx.phone()}.\n`;
    },
  },
  {
    name: 'swift-mt103',
    render(d, ctx) {
      const sender = ctx.party();
      const receiver = ctx.party();
      const bankA = ctx.company({ bank: true });
      const bankB = ctx.company({ bank: true });
      const bic = (): string =>
        `${ctx.pick(['CHAS', 'DEUT', 'BNPA', 'HDFC', 'BARC', 'BBVA'])}${ctx.pick(['US33', 'DEFF', 'FRPP', 'INBB', 'GB22', 'ESMM'])}${ctx.pick(['XXX', ''])}`;
      d.heading(
        ctx.pick([
          'SWIFT MT103 Single Customer Credit Transfer',
          'MT103 - PAYMENT CONFIRMATION',
          'Outgoing SWIFT message copy',
        ]),
      );
      d.line(`Sender: `, ctx.companyPii(bankA), ` (${bic()})`);
      d.line(`Receiver: `, ctx.companyPii(bankB), ` (${bic()})`);
      d.line(`:20:${ctx.ref('FT')}`);
      d.line(`:23B:CRED`);
      d.line(
        `:32A:${ctx.int(19, 26)}${String(ctx.int(1, 12)).padStart(2, '0')}${String(ctx.int(1, 28)).padStart(2, '0')}${ctx.pick(['USD', 'EUR', 'GBP', 'INR'])}${ctx.rng.int(1000, 900000)},${ctx.rng.digits(2)}`,
      );
      d.line(`:50K:/${ctx.rng.digits(12)}`);
      if (ctx.chance(0.5)) d.line(ctx.companyPii(sender.company));
      else d.line(pii('NAME', `${sender.contact.first} ${sender.contact.last}`.toUpperCase()));
      d.line(ctx.address(sender.address, true));
      d.line(':59:/', ctx.bankDetails().find(([, v]) => typeof v !== 'string')?.[1]);
      d.line(ctx.companyPii(receiver.company));
      d.line(ctx.address(receiver.address, true));
      d.line(`:70:${ctx.pick(['INV', 'INVOICE', 'PAYMENT FOR'])} ${ctx.invoiceNo()}`);
      d.line(`:71A:${ctx.pick(['SHA', 'OUR', 'BEN'])}`);
      d.add`\nFor queries contact {our payments desk|Global Payments Operations} on ${ctx.phone()} or ${ctx.roleEmail(ctx.company())}.\n`;
    },
  },
  {
    name: 'ach-confirmation-email',
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const me = ctx.person();
      const payee = ctx.company();
      d.add`From: ${ctx.companyPii(bank.company)} <${ctx.roleEmail(bank.company)}>\nTo: ${ctx.name(me)} <${ctx.email(me)}>\nSubject: {Your transfer is scheduled|Payment confirmation|Transfer confirmation}\n\n`;
      d.add`{Hi|Dear} ${pii('NAME', me.first)},\n\n`;
      d.add`Your ${ctx.pick(['ACH', 'wire', 'SEPA', 'NEFT', 'Faster Payments'])} {payment|transfer} of ${ctx.amount()} to ${ctx.companyPii(payee)} {was|has been} {processed|scheduled|submitted} on ${ctx.date()}.\n`;
      d.add`Confirmation number: ${ctx.ref('CNF')}\nFrom account: ending ${ctx.rng.digits(4)}\nDelivery by: ${ctx.date()}\n\n`;
      d.add`{Didn't make this payment?|Not you?} Call ${ctx.phone()} or sign in at ${ctx.url(bank.company)}.\n`;
      d.add`Payments are subject to ${ctx.pick(['Regulation E', 'the Payment Services Regulations 2017', 'PSD2', 'NPCI rules'])}. ${ctx.nameLikeSentence()}\n`;
    },
  },
  {
    name: 'remittance-advice',
    render(d, ctx) {
      const payer = ctx.party();
      const payee = ctx.party();
      letterhead(d, ctx, payer);
      d.heading(
        ctx.pick(['REMITTANCE ADVICE', 'Payment Advice', 'Avis de paiement', 'Zahlungsavis']),
      );
      d.add`To: ${ctx.companyPii(payee.company)}\n${ctx.address(payee.address, true)}\n`;
      d.add`Attention: ${ctx.pick(['Accounts Receivable', 'Credit Control'])} - ${ctx.name(payee.contact)}\n\n`;
      d.add`We have {today|on the date below} {remitted|transferred|paid} the following {amounts|invoices} to your account:\n`;
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 6); i++)
        rows.push([
          ctx.invoiceNo(),
          ctx.date(),
          ctx.amount(20000),
          ctx.pick(['', 'TDS 2%', 'early payment discount', 'credit note applied']),
        ]);
      textTable(d, ctx, ['Invoice', 'Invoice date', 'Paid', 'Remarks'], rows);
      keyValues(d, ctx, [
        ['Payment date', ctx.date()],
        ['Payment reference', ctx.ref('UTR')],
        ...ctx.bankDetails(),
      ]);
      d.add`\n{Queries|Questions} to ${ctx.roleEmail(payer.company)} or ${ctx.phone()}.\n`;
    },
  },
  {
    name: 'wire-instructions-letter',
    render(d, ctx) {
      const firm = ctx.party();
      const client = ctx.person();
      const bank = ctx.party({ bank: true });
      letterhead(d, ctx, firm);
      d.add`${ctx.date()}\n\n${ctx.name(client)}\n${ctx.address(undefined, true)}\n\n`;
      d.heading(
        ctx.pick([
          'Wire Instructions',
          'Payment instructions - please verify by phone',
          'IMPORTANT: Wiring Instructions',
        ]),
      );
      d.add`Dear ${client.title} ${pii('NAME', client.last)},\n\nPlease wire the {closing funds|settlement amount|balance} of ${ctx.amount(900000)} using the details below. `;
      d.add`{Wire fraud is common|Criminals send fake instructions}: {always|please} call us on ${ctx.phone()} to verify before sending.\n\n`;
      keyValues(d, ctx, [
        ['Beneficiary', ctx.companyPii(firm.company)],
        ['Beneficiary address', ctx.address(firm.address, false)],
        ['Bank', ctx.companyPii(bank.company)],
        ['Bank address', ctx.address(bank.address, false)],
        ...ctx.bankDetails(),
        ['Reference', ctx.ref('ESC')],
      ]);
      signature(d, ctx, firm.contact, firm);
    },
  },
]);
