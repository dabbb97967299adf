/**
 * Invisible and look-alike characters inside a value must not hide it: zero-width spaces and
 * joiners, soft hyphens, non-breaking spaces and hyphens, full-width digits. Detection reads a
 * normalised view and maps each span back, so the whole original value — hidden characters
 * included — is what gets replaced.
 */
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import { normalisedView, originalRange } from '../../src/detect/normalisedView.js';
import { anonymise } from '../../src/anonymise/anonymise.js';
import { entityTypes } from '../../src/domain/entityTypes.js';

const ZWSP = '\u200b';
const ZWJ = '\u200d';
const SHY = '\u00ad';
const NBSP = '\u00a0';
const NBHY = '\u2011';

const CASES = [
  ['EMAIL', `jo${ZWSP}.blo${SHY}ggs@exam${ZWJ}ple.org`],
  ['BANK_ACCOUNT', `GB29${NBSP}NWBK${NBHY}6016${NBSP}1331${NBSP}9268${NBSP}19`],
  ['SSN', `078${NBHY}05${NBHY}1120`],
  ['PHONE', '４１５-５５５-０１３４'],
  ['CREDIT_CARD', `4111${ZWSP}1111${ZWSP}1111${ZWSP}1111`],
] as const;

describe('values with invisible or look-alike characters', () => {
  it.each(CASES)('%s is found whole, hidden characters included', async (type, value) => {
    const detector = await createDetector({ ner: false });
    const text = `Our records: ${value} (keep on file).`;
    const spans = await detector.detect(text);
    const span = spans.find((s) => s.type === type);
    expect(span, JSON.stringify(spans)).toBeDefined();
    expect(span!.text).toBe(value);
    expect(text.slice(span!.start, span!.end)).toBe(value);
    expect(anonymise(text, spans)).toBe(
      `Our records: ${entityTypes.info(type).placeholder} (keep on file).`,
    );
  });

  it('leaves a text without such characters as it is, and maps ranges back exactly', () => {
    expect(normalisedView('Plain text, Zoë Müller, 1,200.00 €')).toBeUndefined();
    const text = `a${ZWSP}b${NBSP}c\ufb01d`;
    const view = normalisedView(text)!;
    expect(view.text).toBe('ab cfid');
    // "fi" comes from one ligature: a span ending inside it still takes all of it.
    expect(originalRange(view, 0, 2)).toEqual({ start: 0, end: 3 });
    expect(originalRange(view, 4, 5)).toEqual({ start: 5, end: 6 });
    expect(originalRange(view, 3, 7)).toEqual({ start: 4, end: 7 });
  });
});
