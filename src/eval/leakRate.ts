/**
 * Leak rate (LABELS.md metric 1, the one privacy depends on): the share of gold PII characters
 * still readable after anonymisation. A gold character is hidden when any predicted span covers
 * it, whatever that span's type — the placeholder may be wrong, the value is still gone.
 * Whitespace inside a gold span (the line break of a multi-line address) reveals nothing and is
 * not counted.
 */
import { BUILT_IN_TYPES, type BuiltInEntityType, type EntityType } from '../domain/entityTypes.js';
import type { GoldSpan } from './labelledDocument.js';

export interface LeakCounts {
  goldChars: number;
  leakedChars: number;
}

export function emptyLeakCounts(): Record<BuiltInEntityType, LeakCounts> {
  return Object.fromEntries(
    BUILT_IN_TYPES.map((t) => [t, { goldChars: 0, leakedChars: 0 }]),
  ) as Record<BuiltInEntityType, LeakCounts>;
}

export function countLeaks(
  text: string,
  gold: readonly GoldSpan[],
  predicted: readonly { start: number; end: number }[],
  into: Record<EntityType, LeakCounts>,
): void {
  const hidden = new Uint8Array(text.length);
  for (const p of predicted) hidden.fill(1, Math.max(0, p.start), Math.min(text.length, p.end));
  for (const g of gold) {
    const c = (into[g.type] ??= { goldChars: 0, leakedChars: 0 });
    for (let i = g.start; i < g.end; i++) {
      if (/\s/.test(text[i] ?? ' ')) continue;
      c.goldChars++;
      if (hidden[i] === 0) c.leakedChars++;
    }
  }
}

export function leakRateOf(c: LeakCounts): number {
  return c.goldChars === 0 ? 0 : c.leakedChars / c.goldChars;
}
