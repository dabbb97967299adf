/**
 * Long reports: notes to the accounts, directors' reports, continental invoices with their legal
 * small print, a service provider's statement. Several thousand characters each, dense with the
 * vocabulary the model took for entities on real reports — finance headings ("Debentures",
 * "Savings Bank", "Exchange Dealers", "Bonds"), German and Dutch table headers and terms
 * ("VK-Preis", "Hoeveelheid", "T.a.v.", "Vorsitz"), product names ("Elastic Compute Cloud"),
 * signature blocks whose "Place:" is a city alone (no entity, LABELS.md) — as plain text, next to
 * what is PII: a bank alone after its label, a person after a list of firms. Mixed in only on
 * request (`--long-reports`), so other runs stay as they were.
 */
import { defineFamily } from '../core/docTemplate.js';
import type { DocBuilder } from '../core/docBuilder.js';
import type { GenContext } from '../core/genContext.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';
import { letterhead } from '../blocks/partyBlocks.js';
import { pii } from '../core/goldDocument.js';

const CITIES = ['Mumbai', 'New Delhi', 'Chennai', 'London', 'Frankfurt', 'Amsterdam', 'Paris'];

/** "Place: Mumbai / Date: …" on two lines or one: the city is where it was signed, not PII. */
function placeAndDate(d: DocBuilder, ctx: GenContext): void {
  const city = ctx.pick(CITIES);
  if (ctx.chance(0.5)) d.add`Place: ${city}\nDate: ${ctx.date()}\n`;
  else d.add`Place: ${city}    Date: ${ctx.date()}\n`;
}

/** A schedule of finance line items: headings the model must not take for companies. */
function schedule(d: DocBuilder, ctx: GenContext, items: readonly string[]): void {
  const rows: Cell[][] = ctx.rng
    .shuffle([...items])
    .slice(0, ctx.int(3, items.length))
    .map((item) => [item, ctx.amount(9000000), ctx.amount(9000000)]);
  textTable(
    d,
    ctx,
    [
      ctx.pick(['Particulars', 'Description', 'Item']),
      ctx.pick(['Current year', 'As at 31 March', '2025']),
      ctx.pick(['Previous year', 'As at 31 March (prior)', '2024']),
    ],
    rows,
  );
}

/** "… with A, B and C and <person>": a person named right after a list of firms. */
function firmsThenPerson(d: DocBuilder, ctx: GenContext): void {
  d.add`Transactions were entered into with ${ctx.companyPii(ctx.company())}, ${ctx.companyPii(ctx.company())} {and|&} ${ctx.companyPii(ctx.company())} {and with|as well as with} ${ctx.name()}, a {director|relative of a director|key managerial person}, on arm's length terms.\n`;
}

/** "01.05.14-31.05.14": a date range, which the PHONE recognizer once took for a number. */
function billingPeriod(ctx: GenContext): string {
  const year = ctx.int(14, 25);
  const month = String(ctx.int(1, 12)).padStart(2, '0');
  return `01.${month}.${year}-${ctx.pick(['28', '30', '31'])}.${month}.${year}`;
}

// Incoterms 2020 as printed on goods invoices: upper-case trade terms, no entity among them.
const INCOTERMS = [
  'EXW - EX WORKS',
  'FCA - FREE CARRIER',
  'CPT - CARRIAGE PAID TO',
  'CIP - CARRIAGE AND INSURANCE PAID TO',
  'DAP - DELIVERED AT PLACE',
  'DPU - DELIVERED AT PLACE UNLOADED',
  'DDP - DELIVERED DUTY PAID',
  'FAS - FREE ALONGSIDE SHIP',
  'FOB - FREE ON BOARD',
  'CFR - COST AND FREIGHT',
  'CIF - COST INSURANCE AND FREIGHT',
];
const GOODS_SECTIONS = [
  'Non Food',
  'Food Products',
  'Furniture',
  'Consumables',
  'Services',
  'Spare Parts',
];
const SHIPPING_NOTES = [
  'FRAGILE - HANDLE WITH CARE',
  'GOODS REMAIN OUR PROPERTY UNTIL PAID IN FULL',
  'PART SHIPMENT',
  'BACK ORDER',
  'DELIVERED',
  'RETURNABLE PACKAGING',
];

