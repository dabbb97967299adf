/**
 * Bank and card transaction exports as they reach us from spreadsheets and statement PDFs: Nordic
 * and continental column headers, transaction types and spending categories in the bank's own
 * language, card-network merchant categories, card descriptors with a store number and a town
 * ("POS #476 DAYTON OH"). The merchant or counterparty is the value (COMPANY, or NAME for a
 * person paid); the headers, types, categories and towns are hard negatives (LABELS.md: a town
 * alone is no address). Mixed in only on request (`--real-docs`).
 */
import { defineFamily } from '../core/docTemplate.js';
import type { DocBuilder, Part } from '../core/docBuilder.js';
import type { GenContext } from '../core/genContext.js';
import { pii, type Pii } from '../core/goldDocument.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';
import { plainAmount } from '../values/businessData.js';
import { lastFour } from '../values/cards.js';
import {
  EXPORT_HEADERS,
  MERCHANT_CATEGORIES,
  PLACES_ALONE,
  SPENDING_CATEGORIES,
  TRANSACTION_TYPES,
  US_STATES,
  US_TOWNS,
  type ExportLanguage,
} from '../values/realDocTerms.js';

const NORDIC_TOWNS = [
  'STOCKHOLM',
  'Stockholm',
  'GOTEBORG',
  'Malmö',
  'UPPSALA',
  'OSLO',
  'Bergen',
  'TRONDHEIM',
  'Helsinki',
  'KOBENHAVN',
];

/** One row's cells joined by tabs, the way a spreadsheet export reads as text. */
function tabRow(d: DocBuilder, cells: readonly Cell[]): void {
  cells.forEach((c, i) => {
    if (i > 0) d.text('\t');
    d.part(c);
  });
  d.text('\n');
}

function exportDate(ctx: GenContext): string {
  const y = ctx.int(2015, 2025);
  const m = String(ctx.int(1, 12)).padStart(2, '0');
  const day = String(ctx.int(1, 28)).padStart(2, '0');
  return ctx.pick([`${y}-${m}-${day}`, `${day}.${m}.${y}`, `${y}/${m}/${day}`]);
}

function signedAmount(ctx: GenContext): string {
  const v = plainAmount(ctx.rng, ctx.pick([99, 900, 4000]));
  const comma = ctx.chance(0.5) ? v.replace('.', ',') : v;
  return ctx.chance(0.8) ? `-${comma}` : comma;
}

/** A merchant as a card descriptor prints it: upper case, cut short, maybe a town after it. */
function merchant(ctx: GenContext, towns: readonly string[]): Part[] {
  const co = ctx.company();
  let name = ctx.chance(0.6) ? co.name.toUpperCase() : co.name;
  if (name.length > 22 && ctx.chance(0.5)) name = name.slice(0, 22).replace(/[^\p{L}\p{N}]+$/u, '');
  const parts: Part[] = [pii('COMPANY', name)];
  if (towns.length > 0 && ctx.chance(0.45)) parts.push(` ${ctx.pick(towns)}`);
  return parts;
}

/** The text of one export row: a merchant, a person paid, or a bank's own line (no value). */
function rowText(ctx: GenContext, lang: ExportLanguage, towns: readonly string[]): Cell {
  const kind = ctx.rng.weighted([
    ['merchant', 6],
    ['person', 2],
    ['bank', 2],
  ] as const);
  if (kind === 'merchant') return merchant(ctx, towns);
  if (kind === 'person') {
    const via = {
      sv: ['Swish till ', 'Överföring ', ''],
      no: ['Vipps ', 'Overføring til ', ''],
      de: ['Überweisung an ', ''],
      nl: ['Overboeking naar ', ''],
    }[lang];
    return [ctx.pick(via), ctx.name()];
  }
  return ctx.pick([...TRANSACTION_TYPES[lang], ...SPENDING_CATEGORIES[lang]]);
}

