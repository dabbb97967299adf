import type { Faker } from '@faker-js/faker';
import { Rng, deriveSeed } from './rng.js';
import { pii, type Pii } from './goldDocument.js';
import { LOCALE_FAKERS, type Locale } from '../values/locales.js';
import { makePerson, personName, type Person } from '../values/people.js';
import { makeCompany, type Company } from '../values/companies.js';
import {
  makeAddress,
  multiLineAddress,
  oneLineAddress,
  type AddressLines,
} from '../values/addresses.js';
import { makeForeignAddress } from '../values/foreignAddresses.js';
import { makePhone, makeSsn, makeUrl, personalEmail, roleEmail } from '../values/contacts.js';
import { cardBlock, cardNumber, makeCard, type Card } from '../values/cards.js';
import * as biz from '../values/businessData.js';
import { bankAccountRows, personalPan, personalTaxId } from '../values/financialIds.js';
import type { Part } from './docBuilder.js';

/** An organisation appearing in a document, with everything a letterhead might print. */
export interface Party {
  readonly company: Company;
  readonly address: AddressLines;
  readonly contact: Person;
}

/**
 * Everything a template needs to fill one document: the structural RNG, the locale's Faker
 * (seeded per document so output is deterministic), and value makers that return labelled
 * values. Templates call these rather than Faker so every value is in a known format.
 */
export class GenContext {
  readonly rng: Rng;
  readonly faker: Faker;
  /** Own stream for foreign addresses, so the option changes nothing but addresses. */
  private readonly abroad: { readonly rng: Rng; readonly share: number } | undefined;

  constructor(
    readonly locale: Locale,
    seed: number,
    /** Share of addresses printed as a counterparty abroad (0: none, no extra draw). */
    foreignAddresses = 0,
  ) {
    this.rng = new Rng(seed);
    this.faker = LOCALE_FAKERS[locale];
    this.faker.seed(seed);
    this.abroad =
      foreignAddresses > 0
        ? { rng: new Rng(deriveSeed(seed, 0, 0xab40ad)), share: foreignAddresses }
        : undefined;
  }

  pick<T>(items: readonly T[]): T {
    return this.rng.pick(items);
  }

  chance(p: number): boolean {
    return this.rng.chance(p);
  }

  int(min: number, max: number): number {
    return this.rng.int(min, max);
  }

  person(): Person {
    return makePerson(this.rng, this.faker, this.locale);
  }

  /** The person's name in a randomly chosen printed form. */
  name(p: Person = this.person()): Pii {
    return personName(this.rng, p);
  }

  company(opts: { bank?: boolean } = {}): Company {
    return makeCompany(this.rng, this.faker, this.locale, opts);
  }

  party(opts: { bank?: boolean } = {}): Party {
    return { company: this.company(opts), address: this.addressLines(), contact: this.person() };
  }

  addressLines(): AddressLines {
    // The home address is drawn even when it is replaced, so that the rest of the document
    // (names, amounts, layout) is the same as in a run without foreign addresses.
    const home = makeAddress(this.rng, this.faker, this.locale);
    return this.abroad?.rng.chance(this.abroad.share) ? makeForeignAddress(this.abroad.rng) : home;
  }

  address(
    lines: AddressLines = this.addressLines(),
    multiLine = this.chance(0.6),
    indent = '',
  ): Pii {
    if (multiLine && lines.length > 1) {
      // pdf.js sometimes emits a block's lines bottom-up ("69100 VILLEURBANNE 35 RUE …").
      return multiLineAddress(this.chance(0.04) ? [...lines].reverse() : lines, indent);
    }
    if (lines.length > 1) {
      const style = this.rng.weighted([
        ['comma', 8],
        ['space', 2],
        ['dash', 1],
      ] as const);
      // Flattened extraction drops the commas; French letterheads put " - " before the postcode.
      if (style === 'space') return pii('ADDRESS', lines.join(' '));
      if (style === 'dash') {
        return pii(
          'ADDRESS',
          `${lines.slice(0, -1).join(', ')} - ${lines[lines.length - 1] ?? ''}`,
        );
      }
    }
    return oneLineAddress(lines);
  }

  phone(): Pii {
    return makePhone(this.rng, this.locale);
  }

  email(p: Person, company?: Company): Pii {
    return personalEmail(this.rng, this.locale, p, company);
  }

  roleEmail(company: Company): Pii {
    return roleEmail(this.rng, company);
  }

  url(company: Company): Pii {
    return makeUrl(this.rng, company);
  }

  ssn(): Pii {
    return makeSsn(this.rng);
  }

  card(): Card {
    return makeCard(this.rng);
  }

  cardNumber(c: Card): Pii {
    return cardNumber(this.rng, c);
  }

