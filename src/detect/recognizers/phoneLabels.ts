/**
 * The words that decide what a number on a line is: the context that makes a phone likelier,
 * and the labels of every kind of value (the vocabulary's `LABEL_WORDS`).
 */
import { labelVocabulary } from '../nearestLabel.js';

const words = (list: string): string[] => list.split(/\s+/).filter((w) => w.length > 0);

/** Context that raises a phone match's score (see context.ts for how words are matched). */
export const PHONE_CONTEXT: readonly string[] = [
  ...words(`phone telephone tel ph mob mobile cell fax call contact desk office direct whatsapp
    helpline hotline landline dial sms téléphone telefon telefoon portable`),
  'tel no',
];

/** Phone labels, and the other kinds' labels that say a number is not a phone: the vocabulary's. */
export const PHONE_LABEL_VOCABULARY = labelVocabulary('phone');
