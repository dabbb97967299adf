import type { DocBuilder } from '../core/docBuilder.js';
import type { GenContext } from '../core/genContext.js';
import { pii } from '../core/goldDocument.js';

/**
 * One running-text sentence with people, companies and contact details in varied phrasings —
 * the sentence-level variety the published baseline trained on, placed inside whole documents.
 */
export function narrativeSentence(d: DocBuilder, ctx: GenContext): void {
  const p = ctx.person();
  const c = ctx.company();
  switch (ctx.int(0, 13)) {
    case 0:
      d.add`The payment was {processed|facilitated|handled|executed} by ${ctx.name(p)} of ${ctx.companyPii(c)} on ${ctx.date()}.`;
      break;
    case 1:
      d.add`${ctx.name(p)} {approved|signed off|authorised} the {invoice|transfer|expense} of ${ctx.amount()} on behalf of ${ctx.companyPii(c)}.`;
      break;
    case 2:
      d.add`{Please contact|Reach out to|For questions, call} ${ctx.name(p)} {at|on} ${ctx.phone()} or {e-mail|write to} ${ctx.email(p, c)}.`;
      break;
    case 3:
      d.add`{Goods|The consignment|Documents} will be {delivered|dispatched|sent} to ${ctx.address(undefined, false)} {by|no later than} ${ctx.date()}.`;
      break;
    case 4:
      d.add`${ctx.companyPii(c)} {has appointed|appointed|engaged} ${ctx.name(p)} as {its|the} {auditor|representative|agent} for this {matter|engagement}.`;
      break;
    case 5:
      d.add`{More information|Details} {is|are} available at ${ctx.url(c)}`;
      if (ctx.chance(0.5)) d.add` and from our office at ${ctx.address(undefined, false)}`;
      d.text('.');
      break;
    case 6:
      d.add`{According to|Per} ${ctx.pick(['Mr', 'Ms', 'Mrs', 'Dr'])} ${pii('NAME', p.last)}, the {balance|outstanding amount} of ${ctx.amount()} {remains unpaid|is still open}.`;
      break;
    case 7:
      d.add`{A copy|Copies} {was|were} {sent|forwarded} to ${ctx.name(p)} (${ctx.email(p)}) and to ${ctx.companyPii(c)}.`;
      break;
    case 8:
      d.add`{Our records show|We note} that ${ctx.name(p)} {lives|resides} at ${ctx.address(undefined, false)}.`;
      break;
    case 9:
      d.add`{The account|This facility} is {held|maintained|operated} by ${ctx.companyPii(c)} {with|at} ${ctx.companyPii(ctx.company({ bank: true }))}.`;
      break;
    case 10:
      d.add`${ctx.name(p)}{ from| at| with} ${ctx.companyPii(c)} {confirmed|stated|noted} that the {figures|amounts} {were|are} correct.`;
      break;
    case 11:
      d.add`{Call|Phone|Ring} ${ctx.phone()} {or fax|or send a fax to} ${ctx.phone()} {quoting|with} reference ${ctx.ref()}.`;
      break;
    case 12:
      d.add`{Visit|See|Go to} ${ctx.url(c)} {to update your details|to download the statement|for our privacy notice}.`;
      break;
    default:
      d.add`{Cardholder|Card holder} ${ctx.name(p)} {used|presented} card ${ctx.cardNumber(ctx.card())} {for this purchase|at the counter}.`;
  }
}

/** A short paragraph of one to three narrative sentences, ended by a newline. */
export function narrativeParagraph(d: DocBuilder, ctx: GenContext): void {
  const n = ctx.int(1, 3);
  for (let i = 0; i < n; i++) {
    narrativeSentence(d, ctx);
    d.text(i < n - 1 ? ' ' : '\n');
  }
}
