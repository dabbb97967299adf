/**
 * The generator prints titles, particles and street types in their printed variants ("Mr.",
 * "St.", "JLN"), but every word of them is the vocabulary's: what the generator teaches the model
 * is what the detectors and the training code's decoder know (src/domain/vocabulary).
 */
import { describe, expect, it } from 'vitest';
import {
  NAME_PARTICLES,
  STREET_TYPES_AFTER,
  STREET_TYPES_BEFORE,
  TITLE_WORDS,
} from '../../src/domain/vocabulary.js';
import { US_SUFFIXES } from '../../templates/values/addresses.js';
import { LOCAL_TITLES, PARTICLES } from '../../templates/values/people.js';
import { MY_STREET } from '../../templates/values/shopTerms.js';

const wordsOf = (printed: string): string[] =>
  printed
    .toLowerCase()
    .replaceAll('.', '')
    .split(/\s+/u)
    .filter((w) => w !== '');
const lower = (list: readonly string[]) => new Set(list.map((w) => w.toLowerCase()));

describe("the generator's words are the vocabulary's", () => {
  it('titles', () => {
    // One letter or an English word as a title ("M. Dupont", "D. García", "Me Durand") would
    // make every "M" and every "me" a title to the detectors: the generator prints them, the
    // vocabulary leaves them out. "De heer": "de" is a particle.
    const printedOnly = new Set(['m', 'd', 'me', 'de']);
    const printed = Object.values(LOCAL_TITLES).flatMap(({ male, female }) => [...male, ...female]);
    const unknown = printed
      .flatMap(wordsOf)
      .filter((w) => !TITLE_WORDS.has(w) && !printedOnly.has(w));
    expect(unknown).toEqual([]);
  });

  it('name particles', () => {
    const known = new Set(NAME_PARTICLES);
    expect(PARTICLES.flatMap(wordsOf).filter((w) => !known.has(w))).toEqual([]);
  });

  it('street types', () => {
    const after = lower(STREET_TYPES_AFTER);
    expect(US_SUFFIXES.flatMap(wordsOf).filter((w) => !after.has(w))).toEqual([]);
    // "Jalan Besar" is a street's name ("Main Road"), not a type.
    const before = lower(STREET_TYPES_BEFORE);
    const malay = MY_STREET.flatMap(wordsOf).filter((w) => w !== 'besar');
    expect(malay.filter((w) => !before.has(w))).toEqual([]);
  });
});
