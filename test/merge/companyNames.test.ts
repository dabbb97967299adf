/**
 * A company name cut in two by the model is one span; a short name defined in parentheses is a
 * value of the company, found wherever it occurs.
 */
import { describe, expect, it } from 'vitest';
import type { DetectionPolicy } from '../../src/domain/detectionPolicy.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { resolveDetections } from '../../src/merge/resolveDetections.js';

const POLICY: DetectionPolicy = { types: ['COMPANY', 'NAME'], modelThreshold: 0.5 };

function spans(text: string, values: string[], source: Span['source'] = 'ner'): Span[] {
  return values.map((v) => {
    const start = text.indexOf(v);
    return makeSpan(text, start, start + v.length, 'COMPANY', 0.9, source);
  });
}

function redacted(text: string, values: string[], source: Span['source'] = 'ner'): string[] {
  return resolveDetections(text, spans(text, values, source), POLICY).map((s) => s.text);
}

describe('a company name the model cut in two', () => {
  it('is one span over the connecting word', () => {
    expect(redacted('Paid to BANK OF AMERICA today', ['BANK', 'AMERICA'])).toEqual([
      'BANK OF AMERICA',
    ]);
    expect(redacted('Banco de Chile pays', ['Banco', 'Chile'])).toEqual(['Banco de Chile']);
  });

  it('stays two companies across "and" (a list of two), a column gap or a line break', () => {
    expect(redacted('Acme Ltd and Beta plc signed', ['Acme Ltd', 'Beta plc'])).toEqual([
      'Acme Ltd',
      'Beta plc',
    ]);
    expect(
      redacted('Zenith Software and QuickCompany LLP', ['Zenith Software', 'QuickCompany LLP']),
    ).toEqual(['Zenith Software', 'QuickCompany LLP']);
    expect(
      redacted('Zonnepaneel and Atlas Hospitality', ['Zonnepaneel and', 'Atlas Hospitality']),
    ).toEqual(['Zonnepaneel and', 'Atlas Hospitality']);
    expect(redacted('ACME LTD   BETA PLC', ['ACME LTD', 'BETA PLC'])).toEqual([
      'ACME LTD',
      'BETA PLC',
    ]);
    expect(redacted('ACME\nOF BETA', ['ACME', 'BETA'])).toEqual(['ACME', 'BETA']);
  });

  it("leaves a reviewer's additions as the reviewer made them", () => {
    expect(redacted('Paid to BANK OF AMERICA today', ['BANK', 'AMERICA'], 'manual')).toEqual([
      'BANK',
      'AMERICA',
    ]);
  });
});

describe('a company name whose start the model cut', () => {
  it('takes in the capitalised words right before a name that ends in its legal form', () => {
    // As an invoice prints its seller (issue 41: the start of the name was left in clear).
    const text = 'Sold By : KTSPL-Kestrel Trade Services Pvt. Ltd.\nShip From: Bangalore';
    expect(redacted(text, ['Services Pvt. Ltd.'])).toEqual([
      'KTSPL-Kestrel Trade Services Pvt. Ltd.',
    ]);
  });

  it('stops at words printed before names, at a colon and at three words', () => {
    expect(redacted('Invoice to Acme Widgets Ltd', ['Widgets Ltd'])).toEqual(['Acme Widgets Ltd']);
    expect(redacted('Messrs Kapoor Traders Pvt. Ltd.', ['Traders Pvt. Ltd.'])).toEqual([
      'Kapoor Traders Pvt. Ltd.',
    ]);
    expect(redacted('Bill To: Alpha Beta Gamma Delta Epsilon Ltd', ['Epsilon Ltd'])).toEqual([
      'Beta Gamma Delta Epsilon Ltd',
    ]);
    // Without a legal form the model's start stands.
    expect(redacted('Paid Acme Widgets today', ['Widgets'])).toEqual(['Widgets']);
  });
  it('takes in a bracketed word, and drops a legal form that takes in none', () => {
    // A till receipt's head (values made up): the model tagged the legal form alone.
    expect(redacted('MR. TOYWORLD (M) SDN BHD\n(CO.REG :123456-X)', ['SDN BHD'])).toEqual([
      'TOYWORLD (M) SDN BHD',
    ]);
    expect(redacted('Rechtsform: GmbH', ['GmbH'])).toEqual([]);
    expect(redacted('Dear Mr. Ltd', ['Ltd'])).toEqual([]);
  });

  it("takes in the words before a trade's word the model tagged alone, which stays if none", () => {
    // An e-mail signature (values made up): the model tagged the company's last word.
    const signature = 'Regards,\nQuill Harrow, Data Scientist at Harlow Technologies';
    expect(redacted(signature, ['Technologies'])).toEqual(['Harlow Technologies']);
    expect(redacted('Thanks to Brindle Seafood Restaurant', ['Seafood Restaurant'])).toEqual([
      'Brindle Seafood Restaurant',
    ]);
    // A line's first word is a heading's as often ("About"), and is not taken; on a line of its
    // own, or after a word printed before names, the trade's word stays as tagged.
    expect(redacted('Profile\nAbout Harlow Technologies', ['Technologies'])).toEqual([
      'Harlow Technologies',
    ]);
    expect(redacted('Kedai Sentosa\nbakery\n12, Jalan Melur 4', ['bakery'])).toEqual(['bakery']);
    expect(redacted('Invoice to Logistics', ['Logistics'])).toEqual(['Logistics']);
  });
});

