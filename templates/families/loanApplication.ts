import { defineFamily } from '../core/docTemplate.js';
import { pii, type Pii } from '../core/goldDocument.js';
import { footer, letterhead, partyBlock, signature } from '../blocks/partyBlocks.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';

/** A person's tax number as a key-value row, its label matching its kind. */
function taxRow(id: { readonly label: string; readonly value: Pii }): readonly [string, Pii] {
  return [id.label, id.value];
}

export const loanApplicationTemplates = defineFamily('loan_application', [
  {
    name: 'repayment-schedule',
    render(d, ctx) {
      const lender = ctx.party({ bank: true });
      const me = ctx.person();
      d.line(
        ctx.companyPii(lender.company),
        ` — ${ctx.pick(['Repayment Schedule', 'AMORTISATION SCHEDULE', 'EMI schedule'])}`,
      );
      keyValues(d, ctx, [
        ['Borrower', ctx.name(me)],
        ['Co-borrower', ctx.name()],
        ['Mailing address', ctx.address(undefined, false)],
        // The client's loan account at the bank: an account number with its label (LABELS.md).
        ['Loan account', pii('BANK_ACCOUNT', `${ctx.int(1, 9)}${ctx.rng.digits(11)}`)],
        ['Sanctioned amount', ctx.amount(900000)],
        ['Rate', `${ctx.percent()} p.a.`],
      ]);
      const rows: Cell[][] = [];
      for (let i = 1; i <= ctx.int(4, 10); i++)
        rows.push([String(i), ctx.date(), ctx.amount(9000), ctx.amount(3000), ctx.amount(900000)]);
      textTable(d, ctx, ['No.', 'Due date', 'Principal', 'Interest', 'Outstanding'], rows);
      d.add`\nPay online at ${ctx.url(lender.company)}. Missed payments are reported to credit bureaus. Helpline ${ctx.phone()}.\n`;
    },
  },
  {
    name: 'guarantor-form',
    render(d, ctx) {
      const lender = ctx.party({ bank: true });
      const g = ctx.person();
      const borrower = ctx.person();
      d.heading(
        ctx.pick([
          'Guarantor Information Form',
          'PERSONAL GUARANTEE - GUARANTOR DETAILS',
          'Co-signer declaration',
        ]),
      );
      d.line(`Loan account ${ctx.rng.digits(12)} with `, ctx.companyPii(lender.company));
      d.line(`Borrower: `, ctx.name(borrower));
      keyValues(d, ctx, [
        ['Guarantor', ctx.name(g)],
        ...(ctx.locale === 'en_US'
          ? [['SSN', ctx.ssn()] as const]
          : [taxRow(ctx.personalTaxId(g))]),
        [
          'Relationship to borrower',
          ctx.pick(['Father', 'Mother', 'Spouse', 'Business partner', 'Friend']),
        ],
        ['Residential address', ctx.address(undefined, ctx.chance(0.4))],
        ['Phone', ctx.phone()],
        ['Email', ctx.email(g)],
        ['Employer', ctx.companyPii(ctx.company())],
        ['Net worth', ctx.amount(900000)],
      ]);
      d.add`\nI, ${ctx.name(g)}, guarantee repayment of all sums due up to ${ctx.amount(500000)}. ${ctx.nameLikeSentence()}\n`;
    },
  },
  {
    name: 'application-form',
    render(d, ctx) {
      const lender = ctx.party({ bank: true });
      const me = ctx.person();
      const co = ctx.person();
      const employer = ctx.party();
      letterhead(d, ctx, lender);
      d.heading(
        ctx.pick([
          'Loan Application',
          'UNIFORM RESIDENTIAL LOAN APPLICATION',
          'Personal Loan Application Form',
          'Home Loan Application',
        ]),
      );
      d.line(`Section 1: Borrower Information`);
      keyValues(d, ctx, [
        [
          'Name (First, Middle, Last)',
          pii('NAME', `${me.first}${me.middleInitial ? ` ${me.middleInitial}.` : ''} ${me.last}`),
        ],
        ...(ctx.locale === 'en_US' ? [['Social Security Number', ctx.ssn()] as const] : []),
        ...(ctx.locale !== 'en_US' || ctx.chance(0.2) ? [taxRow(ctx.personalTaxId(me))] : []),
        ['Current address', ctx.address(undefined, false)],
        ['Home phone', ctx.phone()],
        ['Cell phone', ctx.phone()],
        ['Email', ctx.email(me)],
      ]);
      if (ctx.chance(0.5)) {
        d.line(`Disbursement account`);
        keyValues(d, ctx, [...ctx.bankDetails()]);
      }
      d.line(`Section 2: Employment and Income`);
      keyValues(d, ctx, [
        ['Employer', ctx.companyPii(employer.company)],
        ['Employer address', ctx.address(employer.address, false)],
        ['Employer phone', ctx.phone()],
        ['Gross monthly income', ctx.amount(20000)],
        ['Years in this line of work', String(ctx.int(1, 30))],
      ]);
      if (ctx.chance(0.6)) {
        d.line(`Co-borrower`);
        d.line(
          ctx.name(co),
          ctx.locale === 'en_US' ? ['   SSN ', ctx.ssn()] : null,
          '   ',
          ctx.phone(),
        );
      }
      d.line(`Section 3: Loan and Property`);
      keyValues(d, ctx, [
        ['Loan amount', ctx.amount(900000)],
        [
          'Loan purpose',
          ctx.pick(['Purchase', 'Refinance', 'Home improvement', 'Debt consolidation']),
        ],
        ['Property address', ctx.address(undefined, false)],
        ['Interest rate', ctx.percent()],
      ]);
      d.add`\nBy signing, I authorise ${ctx.companyPii(lender.company)} to obtain my credit report under the ${ctx.law()}.\n`;
      d.add`Borrower signature ____________ ${ctx.name(me)}   Date ${ctx.date()}\n`;
    },
  },
  {
    name: 'loan-officer-email',
    render(d, ctx) {
      const lender = ctx.party({ bank: true });
      const officer = lender.contact;
      const me = ctx.person();
      d.add`From: ${ctx.name(officer)} <${ctx.email(officer, lender.company)}>\nTo: ${ctx.email(me)}\nCc: ${ctx.roleEmail(lender.company)}\nSubject: {Your loan application|Documents needed|Application} ${ctx.ref('LN')}\n\n`;
      d.add`{Hi|Dear|Hello} ${pii('NAME', me.first)},\n\n`;
      d.add`Thank you for {applying|your application} for a ${ctx.pick(['home loan', 'personal loan', 'business loan', 'car loan'])} of ${ctx.amount(500000)}. `;
      d.add`To {proceed|move forward} we {need|require} your last three payslips from ${ctx.companyPii(ctx.company())} and a bank statement. `;
      d.add`{You can upload them|Please upload them} at ${ctx.url(lender.company)}. `;
      d.add`The property at ${ctx.address(undefined, false)} will be valued on ${ctx.date()}.\n\n`;
      d.add`{Call me|Feel free to call me} on ${ctx.phone()} {if anything is unclear|with any questions}. ${ctx.nameLikeSentence()}\n\n`;
      d.add`${ctx.pick(['Best', 'Thanks', 'Kind regards'])},\n${ctx.name(officer)}\n${ctx.pick(['Senior Loan Officer', 'Mortgage Adviser', 'Credit Manager'])} | ${ctx.companyPii(lender.company)}\nM: ${ctx.phone()}\n`;
    },
  },
  {
    name: 'sanction-letter',
    render(d, ctx) {
      const lender = ctx.party({ bank: true });
      const me = ctx.person();
      letterhead(d, ctx, lender);
      d.line(`Ref: ${ctx.ref('SL')}    Date: ${ctx.date()}`);
      d.blank();
      d.add`${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      d.heading(ctx.pick(['SANCTION LETTER', 'Loan Offer', 'Offer of Credit Facility']));
      d.add`Dear ${me.title} ${pii('NAME', me.last)},\n\nWe are pleased to {inform you|confirm} that your {loan|credit facility} has been {sanctioned|approved} on the following terms:\n\n`;
      textTable(d, ctx, null, [
        ['Loan amount', ctx.amount(5000000)],
        ['Rate of interest', `${ctx.percent()} p.a. (floating)`],
        ['Tenure', `${ctx.int(12, 360)} months`],
        ['EMI', ctx.amount(90000)],
        ['Processing fee', ctx.amount(20000)],
      ]);
      d.add`\nThe sanction is subject to {the guidelines of|directions issued by} ${ctx.regulator()} and {satisfactory legal verification|a satisfactory valuation} of the property at ${ctx.address(undefined, false)}.\n`;
      d.add`Guarantor: ${ctx.name()}, ${ctx.phone()}.\n`;
      signature(d, ctx, lender.contact, lender);
      footer(d, ctx, lender);
    },
  },
  {
    name: 'credit-memo',
    render(d, ctx) {
      const lender = ctx.party({ bank: true });
      const borrower = ctx.party();
      d.heading(
        ctx.pick([
          'CREDIT APPROVAL MEMORANDUM',
          'Credit Committee Paper',
          'Loan Underwriting Summary',
        ]),
      );
      d.line(
        'Prepared for: Credit Committee, ',
        ctx.companyPii(lender.company),
        `    Date: ${ctx.date()}`,
      );
      d.blank();
      partyBlock(d, ctx, 'Borrower', borrower);
      d.blank();
      d.add`Facility: ${ctx.pick(['term loan', 'revolving credit facility', 'working capital line'])} of ${ctx.amount(5000000)} at ${ctx.percent()} over ${ctx.int(1, 10)} years.\n`;
      d.add`Sponsor {and guarantor|}: ${ctx.name(borrower.contact)}, {resident at|of} ${ctx.address(undefined, false)}.\n`;
      d.add`Revenue rose by ${ctx.percent()} to ${ctx.amount(9000000)}; EBITDA margin ${ctx.percent()}. Capital treatment under Basel III: standardised approach.\n`;
      d.add`Relationship manager: ${ctx.name(lender.contact)} (${ctx.phone()}).\n`;
    },
  },
]);
