import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';

// Text built from the characters our recognizers react to, so matches actually happen.
const PIECES = [
  '+',
  '(',
  ')',
  '-',
  ' ',
  '  ',
  '\t',
  '\n',
  '.',
  ',',
  '@',
  '/',
  'www.',
  '.com',
  'x',
  'VISA',
  'CVC: 123',
  '4111 1111 1111 1111',
  '123-45-6789',
  '020 7946 0958',
  'a@b.co',
  'SSN',
  'Tel',
];
const text = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.stringMatching(/^\d{1,6}$/)), { maxLength: 40 })
  .map((p) => p.join(''));

describe('pattern detector invariants', () => {
  it('returns in-bounds, sorted, non-overlapping spans whose text is the slice', async () => {
    const detector = await createDetector();
    await fc.assert(
      fc.asyncProperty(text, async (t) => {
        const spans = await detector.detect(t);
        let previousEnd = 0;
        for (const s of spans) {
          expect(s.start).toBeGreaterThanOrEqual(previousEnd);
          expect(s.end).toBeGreaterThan(s.start);
          expect(s.end).toBeLessThanOrEqual(t.length);
          expect(s.text).toBe(t.slice(s.start, s.end));
          expect(s.score).toBeGreaterThanOrEqual(0.5);
          expect(s.score).toBeLessThanOrEqual(1);
          previousEnd = s.end;
        }
      }),
      { numRuns: 300 },
    );
  });
});
