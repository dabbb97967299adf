import { defineFamily } from '../core/docTemplate.js';
import { pii } from '../core/goldDocument.js';
import { Conversation } from '../blocks/conversation.js';

/**
 * Colleagues' own text around an engagement: chat exports, newsletters, travel notes, letters of
 * reference, call notes, interview transcripts. Opt-in (`synth --notes <share>`) so the
 * financial families' data, and the recipes measured on it, stay byte-identical.
 */
export const staffNotesTemplates = defineFamily('staff_notes', [
  {
    name: 'team-chat-export',
    render(d, ctx) {
      const talk = new Conversation(ctx);
      d.heading(ctx.pick(['Team chat export', '#audit-fieldwork', 'Channel history', 'Messages']));
      d.line(`Exported ${ctx.date()}`);
      d.blank();
      const speakers = [ctx.person(), ctx.person(), ctx.person()].map((p) =>
        ctx.chance(0.7) ? pii('NAME', p.first) : talk.casual(p),
      );
      const time = ctx.chance(0.6);
      for (let i = ctx.int(4, 9); i > 0; i--) talk.chatLine(d, ctx.pick(speakers), time);
    },
  },
  {
    name: 'staff-newsletter',
    render(d, ctx) {
      const talk = new Conversation(ctx);
      d.heading(ctx.pick(['Staff newsletter', 'Office news', 'The Monthly Ledger', 'Team update']));
      d.line(ctx.date());
      d.blank();
      for (let i = ctx.int(2, 4); i > 0; i--) {
        if (ctx.chance(0.5)) d.heading(talk.plain());
        talk.paragraph(d);
      }
      d.line('Editor: ', talk.casual(ctx.person()));
    },
  },
  {
    name: 'travel-notes',
    render(d, ctx) {
      const talk = new Conversation(ctx);
      const me = ctx.person();
      d.heading(ctx.pick(['Travel notes', 'Trip report', 'Expense claim - travel narrative']));
      d.line('Traveller: ', ctx.name(me), `   Destination: ${talk.place()}`);
      d.blank();
      d.add`{On|Last} ${talk.weekday()} I {flew|took the train} to ${talk.place()} {for the|to attend the} ${ctx.companyPii(ctx.company())} {stock count|closing meeting|site visit}. `;
      talk.paragraph(d);
      talk.paragraph(d);
      d.line(ctx.pick(['Regards', 'Thanks', 'Best']), ', ', pii('NAME', me.first));
    },
  },
  {
    name: 'reference-letter',
    render(d, ctx) {
      const talk = new Conversation(ctx);
      const them = ctx.person();
      const me = ctx.person();
      const firm = ctx.company();
      d.line(ctx.date());
      d.blank();
      d.line(ctx.pick(['To whom it may concern,', 'Dear Sir or Madam,', 'Dear colleague,']));
      d.blank();
      d.add`I have known ${ctx.name(them)} since ${String(ctx.int(2005, 2022))}, when {they|she|he} joined ${ctx.companyPii(firm)} in ${talk.place()} as assistant to ${ctx.name(ctx.person())}. ${talk.casual(them)} {is very reliable|was an asset to the team|never missed a deadline}. `;
      talk.paragraph(d);
      d.line(ctx.pick(['Yours faithfully,', 'Kind regards,', 'Sincerely,']));
      d.line(ctx.name(me));
      d.line(ctx.companyPii(firm));
    },
  },
  {
    name: 'client-call-notes',
    render(d, ctx) {
      const talk = new Conversation(ctx);
      const client = ctx.party();
      d.heading(`Call notes - ${ctx.date()}`);
      d.line('Client: ', ctx.companyPii(client.company));
      d.line(
        'Attendees: ',
        ...talk.nameList(ctx.int(2, 4)),
        ' (us); ',
        talk.casual(client.contact),
      );
      d.blank();
      for (let i = ctx.int(3, 6); i > 0; i--) d.line('- ', ...talk.sentence());
      d.line('Next call: ', talk.weekday(), ', ', ctx.phone());
    },
  },
  {
    name: 'interview-transcript',
    render(d, ctx) {
      const talk = new Conversation(ctx);
      const a = ctx.person();
      const b = ctx.person();
      d.heading(ctx.pick(['Interview transcript', 'Walkthrough interview', 'Meeting minutes']));
      d.line('Present: ', ctx.name(a), ', ', ctx.name(b), ` (${talk.place()})`);
      d.blank();
      const names = [pii('NAME', a.first), pii('NAME', b.last)];
      for (let i = ctx.int(3, 7); i > 0; i--) talk.chatLine(d, names[i % 2]!, false);
    },
  },
]);
