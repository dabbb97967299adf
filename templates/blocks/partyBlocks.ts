import type { DocBuilder } from '../core/docBuilder.js';
import type { GenContext, Party } from '../core/genContext.js';
import type { Person } from '../values/people.js';
import { titledName } from '../values/people.js';
import { narrativeParagraph } from './narrative.js';
import { sideBySide } from './textTable.js';
import type { Part } from '../core/docBuilder.js';
import { pii } from '../core/goldDocument.js';

/**
 * The header of a business document: company name, address (usually multi-line), and some of
 * phone, e-mail, web, tax number, in one of several layouts.
 */
export function letterhead(d: DocBuilder, ctx: GenContext, party: Party): void {
  const c = party.company;
  const style = ctx.pick(['stacked', 'stacked', 'one-line', 'pipe', 'right-indent'] as const);
  const tax = ctx.chance(0.5) ? ctx.taxId() : null;
  if (style === 'one-line') {
    d.line(ctx.companyPii(c), ' · ', ctx.address(party.address, false));
    d.line(
      `${ctx.phoneLabel()}${ctx.sep()}`,
      ctx.phone(),
      ' | ',
      `${ctx.emailLabel()}${ctx.sep()}`,
      ctx.roleEmail(c),
      ctx.chance(0.6) ? [' | ', ctx.url(c)] : null,
    );
  } else if (style === 'pipe') {
    d.line(ctx.companyPii(c));
    d.line(
      ctx.address(party.address, false),
      ' | ',
      ctx.phone(),
      ' | ',
      ctx.roleEmail(c),
      ' | ',
      ctx.url(c),
    );
  } else {
    const indent = style === 'right-indent' ? ' '.repeat(ctx.int(30, 46)) : '';
    d.line(indent, ctx.companyPii(c));
    d.line(indent, ctx.address(party.address, true, indent));
    if (ctx.chance(0.8)) d.line(indent, `${ctx.phoneLabel()}${ctx.sep()}`, ctx.phone());
    if (ctx.chance(0.3)) d.line(indent, `Fax${ctx.sep()}`, ctx.phone());
    if (ctx.chance(0.7)) d.line(indent, `${ctx.emailLabel()}${ctx.sep()}`, ctx.roleEmail(c));
    if (ctx.chance(0.6))
      d.line(indent, ctx.chance(0.5) ? `${ctx.webLabel()}${ctx.sep()}` : '', ctx.url(c));
  }
  if (tax) d.line(`${tax.label}${ctx.sep()}${tax.value}`);
  d.blank();
}

/** "Bill To:" / "Customer:" block: the party's name, optional attention line, address. */
export function partyBlock(
  d: DocBuilder,
  ctx: GenContext,
  label: string,
  party: Party,
  personal = false,
): void {
  d.line(label);
  if (personal) {
    d.line(ctx.name(party.contact));
  } else {
    d.line(ctx.companyPii(party.company));
    if (ctx.chance(0.5))
      d.line(
        ctx.pick(['Attn: ', 'Attention: ', 'c/o ', 'Contact: ', 'Kind attn. ']),
        ctx.name(party.contact),
      );
  }
  d.line(ctx.address(party.address, true));
  if (ctx.chance(0.5)) d.line(`${ctx.phoneLabel()}${ctx.sep()}`, ctx.phone());
  if (ctx.chance(0.4)) {
    d.line(
      `${ctx.emailLabel()}${ctx.sep()}`,
      personal ? ctx.email(party.contact) : ctx.email(party.contact, party.company),
    );
  }
}

/** A signature block: closing, name, role, company, sometimes direct contacts. */
export function signature(d: DocBuilder, ctx: GenContext, person: Person, party?: Party): void {
  if (ctx.chance(0.5)) narrativeParagraph(d, ctx);
  d.blank();
  d.line(
    ctx.pick([
      'Yours sincerely,',
      'Sincerely,',
      'Kind regards,',
      'Best regards,',
      'Regards,',
      'Yours faithfully,',
      'For and on behalf of',
      'Thank you,',
      'Warm regards,',
    ]),
  );
  if (party && ctx.chance(0.3)) d.line(ctx.companyPii(party.company));
  d.blank();
  if (ctx.chance(0.3)) d.line(...titledName(person));
  else d.line(ctx.name(person));
  d.line(
    ctx.pick([
      'Chief Financial Officer',
      'Partner',
      'Director',
      'Relationship Manager',
      'Accounts Payable',
      'Head of Compliance',
      'Authorised Signatory',
      'Finance Manager',
      'Managing Director',
      'Senior Associate',
      'Claims Handler',
      'HR Manager',
      'Customer Care Team Lead',
    ]),
  );
  if (party && ctx.chance(0.6)) d.line(ctx.companyPii(party.company));
  if (ctx.chance(0.5))
    d.line(`${ctx.pick(['Direct', 'D', 'Tel', 'Mob'])}${ctx.sep()}`, ctx.phone());
  if (ctx.chance(0.5)) d.line(ctx.email(person, party?.company));
}

