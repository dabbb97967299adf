import { defineFamily } from '../core/docTemplate.js';
import type { DocBuilder } from '../core/docBuilder.js';
import type { GenContext, Party } from '../core/genContext.js';
import {
  footer,
  letterhead,
  letterheadBesideFacts,
  partyBlock,
  signature,
} from '../blocks/partyBlocks.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';
import { plainAmount } from '../values/businessData.js';
import { pii } from '../core/goldDocument.js';
import type { Locale } from '../values/locales.js';

function itemRows(ctx: GenContext, n: number): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++) {
    rows.push([
      ctx.product(),
      String(ctx.int(1, 40)),
      plainAmount(ctx.rng, 900),
      plainAmount(ctx.rng, 9000),
    ]);
  }
  return rows;
}

const TAX_LINES: Readonly<Record<Locale, readonly string[]>> = {
  en_US: ['Sales tax 8.25%', 'Sales Tax (7%)', 'Tax', 'State tax 6.5%'],
  en_GB: ['VAT 20%', 'VAT @ 20%', 'VAT (5%)'],
  en_IN: ['GST 18%', 'IGST 18%', 'CGST 9% + SGST 9%', 'GST @ 12%'],
  de: ['MwSt. 19%', 'USt. 19 %', 'VAT 19%', 'MwSt 7%'],
  fr: ['TVA 20%', 'TVA 20 %', 'VAT 20%', 'TVA (5,5 %)'],
  es: ['IVA 21%', 'IVA (21 %)', 'VAT 21%', 'IVA 10%'],
  nl: ['BTW 21%', 'BTW (21%)', 'VAT 21%', 'BTW 9%'],
};

interface InvoiceLabels {
  readonly invoice: string;
  readonly client: string;
  readonly date: string;
  readonly due: string;
  readonly columns: readonly string[];
  readonly net: string;
  readonly total: string;
  readonly terms: string;
  readonly days: string;
  readonly tel: string;
  readonly mail: string;
}

/** Invoices from continental suppliers are printed in their language; values keep local formats. */
const INVOICE_LABELS: Readonly<Record<'fr' | 'de' | 'es' | 'nl', InvoiceLabels>> = {
  nl: {
    invoice: 'Factuur',
    client: 'Factuuradres',
    date: 'Factuurdatum',
    due: 'Vervaldatum',
    columns: ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
    net: 'Subtotaal excl. BTW',
    total: 'Totaal incl. BTW',
    terms: 'Betaling binnen',
    days: 'dagen na factuurdatum',
    tel: 'Tel',
    mail: 'E-mail',
  },
  fr: {
    invoice: 'Facture N°',
    client: 'Adresse de facturation',
    date: 'Date de facture',
    due: "Date d'échéance",
    columns: ['Désignation', 'Quantité', 'Prix unitaire HT', 'Montant HT'],
    net: 'Total HT',
    total: 'Total TTC',
    terms: 'Paiement à',
    days: 'jours fin de mois',
    tel: 'Tél',
    mail: 'Email',
  },
  de: {
    invoice: 'Rechnung Nr.',
    client: 'Rechnungsempfänger',
    date: 'Rechnungsdatum',
    due: 'Fällig am',
    columns: ['Bezeichnung', 'Menge', 'Einzelpreis', 'Gesamt'],
    net: 'Nettobetrag',
    total: 'Rechnungsbetrag',
    terms: 'Zahlbar innerhalb von',
    days: 'Tagen ohne Abzug',
    tel: 'Tel.',
    mail: 'E-Mail',
  },
  es: {
    invoice: 'Factura nº',
    client: 'Cliente',
    date: 'Fecha de factura',
    due: 'Vencimiento',
    columns: ['Concepto', 'Cantidad', 'Precio', 'Importe'],
    net: 'Base imponible',
    total: 'Total factura',
    terms: 'Pago a',
    days: 'días',
    tel: 'Tel',
    mail: 'Correo',
  },
};

interface BillLabels {
  readonly title: readonly string[];
  readonly customer: string;
  readonly date: string;
  readonly line: string;
  readonly items: readonly string[];
  readonly total: string;
  readonly debit: string;
  readonly manage: string;
}