function accountLine(d: DocBuilder, ctx: GenContext, lang: ExportLanguage): void {
  const label = { sv: 'Konto', no: 'Kontonummer', de: 'Konto', nl: 'Rekening' }[lang];
  const number: Pii =
    lang === 'sv'
      ? pii('BANK_ACCOUNT', `${ctx.rng.digits(4)} ${ctx.rng.digits(2)} ${ctx.rng.digits(5)}`)
      : lang === 'no'
        ? pii('BANK_ACCOUNT', `${ctx.rng.digits(4)}.${ctx.rng.digits(2)}.${ctx.rng.digits(5)}`)
        : ctx.chance(0.5)
          ? pii('BANK_ACCOUNT', `${ctx.rng.digits(10)}`)
          : pii('BANK_ACCOUNT', `${ctx.rng.digits(3)}${ctx.rng.digits(7)}`);
  d.line(`${label}${ctx.chance(0.5) ? ':' : ''}\t`, number);
}

export const transactionExportTemplates = defineFamily('transaction_export', [
  {
    name: 'nordic-account-export',
    render(d, ctx) {
      const lang = ctx.pick(['sv', 'sv', 'no'] as const);
      const h = EXPORT_HEADERS[lang];
      if (ctx.chance(0.5)) accountLine(d, ctx, lang);
      const withCategory = ctx.chance(0.7);
      const header = [
        ctx.pick(h.date),
        ctx.pick(h.text),
        ...(withCategory ? [ctx.pick(h.category)] : []),
        ctx.pick(h.amount),
        ctx.pick(h.balance),
      ];
      d.table(() => {
        tabRow(d, header);
        for (let i = ctx.int(5, 16); i > 0; i--) {
          tabRow(d, [
            exportDate(ctx),
            rowText(ctx, lang, NORDIC_TOWNS),
            ...(withCategory
              ? [ctx.pick([...TRANSACTION_TYPES[lang], ...SPENDING_CATEGORIES[lang]])]
              : []),
            signedAmount(ctx),
            plainAmount(ctx.rng, 90000),
          ]);
        }
      });
    },
  },
  {
    name: 'card-export-merchant-categories',
    render(d, ctx) {
      const lang = ctx.pick(['sv', 'no', 'de'] as const);
      const h = EXPORT_HEADERS[lang];
      const card = ctx.card();
      const holder = ctx.person();
      if (ctx.chance(0.6)) {
        d.line(ctx.pick(['Kontoutdrag', 'Kontoutskrift', 'Umsatzliste', 'Card statement']));
        d.line(ctx.pick(['Kortinnehavare: ', 'Kortholder: ', 'Karteninhaber: ']), ctx.name(holder));
        d.line(`${ctx.pick(['Kort', 'Kortnummer', 'Karte'])}: **** ${lastFour(card)}`);
      }
      const header = [
        ctx.pick(h.date),
        ctx.pick(h.text),
        ctx.pick(['Kategori', 'Category', 'MCC', 'Brukersted kategori']),
        ctx.pick(h.amount),
        ctx.pick(['Antal', 'Antall', '']),
        ctx.pick(h.currency),
        ctx.pick(h.extra),
      ];
      d.table(() => {
        tabRow(d, header);
        for (let i = ctx.int(5, 14); i > 0; i--) {
          const amount = signedAmount(ctx);
          const isPurchase = ctx.chance(0.75);
          tabRow(d, [
            exportDate(ctx),
            isPurchase ? merchant(ctx, []) : ctx.pick(TRANSACTION_TYPES[lang]),
            isPurchase ? ctx.pick(MERCHANT_CATEGORIES) : ctx.pick(TRANSACTION_TYPES[lang]),
            amount,
            String(ctx.int(1, 2)),
            ctx.pick(['SEK', 'NOK', 'EUR', 'USD', 'DKK']),
            ctx.chance(0.6) ? ctx.pick(NORDIC_TOWNS) : amount,
          ]);
        }
      });
    },
  },
  {
    name: 'us-statement-activity',
    locales: ['en_US'],
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const me = ctx.person();
      d.line(ctx.companyPii(bank.company));
      d.add`${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      d.add`{Your checking account|Checking Summary|Account Activity}\n`;
      d.line(
        `Routing number ${ctx.rng.digits(9)}   ${ctx.pick(['checking account ', 'Account number: ', 'Acct # '])}`,
        pii('BANK_ACCOUNT', ctx.rng.digits(ctx.int(8, 12))),
      );
      const rows: Cell[][] = [];
      for (let i = ctx.int(6, 14); i > 0; i--) {
        const town = ctx.pick(US_TOWNS);
        const st = ctx.pick(US_STATES);
        const kind = ctx.rng.weighted([
          ['pos', 3],
          ['merchant', 3],
          ['bank', 2],
          ['transfer', 1],
        ] as const);
        const desc: Cell =
          kind === 'pos'
            ? `${ctx.pick(['POS #', 'POS PURCHASE #', 'MART ', 'STORE #'])}${ctx.rng.digits(ctx.int(3, 6))} ${town} ${st}`
            : kind === 'merchant'
              ? [
                  `${ctx.pick(['POS DEBIT ', 'CHECKCARD ', 'PURCHASE ', ''])}`,
                  ...merchant(ctx, [`${town} ${st}`]),
                ]
              : kind === 'transfer'
                ? [
                    `${ctx.pick(['ONLINE TRANSFER TO ', 'ZELLE TO ', 'TRANSFER FROM '])}`,
                    pii('NAME', `${ctx.person().first} ${ctx.person().last}`.toUpperCase()),
                  ]
                : ctx.pick([
                    'Bank Giro Credit',
                    'MONTHLY MAINTENANCE FEE',
                    'Interest Paid',
                    'ATM WITHDRAWAL',
                    'Franchisee Fee',
                    'Deposit',
                    'Blank',
                    'Free ATM Rebate',
                    'Commercial Markets Adj',
                  ]);
        rows.push([ctx.date(), desc, plainAmount(ctx.rng, 2000), plainAmount(ctx.rng, 9000)]);
      }
      textTable(d, ctx, ['Date', 'Description', 'Amount', 'Balance'], rows);
      d.add`\nQuestions? Call ${ctx.phone()} or visit a branch in ${ctx.pick(PLACES_ALONE)}.\n`;
    },
  },
  {
    name: 'uk-card-statement-lines',
    locales: ['en_GB'],
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const me = ctx.person();
      const card = ctx.card();
      d.line(ctx.companyPii(bank.company));
      d.add`${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      keyValues(d, ctx, [
        ['Card number', ctx.cardNumber(card)],
        [
          'Sort code and account',
          pii(
            'BANK_ACCOUNT',
            `${ctx.rng.digits(2)}-${ctx.rng.digits(2)}-${ctx.rng.digits(2)} ${ctx.rng.digits(8)}`,
          ),
        ],
        ['Statement date', ctx.date()],
      ]);
      const rows: Cell[][] = [];
      for (let i = ctx.int(5, 12); i > 0; i--) {
        rows.push([
          ctx.date(),
          ctx.chance(0.7)
            ? merchant(ctx, ['LONDON', 'LEEDS', 'BRISTOL', 'GLASGOW', 'GB'])
            : ctx.pick([
                'DIRECT DEBIT',
                'CONTACTLESS',
                'Markets',
                'Commercial',
                'Free',
                'Dad',
                'Bank Giro Credit',
              ]),
          ctx.pick(MERCHANT_CATEGORIES),
          plainAmount(ctx.rng, 800),
        ]);
      }
      textTable(d, ctx, ['Date', 'Transaction', 'Category', 'Amount £'], rows);
    },
  },
]);
