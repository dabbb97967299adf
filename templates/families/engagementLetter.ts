import { defineFamily } from '../core/docTemplate.js';
import { pii } from '../core/goldDocument.js';
import { footer, letterhead, signature } from '../blocks/partyBlocks.js';
import { textTable } from '../blocks/textTable.js';

export const engagementLetterTemplates = defineFamily('engagement_letter', [
  {
    name: 'mutual-nda',
    render(d, ctx) {
      const a = ctx.party();
      const b = ctx.party();
      d.heading(
        ctx.pick([
          'MUTUAL NON-DISCLOSURE AGREEMENT',
          'Confidentiality Agreement',
          'Non-Disclosure Agreement',
        ]),
      );
      d.add`This Agreement is made on ${ctx.date()} between:\n\n(1) ${ctx.companyPii(a.company)}, {a company registered at|whose registered office is at} ${ctx.address(a.address, false)} ("${ctx.pick(['Disclosing Party', 'Company', 'First Party'])}"); and\n`;
      d.add`(2) ${ctx.companyPii(b.company)}, {of|located at} ${ctx.address(b.address, false)} ("${ctx.pick(['Recipient', 'Advisor', 'Second Party'])}").\n\n`;
      d.add`1. Purpose. The parties {wish to explore|are evaluating} a {possible transaction|business relationship} concerning ${ctx.pick(['the acquisition of shares', 'an audit tender', 'a supply agreement', 'a joint venture'])}.\n`;
      d.add`2. Term. {Three|Two|Five} years from the date above. 3. Notices to ${ctx.name(a.contact)} (${ctx.email(a.contact, a.company)}) and ${ctx.name(b.contact)} (${ctx.email(b.contact, b.company)}).\n\n`;
      d.add`Signed for ${ctx.companyPii(a.company)}: ____________ ${ctx.name(a.contact)}\nSigned for ${ctx.companyPii(b.company)}: ____________ ${ctx.name(b.contact)}\n`;
    },
  },
  {
    name: 'fee-proposal',
    render(d, ctx) {
      const firm = ctx.party();
      const client = ctx.party();
      letterhead(d, ctx, firm);
      d.heading(
        ctx.pick([
          'Fee Proposal',
          'PROPOSAL FOR PROFESSIONAL SERVICES',
          'Quotation for audit and tax services',
        ]),
      );
      d.add`Prepared for ${ctx.companyPii(client.company)}, ${ctx.address(client.address, false)}\nAttention: ${ctx.name(client.contact)}\n\n`;
      textTable(
        d,
        ctx,
        ['Service', 'Hours', 'Fee'],
        [
          ['Statutory audit', String(ctx.int(40, 400)), ctx.amount(90000)],
          ['Tax compliance', String(ctx.int(10, 120)), ctx.amount(30000)],
          ['Advisory (IFRS 16 transition)', String(ctx.int(10, 80)), ctx.amount(20000)],
        ],
      );
      d.add`\nTeam: ${ctx.name(firm.contact)} (engagement partner), ${ctx.name()} (manager), ${ctx.name()} (senior).\n`;
      d.add`Fees may be paid by card: ${ctx.cardNumber(ctx.card())} has been noted for the retainer.\n`;
      d.add`{Valid until|This proposal is valid until} ${ctx.date()}. Contact ${ctx.email(firm.contact, firm.company)}, ${ctx.phone()}.\n`;
    },
  },
  {
    name: 'audit-engagement',
    render(d, ctx) {
      const firm = ctx.party();
      const client = ctx.party();
      letterhead(d, ctx, firm);
      d.add`${ctx.date()}\n\nThe Board of Directors\n${ctx.companyPii(client.company)}\n${ctx.address(client.address, true)}\n\n`;
      d.add`Dear {Sirs|Board members|Members of the Audit Committee},\n\n`;
      d.heading(`Audit of the financial statements for the year ending ${ctx.date()}`);
      d.add`You have {requested|asked} that we audit the financial statements of ${ctx.companyPii(client.company)}. We are pleased to confirm our acceptance {and our understanding|} of this engagement by means of this letter. `;
      d.add`Our audit will be conducted in accordance with ${ctx.pick(['International Standards on Auditing (ISAs)', 'ISA 210', 'PCAOB standards', 'Standards on Auditing issued by ICAI'])} and the ${ctx.law()}.\n\n`;
      d.add`Our fees, {which will be billed|billed} as work progresses, are estimated at ${ctx.amount(200000)} plus ${ctx.pick(['VAT', 'GST at 18%', 'applicable taxes'])}. `;
      d.add`The engagement partner is ${ctx.name(firm.contact)} (${ctx.email(firm.contact, firm.company)}, ${ctx.phone()}), assisted by ${ctx.name()}.\n\n`;
      d.add`Please sign and return the attached copy {to indicate|as confirmation of} your agreement.\n`;
      signature(d, ctx, firm.contact, firm);
      d.add`\nAcknowledged on behalf of ${ctx.companyPii(client.company)} by ${ctx.name(client.contact)}, ${ctx.pick(['Director', 'Chairman', 'CFO'])}, ${ctx.date()}\n`;
      footer(d, ctx, firm);
    },
  },
  {
    name: 'tax-engagement',
    render(d, ctx) {
      const firm = ctx.party();
      const me = ctx.person();
      letterhead(d, ctx, firm);
      d.add`${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      d.add`Dear ${pii('NAME', me.first)},\n\n{Thank you for choosing|We are delighted that you have chosen} ${ctx.companyPii(firm.company)} to prepare your personal tax returns. `;
      d.add`This letter sets out the scope of our work: preparation of your returns, {correspondence with|dealing with} ${ctx.regulator()}, and advice on ${ctx.pick(['Section 80C deductions', 'capital gains', 'foreign income', 'pension contributions'])}.\n\n`;
      textTable(
        d,
        ctx,
        ['Service', 'Fee'],
        [
          ['Annual return', ctx.amount(3000)],
          ['Quarterly estimates', ctx.amount(1500)],
          ['Enquiry support (hourly)', ctx.amount(400)],
        ],
      );
      d.add`\nYou agree to provide complete information{, including your Social Security number| and all bank statements} by ${ctx.date()}. `;
      if (ctx.locale === 'en_US') d.add`We have recorded your SSN as ${ctx.ssn()}. `;
      d.add`Our privacy notice is at ${ctx.url(firm.company)}.\n`;
      signature(d, ctx, ctx.person(), firm);
    },
  },
  {
    name: 'consulting-sow',
    render(d, ctx) {
      const vendor = ctx.party();
      const client = ctx.party();
      d.heading(
        ctx.pick([
          'STATEMENT OF WORK',
          'Statement of Work No. ' + ctx.int(1, 30),
          'Engagement Terms - Advisory Services',
        ]),
      );
      d.add`This Statement of Work is entered into between ${ctx.companyPii(client.company)}, having its office at ${ctx.address(client.address, false)} ("Client"), and ${ctx.companyPii(vendor.company)}, ${ctx.address(vendor.address, false)} ("Consultant").\n\n`;
      d.add`1. Scope. Consultant will {review|assess|redesign} the Client's ${ctx.pick(['accounts payable process', 'IFRS 16 lease accounting', 'SOX controls', 'GST compliance', 'treasury function'])}.\n`;
      d.add`2. Fees. ${ctx.amount(300000)}, invoiced monthly; expenses at cost.\n`;
      d.add`3. Term. From ${ctx.date()} to ${ctx.date()}.\n`;
      d.add`4. Contacts. Client: ${ctx.name(client.contact)}, ${ctx.email(client.contact, client.company)}. Consultant: ${ctx.name(vendor.contact)}, ${ctx.phone()}.\n`;
      d.add`5. Governing law. {This SOW is governed by|Governed by} the laws of ${ctx.pick(['England and Wales', 'the State of New York', 'India', 'Germany', 'France', 'Spain'])}.\n\n`;
      d.add`Signed for the Client: ${ctx.name()}    Signed for the Consultant: ${ctx.name()}\n`;
    },
  },
  {
    name: 'engagement-email',
    render(d, ctx) {
      const firm = ctx.party();
      const client = ctx.party();
      d.add`From: ${ctx.name(firm.contact)} <${ctx.email(firm.contact, firm.company)}>\nTo: ${ctx.name(client.contact)} <${ctx.email(client.contact, client.company)}>\nSubject: Engagement letter - ${ctx.companyPii(client.company)} FY${ctx.int(2020, 2026)}\n\n`;
      d.add`{Hi|Dear} ${pii('NAME', client.contact.first)},\n\n{Attached is|Please find attached} our engagement letter for {the statutory audit|the review engagement|the tax compliance work}. `;
      d.add`{The fee|Our fee} of ${ctx.amount(90000)} is unchanged from last year. {Could you|Please} {sign|countersign} and return it by ${ctx.date()}?\n\n`;
      d.add`{Our team|The team} on site will be led by ${ctx.name()}; {she|he|they} will {contact|call} your office at ${ctx.phone()} to {agree|schedule} fieldwork at ${ctx.address(client.address, false)}.\n\n`;
      d.add`${ctx.pick(['Thanks', 'Best', 'Kind regards'])},\n${ctx.name(firm.contact)}\n${ctx.companyPii(firm.company)} | ${ctx.url(firm.company)}\n`;
    },
  },
]);