const BILL_LABELS: Readonly<Record<'en' | 'fr' | 'de' | 'nl', BillLabels>> = {
  en: {
    title: ['Your bill', 'MONTHLY BILL', 'Statement of charges'],
    customer: 'Customer number',
    date: 'Bill date',
    line: 'Line',
    items: ['Fibre subscription', 'Mobile plan 20GB', 'Equipment rental'],
    total: 'Total incl. VAT',
    debit: 'Direct debit on',
    manage: 'Manage your account at',
  },
  fr: {
    title: ['Votre facture', 'FACTURE'],
    customer: 'Identifiant',
    date: 'Date',
    line: 'Ligne',
    items: ['Forfait Fibre', 'Appels vers mobiles', 'Location équipement'],
    total: 'Total TTC',
    debit: 'Prélevé le',
    manage: 'Votre espace abonné :',
  },
  de: {
    title: ['Ihre Rechnung', 'RECHNUNG'],
    customer: 'Kundennummer',
    date: 'Datum',
    line: 'Anschluss',
    items: ['Glasfaser-Tarif', 'Verbindungen', 'Routermiete'],
    total: 'Gesamtbetrag',
    debit: 'Lastschrift am',
    manage: 'Kundencenter:',
  },
  nl: {
    title: ['Uw factuur', 'FACTUUR'],
    customer: 'Klantnummer',
    date: 'Datum',
    line: 'Nummer',
    items: ['Glasvezel abonnement', 'Bellen', 'Huur modem'],
    total: 'Totaal incl. BTW',
    debit: 'Automatische incasso op',
    manage: 'Mijn account:',
  },
};

function totals(d: DocBuilder, ctx: GenContext): void {
  d.line(`Subtotal${ctx.sep()}${ctx.amount()}`);
  const tax = ctx.pick(TAX_LINES[ctx.locale]);
  d.line(`${tax}${ctx.sep()}${ctx.amount(5000)}`);
  d.line(
    `${ctx.pick(['Total', 'Total due', 'Amount due', 'TOTAL TTC', 'Gesamtbetrag', 'Balance Due'])}${ctx.sep()}${ctx.amount()}`,
  );
}

function paymentTerms(d: DocBuilder, ctx: GenContext, seller: Party): void {
  d.blank();
  const due = ctx.pick([
    `net ${ctx.pick(['15', '30', '45', '60'])} days`,
    'due on receipt',
    'within 30 days of the invoice date',
  ]);
  d.add`Payment {terms|conditions}: ${due}. `;
  d.add`Please {quote|reference|include} invoice number ${ctx.invoiceNo()} {with|on} your payment.\n`;
  const bank = ctx.bankDetails();
  d.add`Bank: ${ctx.companyPii(ctx.company({ bank: true }))}\n`;
  for (const [k, v] of bank) d.line(k, ctx.sep(), v);
  if (ctx.chance(0.4)) d.line(ctx.nameLikeSentence());
  if (ctx.chance(0.5))
    d.add`Questions? {Contact|Write to|Email} ${ctx.roleEmail(seller.company)} or call ${ctx.phone()}.\n`;
}

