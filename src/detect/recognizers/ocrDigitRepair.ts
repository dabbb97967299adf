/**
 * OCR misreads digits as look-alike letters ("4111 1111 111l 1111", "DE89 37O4 …", "S55-…").
 * Where a word is mostly digits, its look-alikes are read as the digits they resemble, in a copy
 * of the text of the same length; the card, IBAN, SSN and phone recognizers run on that copy, and
 * a value they find there counts only if it holds a repaired character and still passes the
 * recognizer's own checks (Luhn, mod-97, the SSN and phone rules). Offsets are the original's, so
 * the span covers the misread text as printed.
 */
import type { EntityType } from '../../domain/entityTypes.js';
import type { Span } from '../../domain/span.js';
import type { Recognizer } from '../recognizer.js';

const LOOK_ALIKES: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  I: '1',
  l: '1',
  '|': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
};

/**
 * A run of groups (one separator between them, as numbers are printed), each holding a digit:
 * "123-4S-6789", "2O 7946"; "ISO 9001" is not one ("ISO" holds no digit).
 */
const GROUP = '[0-9OoIl|SsBZz]*[0-9][0-9OoIl|SsBZz]*';
const WORD = new RegExp(`${GROUP}(?:[ .\\-/]${GROUP})*`, 'g');

/**
 * The text with look-alikes read as digits inside runs that are mostly digits (at least two
 * digits, more digits than look-alikes, no letter glued on), and the positions changed.
 */
export function repairDigits(text: string): { text: string; changed: readonly number[] } {
  let out = '';
  let last = 0;
  const changed: number[] = [];
  for (const m of text.matchAll(WORD)) {
    let word = m[0];
    let start = m.index;
    // A group glued to a letter is part of a word ("DE89" of an IBAN, "ISO9001"): left as it is,
    // and the rest of the run still counts.
    if (/\p{L}/u.test(text[start - 1] ?? '')) {
      const cut = word.search(/[ .\-/]/);
      if (cut === -1) continue;
      start += cut + 1;
      word = word.slice(cut + 1);
    }
    if (/\p{L}/u.test(text[start + word.length] ?? '')) {
      const cut = word.search(/[ .\-/][^ .\-/]*$/);
      if (cut <= 0) continue;
      word = word.slice(0, cut);
    }
    const digits = word.replace(/[^0-9]/g, '').length;
    const alikes = word.length - digits;
    if (alikes === 0 || digits < 2 || digits <= alikes) continue;
    out += text.slice(last, start);
    for (let i = 0; i < word.length; i++) {
      const ch = word[i]!;
      const digit = LOOK_ALIKES[ch];
      if (digit !== undefined && !/[0-9]/.test(ch)) {
        out += digit;
        changed.push(start + i);
      } else {
        out += ch;
      }
    }
    last = start + word.length;
  }
  return { text: out + text.slice(last), changed };
}

/**
 * The card, IBAN, SSN and phone wrappers all see the same text in one detection (the detector
 * runs its recognizers together on it): the repair is made once and shared.
 */
let lastRepair:
  { readonly text: string; readonly result: ReturnType<typeof repairDigits> } | undefined;

function repairedOnce(text: string): ReturnType<typeof repairDigits> {
  if (lastRepair?.text !== text) lastRepair = { text, result: repairDigits(text) };
  return lastRepair.result;
}

/**
 * `inner` run on the repaired text: only its finds that hold a repaired character, with the
 * original text, slightly less sure than a clean read.
 */
export function ocrTolerant(
  inner: Recognizer,
  types: readonly EntityType[] = inner.types,
): Recognizer {
  return {
    name: `${inner.name} (OCR look-alikes)`,
    types,
    async analyze(text: string): Promise<Span[]> {
      const repaired = repairedOnce(text);
      if (repaired.changed.length === 0) return [];
      const spans = await inner.analyze(repaired.text);
      return spans
        .filter((s) => repaired.changed.some((i) => i >= s.start && i < s.end))
        .map((s) => ({
          ...s,
          text: text.slice(s.start, s.end),
          score: Math.round(s.score * 900) / 1000,
        }));
    },
  };
}
