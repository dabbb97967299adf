/**
 * Which detections are "the same value" for numbered and fake replacements: equal text ignoring
 * case and spacing, within one type; and a person's surname alone ("Mr Murray") is the same
 * person as the one full name ending in it ("Max Murray") once both are found. A surname shared
 * by two full names stays its own value: guessing would merge two people.
 */
import { normaliseValue } from '../domain/userRecognizers.js';
import type { Span } from '../domain/span.js';

export function valueKey(type: string, text: string): string {
  return `${type}\u0000${normaliseValue(text)}`;
}

/** Remembers full names as they are seen, to give a lone surname its person's key. */
export class PersonIndex {
  /** Surname (normalised) → the full names' keys ending in it. */
  private readonly bySurname = new Map<string, Set<string>>();

  /** Learns the full names among `spans` (call before keyOf for a document's spans). */
  learn(spans: readonly Span[]): void {
    for (const s of spans) {
      if (s.type !== 'NAME') continue;
      const words = normaliseValue(s.text).split(' ');
      if (words.length < 2) continue;
      const surname = words.at(-1) ?? '';
      const keys = this.bySurname.get(surname) ?? new Set<string>();
      keys.add(valueKey('NAME', s.text));
      this.bySurname.set(surname, keys);
    }
  }

  keyOf(span: Span): string {
    const own = valueKey(span.type, span.text);
    if (span.type !== 'NAME') return own;
    const normalised = normaliseValue(span.text);
    if (normalised.includes(' ')) return own;
    const full = this.bySurname.get(normalised);
    return full && full.size === 1 ? [...full][0]! : own;
  }
}
