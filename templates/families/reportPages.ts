/**
 * Pages of annual and integrated reports and 10-K filings: section headings that read like names
 * ("Care", "Greener Planet", "Financial Capital", "RETAIL"), page references ("PG 54"), tickers and
 * the filing's own vocabulary ("REGISTRANT", "GOOGL"), a headquarters town alone, next to what is
 * a value: the reporting company by its full name, its short name and its defined abbreviation,
 * directors and officers, two persons joined by "and" (two NAME spans, never one COMPANY).
 * Mixed in only on request (`--real-docs`).
 */
import { defineFamily } from '../core/docTemplate.js';
import type { DocBuilder } from '../core/docBuilder.js';
import type { GenContext } from '../core/genContext.js';
import { pii } from '../core/goldDocument.js';
import type { Company } from '../values/companies.js';
import { textTable, type Cell } from '../blocks/textTable.js';
import { MARKET_WORDS, PLACES_ALONE, REPORT_HEADINGS } from '../values/realDocTerms.js';

/** The reporting company in its three printed forms: full, short (first word) and initials. */
function reportingCompany(ctx: GenContext): { full: Company; short: string; initials: string } {
  let full = ctx.company();
  // A one-word base gives a short name; retry a few times for a name with a usable first word.
  for (let i = 0; i < 4 && !/^[A-Z][a-z]{3,}/.test(full.base); i++) full = ctx.company();
  const short = (full.base.split(/\s+/)[0] ?? full.base).replace(/[^\p{L}\p{N}]+$/u, '');
  const initials =
    full.name
      .split(/\s+/)
      .filter((w) => /^[A-Z]/.test(w))
      .map((w) => w[0])
      .join('')
      .slice(0, 4) || short.slice(0, 3).toUpperCase();
  return { full, short, initials };
}

function pageRef(ctx: GenContext): string {
  return ctx.pick([
    `PG ${ctx.int(2, 240)}`,
    `Page ${ctx.int(2, 240)}`,
    `p. ${ctx.int(2, 240)}`,
    `${ctx.int(2, 240)}`,
  ]);
}

function headingLine(d: DocBuilder, ctx: GenContext): void {
  const h = ctx.pick(REPORT_HEADINGS);
  if (ctx.chance(0.4)) d.line(`${h}  ${pageRef(ctx)}`);
  else d.line(h);
}

/** "signed by A and B": two persons, two spans. */
function twoSignatories(ctx: GenContext): Cell[] {
  return [ctx.name(), ctx.pick([' and ', ' & ', ' and ']), ctx.name()];
}

