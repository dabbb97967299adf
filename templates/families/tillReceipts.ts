/**
 * Till receipts, cash bills and small tax invoices of South-East Asian shops as scanned receipts
 * show them once read by OCR: the shop in capitals with its legal form and registration number,
 * its address over three or four lines, GST and SST numbers, item codes, "ROUNDING", "CASH",
 * "CHANGE". The shop's name is the COMPANY, its address the ADDRESS; a cashier or customer named
 * is a NAME; registration and tax numbers, items and totals are business data (LABELS.md).
 * Mixed in only on request (`--real-docs`).
 */
import { defineFamily } from '../core/docTemplate.js';
import type { DocBuilder } from '../core/docBuilder.js';
import type { GenContext } from '../core/genContext.js';
import { pii, type Pii } from '../core/goldDocument.js';
import { textTable, type Cell } from '../blocks/textTable.js';
import {
  makeLocalName,
  makeShop,
  makeShopAddress,
  makeShopPhone,
  TILL_FOOTERS,
  TILL_ITEMS,
  type Shop,
} from '../values/shopTerms.js';

function money(ctx: GenContext, max: number): string {
  return (ctx.int(10, max * 100) / 100).toFixed(2);
}

/** The address printed line by line (most receipts) or run together, its full stop outside. */
function shopAddress(ctx: GenContext, upper: boolean): Pii {
  const lines = makeShopAddress(ctx.rng, upper).map((l, i, all) =>
    i === all.length - 1 ? l.replace(/[.,]$/, '') : l,
  );
  if (ctx.chance(0.75)) return pii('ADDRESS', lines.join('\n'));
  return pii('ADDRESS', lines.map((l) => l.replace(/,$/, '')).join(', '));
}

function shopHeader(d: DocBuilder, ctx: GenContext, shop: Shop): void {
  const name = pii('COMPANY', shop.name);
  if (shop.registration && ctx.chance(0.5)) d.line(name, ' ', shop.registration);
  else {
    d.line(name);
    if (shop.registration) d.line(shop.registration);
  }
  const address = shopAddress(ctx, shop.upper);
  d.line(address, ctx.chance(0.4) ? '.' : '');
  if (ctx.chance(0.8))
    d.line(
      `${ctx.pick(['TEL', 'Tel', 'TEL NO', 'H/P', 'PHONE'])}${ctx.sep()}`,
      ctx.chance(0.85) ? pii('PHONE', makeShopPhone(ctx.rng)) : ctx.phone(),
    );
  if (ctx.chance(0.6))
    d.line(
      `${ctx.pick(['GST ID', 'GST REG NO', 'GST ID NO', 'SST ID', 'SST REG NO'])}${ctx.sep()}${ctx.chance(0.7) ? `00${ctx.rng.digits(10)}` : `W10-${ctx.rng.digits(4)}-${ctx.rng.digits(8)}`}`,
    );
}

function items(ctx: GenContext, n: number, codes: boolean): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++) {
    const qty = ctx.int(1, 6);
    const unit = money(ctx, 40);
    const row: Cell[] = [ctx.pick(TILL_ITEMS), String(qty), unit, (qty * Number(unit)).toFixed(2)];
    if (codes) row.unshift(ctx.rng.digits(ctx.pick([6, 8, 13])));
    if (ctx.chance(0.4)) row.push(ctx.pick(['SR', 'S', 'Z', 'ZRL']));
    rows.push(row);
  }
  return rows;
}

function totals(d: DocBuilder, ctx: GenContext): void {
  const total = money(ctx, 300);
  const lines = [
    `${ctx.pick(['SUBTOTAL', 'SUB-TOTAL', 'Total Sales (Excluding GST)'])} : ${total}`,
    `${ctx.pick(['GST 6%', 'GST @6%', 'SST 10%', 'TAX'])} : ${money(ctx, 20)}`,
    `ROUNDING : ${ctx.pick(['0.00', '-0.01', '0.02', '-0.02', '0.01'])}`,
    `${ctx.pick(['TOTAL', 'TOTAL AMOUNT', 'NETT TOTAL', 'Total Inclusive GST'])} : ${total}`,
    `${ctx.pick(['CASH', 'CASH TENDERED', 'VISA', 'DEBIT CARD', 'TNG EWALLET'])} : ${money(ctx, 400)}`,
    `CHANGE : ${money(ctx, 50)}`,
  ];
  for (const l of lines) if (ctx.chance(0.85)) d.line(l);
  if (ctx.chance(0.5))
    d.line(`GST SUMMARY   AMOUNT(RM)   TAX(RM)\nSR @ 6%   ${money(ctx, 200)}   ${money(ctx, 12)}`);
}

function stamp(ctx: GenContext): string {
  const dd = String(ctx.int(1, 28)).padStart(2, '0');
  const mm = String(ctx.int(1, 12)).padStart(2, '0');
  const time = `${String(ctx.int(8, 22)).padStart(2, '0')}:${String(ctx.int(0, 59)).padStart(2, '0')}${ctx.chance(0.5) ? `:${String(ctx.int(0, 59)).padStart(2, '0')}` : ''}`;
  return `${dd}/${mm}/${ctx.pick(['2017', '2018', '2019', '18'])} ${time}`;
}