/** A footer: registered office, registration numbers, small print, page marker. */
export function footer(d: DocBuilder, ctx: GenContext, party: Party): void {
  d.blank();
  const style = ctx.pick([
    'registered',
    'contact',
    'page',
    'legal',
    'generator',
    'postal',
  ] as const);
  if (style === 'registered') {
    d.line(
      ctx.local(['Registered office: ', 'Regd. Office: ', 'Head office: '], {
        fr: ['Siège social : '],
        de: ['Sitz der Gesellschaft: '],
        es: ['Domicilio social: '],
        nl: ['Statutair gevestigd: '],
      }),
      ctx.address(party.address, false),
    );
    const tax = ctx.taxId();
    d.line(
      `${tax.label} ${tax.value} · ${ctx.pick(['Company No.', 'CIN', 'HRB', 'RCS', 'Reg. No.'])} ${ctx.rng.digits(8)}`,
    );
  } else if (style === 'contact') {
    d.line(ctx.companyPii(party.company), ' | ', ctx.url(party.company), ' | ', ctx.phone());
  } else if (style === 'page') {
    d.line(`Page ${ctx.int(1, 3)} of ${ctx.int(3, 5)}`, ctx.chance(0.5) ? ` — ${ctx.date()}` : '');
  } else if (style === 'generator') {
    // PDF libraries and ERPs stamp their own web address; a URL is a URL wherever it appears.
    const tool = ctx.company();
    d.line(
      `${ctx.pick(['Generated by', 'Powered by', 'Created with'])} ${tool.base} (`,
      ctx.url(tool),
      ')',
    );
  } else if (style === 'postal') {
    // A department with only postcode and city, e.g. "Service Abonné - 75998 Paris Cedex 14".
    // The postcode line, never a country alone (LABELS.md: a country on its own is not an address).
    const last = [...party.address].reverse().find((l) => /\d/.test(l)) ?? party.address.join(', ');
    d.line(
      `${ctx.pick(['Customer Service', 'Service Abonné', 'Kundenservice', 'Accounts Department', 'Klantenservice'])} - `,
      pii('ADDRESS', last),
    );
  } else {
    d.line(`This document is issued subject to the ${ctx.law()}. ${ctx.nameLikeSentence()}`);
  }
  if (ctx.chance(0.3)) narrativeParagraph(d, ctx);
}

/**
 * A letterhead printed beside a block of document facts (number, date, reference), as two-column
 * PDFs extract: the address lines are interleaved with the facts, so each line is its own span.
 */
const COUNTRY_LINE =
  /^(USA|U\.S\.A|United States|United Kingdom|UK|India|INDIA|Deutschland|DEUTSCHLAND|Germany|France|FRANCE|España|ESPAÑA|Spain|Nederland|The Netherlands|NL)$/;

export function letterheadBesideFacts(
  d: DocBuilder,
  ctx: GenContext,
  party: Party,
  facts: readonly (readonly [string, string])[],
): void {
  const left: Part[] = [ctx.companyPii(party.company)];
  // A country line alone would be a lone country name once separated from its address; leave it out.
  const lines = party.address.filter((l) => !COUNTRY_LINE.test(l));
  for (const line of lines) left.push(pii('ADDRESS', line));
  left.push([`${ctx.phoneLabel()}${ctx.sep()}`, ctx.phone()]);
  if (ctx.chance(0.6)) left.push([`${ctx.emailLabel()}${ctx.sep()}`, ctx.roleEmail(party.company)]);
  const right: Part[] = facts.map(([k, v]) => `${k}${ctx.sep()}${v}`);
  if (ctx.chance(0.5)) right.unshift('');
  sideBySide(d, ctx, left, right);
  d.blank();
}