export const reportPagesTemplates = defineFamily('report_pages', [
  {
    name: 'integrated-report-contents',
    render(d, ctx) {
      const co = reportingCompany(ctx);
      d.line(ctx.chance(0.5) ? co.full.name.toUpperCase() : co.full.name);
      d.line(
        `${ctx.pick(['Integrated Annual Report', 'Annual Report', 'Sustainability Report'])} ${ctx.int(2015, 2025)}-${ctx.int(16, 26)}`,
      );
      d.blank();
      for (let i = ctx.int(4, 9); i > 0; i--) headingLine(d, ctx);
      d.blank();
      d.add`${pii('COMPANY', co.short)} at a Glance\n`;
      d.add`${pii('COMPANY', co.short)}'s {Integrated Approach|Value Creation Model|Strategy}  ${pageRef(ctx)}\n`;
      d.add`${ctx.pick(REPORT_HEADINGS)}  ${ctx.pick(REPORT_HEADINGS)}  ${ctx.pick(REPORT_HEADINGS)}\n`;
      d.add`{Under the leadership of|Guided by} {Shri |Mr. |}${ctx.name()}, {Chairman and Managing Director|Chief Executive Officer}, ${pii('COMPANY', co.initials)} {continued to invest in|expanded} ${ctx.pick(REPORT_HEADINGS).toLowerCase()} and a ${ctx.pick(['greener planet', 'digital future', 'care for communities'])}.\n`;
      d.add`{Our operations span|We operate across} ${ctx.pick(PLACES_ALONE)} and ${ctx.pick(PLACES_ALONE)}.\n`;
    },
  },
  {
    name: 'directors-and-officers',
    render(d, ctx) {
      const co = reportingCompany(ctx);
      d.heading(
        ctx.pick([
          'Board of Directors',
          'DIRECTORS AND OFFICERS',
          'Corporate Information',
          'Leadership Team',
        ]),
      );
      const rows: Cell[][] = [];
      for (let i = ctx.int(4, 9); i > 0; i--) {
        rows.push([
          ctx.name(),
          ctx.pick([
            'Chairman',
            'Managing Director',
            'Independent Director',
            'Non-Executive Director',
            'Chief Financial Officer',
            'Company Secretary',
            'Executive Director',
          ]),
          ctx.chance(0.4)
            ? ctx.pick([
                'Audit Committee',
                'Nomination and Remuneration',
                'CSR Committee',
                'Risk Management',
                '-',
              ])
            : String(ctx.int(1998, 2024)),
        ]);
      }
      textTable(d, ctx, ['Name', 'Designation', ctx.pick(['Committees', 'Since'])], rows);
      d.blank();
      d.add`The financial statements were approved by the Board and signed on its behalf by `;
      for (const p of twoSignatories(ctx)) d.part(p);
      d.add` on ${ctx.date()}.\n`;
      d.add`{Registered office|Head office}: ${ctx.address(undefined, false)}\n`;
      d.add`{Auditors|Statutory Auditors}: ${ctx.companyPii(ctx.company())}\n`;
      d.add`${pii('COMPANY', co.full.name)}  |  ${ctx.pick(REPORT_HEADINGS)}  |  ${pageRef(ctx)}\n`;
    },
  },
  {
    name: 'form-10k-market-page',
    locales: ['en_US'],
    render(d, ctx) {
      const co = reportingCompany(ctx);
      d.line('PART II');
      d.line(
        `ITEM 5.  MARKET FOR ${ctx.pick(['REGISTRANT', "REGISTRANT'S"])} COMMON EQUITY, RELATED STOCKHOLDER MATTERS AND ISSUER PURCHASES OF EQUITY SECURITIES`,
      );
      const tick = ctx.pick(MARKET_WORDS.slice(0, 5));
      d.add`Our Class A stock and Class C stock are listed on the ${ctx.pick(['Nasdaq Global Select Market', 'NYSE', 'NASDAQ'])} under the symbols "${tick}" and "${tick.slice(0, 3)}", respectively.\n`;
      d.add`{Holders|Stock Performance Graphs}\n`;
      d.add`The graph compares the cumulative total stockholder return of ${pii('COMPANY', co.full.name)} with the S&P 500 index and the RUSSELL 2000.\n`;
      d.add`${pii('COMPANY', co.short.toUpperCase())} ${ctx.pick(['CLASS A', 'CLASS C', 'CAPITAL STOCK', 'CAPITAL'])}  ${ctx.pick(MARKET_WORDS)}  ${ctx.pick(MARKET_WORDS)}\n`;
      d.add`{Our headquarters are|We are headquartered} in ${ctx.pick(PLACES_ALONE)}, and we have offices in ${ctx.pick(PLACES_ALONE)}.\n`;
      d.add`/s/ ${ctx.name()}\n{Chief Executive Officer|Chief Financial Officer}\n`;
      d.add`${pii('COMPANY', co.full.name.toUpperCase())}    ${ctx.int(20, 90)}\n`;
    },
  },
  {
    name: 'chairmans-letter',
    render(d, ctx) {
      const co = reportingCompany(ctx);
      d.heading(ctx.pick(["Chairman's Message", 'Letter to Shareholders', 'From the Chair']));
      d.add`Dear Shareowners,\n\n${pii('COMPANY', co.short)} {delivered|reported} {record|resilient} results across ${ctx.pick(REPORT_HEADINGS)} and ${ctx.pick(REPORT_HEADINGS)}. `;
      d.add`{Our teams in|Colleagues across} ${ctx.pick(PLACES_ALONE)} {showed|brought} ${ctx.pick(['care', 'resolve', 'ingenuity'])} {through the year|in every market}.\n`;
      d.add`${ctx.pick(REPORT_HEADINGS)}  ${pageRef(ctx)}\n`;
      d.add`I thank ${pii('NAME', ctx.person().last)} {and the Board|and my fellow directors}, and welcome `;
      for (const p of twoSignatories(ctx)) d.part(p);
      d.add` to the Board of ${pii('COMPANY', co.initials)}.\n\nWith warm regards,\n${ctx.name()}\n{Chairman|Chairperson}\n`;
    },
  },
]);
