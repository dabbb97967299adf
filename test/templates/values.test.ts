import { describe, expect, it } from 'vitest';
import { Rng } from '../../templates/core/rng.js';
import { DocBuilder } from '../../templates/core/docBuilder.js';
import { pii } from '../../templates/core/goldDocument.js';
import { makeCard, formatCardNumber } from '../../templates/values/cards.js';
import { makeSsn, makePhone } from '../../templates/values/contacts.js';
import { LOCALES } from '../../templates/values/locales.js';
import { GenContext } from '../../templates/core/genContext.js';
import { PRODUCTS } from '../../templates/values/businessData.js';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

describe('value generators', () => {
  const rng = new Rng(99);

  it('makes Luhn-valid card numbers and prints them in several groupings', () => {
    const shapes = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const card = makeCard(rng);
      expect(luhnValid(card.digits)).toBe(true);
      const printed = formatCardNumber(rng, card);
      expect(printed.replace(/\D/g, '')).toBe(card.digits);
      shapes.add(printed.replace(/\d/g, '9'));
    }
    expect(shapes.size).toBeGreaterThanOrEqual(5);
  });

  it('makes SSNs with and without separators, never in unissued areas', () => {
    const shapes = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const ssn = makeSsn(rng).value;
      const digits = ssn.replace(/\D/g, '');
      expect(digits).toHaveLength(9);
      const area = Number(digits.slice(0, 3));
      expect(area === 0 || area === 666 || area >= 900).toBe(false);
      shapes.add(ssn.replace(/\d/g, '9'));
    }
    expect(shapes).toEqual(new Set(['999-99-9999', '999 99 9999', '999999999']));
  });

  it('makes phone numbers in national and international form for every locale', () => {
    for (const locale of LOCALES) {
      const values = Array.from({ length: 200 }, () => makePhone(rng, locale).value);
      expect(values.some((v) => v.startsWith('+'))).toBe(true);
      expect(values.some((v) => !v.startsWith('+'))).toBe(true);
      for (const v of values) expect(v).toMatch(/^[+(\d][\d ()+./-]*\d( ext\. \d+)?$/);
    }
  });
});

describe('DocBuilder', () => {
  it('records spans at the right offsets and picks {a|b} alternatives', () => {
    const d = new DocBuilder(new Rng(1));
    d.add`Payment {processed|handled} by ${pii('COMPANY', 'Acme Ltd')} for ${pii('NAME', 'Jo Bloggs')}.`;
    const built = d.build('test');
    expect(built.text).toMatch(/^Payment (processed|handled) by Acme Ltd for Jo Bloggs\.$/);
    expect(built.spans.map((s) => built.text.slice(s.start, s.end))).toEqual([
      'Acme Ltd',
      'Jo Bloggs',
    ]);
  });

  it('fails loudly on an untrimmed value', () => {
    const d = new DocBuilder(new Rng(1));
    d.add`Name: ${pii('NAME', 'Jo Bloggs ')}`;
    expect(() => d.build('in a test template')).toThrow(/ends with/);
  });

  it('fails loudly on a value ending in a comma', () => {
    const d = new DocBuilder(new Rng(1));
    d.add`At ${pii('ADDRESS', '1 High St,')} London`;
    expect(() => d.build('in a test template')).toThrow(/ends with/);
  });

  it('fails loudly when an interpolation splits an alternative', () => {
    const d = new DocBuilder(new Rng(1));
    expect(() => d.add`{paid on ${'Monday'}|unpaid}`).toThrow(/unbalanced/);
  });

  it("mixes consumer goods in the locale's language into line items, all capitalised", () => {
    for (const locale of ['en_US', 'nl', 'fr'] as const) {
      const ctx = new GenContext(locale, 4);
      const items = Array.from({ length: 300 }, () => ctx.product());
      const outsideList = items.filter((p) => !PRODUCTS.includes(p));
      expect(outsideList.length).toBeGreaterThan(90);
      expect(outsideList.length).toBeLessThan(210);
      expect(items.every((p) => /^\P{Ll}/u.test(p))).toBe(true);
      expect(new Set(outsideList).size).toBeGreaterThan(outsideList.length * 0.8);
    }
  });
});
