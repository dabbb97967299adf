import { describe, expect, it } from 'vitest';
import type { TextFragment } from '../../src/domain/documentText.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { joinPages } from '../../src/extract/joinPages.js';
import { doubtUnreadWords, mostlyUnread, UNREAD_BELOW } from '../../src/merge/unreadWords.js';

// A faxed line as OCR read it: two words read well, then noise read with low confidence.
const text = 'Contact Jane Miller py reap Co Pee om';
function fragments(confidences: readonly number[]): TextFragment[] {
  const out: TextFragment[] = [];
  let i = 0;
  for (const [n, m] of [...text.matchAll(/\S+/g)].entries()) {
    out.push({
      start: m.index,
      end: m.index + m[0].length,
      page: 1,
      box: { x: 10 * i++, y: 0, width: 9, height: 10 },
      ...(confidences[n] === undefined ? {} : { confidence: confidences[n] }),
    });
  }
  return out;
}
const read = fragments([95, 91, 88, 22, 30, 12, 41, 35]);
function span(value: string, source: Span['source'] = 'ner', type: Span['type'] = 'NAME'): Span {
  const start = text.indexOf(value);
  return makeSpan(text, start, start + value.length, type, 0.9, source);
}

describe('doubting model spans over words OCR could not read', () => {
  it('tells mostly unread words from words read well, and says nothing without confidences', () => {
    expect(mostlyUnread(read, text.indexOf('py'), text.indexOf('reap') + 4)).toBe(true);
    expect(mostlyUnread(read, text.indexOf('Jane'), text.indexOf('Miller') + 6)).toBe(false);
    // Half the words unread is enough: "Miller py" is one good and one unread word.
    expect(mostlyUnread(read, text.indexOf('Miller'), text.indexOf('py') + 2)).toBe(true);
    expect(mostlyUnread(fragments([]), 0, text.length)).toBe(false);
    expect(UNREAD_BELOW).toBeGreaterThan(30);
  });

  it('cuts the score of a model span over noise, keeps names read well and every pattern span', () => {
    const noise = span('Co Pee om', 'ner', 'COMPANY');
    const name = span('Jane Miller');
    const pattern = span('py reap', 'pattern', 'PHONE');
    const [a, b, c] = doubtUnreadWords([noise, name, pattern], read);
    expect(a!.score).toBeCloseTo(0.9 * 0.25, 6);
    expect(b).toEqual(name);
    expect(c).toEqual(pattern);
    // A text-layer document has no confidences: nothing changes.
    expect(doubtUnreadWords([noise], fragments([]))).toEqual([noise]);
  });

  it('does not doubt a misreading of a value the document holds where OCR read it well', () => {
    // "Mi1ler pv" is unread noise near "Jane Miller"; "Jane Mi11er" two slips from the value is
    // the same name misread, which the copy's read-back would find readable in the pixels.
    const misreadText = 'Contact Jane Miller py reap Jane Mi11er';
    const frags = [...misreadText.matchAll(/\S+/g)].map((m, n) => ({
      start: m.index,
      end: m.index + m[0].length,
      page: 1,
      box: { x: n * 10, y: 0, width: 9, height: 10 },
      confidence: [95, 93, 91, 20, 25, 30, 22][n] as number,
    }));
    const at = (value: string, from = 0) => misreadText.indexOf(value, from);
    const found = makeSpan(
      misreadText,
      at('Jane Miller'),
      at('Jane Miller') + 11,
      'NAME',
      0.9,
      'ner',
    );
    const misread = makeSpan(
      misreadText,
      at('Jane Mi11er'),
      at('Jane Mi11er') + 11,
      'NAME',
      0.9,
      'ner',
    );
    const noise = makeSpan(misreadText, at('py'), at('reap') + 4, 'NAME', 0.9, 'ner');
    const [, b, c] = doubtUnreadWords([found, misread, noise], frags);
    expect(b!.score).toBe(0.9);
    expect(c!.score).toBeCloseTo(0.225, 6);
  });

  it('keeps the confidences when pages are joined into one document', () => {
    const doc = joinPages('pdf', [
      {
        info: { page: 1, width: 100, height: 100, textSource: 'ocr' },
        text: 'a b',
        warnings: [],
        fragments: [{ start: 0, end: 1, box: { x: 0, y: 0, width: 1, height: 1 }, confidence: 12 }],
      },
      {
        info: { page: 2, width: 100, height: 100, textSource: 'ocr' },
        text: 'c',
        warnings: [],
        fragments: [{ start: 0, end: 1, box: { x: 0, y: 0, width: 1, height: 1 }, confidence: 97 }],
      },
    ]);
    expect(doc.fragments.map((f) => [f.start, f.page, f.confidence])).toEqual([
      [0, 1, 12],
      [5, 2, 97],
    ]);
  });
});