export const tillReceiptTemplates = defineFamily('till_receipts', [
  {
    name: 'grocery-till',
    render(d, ctx) {
      const shop = makeShop(ctx.rng);
      shopHeader(d, ctx, shop);
      d.line(ctx.pick(['TAX INVOICE', 'SIMPLIFIED TAX INVOICE', 'RECEIPT', 'INVOICE']));
      d.line(
        `${ctx.pick(['Doc No', 'Receipt #', 'INV NO', 'Bill No'])}${ctx.sep()}${ctx.pick(['CS', 'OR', 'TD', 'INV'])}${ctx.rng.digits(ctx.int(5, 9))}   ${stamp(ctx)}`,
      );
      if (ctx.chance(0.7))
        d.line(
          `${ctx.pick(['Cashier', 'CASHIER', 'Operator', 'Salesperson'])}${ctx.sep()}`,
          pii('NAME', makeLocalName(ctx.rng)),
        );
      d.line(`${ctx.pick(['Counter', 'POS', 'Terminal', 'Till'])} ${ctx.int(1, 12)}`);
      textTable(
        d,
        ctx,
        ctx.chance(0.6) ? ['ITEM', 'QTY', 'U.PRICE', 'AMOUNT'] : null,
        items(ctx, ctx.int(1, 8), false),
      );
      totals(d, ctx);
      d.line(ctx.pick(TILL_FOOTERS));
    },
  },
  {
    name: 'hardware-cash-bill',
    render(d, ctx) {
      const shop = makeShop(ctx.rng);
      shopHeader(d, ctx, shop);
      d.line(ctx.pick(['CASH BILL', 'CASH SALES', 'TAX INVOICE', 'DELIVERY ORDER']));
      d.line(`No${ctx.sep()}${ctx.rng.digits(6)}   Date${ctx.sep()}${stamp(ctx).split(' ')[0]}`);
      if (ctx.chance(0.5)) {
        const customer = ctx.chance(0.5)
          ? pii('NAME', makeLocalName(ctx.rng))
          : pii('COMPANY', makeShop(ctx.rng).name);
        d.line(`${ctx.pick(['Customer', 'Sold To', 'M/s', 'Name'])}${ctx.sep()}`, customer);
        if (ctx.chance(0.4)) d.line(shopAddress(ctx, true));
      }
      textTable(
        d,
        ctx,
        ['CODE', 'DESCRIPTION', 'QTY', 'PRICE', 'TOTAL'],
        items(ctx, ctx.int(1, 6), true),
      );
      totals(d, ctx);
      d.line(ctx.pick(TILL_FOOTERS));
      if (ctx.chance(0.5)) d.line(`${ctx.pick(['Received by', 'Checked by'])}: ____________`);
    },
  },
  {
    name: 'kopitiam-bill',
    render(d, ctx) {
      const shop = makeShop(ctx.rng);
      shopHeader(d, ctx, shop);
      d.line(`Table ${ctx.int(1, 40)}   Pax ${ctx.int(1, 8)}   ${stamp(ctx)}`);
      d.line(
        `${ctx.pick(['Server', 'Waiter', 'Cashier'])}${ctx.sep()}`,
        pii('NAME', makeLocalName(ctx.rng).split(' ')[0] ?? 'AH'),
      );
      textTable(d, ctx, null, items(ctx, ctx.int(2, 7), false));
      d.line(`SERVICE CHARGE 10% : ${money(ctx, 10)}`);
      totals(d, ctx);
      d.line(ctx.pick(TILL_FOOTERS));
    },
  },
  {
    name: 'stationery-tax-invoice',
    render(d, ctx) {
      const shop = makeShop(ctx.rng);
      d.line('TAX INVOICE');
      shopHeader(d, ctx, shop);
      d.line(`Invoice No${ctx.sep()}${ctx.rng.digits(8)}   ${stamp(ctx)}`);
      d.line(`Bill To${ctx.sep()}`, pii('COMPANY', makeShop(ctx.rng).name));
      textTable(
        d,
        ctx,
        ['Description', 'Qty', 'Price', 'Amount', 'Tax'],
        items(ctx, ctx.int(1, 5), false),
      );
      totals(d, ctx);
    },
  },
  {
    name: 'minimart-receipt',
    render(d, ctx) {
      const shop = makeShop(ctx.rng);
      shopHeader(d, ctx, shop);
      d.line(`${stamp(ctx)}   ${ctx.pick(['RCPT', 'TRX', 'SLIP'])}#${ctx.rng.digits(7)}`);
      textTable(d, ctx, null, items(ctx, ctx.int(1, 6), true));
      totals(d, ctx);
      if (ctx.chance(0.5))
        d.line(
          `Member${ctx.sep()}`,
          pii('NAME', makeLocalName(ctx.rng)),
          `   Points: ${ctx.int(0, 900)}`,
        );
      d.line(ctx.pick(TILL_FOOTERS));
    },
  },
]);
