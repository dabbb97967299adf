import { defineFamily } from '../core/docTemplate.js';
import { pii } from '../core/goldDocument.js';
import { letterhead, signature } from '../blocks/partyBlocks.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';
import type { GenContext } from '../core/genContext.js';
import type { Part } from '../core/docBuilder.js';
import { plainAmount } from '../values/businessData.js';

function personalId(ctx: GenContext): readonly [string, Part] {
  if (ctx.locale === 'en_US' && ctx.chance(0.7)) return ['SSN', ctx.ssn()];
  const id = ctx.personalTaxId();
  return [id.label, id.value];
}

/** "IBAN DE89 …" / "Sort code 20-00-00, Account No. 12345678": the last account rows of a locale. */
function accountLine(ctx: GenContext): Part[] {
  const rows = ctx.bankDetails().filter(([, v]) => typeof v !== 'string');
  return rows.flatMap(([k, v], i) => [i > 0 ? ', ' : '', k, ' ', v]);
}

export const payrollRecordTemplates = defineFamily('payroll_record', [
  {
    name: 'offer-letter',
    render(d, ctx) {
      const employer = ctx.party();
      const me = ctx.person();
      letterhead(d, ctx, employer);
      d.add`${ctx.date()}\n\n${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      d.heading(
        ctx.local(['Offer of Employment', 'OFFER LETTER', 'Employment offer'], {
          de: ['Arbeitsvertragsangebot'],
          fr: ["Proposition d'embauche"],
          es: ['Oferta de empleo'],
          nl: ['Aanbiedingsbrief'],
        }),
      );
      d.add`Dear ${pii('NAME', me.first)},\n\nWe are {pleased|delighted} to offer you the position of ${ctx.pick(['Senior Accountant', 'Audit Associate', 'Financial Analyst', 'Payroll Specialist'])} at ${ctx.companyPii(employer.company)}. `;
      d.add`Your {annual gross salary|base salary} will be ${ctx.amount(150000)}, paid monthly, with a {bonus target|variable component} of ${ctx.percent()}. `;
      d.add`You will report to ${ctx.name()} at our office at ${ctx.address(employer.address, false)}, starting on ${ctx.date()}.\n\n`;
      d.add`Please {sign and return|confirm acceptance of} this offer by ${ctx.date()}. {Questions|Any questions} about benefits go to ${ctx.email(employer.contact, employer.company)}.\n`;
      signature(d, ctx, employer.contact, employer);
    },
  },
  {
    name: 'expense-claim',
    render(d, ctx) {
      const employer = ctx.party();
      const emp = ctx.person();
      const card = ctx.card();
      d.heading(
        ctx.pick(['Expense Claim Form', 'TRAVEL & EXPENSE REPORT', 'Reimbursement request']),
      );
      d.line(ctx.companyPii(employer.company), ` — ${ctx.pick(['Finance', 'Accounts Payable'])}`);
      keyValues(d, ctx, [
        ['Employee', ctx.name(emp)],
        ['Employee e-mail', ctx.email(emp, employer.company)],
        ['Manager', ctx.name()],
        [
          'Corporate card',
          ctx.chance(0.5) ? ctx.cardNumber(card) : `ending ${card.digits.slice(-4)}`,
        ],
      ]);
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 6); i++)
        rows.push([
          ctx.date(),
          ctx.pick(['Taxi', 'Hotel', 'Client dinner', 'Train ticket', 'Conference fee', 'Mileage']),
          ctx.companyPii(ctx.company()),
          plainAmount(ctx.rng, 900),
        ]);
      textTable(d, ctx, ['Date', 'Category', 'Supplier', 'Amount'], rows);
      d.add`\nTotal claimed ${ctx.amount(3000)}. Approved by ${ctx.name()} on ${ctx.date()}. Reimbursed to ${accountLine(ctx)}.\n`;
    },
  },
  {
    name: 'payslip',
    render(d, ctx) {
      const employer = ctx.party();
      const emp = ctx.person();
      letterhead(d, ctx, employer);
      d.heading(
        ctx.local(['PAYSLIP', 'Pay Statement', 'Salary Slip', 'Earnings Statement'], {
          de: ['Gehaltsabrechnung', 'Entgeltabrechnung'],
          fr: ['Bulletin de paie'],
          es: ['Nómina'],
          nl: ['Loonstrook'],
        }),
      );
      d.line(`Pay period: ${ctx.date()} - ${ctx.date()}    Pay date: ${ctx.date()}`);
      keyValues(d, ctx, [
        ['Employee', ctx.name(emp)],
        ['Employee ID', `E${ctx.rng.digits(5)}`],
        personalId(ctx),
        ['Department', ctx.pick(['Finance', 'Operations', 'Sales', 'IT', 'Audit'])],
        ['Address', ctx.address(undefined, false)],
      ]);
      d.blank();
      const rows: Cell[][] = [
        ['Basic salary', plainAmount(ctx.rng, 9000), 'Income tax', plainAmount(ctx.rng, 2000)],
        [
          'HRA / housing',
          plainAmount(ctx.rng, 3000),
          ctx.pick(['Social security', 'NIC', 'Provident fund', 'Sozialversicherung']),
          plainAmount(ctx.rng, 900),
        ],
        ['Bonus', plainAmount(ctx.rng, 2000), 'Pension', plainAmount(ctx.rng, 500)],
      ];
      textTable(d, ctx, ['Earnings', 'Amount', 'Deductions', 'Amount'], rows);
      d.line(`Net pay: ${ctx.amount(12000)}`);
      d.line('Paid to ', accountLine(ctx), ' at ', ctx.companyPii(ctx.company({ bank: true })));
      d.add`Payroll queries: ${ctx.roleEmail(employer.company)}\n`;
    },
  },
  {
    name: 'payroll-register',
    render(d, ctx) {
      const employer = ctx.party();
      d.line(
        ctx.companyPii(employer.company),
        ` — ${ctx.pick(['Payroll Register', 'PAYROLL SUMMARY', 'Salary register'])} ${ctx.date()}`,
      );
      d.blank();
      const rows: Cell[][] = [];
      const id = ctx.locale === 'en_US';
      for (let i = 0; i < ctx.int(3, 8); i++) {
        const p = ctx.person();
        rows.push([
          `E${ctx.rng.digits(4)}`,
          ctx.name(p),
          id ? ctx.ssn() : ctx.pick(['Finance', 'Sales', 'Ops', 'IT']),
          plainAmount(ctx.rng, 12000),
          plainAmount(ctx.rng, 9000),
        ]);
      }
      textTable(d, ctx, ['Emp ID', 'Name', id ? 'SSN' : 'Dept', 'Gross', 'Net'], rows);
      d.add`\nTotal gross ${ctx.amount(200000)}; employer contributions ${ctx.amount(30000)}. Prepared by ${ctx.name(employer.contact)}, approved by ${ctx.name()}.\n`;
      d.add`Filed with ${ctx.regulator()} by ${ctx.date()}.\n`;
    },
  },
  {
    name: 'salary-revision-letter',
    render(d, ctx) {
      const employer = ctx.party();
      const emp = ctx.person();
      letterhead(d, ctx, employer);
      d.add`${ctx.date()}\n\n${ctx.pick(['Private & Confidential', 'CONFIDENTIAL'])}\n${ctx.name(emp)}\n${ctx.address(undefined, true)}\n\n`;
      d.add`Dear ${pii('NAME', emp.first)},\n\n`;
      d.add`{We are pleased to inform you|I am happy to confirm} that {with effect from|effective} ${ctx.date()} your annual {salary|compensation|CTC} will be ${ctx.amount(200000)}, an increase of ${ctx.percent()}. `;
      d.add`{This reflects|In recognition of} your contribution to ${ctx.companyPii(employer.company)}. ${ctx.nameLikeSentence()}\n\n`;
      d.add`{Your manager|Your line manager}, ${ctx.name()}, will discuss your objectives. For payroll questions contact ${ctx.email(employer.contact, employer.company)} or ${ctx.phone()}.\n`;
      signature(d, ctx, employer.contact, employer);
    },
  },
  {
    name: 'year-end-certificate',
    render(d, ctx) {
      const employer = ctx.party();
      const emp = ctx.person();
      d.heading(
        ctx.pick([
          'P60 End of Year Certificate',
          'FORM NO. 16 - Certificate under section 203 of the Income-tax Act, 1961',
          'Annual Earnings Summary',
          'Lohnsteuerbescheinigung',
        ]),
      );
      d.line(`Tax year to ${ctx.date()}`);
      d.add`Employer: ${ctx.companyPii(employer.company)}\nEmployer address: ${ctx.address(employer.address, false)}\n`;
      d.add`${ctx.taxId().label}: ${ctx.taxId().value}\n\n`;
      d.add`Employee: ${ctx.name(emp)}\n`;
      const [k, v] = personalId(ctx);
      d.line(`${k}: `, v);
      d.add`Employee address: ${ctx.address(undefined, true)}\n\n`;
      textTable(d, ctx, null, [
        ['Total pay in this employment', ctx.amount(150000)],
        ['Tax deducted', ctx.amount(30000)],
        ['Deductions (e.g. Section 80C)', ctx.amount(15000)],
      ]);
      d.add`\nCertified by ${ctx.name(employer.contact)}, ${ctx.pick(['Payroll Manager', 'Director - HR', 'Authorised signatory'])}. Place: ${ctx.pick(['Mumbai', 'London', 'Berlin', 'Paris', 'Madrid', 'Chicago'])}\n`;
    },
  },
]);