describe('a short name defined after a company', () => {
  it('is redacted wherever it occurs: an acronym of the name, or a quoted name', () => {
    const text = 'Kaveri Industries Limited (KIL) is listed. KIL grew.';
    expect(redacted(text, ['Kaveri Industries Limited'])).toEqual([
      'Kaveri Industries Limited',
      'KIL',
      'KIL',
    ]);
    const quoted = 'We engaged Hollins Marwick & Co LLP (“Hollins”) as auditors. Hollins reported.';
    expect(redacted(quoted, ['Hollins Marwick & Co LLP'])).toEqual([
      'Hollins Marwick & Co LLP',
      'Hollins',
      'Hollins',
    ]);
  });

  it('is not taken from a role, or from an unquoted word that is no acronym of the name', () => {
    const role = 'Acme Widgets GmbH (the "Company") agrees. The Company pays.';
    expect(redacted(role, ['Acme Widgets GmbH'])).toEqual(['Acme Widgets GmbH']);
    const place = 'Bank of America, N.A. (India) pays. India grew.';
    expect(redacted(place, ['Bank of America, N.A.'])).toEqual(['Bank of America, N.A.']);
  });
});

describe("a company's own word, used alone", () => {
  it('is redacted wherever it stands capitalised, when the rest of the name is trades and form', () => {
    const text =
      'Kaveri Industries Limited is listed. The story of Kaveri goes on.\nKAVERI AT A GLANCE\n' +
      'Zentrix Inc. sells; Zentrix grew.';
    expect(redacted(text, ['Kaveri Industries Limited', 'Zentrix Inc.'])).toEqual([
      'Kaveri Industries Limited',
      'Kaveri',
      'KAVERI',
      'Zentrix Inc.',
      'Zentrix',
    ]);
  });

  it('is left where the name has a second word of its own, opens with a generic word, or is an ordinary word here', () => {
    const surname = 'Grant Thornton LLP audited it. Grant income rose.';
    expect(redacted(surname, ['Grant Thornton LLP'])).toEqual(['Grant Thornton LLP']);
    const generic = 'General Motors Company reported at the Annual General Meeting.';
    expect(redacted(generic, ['General Motors Company'])).toEqual(['General Motors Company']);
    const ordinary = 'Prudence Holdings Ltd reported. Prudence is due; prudence pays.';
    expect(redacted(ordinary, ['Prudence Holdings Ltd'])).toEqual(['Prudence Holdings Ltd']);
    const short = 'Kub LLC sells. Kub grew.';
    expect(redacted(short, ['Kub LLC'])).toEqual(['Kub LLC']);
  });
});
