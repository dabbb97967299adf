import { defineFamily } from '../core/docTemplate.js';
import { pii } from '../core/goldDocument.js';
import { footer, letterhead, signature } from '../blocks/partyBlocks.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';

export const insuranceClaimTemplates = defineFamily('insurance_claim', [
  {
    name: 'broker-claim-email',
    render(d, ctx) {
      const broker = ctx.party();
      const insurer = ctx.party();
      const client = ctx.person();
      d.add`From: ${ctx.name(broker.contact)} <${ctx.email(broker.contact, broker.company)}>\nTo: ${ctx.roleEmail(insurer.company)}\nSubject: {New claim|Claim notification} - ${ctx.ref('POL')} - ${ctx.name(client)}\n\n`;
      d.add`{Hello|Dear claims team},\n\nWe {act for|represent} ${ctx.name(client)} of ${ctx.address(undefined, false)}, {policyholder|insured} under policy ${ctx.ref('POL')}. `;
      d.add`On ${ctx.date()} {a water leak|a fire|a theft} {caused|resulted in} {damage|losses} estimated at ${ctx.amount(40000)}. `;
      d.add`{Please appoint|Kindly instruct} a loss adjuster and {contact|call} our client {directly|} on ${ctx.phone()}.\n\n`;
      d.add`${ctx.pick(['Regards', 'Best regards', 'Kind regards'])},\n${ctx.name(broker.contact)}\n${ctx.companyPii(broker.company)}\n${ctx.address(broker.address, ctx.chance(0.5))}\nT ${ctx.phone()} | ${ctx.url(broker.company)}\n`;
    },
  },
  {
    name: 'policy-schedule',
    render(d, ctx) {
      const insurer = ctx.party();
      const me = ctx.person();
      const card = ctx.card();
      letterhead(d, ctx, insurer);
      d.heading(ctx.pick(['Policy Schedule', 'CERTIFICATE OF INSURANCE', 'Your policy documents']));
      keyValues(d, ctx, [
        ['Policy number', ctx.ref('POL')],
        ['Policyholder', ctx.name(me)],
        ['Correspondence address', ctx.address(undefined, false)],
        ['Contact number', ctx.phone()],
        ['Period of cover', `${ctx.date()} to ${ctx.date()}`],
        ['Nominee / additional driver', ctx.name()],
        ['Premium', ctx.amount(3000)],
        [
          'Paid by card',
          ctx.chance(0.6) ? ctx.cardNumber(card) : `ending ${card.digits.slice(-4)}`,
        ],
      ]);
      d.add`\nThis policy is {regulated by|authorised by} ${ctx.regulator()}. {Claims|To claim}: call ${ctx.phone()} or visit ${ctx.url(insurer.company)}.\n`;
      if (ctx.locale === 'en_US') d.add`Policyholder SSN: ${ctx.ssn()}\n`;
    },
  },
  {
    name: 'claim-form',
    render(d, ctx) {
      const insurer = ctx.party();
      const me = ctx.person();
      const garage = ctx.party();
      letterhead(d, ctx, insurer);
      d.heading(
        ctx.pick([
          'CLAIM FORM',
          'Motor Insurance Claim Form',
          'Property Claim Notification',
          'First Notice of Loss',
        ]),
      );
      keyValues(d, ctx, [
        ['Policy number', ctx.ref('POL')],
        ['Policyholder', ctx.name(me)],
        ['Address', ctx.address(undefined, false)],
        ['Telephone (day)', ctx.phone()],
        ['Email', ctx.email(me)],
        ['Date of loss', ctx.date()],
        ['Estimated loss', ctx.amount(30000)],
      ]);
      d.add`\nDescription of incident: {While parked|While driving|During a storm}, {my vehicle|the property} was damaged {by a third party|by falling debris|in a collision}. `;
      d.add`Third party: ${ctx.name()}, ${ctx.phone()}. Witness: ${ctx.name()}.\n`;
      d.add`Repairer: ${ctx.companyPii(garage.company)}, ${ctx.address(garage.address, false)}, ${ctx.phone()}.\n`;
      d.add`Declaration: I declare the above to be true. ${ctx.name(me)}, ${ctx.date()}\n`;
    },
  },
  {
    name: 'claim-acknowledgement',
    render(d, ctx) {
      const insurer = ctx.party();
      const me = ctx.person();
      letterhead(d, ctx, insurer);
      d.add`${ctx.date()}\n\n${ctx.name(me)}\n${ctx.address(undefined, true)}\n\nClaim number: ${ctx.ref('CLM')}\n\n`;
      d.add`Dear ${me.title} ${pii('NAME', me.last)},\n\n`;
      d.add`We {acknowledge receipt of|have received} your claim {dated|submitted on} ${ctx.date()}. Your claims handler is ${ctx.name(insurer.contact)}, who can be reached on ${ctx.phone()} or ${ctx.email(insurer.contact, insurer.company)}. `;
      d.add`{An assessor|A loss adjuster} from ${ctx.companyPii(ctx.company())} will {contact you|visit} within ${ctx.int(2, 10)} working days. `;
      d.add`Your excess is ${ctx.amount(1000)}. {Track your claim|You can follow progress} at ${ctx.url(insurer.company)}.\n`;
      signature(d, ctx, insurer.contact, insurer);
      footer(d, ctx, insurer);
    },
  },
  {
    name: 'adjuster-report',
    render(d, ctx) {
      const adj = ctx.party();
      const insurer = ctx.company();
      const insured = ctx.person();
      d.heading(
        ctx.pick(['Loss Adjuster Report', 'PRELIMINARY ADJUSTMENT REPORT', 'Claim Assessment']),
      );
      d.line(
        `Prepared by `,
        ctx.companyPii(adj.company),
        ` for `,
        ctx.companyPii(insurer),
        ` · ${ctx.date()}`,
      );
      d.blank();
      d.add`Insured: ${ctx.name(insured)}\nRisk address: ${ctx.address(undefined, ctx.chance(0.5))}\nContact: ${ctx.phone()}\n\n`;
      d.add`We {inspected|attended} the {premises|vehicle} on ${ctx.date()} {together with|accompanied by} the insured's {son|neighbour|broker}, ${ctx.name()}. `;
      d.add`{Damage is consistent with|The loss is consistent with} the {reported|notified} cause. Reserve recommended: ${ctx.amount(90000)}.\n\n`;
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 5); i++)
        rows.push([
          ctx.pick([
            'Roof repair',
            'Flooring',
            'Bumper and paint',
            'Electronics',
            'Stock loss',
            'Alternative accommodation',
          ]),
          ctx.amount(9000),
          ctx.pick(['agreed', 'under review', 'declined']),
        ]);
      textTable(d, ctx, ['Item', 'Claimed', 'Status'], rows);
      d.add`\nAdjuster: ${ctx.name(adj.contact)} · ${ctx.email(adj.contact, adj.company)} · ${ctx.phone()}\n`;
    },
  },
  {
    name: 'medical-reimbursement',
    render(d, ctx) {
      const insurer = ctx.party();
      const patient = ctx.person();
      const hospital = ctx.party();
      d.heading(
        ctx.pick([
          'Medical Reimbursement Claim',
          'HEALTH CLAIM - CASHLESS / REIMBURSEMENT',
          'Health insurance claim statement',
        ]),
      );
      d.add`Insurer: ${ctx.companyPii(insurer.company)}    TPA: ${ctx.companyPii(ctx.company())}\n`;
      d.add`Member: ${ctx.name(patient)}    Member ID: ${ctx.ref('MEM')}\n`;
      d.add`Hospital: ${ctx.companyPii(hospital.company)}\n${ctx.address(hospital.address, true)}\n`;
      d.add`Treating doctor: Dr. ${ctx.name()}    Hospital phone: ${ctx.phone()}\n`;
      d.add`Admission ${ctx.date()}, discharge ${ctx.date()}. Diagnosis code ${ctx.pick(['J18.9', 'K35.8', 'S82.2', 'I21.4'])}.\n\n`;
      textTable(
        d,
        ctx,
        ['Head', 'Billed', 'Payable'],
        [
          ['Room charges', ctx.amount(9000), ctx.amount(9000)],
          ['Surgery', ctx.amount(90000), ctx.amount(90000)],
          ['Pharmacy', ctx.amount(9000), ctx.amount(9000)],
        ],
      );
      d.add`\nPayment to: ${ctx.name(patient)}, ${ctx.bankDetails().flatMap(([k, v], i) => [i > 0 ? ', ' : '', k, ' ', v])}. Queries: ${ctx.roleEmail(insurer.company)}.\n`;
    },
  },
]);
