/**
 * The real sets split by document into a tuning half and a blind half (issue 52). Rules,
 * thresholds and training data are chosen on the tuning half only; the blind half is reported
 * beside it and never looked at document by document.
 *
 * The split was drawn, not chosen: a document is blind when the lowest bit of the first byte of
 * sha256("<set>/<file>") is 1. It is committed as each document's id — the first 12 hex digits
 * of that hash — so no dev document's name (which often names its company) is written here; a
 * test checks the lists against the sets and the rule. Drawn on 2026-11-27, after earlier work
 * had already tuned on both sets: the blind half is blind from that day on.
 */
import { createHash } from 'node:crypto';

export type RealDevHalf = 'tuning' | 'blind';
export const REAL_DEV_HALVES: readonly RealDevHalf[] = ['tuning', 'blind'];

export const REAL_DEV_SPLIT: Readonly<
  Record<string, Readonly<Record<RealDevHalf, readonly string[]>>>
> = {
  'real-dev': {
    tuning: ['3017022e65b3', '527cec7c697d', '68a6b73377d7', '9eeb8af1a267', 'd2fdc0970194'],
    blind: ['87b834b059ec', 'b335c02ae8f1'],
  },
  'real-dev2': {
    tuning: ['36675e43bd60', '4c751dcbdb3d', '7233abf5dd0a', '8ad033f24dcd', '9c7ef45fbb58'],
    blind: [
      '05f17c769001',
      '0781c13eb18d',
      '157a00a5d5b9',
      '157b536aa7ff',
      '3383648a5ce3',
      'cb0a8c5c46b1',
      'f38d44a09194',
      'f5d3cad8a467',
    ],
  },
};

/** A document's id in the split: the first 12 hex digits of sha256("<set>/<file>"). */
export function documentId(set: string, file: string): string {
  return createHash('sha256').update(`${set}/${file}`).digest('hex').slice(0, 12);
}

/** The half the drawing rule puts a document of `set` in. */
export function halfOf(set: string, file: string): RealDevHalf {
  return (parseInt(documentId(set, file).slice(0, 2), 16) & 1) === 1 ? 'blind' : 'tuning';
}

/**
 * Whether `file` of the set in folder `setName` belongs to `half`. A set the split does not know
 * (another folder of real documents) has no halves: asking for one is an error.
 */
export function inHalf(setName: string, file: string, half: RealDevHalf): boolean {
  const split = REAL_DEV_SPLIT[setName];
  if (!split)
    throw new Error(
      `--half splits only ${Object.keys(REAL_DEV_SPLIT).join(' and ')}; ${setName} has no halves`,
    );
  return split[half].includes(documentId(setName, file));
}
