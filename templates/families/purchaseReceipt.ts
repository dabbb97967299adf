import { defineFamily } from '../core/docTemplate.js';
import { pii } from '../core/goldDocument.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';
import type { GenContext } from '../core/genContext.js';
import { lastFour } from '../values/cards.js';
import { plainAmount } from '../values/businessData.js';

function items(ctx: GenContext, n: number): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++)
    rows.push([ctx.product(), `x${ctx.int(1, 5)}`, plainAmount(ctx.rng, 400)]);
  return rows;
}

export const purchaseReceiptTemplates = defineFamily('purchase_receipt', [
  {
    name: 'webshop-invoice',
    render(d, ctx) {
      const shop = ctx.party();
      const me = ctx.person();
      const nl = ctx.locale === 'nl';
      d.line(ctx.companyPii(shop.company));
      d.heading(nl ? 'Factuur' : ctx.pick(['Invoice', 'Order invoice', 'Invoice / Receipt']));
      keyValues(d, ctx, [
        [nl ? 'Factuurnummer' : 'Invoice number', ctx.rng.digits(9)],
        [nl ? 'Factuurdatum' : 'Invoice date', ctx.date()],
        [nl ? 'Klantnummer' : 'Customer number', ctx.rng.digits(7)],
        [nl ? 'Bestelnummer' : 'Order number', ctx.rng.digits(8)],
      ]);
      d.blank();
      d.line(nl ? 'Factuuradres' : 'Invoice address');
      d.line(ctx.name(me));
      d.line(ctx.address(undefined, true));
      if (ctx.chance(0.5)) {
        d.line(nl ? 'Afleveradres' : 'Delivery address');
        d.line(ctx.name(me));
        d.line(ctx.address(undefined, true));
      }
      d.blank();
      textTable(
        d,
        ctx,
        nl ? ['Product', 'Aantal', 'Prijs'] : ['Product', 'Qty', 'Price'],
        items(ctx, ctx.int(1, 4)),
      );
      d.line(`${nl ? 'Totaal' : 'Total'} ${ctx.amount(2000)}`);
      d.line(
        `${nl ? 'Betaalmethode' : 'Payment method'}: ${ctx.pick(['iDEAL', 'PayPal', 'Credit card', 'Bancontact', 'Klarna'])}`,
      );
      d.blank();
      d.line(
        ctx.companyPii(shop.company),
        ' | ',
        ctx.address(shop.address, false),
        ' | ',
        ctx.url(shop.company),
      );
      const tax = ctx.taxId();
      d.line(
        `${tax.label} ${tax.value} | ${nl ? 'Klantenservice' : 'Customer service'} `,
        ctx.phone(),
      );
    },
  },
  {
    name: 'payment-confirmation',
    render(d, ctx) {
      const shop = ctx.party();
      const me = ctx.person();
      const card = ctx.card();
      d.heading(ctx.pick(['Payment confirmation', 'PAYMENT RECEIPT', 'Receipt for your payment']));
      d.line(ctx.companyPii(shop.company), ctx.chance(0.5) ? [' · ', ctx.url(shop.company)] : null);
      d.line(`Receipt ${ctx.ref('RC')} · ${ctx.date()}`);
      d.blank();
      d.line(`Billed to: `, ctx.name(me), ctx.chance(0.5) ? [' <', ctx.email(me), '>'] : null);
      d.line(ctx.address(undefined, true));
      d.blank();
      textTable(d, ctx, ['Item', 'Qty', 'Price'], items(ctx, ctx.int(1, 3)));
      d.line(`Amount paid: ${ctx.amount(900)}`);
      d.line(ctx.pick(['Payment method:', 'Paid with:', 'Card details:']));
      d.line(ctx.cardBlock(card, me, ctx.chance(0.3) ? '  ' : ''));
      d.add`\nQuestions about this receipt? Contact ${ctx.roleEmail(shop.company)} or ${ctx.phone()}.\n`;
    },
  },
  {
    name: 'till-receipt',
    render(d, ctx) {
      const shop = ctx.party();
      const card = ctx.card();
      d.line(ctx.companyPii(shop.company));
      d.line(ctx.address(shop.address, ctx.chance(0.4)));
      d.line(`${ctx.phoneLabel()}${ctx.sep()}`, ctx.phone());
      const tax = ctx.taxId();
      d.line(`${tax.label} ${tax.value}`);
      d.line(
        `${ctx.date()} ${String(ctx.int(8, 21)).padStart(2, '0')}:${String(ctx.int(0, 59)).padStart(2, '0')}   Till ${ctx.int(1, 9)}   Receipt ${ctx.rng.digits(6)}`,
      );
      d.line(`Cashier: `, pii('NAME', ctx.person().first));
      d.blank();
      textTable(d, ctx, null, items(ctx, ctx.int(2, 7)));
      d.line(`TOTAL ${ctx.amount(900)}`);
      d.line(
        `${ctx.pick(['VISA', 'MASTERCARD', 'AMEX', 'CONTACTLESS'])} ************${lastFour(card)}   AUTH ${ctx.rng.digits(6)}`,
      );
      d.line(
        ctx.pick([
          'Thank you for shopping with us!',
          'Merci de votre visite',
          'Vielen Dank für Ihren Einkauf',
          'Gracias por su compra',
        ]),
      );
      d.line(ctx.url(shop.company));
    },
  },
  {
    name: 'online-order-confirmation',
    render(d, ctx) {
      const shop = ctx.party();
      const me = ctx.person();
      d.add`From: ${ctx.companyPii(shop.company)} <${ctx.pick(['no-reply', 'orders', 'shop'])}@${shop.company.domain}>\nTo: ${ctx.email(me)}\nSubject: {Your order|Order confirmation|Thanks for your order} ${ctx.ref('ORD')}\n\n`;
      d.add`{Hi|Hello|Dear} ${pii('NAME', me.first)}, {thanks for your order|your order is confirmed}!\n\n`;
      textTable(d, ctx, ['Item', 'Qty', 'Price'], items(ctx, ctx.int(1, 4)));
      d.add`Order total: ${ctx.amount(2000)}\n\nShipping to:\n${ctx.name(me)}\n${ctx.address(undefined, true)}\n${ctx.phone()}\n\n`;
      if (ctx.chance(0.5)) d.add`Billing address:\n${ctx.address(undefined, true)}\n\n`;
      d.add`Track your parcel at ${ctx.url(shop.company)}. {Delivery by|Estimated delivery} ${ctx.date()} with ${ctx.companyPii(ctx.company())}.\n`;
      d.add`Sold by ${ctx.companyPii(ctx.company())}. ${ctx.nameLikeSentence()}\n`;
    },
  },
  {
    name: 'restaurant-bill',
    render(d, ctx) {
      const r = ctx.party();
      const card = ctx.card();
      d.heading(ctx.companyPii(r.company));
      d.add`${ctx.address(r.address, false)}\nTel:${ctx.phone()}\n`;
      d.line(
        `Table ${ctx.int(1, 40)}   Covers ${ctx.int(1, 8)}   Server: `,
        pii('NAME', ctx.person().first),
        `   ${ctx.date()}`,
      );
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 6); i++)
        rows.push([
          ctx.pick([
            'Soup of the day',
            'Grilled sea bass',
            'Paneer tikka',
            'Schnitzel',
            'Paella',
            'Crème brûlée',
            'Sparkling water',
            'House red',
            'Espresso',
          ]),
          plainAmount(ctx.rng, 60),
        ]);
      textTable(d, ctx, null, rows);
      d.add`Service ${ctx.percent()}\nTotal ${ctx.amount(500)}\nPaid by card ending ${lastFour(card)}\n`;
      d.add`Booked by ${ctx.name()} for ${ctx.companyPii(ctx.company())}\n`;
      d.line(`Book again: `, ctx.url(r.company));
    },
  },
  {
    name: 'hotel-folio',
    render(d, ctx) {
      const hotel = ctx.party();
      const me = ctx.person();
      const card = ctx.card();
      const employer = ctx.party();
      d.line(
        ctx.companyPii(hotel.company),
        '   ',
        ctx.pick(['GUEST FOLIO', 'Invoice / Folio', 'Facture']),
      );
      d.line(ctx.address(hotel.address, false), ' · ', ctx.phone(), ' · ', ctx.url(hotel.company));
      d.blank();
      keyValues(d, ctx, [
        ['Guest', ctx.name(me)],
        ['Company', ctx.companyPii(employer.company)],
        ['Company address', ctx.address(employer.address, false)],
        ['Room', String(ctx.int(101, 1208))],
        ['Arrival', ctx.date()],
        ['Departure', ctx.date()],
        ['Folio No.', ctx.rng.digits(7)],
      ]);
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 6); i++)
        rows.push([
          ctx.date(),
          ctx.pick([
            'Accommodation',
            'Breakfast',
            'Minibar',
            'Laundry',
            'City tax',
            'Room service',
          ]),
          ctx.amount(400),
        ]);
      textTable(d, ctx, ['Date', 'Description', 'Amount'], rows);
      d.add`Balance settled by ${ctx.pick(['VISA', 'Mastercard', 'Amex'])} ${ctx.cardNumber(card)}\nGuest e-mail: ${ctx.email(me, employer.company)}\n`;
    },
  },
]);
