import { defineFamily } from '../core/docTemplate.js';
import { pii } from '../core/goldDocument.js';
import { footer, letterhead, signature } from '../blocks/partyBlocks.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';
import { lastFour } from '../values/cards.js';

export const breachNoticeTemplates = defineFamily('breach_notice', [
  {
    name: 'access-request-response',
    render(d, ctx) {
      const org = ctx.party();
      const me = ctx.person();
      const card = ctx.card();
      letterhead(d, ctx, org);
      d.heading(
        ctx.pick([
          'Response to your subject access request',
          'DATA SUBJECT ACCESS REQUEST - RESPONSE',
          'Your personal data held by us',
        ]),
      );
      d.add`Dear ${ctx.name(me)},\n\n{As requested on|Following your request of} ${ctx.date()}, {here is|below is} the personal data we hold about you under ${ctx.law()}:\n\n`;
      keyValues(d, ctx, [
        ['Name', ctx.name(me)],
        ['Postal address', ctx.address(undefined, false)],
        ['Previous address', ctx.address(undefined, false)],
        ['E-mail', ctx.email(me)],
        ['Phone', ctx.phone()],
        [
          'Payment card on file',
          ctx.chance(0.5) ? ctx.cardNumber(card) : `ending ${card.digits.slice(-4)}`,
        ],
        ...(ctx.locale === 'en_US' ? [['SSN', ctx.ssn()] as const] : []),
        ['Account manager', ctx.name()],
      ]);
      d.add`\nWe share this data with ${ctx.companyPii(ctx.company())} (payments) and ${ctx.companyPii(ctx.company())} (hosting). Our DPO can be reached at ${ctx.roleEmail(org.company)}.\n`;
    },
  },
  {
    name: 'customer-email-alert',
    render(d, ctx) {
      const org = ctx.party();
      const me = ctx.person();
      d.add`From: ${ctx.companyPii(org.company)} <${ctx.roleEmail(org.company)}>\nTo: ${ctx.email(me)}\nSubject: {Important security notice|Action required: reset your password|We're writing to let you know about an incident}\n\n`;
      d.add`{Hi|Dear} ${pii('NAME', me.first)},\n\n`;
      d.add`We recently {learned|discovered} that {an unauthorised party|a third party} {accessed|may have accessed} {some customer information|account details} including your name, phone number (${ctx.phone()}) and {billing address|postal address}, ${ctx.address(undefined, false)}. `;
      d.add`Your {full card number|password} was not {affected|exposed}; only the last four digits (${ctx.rng.digits(4)}) were visible.\n\n`;
      d.add`{Please reset your password|We recommend you change your password} at ${ctx.url(org.company)}. {Questions?|Need help?} Call ${ctx.phone()}.\n\n— The ${ctx.companyPii(org.company)} team\n`;
    },
  },
  {
    name: 'notice-to-individual',
    render(d, ctx) {
      const org = ctx.party();
      const me = ctx.person();
      letterhead(d, ctx, org);
      d.add`${ctx.date()}\n\n${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      d.heading(
        ctx.pick([
          'Notice of Data Breach',
          'NOTICE OF DATA SECURITY INCIDENT',
          'Important information about your personal data',
        ]),
      );
      d.add`Dear ${me.title} ${pii('NAME', me.last)},\n\n`;
      d.add`What happened: On ${ctx.date()}, ${ctx.companyPii(org.company)} {discovered|detected|became aware of} {unauthorised access to|a compromise of} {a vendor system|an e-mail account|our billing platform} operated by ${ctx.companyPii(ctx.company())}.\n`;
      d.add`What information was involved: your name, address${ctx.locale === 'en_US' ? ', Social Security number' : ''}, e-mail address and {payment card details|account number}.\n`;
      if (ctx.locale === 'en_US' && ctx.chance(0.5))
        d.add`Our records list your SSN as ${ctx.ssn()}; if this is wrong, {let us know|tell us}.\n`;
      d.add`What we are doing: we {notified|informed} ${ctx.regulator()} and {engaged|hired} ${ctx.companyPii(ctx.company())} to investigate. `;
      d.add`We are offering {24 months|two years|12 months} of free credit monitoring; enrol at ${ctx.url(org.company)} using code ${ctx.ref('MON')}.\n`;
      d.add`For more information call ${ctx.phone()} {Monday to Friday|on weekdays}, 9am–5pm, or write to ${ctx.roleEmail(org.company)}.\n`;
      signature(d, ctx, org.contact, org);
      footer(d, ctx, org);
    },
  },
  {
    name: 'regulator-notification',
    render(d, ctx) {
      const org = ctx.party();
      const dpo = ctx.person();
      d.heading(
        ctx.pick([
          'Personal data breach report form',
          'PERSONAL DATA BREACH NOTIFICATION (Art. 33 GDPR)',
          'Incident notification to the supervisory authority',
        ]),
      );
      d.line(
        `Submitted to: ${ctx.regulator()}   Date: ${ctx.date()}   Reference: ${ctx.ref('ICO')}`,
      );
      d.blank();
      keyValues(d, ctx, [
        ['Organisation', ctx.companyPii(org.company)],
        ['Registered address', ctx.address(org.address, false)],
        ['Data protection officer', ctx.name(dpo)],
        ['DPO e-mail', ctx.email(dpo, org.company)],
        ['DPO telephone', ctx.phone()],
        ['Website', ctx.url(org.company)],
      ]);
      d.blank();
      d.add`Description: {A misdirected e-mail|A phishing attack|A lost laptop|A misconfigured cloud bucket} exposed records of approximately ${ctx.int(12, 90000)} customers. `;
      d.add`Categories: names, contact details, {bank details|card numbers (last 4 digits only)|salary data}. `;
      d.add`{The incident was contained|Access was revoked} on ${ctx.date()}. Legal basis for late notification: none. Applicable law: ${ctx.law()}.\n`;
      d.add`Contact for follow-up: ${ctx.name(org.contact)}, ${ctx.phone()}.\n`;
    },
  },
  {
    name: 'incident-report',
    render(d, ctx) {
      const org = ctx.party();
      d.heading(
        ctx.pick([
          'Security Incident Report',
          'INCIDENT POST-MORTEM',
          'Internal breach assessment',
        ]),
      );
      d.line(
        `Incident ${ctx.ref('INC')} · Severity ${ctx.pick(['P1', 'P2', 'High', 'Critical'])} · Owner: `,
        ctx.name(),
        ` · Opened ${ctx.date()}`,
      );
      d.blank();
      d.add`Summary: {Logs show|We found} that an attacker {accessed|exfiltrated} a CSV export from ${ctx.companyPii(org.company)}'s CRM. {A sample of|Example} affected records:\n`;
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 5); i++) {
        const p = ctx.person();
        const c = ctx.card();
        rows.push([
          ctx.name(p),
          ctx.email(p),
          ctx.phone(),
          ctx.chance(0.5) ? ctx.cardNumber(c) : `**** ${lastFour(c)}`,
        ]);
      }
      textTable(d, ctx, ['Name', 'E-mail', 'Phone', 'Card'], rows);
      d.add`\nRoot cause: {an API key committed to a public repository|a missing access control check|credential stuffing}. Notified: ${ctx.regulator()}, card schemes, ${ctx.companyPii(ctx.company())} (forensics).\n`;
      d.add`Next review on ${ctx.date()}; contact ${ctx.email(org.contact, org.company)}.\n`;
    },
  },
  {
    name: 'press-statement',
    render(d, ctx) {
      const org = ctx.party();
      const spokes = ctx.person();
      d.line(
        `${ctx.pick(['FOR IMMEDIATE RELEASE', 'Press release', 'Media statement'])} — ${ctx.date()}`,
      );
      d.heading(
        ctx.companyPii(org.company),
        ` ${ctx.pick(['statement on cyber incident', 'provides update on data security incident', 'confirms unauthorised access'])}`,
      );
      d.add`${ctx.companyPii(org.company)} {today confirmed|announced today} that {it detected|it identified} {suspicious activity|unauthorised activity} on its {network|systems} on ${ctx.date()}. `;
      d.add`{The company|It} {has notified|is working with} ${ctx.regulator()} and law enforcement. `;
      d.add`"{We take the protection of customer data extremely seriously|Protecting our customers is our first priority}," said ${ctx.name(spokes)}, ${ctx.pick(['Chief Executive Officer', 'Chief Information Security Officer', 'President'])}. `;
      d.add`Customers {with questions|who are concerned} can visit ${ctx.url(org.company)} or call ${ctx.phone()}.\n\n`;
      const media = ctx.person();
      d.add`Media contact: ${ctx.name(media)}, ${ctx.email(media, org.company)}, ${ctx.phone()}\n`;
      const about = ctx.chance(0.5)
        ? `founded in ${ctx.int(1950, 2015)}`
        : `headquartered in ${ctx.pick(['London', 'Mumbai', 'Frankfurt', 'Lyon', 'Madrid', 'Austin'])}`;
      d.add`About ${ctx.companyPii(org.company)}: ${about}, {it serves|serving} customers in ${ctx.int(3, 40)} countries. ${ctx.nameLikeSentence()}\n`;
    },
  },
]);
