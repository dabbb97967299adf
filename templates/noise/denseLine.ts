/**
 * A dense dump on one line: e-mail addresses and phone numbers among filler words, the shape of
 * an exported mailbox or CRM column pasted without line breaks. Detection must stay linear in
 * line length on it (bench:detect, test/detect/longLines). Values are synthetic: reserved domain
 * (example.org) and the 555-01xx fictional range.
 */
import { Rng } from '../core/rng.js';

export interface DenseLine {
  readonly text: string;
  readonly emails: readonly string[];
  readonly phones: readonly string[];
}

const FILLER = ['call', 'mail', 'or', 'and', 're:', 'cc', 'ref', 'thanks'];

/** About `chars` characters on one line (`separator` between words; '\n' gives short lines). */
export function denseLine(chars: number, seed = 7, separator = ' '): DenseLine {
  const rng = new Rng(seed);
  const words: string[] = [];
  const emails: string[] = [];
  const phones: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const roll = rng.next();
    let word: string;
    if (roll < 0.25) {
      word = `client${i}@example.org`;
      emails.push(word);
    } else if (roll < 0.5) {
      word = `(212) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
      phones.push(word);
    } else word = FILLER[rng.int(0, FILLER.length - 1)]!;
    words.push(word);
    length += word.length + separator.length;
  }
  return { text: words.join(separator), emails, phones };
}
