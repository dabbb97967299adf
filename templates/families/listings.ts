/**
 * Long lists of people: salary lists (club or department code, surname, first name, position,
 * pay), legislative and government expenditure listings (payee, town, state, purpose, amount),
 * expense claim registers. Every row holds values (the code of the employer as COMPANY, the
 * person as NAME, a company payee as COMPANY); the headers ("Pos", "Base Salary"), positions and
 * the payee's town and state are no entity. Mixed in only on request (`--real-docs`).
 */
import { defineFamily } from '../core/docTemplate.js';
import type { DocBuilder, Part } from '../core/docBuilder.js';
import type { GenContext } from '../core/genContext.js';
import { pii } from '../core/goldDocument.js';
import { textTable, type Cell } from '../blocks/textTable.js';
import {
  EXPENSE_PURPOSES,
  LISTING_HEADERS,
  POSITIONS,
  US_STATES,
  US_TOWNS,
} from '../values/realDocTerms.js';

/** Two or three capitals standing for an employer: a club, a department, a subsidiary. */
function employerCode(ctx: GenContext): string {
  const letters = 'ABCDEFGHIJKLMNOPRSTUVWY';
  let code = '';
  for (let i = ctx.int(2, 3); i > 0; i--) code += letters[ctx.int(0, letters.length - 1)];
  return code;
}

function money(ctx: GenContext): string {
  const v = ctx.int(12000, 900000) + ctx.int(0, 99) / 100;
  return ctx.chance(0.5)
    ? `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : v.toFixed(2);
}

/** A list long enough to run over pages, its header repeated the way a PDF repeats it. */
function pagedTable(
  d: DocBuilder,
  ctx: GenContext,
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
): void {
  const perPage = ctx.int(12, 30);
  for (let i = 0; i < rows.length; i += perPage) {
    if (i > 0 && ctx.chance(0.5)) d.line(`${ctx.int(1, 9)}`);
    textTable(d, ctx, header, rows.slice(i, i + perPage));
  }
}

export const listingsTemplates = defineFamily('listings', [
  {
    name: 'salary-list',
    render(d, ctx) {
      d.line(
        ctx.pick(['Salary Guide', 'Compensation List', 'SALARIES', 'Player Salaries']),
        ` ${ctx.int(2010, 2025)}`,
      );
      const codes = Array.from({ length: ctx.int(3, 8) }, () => employerCode(ctx));
      const rows: Cell[][] = [];
      for (let i = ctx.int(15, 60); i > 0; i--) {
        const p = ctx.person();
        rows.push([
          pii('COMPANY', ctx.pick(codes)),
          pii('NAME', p.last),
          ctx.chance(0.95) ? pii('NAME', p.first) : '',
          ctx.pick(POSITIONS),
          money(ctx),
          money(ctx),
        ]);
      }
      pagedTable(
        d,
        ctx,
        [
          ctx.pick(['Club', 'Team', 'Dept', 'Unit']),
          'Last Name',
          'First Name',
          ctx.pick(LISTING_HEADERS.position),
          ctx.pick(LISTING_HEADERS.pay),
          ctx.pick(LISTING_HEADERS.pay),
        ],
        rows,
      );
    },
  },
  {
    name: 'expenditure-listing',
    render(d, ctx) {
      d.heading(
        ctx.pick([
          'Statement of Disbursements',
          'EXPENDITURE REPORT',
          'Legislative Expenditures',
          'Schedule of Payments to Vendors',
        ]),
      );
      d.line(`${ctx.pick(['Office of ', 'Member: ', 'Account: '])}`, ctx.name());
      const rows: Cell[][] = [];
      for (let i = ctx.int(8, 30); i > 0; i--) {
        const payee: Part = ctx.chance(0.6) ? ctx.companyPii(ctx.company()) : ctx.name();
        const town = ctx.pick(US_TOWNS);
        rows.push([
          ctx.date(),
          payee,
          ctx.chance(0.5) ? town : town[0] + town.slice(1).toLowerCase(),
          ctx.pick(US_STATES),
          ctx.pick(EXPENSE_PURPOSES),
          money(ctx),
        ]);
      }
      pagedTable(
        d,
        ctx,
        ['Date', 'Payee', 'City', 'State', ctx.pick(LISTING_HEADERS.purpose), 'Amount'],
        rows,
      );
      d.line(`Total ${money(ctx)}`);
    },
  },
  {
    name: 'expense-claims-register',
    render(d, ctx) {
      d.heading(
        ctx.pick([
          'Expense Claims Register',
          'Staff Expense Report',
          'Travel and Subsistence Claims',
        ]),
      );
      const rows: Cell[][] = [];
      for (let i = ctx.int(8, 25); i > 0; i--) {
        rows.push([
          `EC-${ctx.rng.digits(5)}`,
          ctx.name(),
          ctx.pick(['Finance', 'Sales', 'Operations', 'IT', 'HR', 'Audit', 'Tax']),
          ctx.pick(EXPENSE_PURPOSES),
          ctx.chance(0.4)
            ? ctx.companyPii(ctx.company())
            : ctx.pick(['Various', 'Mileage', 'Per diem', '-']),
          money(ctx),
        ]);
      }
      pagedTable(d, ctx, ['Claim', 'Employee', 'Dept', 'Type', 'Supplier', 'Amount'], rows);
    },
  },
]);