  cardBlock(c: Card, holder: Person, indent = ''): Pii {
    return cardBlock(this.rng, c, `${holder.first} ${holder.last}`, indent);
  }

  companyPii(c: Company): Pii {
    return pii('COMPANY', c.name);
  }

  date(): string {
    return biz.date(this.rng, this.locale);
  }

  amount(max?: number): string {
    return biz.amount(this.rng, this.locale, max);
  }

  percent(): string {
    return biz.percent(this.rng);
  }

  invoiceNo(): string {
    return biz.invoiceNumber(this.rng);
  }

  ref(prefix?: string): string {
    return biz.reference(this.rng, prefix);
  }

  taxId(): { label: string; value: string } {
    return biz.taxRegistration(this.rng, this.locale);
  }

  /** Account identifiers (BANK_ACCOUNT) with their labels, and the bank's codes as plain text. */
  bankDetails(): readonly (readonly [string, Part])[] {
    return bankAccountRows(this.rng, this.locale);
  }

  /** An Indian bank branch code: identifies a branch, not a client (plain text). */
  ifsc(): string {
    return `${this.pick(['HDFC', 'ICIC', 'SBIN', 'UTIB', 'KKBK'])}0${this.rng.digits(6)}`;
  }

  /** An Indian PAN of a person (TAX_ID). */
  personalPan(person: Person): Pii {
    return pii('TAX_ID', personalPan(this.rng, person.last));
  }

  /** A person's tax or national number (TAX_ID) with the label the locale prints. */
  personalTaxId(person?: Person): { readonly label: string; readonly value: Pii } {
    return personalTaxId(this.rng, this.locale, person?.last);
  }

  regulator(): string {
    return this.pick(biz.REGULATORS[this.locale]);
  }

  law(): string {
    return this.pick(biz.LAWS[this.locale]);
  }

  standard(): string {
    return this.pick(biz.STANDARDS);
  }

  /**
   * A line item's description. Half are consumer goods in the document's language from Faker's
   * commerce, colour and food data: capitalised words in item tables ("Tabouleh", "kaasschaaf
   * donkergrijs") were the largest source of NAME/COMPANY false positives on real invoices.
   */
  product(): string {
    const f = this.faker;
    const item = this.rng.weighted<() => string>([
      [() => this.pick(biz.PRODUCTS), 5],
      [() => f.commerce.productName(), 2],
      [() => `${f.commerce.product()} ${f.color.human()}${this.pick(biz.ITEM_SIZES)}`, 1],
      [() => f.food.dish(), 1],
      [() => `${f.commerce.productAdjective()} ${f.food.ingredient()}`, 1],
    ])();
    // Shop systems print items capitalised or in title case whatever the language.
    const capitalised = item.charAt(0).toUpperCase() + item.slice(1);
    return this.chance(0.3)
      ? capitalised.replace(
          /(^|\s)(\p{Ll})/gu,
          (_m: string, sp: string, c: string) => sp + c.toUpperCase(),
        )
      : capitalised;
  }

  publicFigure(): string {
    return this.pick(biz.PUBLIC_FIGURES);
  }

  /** A sentence using a name-like word as an ordinary word (a hard negative). */
  nameLikeSentence(): string {
    return biz.nameLikeSentence(this.rng, this.locale);
  }

  /**
   * A phrase in the document's language: English always for en_* locales; for continental ones
   * the local phrase or English (many such documents are issued in English).
   */
  local(
    english: readonly string[],
    translations: Partial<Record<Locale, readonly string[]>>,
  ): string {
    const own = translations[this.locale];
    return this.pick(own && this.chance(0.6) ? own : english);
  }

  /** The separator between a label and its value: real invoices often glue them ("Tel:+33…"). */
  sep(): string {
    return this.rng.weighted([
      [': ', 10],
      [':', 3],
      [' : ', 2],
      ['  ', 1],
      ['\t', 1],
      [' - ', 1],
      ['. ', 1],
    ] as const);
  }

  /** "Tel", "Phone", "Ph.", "Mob." … in the variety documents use. */
  phoneLabel(): string {
    return this.pick([
      'Tel',
      'Tel.',
      'Phone',
      'Ph',
      'Ph.',
      'Mobile',
      'Mob.',
      'Telephone',
      'T',
      'Contact No.',
      'Téléphone',
      'Telefon',
      'Teléfono',
      'Telefoon',
      'Fax',
    ]);
  }

  emailLabel(): string {
    return this.pick(['Email', 'E-mail', 'Mail', 'E', 'e-mail', 'Courriel', 'Correo']);
  }

  webLabel(): string {
    return this.pick(['Web', 'Website', 'W', 'Site', 'Internet', 'Online']);
  }
}
