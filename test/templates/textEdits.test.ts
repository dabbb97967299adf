import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyEdits, type TextEdit } from '../../templates/noise/textEdits.js';
import type { GoldSpan } from '../../templates/core/goldDocument.js';

describe('applyEdits', () => {
  it('moves spans with insertions, deletions and replacements around and inside them', () => {
    const text = 'Call Anna Weber on 0123.';
    const spans: GoldSpan[] = [
      { start: 5, end: 15, type: 'NAME' },
      { start: 19, end: 23, type: 'PHONE' },
    ];
    const edits: TextEdit[] = [
      { start: 0, end: 0, insert: '>> ' }, // before everything
      { start: 9, end: 10, insert: '\n' }, // inside the name: space becomes a line break
      { start: 19, end: 20, insert: 'O' }, // OCR confusion on the phone's first character
      { start: 23, end: 24, insert: '' }, // full stop dropped right after the phone
    ];
    const out = applyEdits(text, spans, edits);
    expect(out.text).toBe('>> Call Anna\nWeber on O123');
    expect(out.spans.map((s) => out.text.slice(s.start, s.end))).toEqual(['Anna\nWeber', 'O123']);
  });

  it('refuses an edit that straddles a span boundary', () => {
    expect(() =>
      applyEdits('ab cd', [{ start: 0, end: 2, type: 'NAME' }], [{ start: 1, end: 3, insert: '' }]),
    ).toThrow(/straddles/);
  });

  it('keeps every span value equal to its edited self for random edits outside and inside spans', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('x', 'yy', '', '\n', 'Z'), { minLength: 30, maxLength: 30 }),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        (inserts, uppercase) => {
          // Three fixed spans over a 30-char text; edits are single-char replacements everywhere.
          const text = 'abcdefghijklmnopqrstuvwxyz0123';
          const spans: GoldSpan[] = [
            { start: 2, end: 6, type: 'NAME' },
            { start: 10, end: 11, type: 'EMAIL' },
            { start: 20, end: 29, type: 'URL' },
          ];
          const edits: TextEdit[] = inserts.map((ins, i) => ({
            start: i,
            end: i + 1,
            insert: uppercase[i] ? (text[i] ?? '').toUpperCase() : ins,
          }));
          const expected = (s: GoldSpan): string =>
            edits
              .filter((e) => e.start >= s.start && e.end <= s.end)
              .map((e) => e.insert)
              .join('');
          const out = applyEdits(text, spans, edits);
          for (const [i, s] of out.spans.entries()) {
            expect(out.text.slice(s.start, s.end)).toBe(expected(spans[i]!));
          }
        },
      ),
    );
  });
});