export const vendorInvoiceTemplates = defineFamily('vendor_invoice', [
  {
    name: 'freelancer-invoice',
    render(d, ctx) {
      // Sole traders invoice under their own name: the seller is a NAME, not a COMPANY.
      const me = ctx.person();
      const buyer = ctx.party();
      d.line(ctx.name(me));
      if (ctx.chance(0.4))
        d.line(
          ctx.pick([
            'Freelance Consultant',
            'Graphic Design',
            'Bookkeeping Services',
            'Translation & Editing',
            'IT Contractor',
          ]),
        );
      d.line(ctx.address(undefined, true));
      d.line(ctx.phone());
      d.line(ctx.email(me));
      if (ctx.chance(0.5)) d.line(ctx.url(ctx.company()));
      d.blank();
      d.heading(ctx.pick(['INVOICE', 'Invoice', 'Bill']));
      d.line(`Invoice #${ctx.int(1, 999)}    Date: ${ctx.date()}`);
      d.blank();
      d.line(ctx.pick(['Bill to:', 'To:', 'Client:']));
      d.line(ctx.companyPii(buyer.company));
      d.line(ctx.address(buyer.address, true));
      d.blank();
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(1, 4); i++) {
        rows.push([
          ctx.pick([
            'Website redesign',
            'Monthly bookkeeping',
            'Translation (per 1,000 words)',
            'Logo design',
            'On-site support',
            'Workshop facilitation',
          ]),
          String(ctx.int(1, 40)),
          plainAmount(ctx.rng, 200),
          plainAmount(ctx.rng, 5000),
        ]);
      }
      textTable(d, ctx, ['Description', 'Hours', 'Rate', 'Amount'], rows);
      d.line(`Total due: ${ctx.amount(9000)}`);
      d.add`\nPlease pay within ${ctx.pick(['14', '30'])} days to the account below. Thank you for your business!\n`;
      for (const [k, v] of ctx.bankDetails()) d.line(k, ': ', v);
      if (ctx.locale === 'en_US' && ctx.chance(0.5)) d.line(`SSN for 1099 reporting: `, ctx.ssn());
    },
  },
  {
    name: 'subscription-bill',
    render(d, ctx) {
      const provider = ctx.party();
      const me = ctx.person();
      const L =
        BILL_LABELS[
          ctx.locale === 'fr' || ctx.locale === 'de' || ctx.locale === 'nl' ? ctx.locale : 'en'
        ];
      d.line(
        ctx.companyPii(provider.company),
        ctx.chance(0.5)
          ? ` - ${ctx.pick(['Internet & Mobile', 'Fibre', 'Telecom', 'Energy'])}`
          : '',
      );
      d.heading(ctx.pick(L.title));
      d.line(`${L.customer}: ${ctx.rng.digits(8)}    ${L.date}: ${ctx.date()}`);
      d.line(`${L.line}: `, ctx.phone());
      d.blank();
      d.line(ctx.name(me));
      d.line(ctx.address(undefined, true));
      d.blank();
      textTable(
        d,
        ctx,
        null,
        L.items.map((item) => [item, ctx.amount(60)]),
      );
      d.line(`${L.total}  ${ctx.amount(120)}`);
      d.add`\n${L.debit} ${ctx.date()}: ${ctx.bankDetails().find(([, v]) => typeof v !== 'string')?.[1]}.\n`;
      d.add`${L.manage} ${ctx.url(provider.company)} - ${ctx.phone()}.\n`;
      d.line(
        ctx.companyPii(provider.company),
        ' - ',
        ctx.address(provider.address, false),
        ` - ${ctx.taxId().label} ${ctx.taxId().value}`,
      );
    },
  },
  {
    name: 'continental-invoice',
    locales: ['fr', 'de', 'es', 'nl'],
    render(d, ctx) {
      const L =
        INVOICE_LABELS[
          ctx.locale === 'de' || ctx.locale === 'es' || ctx.locale === 'nl' ? ctx.locale : 'fr'
        ];
      const seller = ctx.party();
      const buyer = ctx.party();
      d.line(ctx.companyPii(seller.company));
      d.line(ctx.address(seller.address, true));
      d.line(
        `${L.tel}${ctx.pick([':', ': ', ' '])}`,
        ctx.phone(),
        ctx.chance(0.5)
          ? [' - ', `${L.mail}${ctx.pick([':', ': '])}`, ctx.roleEmail(seller.company)]
          : null,
      );
      if (ctx.chance(0.6)) d.line(ctx.url(seller.company));
      d.blank();
      d.line(`${L.client}${ctx.sep()}`);
      d.line(ctx.companyPii(buyer.company));
      if (ctx.chance(0.6)) d.line(ctx.name(buyer.contact));
      d.line(ctx.address(buyer.address, true));
      d.blank();
      d.heading(`${L.invoice} ${ctx.invoiceNo()}`);
      d.line(`${L.date}${ctx.sep()}${ctx.date()}    ${L.due}${ctx.sep()}${ctx.date()}`);
      textTable(d, ctx, L.columns, itemRows(ctx, ctx.int(1, 5)));
      d.line(`${L.net}${ctx.sep()}${ctx.amount()}`);
      d.line(`${ctx.pick(TAX_LINES[ctx.locale])}${ctx.sep()}${ctx.amount(5000)}`);
      d.line(`${L.total}${ctx.sep()}${ctx.amount()}`);
      d.blank();
      d.line(`${L.terms} ${ctx.pick(['30', '45', '60'])} ${L.days}.`);
      for (const [k, v] of ctx.bankDetails()) d.line(k, ctx.sep(), v);
      const tax = ctx.taxId();
      d.line(ctx.companyPii(seller.company), ` - ${tax.label} ${tax.value} - ${ctx.law()}`);
    },
  },
  {
    name: 'erp-invoice',
    render(d, ctx) {
      const seller = ctx.party();
      const buyer = ctx.party();
      const no = `INV/${ctx.int(2019, 2026)}/${String(ctx.int(1, 999)).padStart(5, '0')}`;
      d.line(ctx.companyPii(seller.company));
      d.line(ctx.address(seller.address, ctx.chance(0.7)));
      d.blank();
      // ERP invoices (Odoo and the like) print the customer without a label, often a person at a company.
      if (ctx.chance(0.5)) d.line(ctx.companyPii(buyer.company), ', ', ctx.name(buyer.contact));
      else d.line(ctx.companyPii(buyer.company));
      d.line(ctx.address(buyer.address, true));
      d.blank();
      d.heading(`Invoice ${no}`);
      d.line(
        `Invoice Date:  ${ctx.date()}    Due Date:  ${ctx.date()}    Source:  ${ctx.ref('S')}`,
      );
      if (ctx.chance(0.6)) {
        d.line(
          `${ctx.pick(['Salesperson', 'Your contact', 'Sales rep', 'Account manager'])}: `,
          ctx.name(seller.contact),
        );
      }
      if (ctx.chance(0.4)) d.line(`Customer Reference: ${ctx.ref('CUST')}`);
      textTable(
        d,
        ctx,
        ['Description', 'Quantity', 'Unit Price', 'Taxes', 'Amount'],
        itemRows(ctx, ctx.int(1, 5)).map((r) => [
          ...r.slice(0, 3),
          ctx.pick(['15%', '21%', '20%', '18%']),
          r[3] ?? '',
        ]),
      );
      d.line(`Untaxed Amount  ${ctx.amount()}`);
      d.line(`Total  ${ctx.amount()}`);
      d.line(`Please use the following communication for your payment: ${no}`);
      if (ctx.chance(0.3)) d.line(`Paid by card `, ctx.cardNumber(ctx.card()), ` on ${ctx.date()}`);
      d.line(
        `${ctx.phoneLabel()}:`,
        ctx.phone(),
        '  ',
        ctx.roleEmail(seller.company),
        '  ',
        ctx.url(seller.company),
      );
    },
  },
  {
    name: 'classic-letterhead',
    render(d, ctx) {
      const seller = ctx.party();
      const buyer = ctx.party();
      const facts: [string, string][] = [
        ['Invoice No', ctx.invoiceNo()],
        ['Invoice Date', ctx.date()],
        ['Due Date', ctx.date()],
        ['PO Number', ctx.ref('PO')],
      ];
      if (ctx.chance(0.35)) {
        d.heading(ctx.pick(['INVOICE', 'Tax Invoice', 'Invoice']));
        letterheadBesideFacts(d, ctx, seller, facts);
      } else {
        letterhead(d, ctx, seller);
        d.heading(
          ctx.local(['INVOICE', 'Tax Invoice', 'Invoice'], {
            fr: ['FACTURE'],
            de: ['Rechnung'],
            es: ['Factura'],
            nl: ['Factuur'],
          }),
        );
        keyValues(d, ctx, facts);
      }
      d.blank();
      partyBlock(
        d,
        ctx,
        ctx.pick(['Bill To:', 'Billed to:', 'Customer:', 'Invoice to:', 'Client']),
        buyer,
      );
      d.blank();
      textTable(
        d,
        ctx,
        ['Description', 'Qty', 'Unit price', 'Amount'],
        itemRows(ctx, ctx.int(2, 6)),
      );
      d.blank();
      totals(d, ctx);
      paymentTerms(d, ctx, seller);
      footer(d, ctx, seller);
    },
  },
  {
    name: 'email-invoice',
    render(d, ctx) {
      const seller = ctx.party();
      const buyer = ctx.party();
      const sender = seller.contact;
      d.add`From: ${ctx.name(sender)} <${ctx.email(sender, seller.company)}>\n`;
      d.add`To: ${ctx.email(buyer.contact, buyer.company)}\n`;
      d.add`Subject: {Invoice|Your invoice|Invoice attached} ${ctx.invoiceNo()} {from|–} ${ctx.companyPii(seller.company)}\n\n`;
      d.add`{Dear|Hello|Hi} ${ctx.name(buyer.contact)},\n\n`;
      d.add`{Please find attached|Attached is|We enclose} our invoice for ${ctx.product()} {delivered|supplied|provided} to ${ctx.companyPii(buyer.company)} on ${ctx.date()}. `;
      d.add`The amount of ${ctx.amount()} is due by ${ctx.date()}. `;
      d.add`Payment {can be made|may be made|is accepted} online at ${ctx.url(seller.company)} or by bank transfer.\n`;
      d.add`Goods were {shipped|delivered} to ${ctx.address(buyer.address, false)}.\n`;
      if (ctx.chance(0.6)) d.line(ctx.nameLikeSentence());
      signature(d, ctx, sender, seller);
    },
  },
  {
    name: 'gst-tax-invoice',
    locales: ['en_IN'],
    render(d, ctx) {
      const seller = ctx.party();
      const buyer = ctx.party();
      d.heading('TAX INVOICE');
      d.line(ctx.pick(['(Original for Recipient)', 'ORIGINAL', 'Duplicate for Transporter']));
      d.add`Supplier: ${ctx.companyPii(seller.company)}\n`;
      d.line(ctx.address(seller.address, true));
      const g1 = ctx.taxId();
      d.line(`${g1.label}: ${g1.value}    State Code: ${String(ctx.int(1, 37)).padStart(2, '0')}`);
      d.add`Contact: ${ctx.phone()}  Email:${ctx.roleEmail(seller.company)}\n\n`;
      d.add`Details of Receiver (Billed to): ${ctx.companyPii(buyer.company)}\n`;
      d.line(ctx.address(buyer.address, ctx.chance(0.5)));
      d.add`Kind Attn: ${ctx.pick(['Mr', 'Ms', 'Mr.', 'Mrs.', 'Shri', 'Smt.'])} ${pii('NAME', buyer.contact.last)}\n`;
      d.line(
        `Invoice No.: ${ctx.invoiceNo()}   Date: ${ctx.date()}   Place of Supply: ${ctx.pick(['Maharashtra', 'Karnataka', 'Delhi', 'Tamil Nadu'])}`,
      );
      d.blank();
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 5); i++) {
        rows.push([
          String(i + 1),
          ctx.product(),
          String(ctx.int(8400, 9989)),
          String(ctx.int(1, 20)),
          plainAmount(ctx.rng, 50000),
          '18%',
        ]);
      }
      textTable(
        d,
        ctx,
        ['Sr', 'Description of Goods', 'HSN/SAC', 'Qty', 'Taxable Value', 'GST'],
        rows,
      );
      d.line(`Total Invoice Value (in figures): ${ctx.amount(500000)}`);
      d.line(
        `Tax is payable on reverse charge basis: No. TDS under ${ctx.pick(['Section 194C', 'Section 194J', 'Section 194Q'])} of the Income Tax Act, 1961 may apply.`,
      );
      d.add`For ${ctx.companyPii(seller.company)}\n\nAuthorised Signatory\n`;
      d.add`Portal: ${ctx.url(seller.company)}\n`;
    },
  },
  {
    name: 'compact-pdf-extract',
    render(d, ctx) {
      const seller = ctx.party();
      const buyer = ctx.party();
      // Real PDF extraction often interleaves the seller and buyer columns line by line.
      d.add`${ctx.companyPii(seller.company)}    ${ctx.pick(['INVOICE', 'Invoice'])} ${ctx.invoiceNo()}\n`;
      d.add`${ctx.address(seller.address, false)}\n`;
      d.add`Tel:${ctx.phone()}    Date: ${ctx.date()}\n`;
      d.add`Email:${ctx.roleEmail(seller.company)}\n\n`;
      d.add`${ctx.pick(['Customer', 'Client', 'Buyer', 'Sold to'])}\n${ctx.companyPii(buyer.company)}\n${ctx.address(buyer.address, true)}\n\n`;
      const rows = itemRows(ctx, ctx.int(1, 4));
      textTable(d, ctx, null, rows);
      d.add`Total ${ctx.amount()}\n`;
      d.add`Your contact: ${ctx.name(seller.contact)} - ${ctx.phone()}\n`;
      if (ctx.chance(0.5)) d.line(ctx.nameLikeSentence());
      d.line(ctx.url(seller.company));
    },
  },
  {
    name: 'statement-of-account',
    render(d, ctx) {
      const seller = ctx.party();
      const buyer = ctx.party();
      letterhead(d, ctx, seller);
      d.heading(
        ctx.pick([
          'Statement of Account',
          'ACCOUNT STATEMENT',
          'Open Items Reminder',
          'Payment Reminder',
        ]),
      );
      d.add`${ctx.companyPii(buyer.company)}\n${ctx.address(buyer.address, true)}\n\n`;
      d.add`{Dear|Attention} ${ctx.pick(['Mr', 'Ms', 'Mrs', 'Dr'])} ${pii('NAME', buyer.contact.last)},\n`;
      d.add`Our records show the following {open|outstanding|unpaid} invoices. {Kindly|Please} arrange payment {at the earliest|within 7 days}.\n\n`;
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 6); i++)
        rows.push([ctx.invoiceNo(), ctx.date(), ctx.date(), ctx.amount(20000)]);
      textTable(d, ctx, ['Invoice', 'Date', 'Due', 'Open amount'], rows);
      d.add`\nIf you have already paid, please {disregard this notice|ignore this reminder}. ${ctx.nameLikeSentence()}\n`;
      signature(d, ctx, seller.contact, seller);
    },
  },
]);
