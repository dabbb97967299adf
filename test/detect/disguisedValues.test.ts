/**
 * A value in disguise is the same value to a person: look-alike letters from another script
 * inside a Latin word, digits of another script, combining marks over letters. Recognizers read
 * the text as it is meant (src/detect/normalisedView) and the span covers the original
 * characters, so the replacement removes the disguise with the value. Values are made up.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDetector, type Detector } from '../../src/detect/engine.js';

let detector: Detector;
beforeAll(async () => {
  detector = await createDetector({ ner: false });
});

async function found(text: string): Promise<string[][]> {
  return (await detector.detect(text)).map((s) => [s.type, s.text]);
}

describe('values in disguise', () => {
  it('finds an e-mail address spelt with Cyrillic look-alike letters, whole', async () => {
    // "о" (U+043E) and "а" (U+0430) in place of Latin o and a.
    const text = 'Mail j\u043ehn.smith@ex\u0430mple.com now';
    expect(await found(text)).toEqual([['EMAIL', 'j\u043ehn.smith@ex\u0430mple.com']]);
  });

  it('finds a card number in Arabic-Indic, Persian and Devanagari digits', async () => {
    const arabic =
      '\u0664\u0661\u0661\u0661 \u0661\u0661\u0661\u0661 \u0661\u0661\u0661\u0661 \u0661\u0661\u0661\u0661';
    const persian =
      '\u06f4\u06f1\u06f1\u06f1\u06f1\u06f1\u06f1\u06f1\u06f1\u06f1\u06f1\u06f1\u06f1\u06f1\u06f1\u06f1';
    const devanagari =
      '\u096a\u0967\u0967\u0967 \u0967\u0967\u0967\u0967 \u0967\u0967\u0967\u0967 \u0967\u0967\u0967\u0967';
    for (const card of [arabic, persian, devanagari])
      expect(await found(`Card ${card} paid`)).toEqual([['CREDIT_CARD', card]]);
  });

  it('finds an e-mail address with combining marks over its letters', async () => {
    const text = 'write to an\u0301n\u0308a@example.org today';
    expect(await found(text)).toEqual([['EMAIL', 'an\u0301n\u0308a@example.org']]);
  });

  it('finds an address spaced out around its dots and its @, without a sentence before it', async () => {
    expect(await found('email: john . smith @ gmail . com')).toEqual([
      ['EMAIL', 'john . smith @ gmail . com'],
    ]);
    expect(await found('Contact: sales . desk @ acme . co . uk')).toEqual([
      ['EMAIL', 'sales . desk @ acme . co . uk'],
    ]);
    expect(await found('Please write to our team. info@example.com today')).toEqual([
      ['EMAIL', 'info@example.com'],
    ]);
  });

  it('finds values letter-spaced, written out against harvesters, or grouped by dots and slashes', async () => {
    expect(await found('Mail j o h n . s m i t h @ e x a m p l e . o r g today')).toEqual([
      ['EMAIL', 'j o h n . s m i t h @ e x a m p l e . o r g'],
    ]);
    expect(await found('IBAN G B 8 2 W E S T 1 2 3 4 5 6 9 8 7 6 5 4 3 2 paid')).toEqual([
      ['BANK_ACCOUNT', 'G B 8 2 W E S T 1 2 3 4 5 6 9 8 7 6 5 4 3 2'],
    ]);
    expect(await found('Write to john.smith [at] example [dot] org or (at) the desk.')).toEqual([
      ['EMAIL', 'john.smith [at] example [dot] org'],
    ]);
    expect(await found('IBAN GB82.WEST.1234.5698.7654.32, card 4111/1111/1111/1111.')).toEqual([
      ['BANK_ACCOUNT', 'GB82.WEST.1234.5698.7654.32'],
      ['CREDIT_CARD', '4111/1111/1111/1111'],
    ]);
    expect(await found('Card 4111.1111.1111.1111 declined')).toEqual([
      ['CREDIT_CARD', '4111.1111.1111.1111'],
    ]);
  });

  it('finds an e-mail address spelt out in words, and leaves prose with "at" alone', async () => {
    expect(await found('Write to john dot smith at example dot org today.')).toEqual([
      ['EMAIL', 'john dot smith at example dot org'],
    ]);
    expect(await found('Mail jane.doe at example.co.uk or jane_doe2 AT example DOT com')).toEqual([
      ['EMAIL', 'jane.doe at example.co.uk'],
      ['EMAIL', 'jane_doe2 AT example DOT com'],
    ]);
    // A word before "at" is prose, not an address's local part; so is a year.
    expect(await found('Visit us at example dot com, founded in 2019 at the docks dot.')).toEqual(
      [],
    );
  });

  it('joins no short spaced run and takes no dotted address or date for a card', async () => {
    expect(
      await found('Paid Y N Y N Y N Y N Y N Y N Y N, host 192.168.100.200 on 12.05.2024'),
    ).toEqual([]);
    // No bank prints an IBAN's groups apart by slashes.
    expect(await found('Ref GB82/WEST/1234/5698/7654/32')).toEqual([]);
  });

  it('leaves words wholly in another script as they are', async () => {
    // A Cyrillic name is no Latin word in disguise: nothing in it is folded into an identifier.
    expect(
      await found('\u0417\u043e\u044f \u0418\u0432\u0430\u043d\u043e\u0432\u0430 paid'),
    ).toEqual([]);
  });
});

describe('a right-to-left override', () => {
  it('is read as it shows: an IBAN stored reversed inside U+202E is found, its span covering it', async () => {
    const iban = 'DE89 3704 0044 0532 0130 00';
    const stored = [...iban].reverse().join('');
    const text = `Pay to \u202E${stored}\u202C today.`;
    const spans = await detector.detect(text);
    expect(spans.map((s) => s.type)).toEqual(['BANK_ACCOUNT']);
    const [span] = spans;
    // The span covers every stored character of the value, so the replacement removes it whole.
    expect(text.slice(span!.start, span!.end)).toContain(stored);
  });
});

describe('escapes', () => {
  it('reads JSON \\u escapes as the characters they stand for, the span covering the escapes', async () => {
    const text = '{"contact": "jane\\u002edoe\\u0040example.com", "note": "a\\\\u"}';
    const spans = await detector.detect(text);
    expect(spans.map((s) => [s.type, s.text])).toEqual([
      ['EMAIL', 'jane\\u002edoe\\u0040example.com'],
    ]);
  });
});
