import { defineFamily } from '../core/docTemplate.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';
import { letterhead, partyBlock, signature } from '../blocks/partyBlocks.js';

export const auditReportTemplates = defineFamily('audit_report', [
  {
    name: 'controls-walkthrough',
    render(d, ctx) {
      const client = ctx.party();
      const firm = ctx.company();
      d.heading(
        ctx.pick([
          'Walkthrough Documentation - Purchase to Pay',
          'SOX 404 WALKTHROUGH',
          'Process narrative: Revenue',
        ]),
      );
      d.line(
        `Client: `,
        ctx.companyPii(client.company),
        `   Auditor: `,
        ctx.companyPii(firm),
        `   Period: FY${ctx.int(2020, 2026)}`,
      );
      d.line(`Performed by: `, ctx.name(), ` · Reviewed by: `, ctx.name(), ` · ${ctx.date()}`);
      d.blank();
      d.add`We met ${ctx.name(client.contact)} ({Accounts Payable Manager|Financial Controller|Head of Treasury}, ${ctx.phone()}) at ${ctx.address(client.address, false)}. `;
      d.add`Invoices are received at ${ctx.roleEmail(client.company)} and {matched|three-way matched} to purchase orders in ${ctx.pick(['SAP', 'Oracle', 'Tally', 'NetSuite'])}. `;
      d.add`Payments above ${ctx.amount(50000)} require a second approver, {currently|at present} ${ctx.name()}. ${ctx.nameLikeSentence()}\n`;
      d.add`Control deficiency: {none noted|vendor bank changes are not call-back verified}. Reference: ${ctx.standard()}.\n`;
    },
  },
  {
    name: 'audit-committee-minutes',
    render(d, ctx) {
      const org = ctx.party();
      const auditor = ctx.company();
      d.heading(`Minutes of the Audit Committee meeting of `, ctx.companyPii(org.company));
      d.line(
        `Held on ${ctx.date()} ${ctx.pick(['at the registered office', 'by video conference', 'at the offices of the company'])}`,
      );
      d.line(`Present: `, ctx.name(), ` (Chair), `, ctx.name(), `, `, ctx.name());
      d.line(
        `In attendance: `,
        ctx.name(org.contact),
        ` (CFO); `,
        ctx.name(),
        ` (`,
        ctx.companyPii(auditor),
        `, external auditor)`,
      );
      d.blank();
      d.add`1. The minutes of the previous meeting were approved. Sales rose by ${ctx.percent()} year on year.\n`;
      d.add`2. The external auditor presented the audit plan under ${ctx.standard()}; materiality was set at ${ctx.amount(500000)}.\n`;
      d.add`3. The committee discussed the speech by ${ctx.publicFigure()} on interest rates and its effect on impairment under IFRS 9.\n`;
      d.add`4. Whistle-blower reports: {none received|one report received and referred to internal audit}. Hotline ${ctx.phone()}.\n`;
      d.add`Secretary: ${ctx.name()} · ${ctx.email(ctx.person(), org.company)}\n`;
    },
  },
  {
    name: 'independent-auditors-report',
    render(d, ctx) {
      const firm = ctx.party();
      const client = ctx.party();
      d.heading(
        ctx.pick([
          "INDEPENDENT AUDITOR'S REPORT",
          "Independent Auditors' Report",
          'Report of Independent Registered Public Accounting Firm',
        ]),
      );
      d.add`To the {Members|Shareholders|Board of Directors} of ${ctx.companyPii(client.company)}\n\n`;
      d.heading('Opinion');
      d.add`We have audited the financial statements of ${ctx.companyPii(client.company)} ("the Company"), which comprise the balance sheet as at ${ctx.date()}, and the statement of profit and loss for the year then ended. `;
      d.add`In our opinion, the financial statements give a true and fair view in accordance with ${ctx.pick(['Ind AS', 'IFRS as adopted by the EU', 'US GAAP', 'FRS 102', 'the HGB'])} and the ${ctx.law()}.\n\n`;
      d.heading('Basis for Opinion');
      d.add`We conducted our audit in accordance with ${ctx.standard()}. Revenue rose by ${ctx.percent()} and we identified revenue recognition as a key audit matter. `;
      d.add`Trade receivables of ${ctx.amount(9000000)} were confirmed with customers including ${ctx.companyPii(ctx.company())}.\n\n`;
      d.add`For ${ctx.companyPii(firm.company)}\n${ctx.pick(['Chartered Accountants', 'Certified Public Accountants', 'Wirtschaftsprüfungsgesellschaft', 'Commissaires aux comptes'])}\n`;
      d.add`Firm Registration No. ${ctx.rng.digits(6)}${ctx.pick(['W', 'N', 'S', 'E'])}\n\n${ctx.name(firm.contact)}\nPartner\nMembership No. ${ctx.rng.digits(6)}\n`;
      d.add`UDIN: ${ctx.rng.digits(8)}${ctx.pick(['ABCD', 'BGXT', 'AAAK'])}${ctx.rng.digits(4)}\nPlace: ${ctx.pick(['Mumbai', 'London', 'Frankfurt', 'Paris', 'Madrid', 'New York'])}\nDate: ${ctx.date()}\n`;
    },
  },
  {
    name: 'management-letter',
    render(d, ctx) {
      const firm = ctx.party();
      const client = ctx.party();
      letterhead(d, ctx, firm);
      partyBlock(d, ctx, 'To:', client);
      d.blank();
      d.heading(
        ctx.pick([
          'Management Letter - Internal Control Observations',
          'Report to those charged with governance',
          'Points forward',
        ]),
      );
      d.add`{During our audit|In the course of our audit} for the year ended ${ctx.date()} we {noted|identified} the following matters:\n\n`;
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 5); i++) {
        rows.push([
          String(i + 1),
          ctx.pick([
            'Segregation of duties in payments',
            'Vendor master changes not reviewed',
            'Bank reconciliations late',
            'User access not revoked',
            'Manual journals without approval',
          ]),
          ctx.pick(['High', 'Medium', 'Low']),
          ctx.name(),
          ctx.date(),
        ]);
      }
      textTable(d, ctx, ['#', 'Observation', 'Risk', 'Owner', 'Due'], rows);
      d.add`\n{Management's responses|Responses} were {provided|given} by ${ctx.name(client.contact)} (${ctx.email(client.contact, client.company)}). ${ctx.nameLikeSentence()}\n`;
      signature(d, ctx, firm.contact, firm);
    },
  },
  {
    name: 'receivables-confirmation',
    render(d, ctx) {
      const client = ctx.party();
      const customer = ctx.party();
      const auditor = ctx.party();
      letterhead(d, ctx, client);
      d.line(ctx.date());
      d.add`\n${ctx.companyPii(customer.company)}\n${ctx.pick(['Attn: ', 'Attention: '])}${ctx.name(customer.contact)}\n${ctx.address(customer.address, true)}\n\n`;
      d.heading(
        ctx.pick([
          'Confirmation of account balance',
          'AUDIT CONFIRMATION REQUEST',
          'Balance confirmation',
        ]),
      );
      d.add`Our auditors, ${ctx.companyPii(auditor.company)}, are {conducting|performing} an audit of our financial statements. {Please|Kindly} confirm {directly to them|to them directly} the balance of ${ctx.amount(500000)} {due from you|owed by you} as at ${ctx.date()}.\n\n`;
      d.add`Reply to: ${ctx.name(auditor.contact)}, ${ctx.companyPii(auditor.company)}, ${ctx.address(auditor.address, false)}\nE-mail: ${ctx.email(auditor.contact, auditor.company)}  Fax: ${ctx.phone()}\n\n`;
      d.add`This is not a request for payment. ${ctx.nameLikeSentence()}\n\n`;
      d.add`Yours faithfully,\n${ctx.name(client.contact)}\n${ctx.pick(['Financial Controller', 'CFO', 'Head of Accounts'])}, ${ctx.companyPii(client.company)}\n\n`;
      d.add`The above balance is {correct|confirmed} / {not correct|disputed} (details attached). Signed: ____________ for ${ctx.companyPii(customer.company)}\n`;
    },
  },
  {
    name: 'internal-audit-memo',
    render(d, ctx) {
      const org = ctx.party();
      const auditor = ctx.person();
      d.heading(
        ctx.pick([
          'INTERNAL AUDIT MEMORANDUM',
          'Internal Audit - Findings Summary',
          'Audit Committee Briefing Note',
        ]),
      );
      keyValues(d, ctx, [
        ['To', ctx.name()],
        ['From', ctx.name(auditor)],
        ['Cc', ctx.email(ctx.person(), org.company)],
        ['Date', ctx.date()],
        [
          'Subject',
          `${ctx.pick(['Expense claims', 'Procurement', 'Payroll', 'Treasury'])} review ${ctx.ref('IA')}`,
        ],
      ]);
      d.blank();
      d.add`We {sampled|tested} ${ctx.int(20, 120)} transactions {between|from} ${ctx.date()} and ${ctx.date()}. `;
      d.add`{Two payments|Several payments} to ${ctx.companyPii(ctx.company())} were {approved|authorised} by the same person who {created the vendor|raised the purchase order}. `;
      d.add`{The vendor's|Its} registered address, ${ctx.address(undefined, false)}, matches the home address of an employee, ${ctx.name()}. `;
      d.add`{We recommend|Recommendation:} {a forensic review|immediate suspension of the vendor} and {a report to|notification of} ${ctx.regulator()} if required by ${ctx.law()}.\n`;
      d.add`Contact ${ctx.name(auditor)} on ${ctx.phone()} for the working papers.\n`;
    },
  },
]);
