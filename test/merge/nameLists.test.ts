/**
 * The people of a list where the detection found most of them are all names: minutes' attendees,
 * a copy list, a family. A list of one person written surname first, of places, or with an
 * organisation, a title or a sentence's end among its items keeps those items as they are.
 */
import { describe, expect, it } from 'vitest';
import type { DetectionPolicy } from '../../src/domain/detectionPolicy.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { resolveDetections } from '../../src/merge/resolveDetections.js';

const POLICY: DetectionPolicy = { types: ['COMPANY', 'NAME', 'ADDRESS'], modelThreshold: 0.5 };

function found(text: string, values: [string, string][]): Span[] {
  return values.map(([type, v]) => {
    const start = text.indexOf(v);
    return makeSpan(text, start, start + v.length, type, 0.9, 'ner');
  });
}

function names(text: string, values: [string, string][]): string[] {
  return resolveDetections(text, found(text, values), POLICY)
    .filter((s) => s.type === 'NAME')
    .map((s) => s.text);
}

describe('a list of people', () => {
  it('has every item a name where the detection found most of them', () => {
    const text = 'They had 6: Matheus, Janet, Nicholas, Kevin, Brittany and Terri.';
    expect(
      names(text, [
        ['NAME', 'Matheus'],
        ['NAME', 'Janet'],
        ['COMPANY', 'Terri'],
      ]),
    ).toEqual(['Matheus', 'Janet', 'Nicholas', 'Kevin', 'Brittany']);
  });

  it('finds an attendee the model left, and finds them again where the minutes name them', () => {
    const text =
      'Present: Anna Berg, Tom Hale, Priya Nair and Ole Lund\n\nPriya Nair presented the plan.';
    expect(
      names(text, [
        ['NAME', 'Anna Berg'],
        ['NAME', 'Tom Hale'],
        ['NAME', 'Ole Lund'],
      ]),
    ).toEqual(['Anna Berg', 'Tom Hale', 'Priya Nair', 'Ole Lund', 'Priya Nair']);
  });

  it('with one person found, takes an item the document names whole elsewhere', () => {
    const text =
      'Thanks go to Adele, Toralf and Fedor in the team.\n\nTeam: Adele Trupp, Fedor Löchel';
    expect(
      names(text, [
        ['NAME', 'Adele'],
        ['COMPANY', 'Toralf'],
        ['NAME', 'Adele Trupp'],
        ['NAME', 'Fedor Löchel'],
      ]),
    ).toEqual(['Adele', 'Fedor', 'Adele Trupp', 'Fedor Löchel']);
  });

  it('needs two people found, and half of the list', () => {
    const text = 'Copies to Anna Berg, Tom Hale, Priya Nair, Ole Lund and Eva Holm.';
    expect(names(text, [['NAME', 'Anna Berg']])).toEqual(['Anna Berg']);
    expect(
      names(text, [
        ['NAME', 'Anna Berg'],
        ['NAME', 'Tom Hale'],
      ]),
    ).toEqual(['Anna Berg', 'Tom Hale']);
  });

  it('leaves a person written surname first, an organisation, a title and a sentence’s end', () => {
    // One person, surname first, and their role: one span, so no list of people.
    const role = 'said Lubowitz, Treva, Chief Executive Officer. Customers may call.';
    expect(names(role, [['NAME', 'Lubowitz, Treva']])).toEqual(['Lubowitz, Treva']);
    const mixed = 'Anna Berg, Tom Hale, Acme Ltd and President. Customers';
    expect(
      names(mixed, [
        ['NAME', 'Anna Berg'],
        ['NAME', 'Tom Hale'],
      ]),
    ).toEqual(['Anna Berg', 'Tom Hale']);
    // A list with an address among its items is not one of people.
    const places = 'Anna Berg, Tom Hale, Paris and Berlin Street 4';
    expect(
      names(places, [
        ['NAME', 'Anna Berg'],
        ['NAME', 'Tom Hale'],
        ['ADDRESS', 'Berlin Street 4'],
      ]),
    ).toEqual(['Anna Berg', 'Tom Hale']);
  });
});
