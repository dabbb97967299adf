import { defineFamily } from '../core/docTemplate.js';
import { pii } from '../core/goldDocument.js';
import { letterhead, signature } from '../blocks/partyBlocks.js';
import { keyValues } from '../blocks/textTable.js';
import { lastFour } from '../values/cards.js';

export const complaintEmailTemplates = defineFamily('complaint_email', [
  {
    name: 'ombudsman-referral',
    render(d, ctx) {
      const me = ctx.person();
      const firm = ctx.party();
      d.line(ctx.name(me));
      d.line(ctx.address(undefined, true));
      d.line(`${ctx.phoneLabel()}${ctx.sep()}`, ctx.phone(), '  ', ctx.email(me));
      d.blank();
      d.line(ctx.date());
      d.blank();
      d.line(
        ctx.pick([
          'Financial Ombudsman Service',
          'The Banking Ombudsman, Reserve Bank of India',
          'Médiateur de la consommation',
          'Schlichtungsstelle der Deutschen Bundesbank',
        ]),
      );
      d.blank();
      d.add`Re: {complaint against|dispute with} ${ctx.companyPii(firm.company)}, ${ctx.address(firm.address, false)}\n\n`;
      d.add`I {wish to refer|am referring} my complaint about ${ctx.companyPii(firm.company)}. {On|Since} ${ctx.date()} they have {failed to refund|refused to correct} ${ctx.amount(5000)}. `;
      const team = ctx.pick(['customer relations', 'the complaints team', 'their office']);
      d.add`I dealt with ${ctx.name(firm.contact)} (${team}), who can be reached on ${ctx.phone()}.\n`;
      d.add`{Enclosed|Attached} are my statements and their final response letter. ${ctx.nameLikeSentence()}\n\n${ctx.pick(['Yours faithfully', 'Sincerely'])},\n${ctx.name(me)}\n`;
    },
  },
  {
    name: 'support-chat-transcript',
    render(d, ctx) {
      const me = ctx.person();
      const agent = ctx.person();
      const org = ctx.party();
      const card = ctx.card();
      d.heading(
        ctx.pick([
          'Chat transcript',
          'Live chat - conversation history',
          'Support conversation export',
        ]),
      );
      d.line(
        `Conversation ${ctx.ref('CHAT')} with `,
        ctx.companyPii(org.company),
        ` support · ${ctx.date()}`,
      );
      d.blank();
      const agentName = pii('NAME', agent.first);
      d.line(
        '[10:02] ',
        agentName,
        `: Hi, thanks for contacting us. Can I have your full name and the e-mail on the account?`,
      );
      d.line('[10:03] ', pii('NAME', me.first), ': ', ctx.name(me), ', ', ctx.email(me));
      d.line('[10:03] ', agentName, `: Thanks. How can I help today?`);
      d.line(
        '[10:04] ',
        pii('NAME', me.first),
        `: I was charged ${ctx.amount(500)} twice on my card `,
        ctx.cardNumber(card),
        `. Please refund one of them.`,
      );
      d.line(
        '[10:05] ',
        agentName,
        `: I can see both charges. For security, please never share your full card number in chat. I have raised refund ${ctx.ref('RF')}.`,
      );
      d.line(
        '[10:06] ',
        pii('NAME', me.first),
        `: Ok. Please call me on `,
        ctx.phone(),
        ` if you need anything. My address is `,
        ctx.address(undefined, false),
        `.`,
      );
      if (ctx.locale === 'en_US' && ctx.chance(0.5))
        d.line(
          '[10:07] ',
          pii('NAME', me.first),
          ': my SSN is ',
          ctx.ssn(),
          ' if you need to verify me',
        );
      d.line('[10:08] ', agentName, `: Done. Anything else? ${ctx.nameLikeSentence()}`);
    },
  },
  {
    name: 'customer-complaint',
    render(d, ctx) {
      const me = ctx.person();
      const org = ctx.party();
      d.add`From: ${ctx.name(me)} <${ctx.email(me)}>\nTo: ${ctx.roleEmail(org.company)}\nDate: ${ctx.date()}\nSubject: {Complaint|Formal complaint|URGENT} - {account|reference|order} ${ctx.ref()}\n\n`;
      d.add`{Dear Sir/Madam|To whom it may concern|Hello},\n\n`;
      d.add`I am {writing to complain|very unhappy} about {the handling of my account|a charge I did not make|the delay in my refund}. `;
      d.add`On ${ctx.date()} I {called|phoned} your helpline on ${ctx.phone()} and spoke to ${ctx.pick(['an agent called', 'a colleague named', 'someone called'])} ${pii('NAME', ctx.person().first)}, who {promised|assured me of} a call back that never came. `;
      d.add`{My|The} {card|debit card} ending ${lastFour(ctx.card())} was charged ${ctx.amount(2000)} by ${ctx.companyPii(ctx.company())}. `;
      d.add`{Please|Kindly} {send|post} {all|any} correspondence to ${ctx.address(undefined, false)} or call me on ${ctx.phone()}.\n\n`;
      d.add`If this is not resolved within ${ctx.int(8, 14)} days I will {refer the matter to|contact} ${ctx.regulator()}.\n\n`;
      d.add`${ctx.pick(['Regards', 'Thanks', 'Yours faithfully', 'Sincerely'])},\n${ctx.name(me)}\n`;
    },
  },
  {
    name: 'complaint-response-letter',
    render(d, ctx) {
      const org = ctx.party();
      const me = ctx.person();
      letterhead(d, ctx, org);
      d.add`${ctx.date()}\nOur reference: ${ctx.ref('CMP')}\n\n${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      d.add`Dear ${me.title} ${pii('NAME', me.last)},\n\n`;
      d.add`Thank you for {your complaint|contacting us} {received|dated} ${ctx.date()}. {I am sorry|We apologise} for the {inconvenience|distress} caused. `;
      d.add`{Having reviewed|After reviewing} your account, {we have refunded|we will credit} ${ctx.amount(1000)} and {waived|removed} the late fee. `;
      d.add`{If you remain dissatisfied|If you are not happy with this response}, you may refer your complaint to ${ctx.regulator()} within six months.\n`;
      d.add`{You can reach me directly|My direct line is} ${ctx.phone()} or ${ctx.email(org.contact, org.company)}.\n`;
      signature(d, ctx, org.contact, org);
    },
  },
  {
    name: 'forwarded-thread',
    render(d, ctx) {
      const a = ctx.person();
      const b = ctx.person();
      const c = ctx.person();
      const org = ctx.company();
      d.add`From: ${ctx.name(a)} <${ctx.email(a, org)}>\nTo: ${ctx.name(b)} <${ctx.email(b, org)}>\nSubject: FW: {complaint|escalation|customer issue} from ${ctx.name(c)}\n\n`;
      d.add`${pii('NAME', b.first)} - {can you pick this up|please handle|FYI, needs a reply today}? {The customer is upset|She has called three times|He is threatening to go to the ombudsman}.\n\n`;
      d.add`${ctx.pick(['-----Original Message-----', '---------- Forwarded message ---------', '> '])}\n`;
      d.add`From: ${ctx.email(c)}\nSent: ${ctx.date()}\nTo: ${ctx.roleEmail(org)}\n\n`;
      d.add`{Hi|Hello}, my name is ${ctx.name(c)} and I {hold|have} an account with ${ctx.companyPii(org)}. `;
      d.add`{My statement|The last invoice} shows ${ctx.amount(900)} that I {do not recognise|never agreed to}. `;
      d.add`I live at ${ctx.address(undefined, ctx.chance(0.5))} and my number is ${ctx.phone()}. ${ctx.nameLikeSentence()}\n`;
    },
  },
  {
    name: 'web-form-submission',
    render(d, ctx) {
      const me = ctx.person();
      const org = ctx.party();
      d.heading(
        ctx.pick([
          'New contact form submission',
          'Web complaint form',
          'Ticket created via website',
        ]),
      );
      d.line(
        `Ticket #${ctx.rng.digits(6)} · Source: `,
        ctx.url(org.company),
        ` · Received ${ctx.date()}`,
      );
      keyValues(d, ctx, [
        ['Name', ctx.name(me)],
        ['Email', ctx.email(me)],
        ['Phone', ctx.phone()],
        ['Postal address', ctx.address(undefined, false)],
        ['Customer number', ctx.rng.digits(8)],
        ['Category', ctx.pick(['Billing', 'Fraud', 'Service', 'Fees and charges'])],
      ]);
      d.add`Message: {I was charged twice|Your app shows the wrong balance|I never received my card} and {nobody answers|no one replies}. Please {call|ring} me back on ${ctx.phone()}.\n`;
      d.add`Assigned to: ${ctx.name(org.contact)} (${ctx.email(org.contact, org.company)})\n`;
    },
  },
]);
