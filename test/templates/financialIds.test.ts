/**
 * The generator's BANK_ACCOUNT and TAX_ID values (LABELS.md's two rows for financial
 * identifiers): emitted in the families where they belong, and valid under their own check rules
 * as the reference libraries judge them (not FinRedact's recognizers, which they are meant to test).
 */
import { isValidIBAN } from 'ibantools';
import stdnumPackage from 'stdnum';
import { describe, expect, it } from 'vitest';
import { ALL_TEMPLATES, NO_NOISE, renderDocument } from '../../templates/index.js';
import { LOCALES } from '../../templates/index.js';

const { stdnum } = stdnumPackage;

function documents() {
  const docs = [];
  for (const template of ALL_TEMPLATES) {
    for (const locale of LOCALES) {
      if (template.locales && !template.locales.includes(locale)) continue;
      for (let seed = 1; seed <= 3; seed++) {
        docs.push({ ...renderDocument(template, locale, seed, 'fin-ids', NO_NOISE).doc, locale });
      }
    }
  }
  return docs;
}

const DOCS = documents();

function valuesOf(type: string) {
  return DOCS.flatMap((d) =>
    d.spans
      .filter((s) => s.type === type)
      .map((s) => ({ locale: d.locale, family: d.family, value: d.text.slice(s.start, s.end) })),
  );
}

describe('financial identifiers in generated documents', () => {
  it('appear in bank statements, wires, payroll, tax returns, KYC forms and loan applications', () => {
    const families = (type: string) => new Set(valuesOf(type).map((v) => v.family));
    for (const f of ['bank_statement', 'wire_transfer', 'payroll_record', 'loan_application']) {
      expect(families('BANK_ACCOUNT'), f).toContain(f);
    }
    for (const f of ['payroll_record', 'tax_return', 'kyc_form', 'loan_application']) {
      expect(families('TAX_ID'), f).toContain(f);
    }
  });

  it('prints only checksum-valid IBANs', () => {
    const ibans = valuesOf('BANK_ACCOUNT').filter((v) => /^[A-Z]{2}\d{2}/.test(v.value));
    expect(ibans.length).toBeGreaterThan(20);
    for (const { value } of ibans) expect(isValidIBAN(value.replace(/\s/g, '')), value).toBe(true);
  });

  it('prints only tax numbers whose check rules hold', () => {
    const check: Record<string, (v: string) => boolean> = {
      de: (v) => stdnum.DE!.idnr!.validate(v).isValid,
      fr: (v) => stdnum.FR!.nir!.validate(v).isValid,
      nl: (v) => stdnum.NL!.bsn!.validate(v).isValid,
      es: (v) => (/^[XYZ]/.test(v) ? stdnum.ES!.nie! : stdnum.ES!.dni!).validate(v).isValid,
      en_GB: (v) => stdnum.GB!.nino!.validate(v).isValid,
      en_IN: (v) =>
        /^[A-Z]/.test(v)
          ? v[3] === 'P' && stdnum.IN!.pan!.validate(v).isValid
          : stdnum.IN!.aadhaar!.validate(v).isValid,
      // ITIN: 9XX-XX-XXXX with the IRS's middle groups.
      en_US: (v) => /^9\d{2}-(5\d|6[0-5]|7\d|8[0-8]|9[0-2]|9[4-9])-\d{4}$/.test(v),
    };
    const ids = valuesOf('TAX_ID');
    expect(new Set(ids.map((v) => v.locale)).size).toBe(7);
    for (const { locale, value } of ids) {
      const compact = locale === 'en_US' ? value : value.replace(/[\s-]/g, '');
      expect(check[locale]!(compact), `${locale} ${value}`).toBe(true);
    }
  });
});
