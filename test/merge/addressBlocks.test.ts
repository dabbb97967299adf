/**
 * The organisation in a person's address block, on the line between the person the detection
 * found and the address it found, is a company of the document, found there and wherever else it
 * is written; a job title, a building, a department, a freelancer's trade or a word the document
 * writes in lower case is not.
 */
import { describe, expect, it } from 'vitest';
import type { DetectionPolicy } from '../../src/domain/detectionPolicy.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { resolveDetections } from '../../src/merge/resolveDetections.js';

const POLICY: DetectionPolicy = { types: ['COMPANY', 'NAME', 'ADDRESS'], modelThreshold: 0.5 };

/** The model's spans: `[type, value]` at the value's first occurrence. */
function found(text: string, values: [string, string][]): Span[] {
  return values.map(([type, v]) => {
    const start = text.indexOf(v);
    return makeSpan(text, start, start + v.length, type, 0.9, 'ner');
  });
}

function companies(text: string, values: [string, string][]): string[] {
  return resolveDetections(text, found(text, values), POLICY)
    .filter((s) => s.type === 'COMPANY')
    .map((s) => s.text);
}

const PERSON: [string, string] = ['NAME', 'Liisa Lepistö'];
const STREET: [string, string] = ['ADDRESS', '25 Dili Gianni Street, Tampere'];

describe('a line between a person and their address', () => {
  it('is their organisation, found again where the document names it', () => {
    const text =
      'Liisa Lepistö\nInnography\n25 Dili Gianni Street, Tampere\n\nInnography will pay.';
    expect(companies(text, [PERSON, STREET])).toEqual(['Innography', 'Innography']);
  });

  it('is found under a line of the person’s title too', () => {
    const text =
      'Liisa Lepistö\nHead of Finance\nNorthwind Traders\n25 Dili Gianni Street, Tampere';
    expect(companies(text, [PERSON, STREET])).toEqual(['Northwind Traders']);
  });

  it('is none when it is a title, a building, a department or a trade', () => {
    for (const line of [
      'Finance Director',
      'Riverside House',
      'Accounts Payable',
      'Graphic Design',
      'Attn Accounts',
    ]) {
      const text = `Liisa Lepistö\n${line}\n25 Dili Gianni Street, Tampere`;
      expect(companies(text, [PERSON, STREET]), line).toEqual([]);
    }
  });

  it('is none without the person found above or the address found below it', () => {
    const text = 'Liisa Lepistö\nInnography\n25 Dili Gianni Street, Tampere';
    expect(companies(text, [STREET])).toEqual([]);
    expect(companies(text, [PERSON])).toEqual([]);
  });

  it('is none for one word the document writes in lower case, or a sentence’s word', () => {
    const lower = 'Liisa Lepistö\nMercury\n25 Dili Gianni Street, Tampere\n\nThe mercury fell.';
    expect(companies(lower, [PERSON, STREET])).toEqual([]);
    const here = 'Liisa Lepistö\nHere\n25 Dili Gianni Street, Tampere\n\nHere it is.';
    expect(companies(here, [PERSON, STREET])).toEqual([]);
  });
});