/** A stock line: an item code in brackets or stars, then a product, sometimes a second line. */
function goodsLine(d: DocBuilder, ctx: GenContext): void {
  const code = ctx.pick([
    `[${ctx.rng.digits(8)}]`,
    `[${ctx.pick(['FURN', 'LUX', 'OFF', 'FOOD', 'SRV'])}_${ctx.rng.digits(4)}]`,
    `*${ctx.rng.digits(6)}*`,
  ]);
  const qty = `${ctx.int(1, 40)}.00 ${ctx.pick(['Units', 'kg', 'L', 'g', 'pcs'])}`;
  d.line(
    `${code} ${ctx.product()}${ctx.sep()}${qty}${ctx.sep()}${ctx.amount(900)}${ctx.sep()}${ctx.amount(9000)}`,
  );
  if (ctx.chance(0.3)) d.line(ctx.product().toLowerCase());
}

export const longReportTemplates = defineFamily('long_report', [
  {
    // Goods invoices from accounting software: item codes, section rules, an Incoterm and
    // shipping notes in capitals, with the parties, their contact and the bank account.
    name: 'goods-invoice-incoterms',
    locales: ['en_US', 'en_GB'],
    render(d, ctx) {
      const seller = ctx.party();
      const buyer = ctx.party();
      d.heading(
        `Invoice INV/${ctx.int(2019, 2026)}/${String(ctx.int(1, 12)).padStart(2, '0')}/${ctx.rng.digits(4)}`,
      );
      d.blank();
      d.line(
        ['Description', 'Quantity', 'Unit Price', 'Disc.%', 'Taxes', 'Amount'].join(ctx.sep()),
      );
      for (const section of ctx.rng.shuffle([...GOODS_SECTIONS]).slice(0, ctx.int(1, 3))) {
        d.line(`--- ${section} ---`);
        for (let i = ctx.int(1, 4); i > 0; i--) goodsLine(d, ctx);
        d.line(`Subtotal${ctx.sep()}${ctx.amount(9000)}`);
      }
      d.blank();
      d.add`Please use the following communication for your payment : ${ctx.rng.digits(12)}\n\n`;
      d.add`Payment terms: ${ctx.pick(['15 Days', '30 Days', 'End of Following Month', 'Immediate Payment'])}\n\n`;
      for (const [k, v] of ctx.bankDetails()) d.line(k, ctx.sep(), v);
      d.blank();
      d.line(`Incoterm: ${ctx.pick(INCOTERMS)}`);
      if (ctx.chance(0.5)) d.line(ctx.pick(SHIPPING_NOTES));
      d.blank();
      d.add`${ctx.companyPii(seller.company)}, ${ctx.name(seller.contact)}\n${ctx.address(seller.address, true)}\n\n`;
      d.add`Invoice Date:\n${ctx.date()}\nDue Date:\n${ctx.date()}\nReference:\n${ctx.ref()}\n\n`;
      d.add`${ctx.companyPii(buyer.company)}\n${ctx.address(buyer.address, true)}\n\n`;
      d.add`${ctx.phone()} ${ctx.email(buyer.contact, buyer.company)} ${ctx.url(buyer.company)}\n\n`;
      d.line(`Page: 1 / 1`);
    },
  },
  {
    name: 'notes-to-accounts',
    locales: ['en_IN', 'en_GB', 'en_US'],
    render(d, ctx) {
      const company = ctx.party();
      const bank = ctx.company({ bank: true });
      const auditor = ctx.party();
      d.heading(
        `Notes forming part of the financial statements of `,
        ctx.companyPii(company.company),
      );
      d.add`for the year ended ${ctx.date()}\n\n`;
      d.heading('1. Significant accounting policies');
      d.add`The financial statements are prepared under the historical cost convention in accordance with ${ctx.standard()} and the ${ctx.law()}. Controls over financial reporting were {tested|assessed} by management.\n\n`;
      d.heading(
        ctx.pick(['2. Long-term borrowings', '2. Borrowings', '2. Debentures and term loans']),
      );
      schedule(d, ctx, [
        'Secured Debentures',
        'Redeemable Non-Convertible Debentures',
        'Term loans from banks',
        'Bonds',
        'Cash Credit',
        'Working Capital Demand Loan',
      ]);
      d.add`\nBank Name: ${ctx.companyPii(bank)}\n`;
      keyValues(d, ctx, [
        ['Branch', ctx.pick(['Fort', 'Head Office', 'Main Branch', 'City Centre'])],
        ['IFSC', ctx.ifsc()],
        ['Security', ctx.pick(['Hypothecation of stock', 'Equitable mortgage', 'Fixed deposits'])],
      ]);
      d.blank();
      d.heading(ctx.pick(['3. Cash and bank balances', '3. Cash and cash equivalents']));
      schedule(d, ctx, [
        'Savings Bank',
        'Current Accounts',
        'Fixed Deposits',
        'Cash on hand',
        'Exchange Dealers',
        'Margin money',
      ]);
      d.blank();
      d.heading('4. Related party disclosures');
      firmsThenPerson(d, ctx);
      d.add`Remuneration to ${ctx.name(company.contact)} ({Managing Director|Whole-time Director|CFO}): ${ctx.amount(900000)}.\n\n`;
      d.heading('5. Contingent liabilities');
      d.add`Claims against the Company not acknowledged as debts: ${ctx.amount(500000)}. Guarantees given by the Company's bankers, ${ctx.companyPii(bank)}, on behalf of the Company: ${ctx.amount(2000000)}. Head office expenses are allocated on turnover.\n\n`;
      d.add`As per our report of even date\nFor ${ctx.companyPii(auditor.company)}\n{Chartered Accountants|Certified Public Accountants}\nFirm Registration No. ${ctx.rng.digits(6)}W\n\n${ctx.name(auditor.contact)}\nPartner\nMembership No. ${ctx.rng.digits(6)}\n`;
      placeAndDate(d, ctx);
    },
  },
  {
    name: 'directors-report',
    locales: ['en_IN', 'en_GB', 'en_US'],
    render(d, ctx) {
      const company = ctx.party();
      const auditor = ctx.company();
      d.heading(ctx.pick(["DIRECTORS' REPORT", "Board's Report", 'Report of the Directors']));
      d.add`To the Members of ${ctx.companyPii(company.company)}\n\n`;
      d.add`Your Directors present the {annual report|report} together with the audited accounts for the year ended ${ctx.date()}.\n\n`;
      d.heading('Financial results');
      schedule(d, ctx, [
        'Revenue from operations',
        'Other income',
        'Finance costs',
        'Depreciation',
        'Profit before tax',
        'Tax expense',
      ]);
      d.blank();
      d.heading('Directors and key managerial personnel');
      d.add`${ctx.name()} retires by rotation and, being eligible, offers {himself|herself} for re-appointment. ${ctx.name()} was appointed {Independent Director|Additional Director} with effect from ${ctx.date()}.\n\n`;
      d.heading('Statutory auditors');
      d.add`${ctx.companyPii(auditor)}, Chartered Accountants, were appointed statutory auditors at the annual general meeting held on ${ctx.date()}. In accordance with Regulation 34 of the {SEBI (Listing Obligations and Disclosure Requirements) Regulations, 2015|Listing Regulations}, the Management Discussion and Analysis forms part of this report.\n\n`;
      d.heading('Particulars of loans, guarantees and investments');
      d.add`Investments in Bonds and Debentures are disclosed in Note ${ctx.int(5, 14)}. The Company's Savings Bank and Exchange Dealers' balances are held with scheduled banks.\n\n`;
      d.heading('Acknowledgements');
      d.add`The Board thanks its bankers, ${ctx.companyPii(ctx.company({ bank: true }))}, customers and employees.\n\n`;
      d.add`For and on behalf of the Board of Directors\n\n${ctx.name(company.contact)}\n{Chairman|Chairperson}\nDIN: ${ctx.rng.digits(8)}\n`;
      placeAndDate(d, ctx);
    },
  },
  {
    name: 'continental-invoice-small-print',
    locales: ['de', 'nl'],
    render(d, ctx) {
      const seller = ctx.party();
      const buyer = ctx.party();
      const bank = ctx.company({ bank: true });
      const german = ctx.locale === 'de';
      letterhead(d, ctx, seller);
      d.blank();
      if (german) d.add`${ctx.companyPii(buyer.company)}\nz. Hd. ${ctx.name(buyer.contact)}\n`;
      else d.add`${ctx.companyPii(buyer.company)}\nT.a.v. ${ctx.name(buyer.contact)}\n`;
      d.add`${ctx.address(buyer.address, true)}\n\n`;
      d.heading(german ? `Rechnung ${ctx.invoiceNo()}` : `Factuur ${ctx.invoiceNo()}`);
      d.add`${german ? 'Rechnungsdatum' : 'Factuurdatum'}: ${ctx.date()}   ${german ? 'Kundennr.' : 'Klantnr.'} ${ctx.rng.digits(6)}\n\n`;
      const products = german
        ? ['Wartungsset', 'Ersatzfilter', 'Montagepauschale', 'Versandkosten', 'Servicevertrag']
        : [
            'Onderhoudsset',
            'Vervangingsfilter',
            'Montagekosten',
            'Verzendkosten',
            'Servicecontract',
          ];
      const rows: Cell[][] = ctx.rng
        .shuffle([...products])
        .slice(0, ctx.int(2, 5))
        .map((p, i) => [
          String(i + 1),
          p,
          String(ctx.int(1, 12)),
          ctx.amount(900),
          ctx.amount(9000),
        ]);
      textTable(
        d,
        ctx,
        german
          ? ['Pos.', 'Artikel', 'Menge', 'VK-Preis', 'Betrag']
          : ['Nr.', 'Omschrijving', 'Hoeveelheid', 'Prijs', 'Bedrag'],
        rows,
      );
      d.add`\n${german ? 'Gesamtbetrag' : 'Totaal'}: ${ctx.amount(20000)}\n\n`;
      if (german) {
        d.add`Zahlbar innerhalb von 14 Tagen ohne Abzug. Bankverbindung: ${ctx.companyPii(bank)}, Kto ${pii('BANK_ACCOUNT', `${ctx.int(1, 9)}${ctx.rng.digits(9)}`)}.\n`;
        d.add`Für Schäden haften wir nur bei Vorsatz oder grobem Verschulden der ${ctx.companyPii(seller.company)} oder ihrer Erfüllungsgehilfen.\n`;
        d.add`Geschäftsführer: ${ctx.name()} · Vorsitz des Aufsichtsrats: ${ctx.name()} · Amtsgericht ${ctx.pick(['München', 'Hamburg', 'Köln'])} HRB ${ctx.rng.digits(5)}\n`;
      } else {
        d.add`Betaling binnen 30 dagen op rekening bij ${ctx.companyPii(bank)} o.v.v. het factuurnummer.\n`;
        d.add`Op al onze leveringen zijn de algemene voorwaarden van ${ctx.companyPii(seller.company)} van toepassing, gedeponeerd bij de Kamer van Koophandel onder nummer ${ctx.rng.digits(8)}.\n`;
        d.add`Directie: ${ctx.name()} · KvK ${ctx.rng.digits(8)}\n`;
      }
    },
  },
  {
    name: 'cloud-services-statement',
    locales: ['en_US', 'en_GB', 'en_IN'],
    render(d, ctx) {
      const provider = ctx.party();
      const customer = ctx.party();
      const bank = ctx.company({ bank: true });
      letterhead(d, ctx, provider);
      d.blank();
      d.heading(ctx.pick(['Statement of services', 'Monthly usage statement', 'Tax invoice']));
      keyValues(d, ctx, [
        ['Bill to', ctx.companyPii(customer.company)],
        ['Attention', ctx.name(customer.contact)],
        ['Address', ctx.address(customer.address, false)],
        ['Billing period', billingPeriod(ctx)],
      ]);
      d.blank();
      const services = [
        'Elastic Compute Cloud',
        'Simple Storage Service',
        'Glacier',
        'Data Transfer',
        'Managed Database',
        'Support (Business)',
      ];
      const rows: Cell[][] = ctx.rng
        .shuffle([...services])
        .slice(0, ctx.int(3, 6))
        .map((s) => [
          s,
          `${ctx.int(1, 900)} ${ctx.pick(['hrs', 'GB-Mo', 'GB', 'requests'])}`,
          ctx.amount(5000),
        ]);
      textTable(d, ctx, ['Service', 'Usage', 'Amount'], rows);
      d.add`\nAmount due: ${ctx.amount(30000)} by ${ctx.date()}.\nBank Name: ${ctx.companyPii(bank)}\n`;
      d.add`{Our reseller partners|Partners on this account}: ${ctx.companyPii(ctx.company())}, ${ctx.companyPii(ctx.company())} and ${ctx.companyPii(ctx.company())} and ${ctx.name()}.\n`;
      d.add`Questions: ${ctx.email(provider.contact, provider.company)}\n\nAuthorised signatory\n${ctx.name(provider.contact)}\n`;
      placeAndDate(d, ctx);
    },
  },
]);
