import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_TYPES } from '../../src/domain/entityTypes.js';
import { makeSpan } from '../../src/domain/span.js';
import { mergeSpans } from '../../src/merge/mergeSpans.js';

const TEXT =
  'Jane Doe, jane@acme.example, +44 20 7946 0958, 12 Main Street, Springfield IL 62704, Acme Inc.';

const span = fc
  .record({
    a: fc.nat(TEXT.length),
    b: fc.nat(TEXT.length),
    type: fc.constantFrom(...BUILT_IN_TYPES),
    score: fc.double({ min: 0, max: 1, noNaN: true }),
    source: fc.constantFrom('pattern' as const, 'ner' as const, 'manual' as const),
  })
  .map(({ a, b, type, score, source }) =>
    makeSpan(TEXT, Math.min(a, b), Math.max(a, b), type, score, source),
  );

describe('mergeSpans properties', () => {
  it('always returns sorted, non-overlapping spans whose text is the slice', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 25 }), (spans) => {
        const merged = mergeSpans(spans, TEXT);
        for (let i = 0; i < merged.length; i++) {
          const s = merged[i]!;
          expect(s.text).toBe(TEXT.slice(s.start, s.end));
          if (i > 0) expect(s.start).toBeGreaterThanOrEqual(merged[i - 1]!.end);
        }
      }),
    );
  });

  it('keeps every manual span that overlaps no other manual span', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 25 }), (spans) => {
        const merged = mergeSpans(spans, TEXT);
        const manual = spans.filter((s) => s.source === 'manual' && s.start < s.end);
        for (const m of manual) {
          const alone = manual.every((o) => o === m || o.end <= m.start || o.start >= m.end);
          if (alone) expect(merged).toContainEqual(m);
        }
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 25 }), (spans) => {
        const once = mergeSpans(spans, TEXT);
        expect(mergeSpans(once, TEXT)).toEqual(once);
      }),
    );
  });
});
