import { defineFamily } from '../core/docTemplate.js';
import { pii } from '../core/goldDocument.js';
import { footer, letterhead, signature } from '../blocks/partyBlocks.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';

export const taxReturnTemplates = defineFamily('tax_return', [
  {
    name: 'w9-request',
    locales: ['en_US'],
    render(d, ctx) {
      const payer = ctx.party();
      const me = ctx.person();
      d.heading('Form W-9 Request for Taxpayer Identification Number and Certification');
      d.line(`1 Name (as shown on your income tax return)`);
      d.line(ctx.name(me));
      d.line(`2 Business name/disregarded entity name, if different from above`);
      d.line(ctx.chance(0.5) ? ctx.companyPii(ctx.company()) : '');
      d.line(
        `3 Federal tax classification: ${ctx.pick(['☒ Individual/sole proprietor', '☒ LLC', '☒ S Corporation'])}`,
      );
      d.line(`5 Address (number, street, and apt. or suite no.)`);
      d.line(ctx.address(undefined, true));
      d.line(`Part I Taxpayer Identification Number (TIN)`);
      d.line(`Social security number  `, ctx.ssn());
      d.line(`or Employer identification number  ${ctx.rng.digits(2)}-${ctx.rng.digits(7)}`);
      d.line(
        `Requester's name and address: `,
        ctx.companyPii(payer.company),
        ', ',
        ctx.address(payer.address, false),
      );
      d.add`Signature of U.S. person: ${ctx.name(me)}   Date: ${ctx.date()}\n`;
    },
  },
  {
    name: 'us-1040-extract',
    locales: ['en_US'],
    render(d, ctx) {
      const me = ctx.person();
      const spouse = ctx.person();
      const preparer = ctx.party();
      const year = ctx.int(2019, 2025);
      d.heading(`Form 1040 U.S. Individual Income Tax Return ${year}`);
      d.line(`Department of the Treasury—Internal Revenue Service   OMB No. 1545-0074`);
      d.line(
        `Filing Status: ${ctx.pick(['Single', 'Married filing jointly', 'Head of household'])}`,
      );
      d.line(`Your first name and middle initial\tLast name\tYour social security number`);
      d.line(
        pii('NAME', `${me.first}${me.middleInitial ? ` ${me.middleInitial}` : ''}`),
        '\t',
        pii('NAME', me.last),
        '\t',
        ctx.ssn(),
      );
      if (ctx.chance(0.6)) {
        d.line(
          `If joint return, spouse's first name and middle initial\tLast name\tSpouse's social security number`,
        );
        d.line(pii('NAME', spouse.first), '\t', pii('NAME', spouse.last), '\t', ctx.ssn());
      }
      d.line(`Home address (number and street). If you have a P.O. box, see instructions.`);
      d.line(ctx.address(undefined, ctx.chance(0.5)));
      d.line(`Presidential Election Campaign: ☐ You ☐ Spouse`);
      textTable(d, ctx, null, [
        ['1a', 'Total amount from Form(s) W-2, box 1', ctx.amount(150000)],
        ['2b', 'Taxable interest', ctx.amount(5000)],
        ['11', 'Adjusted gross income', ctx.amount(200000)],
        ['12', 'Standard deduction or itemized deductions (from Schedule A)', ctx.amount(30000)],
        ['24', 'Total tax', ctx.amount(40000)],
      ]);
      d.line(`Phone no. `, ctx.phone(), `   Email address `, ctx.email(me));
      d.line(
        `Paid Preparer Use Only   Preparer's name `,
        ctx.name(preparer.contact),
        `   PTIN P${ctx.rng.digits(8)}`,
      );
      d.line(
        `Firm's name `,
        ctx.companyPii(preparer.company),
        `   Firm's EIN ${ctx.rng.digits(2)}-${ctx.rng.digits(7)}`,
      );
      d.line(`Firm's address `, ctx.address(preparer.address, false), `   Phone no. `, ctx.phone());
    },
  },
  {
    name: 'itr-acknowledgement',
    locales: ['en_IN'],
    render(d, ctx) {
      const me = ctx.person();
      const pan = ctx.personalPan(me);
      const ay = ctx.int(2020, 2025);
      d.heading('INDIAN INCOME TAX RETURN ACKNOWLEDGEMENT');
      d.line(
        `[Where the data of the Return of Income in Form ${ctx.pick(['ITR-1 (SAHAJ)', 'ITR-2', 'ITR-3', 'ITR-4 (SUGAM)'])} has been transmitted electronically]`,
      );
      d.line(`Assessment Year ${ay}-${(ay + 1) % 100}`);
      keyValues(d, ctx, [
        ['PAN', pan],
        ['Name', pii('NAME', `${me.first} ${me.last}`.toUpperCase())],
        ['Address', ctx.address(undefined, false)],
        ['Status', 'Individual'],
        ['Form Number', 'ITR-1'],
        ['e-Filing Acknowledgement Number', ctx.rng.digits(15)],
      ]);
      textTable(d, ctx, null, [
        ['1', 'Gross Total Income', ctx.amount(2000000)],
        ['2', 'Deductions under Chapter-VI-A (Section 80C, 80D)', ctx.amount(150000)],
        ['3', 'Total Income', ctx.amount(2000000)],
        ['4', 'Net tax payable', ctx.amount(300000)],
        ['5', 'Refund', ctx.amount(20000)],
      ]);
      d.add`This return has been digitally signed by ${ctx.name(me)} in the capacity of Self having PAN ${pan} from IP address 10.${ctx.int(0, 255)}.${ctx.int(0, 255)}.${ctx.int(1, 254)} on ${ctx.date()}.\n`;
      d.add`Communication: mobile ${ctx.phone()}, e-mail ${ctx.email(me)}. Filed under the Income Tax Act, 1961 with the Income Tax Department, Centralized Processing Centre, Bengaluru.\n`;
    },
  },
  {
    name: 'tax-advisor-letter',
    render(d, ctx) {
      const firm = ctx.party();
      const client = ctx.person();
      letterhead(d, ctx, firm);
      d.line(ctx.date());
      d.blank();
      d.add`${ctx.pick(['Private & Confidential', 'PRIVATE AND CONFIDENTIAL', 'Strictly confidential'])}\n${ctx.name(client)}\n${ctx.address(undefined, true)}\n\n`;
      d.add`Dear ${client.title} ${pii('NAME', client.last)},\n\n`;
      d.add`{Re|Subject|Regarding}: {your|Your} ${ctx.pick(['tax return', 'self-assessment', 'income tax filing', 'annual return'])} for ${ctx.int(2019, 2025)}\n\n`;
      d.add`We have {prepared|completed|finalised} your return on the basis of the information you {provided|supplied}. `;
      d.add`Your {taxable income|assessable income} is ${ctx.amount(300000)} and the {tax due|balance payable} is ${ctx.amount(60000)}, payable to ${ctx.regulator()} by ${ctx.date()}. `;
      d.add`{Relief|A deduction} under ${ctx.law()} {reduced|lowered} the liability by ${ctx.percent()}.\n\n`;
      if (ctx.locale === 'en_US')
        d.add`Please confirm that the social security number on the return, ${ctx.ssn()}, is correct.\n`;
      d.add`{If you have any questions|Should you have any queries}, {please contact|contact} ${ctx.name(firm.contact)} on ${ctx.phone()} or at ${ctx.email(firm.contact, firm.company)}.\n`;
      d.line(ctx.nameLikeSentence());
      signature(d, ctx, ctx.person(), firm);
      footer(d, ctx, firm);
    },
  },
  {
    name: 'uk-self-assessment-summary',
    locales: ['en_GB'],
    render(d, ctx) {
      const me = ctx.person();
      const agent = ctx.party();
      d.heading(`SA100 Tax Return ${ctx.int(2019, 2025)} - summary`);
      keyValues(d, ctx, [
        ['Taxpayer', ctx.name(me)],
        ['UTR', ctx.rng.digits(10)],
        ['National Insurance number', ctx.personalTaxId(me).value],
        ['Address', ctx.address(undefined, false)],
        ['Telephone', ctx.phone()],
        ['Email', ctx.email(me)],
      ]);
      const rows: Cell[][] = [
        ['Employment income', ctx.amount(90000)],
        ['Self-employment profit', ctx.amount(40000)],
        ['UK interest', ctx.amount(2000)],
        ['Personal allowance', ctx.amount(12570)],
        ['Total tax due', ctx.amount(30000)],
      ];
      textTable(d, ctx, ['Item', 'Amount'], rows);
      d.add`Agent: ${ctx.companyPii(agent.company)}, ${ctx.address(agent.address, false)}. Agent reference ${ctx.ref('AGT')}.\n`;
      d.add`Submitted to HM Revenue & Customs on ${ctx.date()}. Payments on account are due on 31 January and 31 July.\n`;
    },
  },
  {
    name: 'us-w2-form',
    locales: ['en_US'],
    render(d, ctx) {
      const emp = ctx.person();
      const employer = ctx.party();
      d.heading(`Form W-2 Wage and Tax Statement ${ctx.int(2019, 2025)}`);
      d.line(`a Employee's social security number`);
      d.line(ctx.ssn());
      d.line(`b Employer identification number (EIN)   ${ctx.rng.digits(2)}-${ctx.rng.digits(7)}`);
      d.line(`c Employer's name, address, and ZIP code`);
      d.line(ctx.companyPii(employer.company));
      d.line(ctx.address(employer.address, true));
      d.line(`e Employee's first name and initial   Last name`);
      d.line(pii('NAME', emp.first), '   ', pii('NAME', emp.last));
      d.line(`f Employee's address and ZIP code`);
      d.line(ctx.address(undefined, true));
      textTable(d, ctx, null, [
        ['1 Wages, tips, other compensation', ctx.amount(150000)],
        ['2 Federal income tax withheld', ctx.amount(30000)],
        ['3 Social security wages', ctx.amount(150000)],
        ['4 Social security tax withheld', ctx.amount(9000)],
        ['12a D', ctx.amount(20000)],
      ]);
      d.line(
        `Copy B—To Be Filed With Employee's FEDERAL Tax Return. This information is being furnished to the Internal Revenue Service.`,
      );
    },
  },
]);
