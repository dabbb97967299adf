import { describe, expect, it } from 'vitest';
import {
  areTouching,
  breaksEntity,
  decodeSpans,
  isSpacedDash,
  isBareLegalForm,
  isImplausible,
  nameCore,
  trimSpan,
  withoutPossessive,
  wordStart,
} from '../../src/detect/ner/decodeSpans.js';
import type { TokenizedText } from '../../src/detect/ner/wordpieceTokenizer.js';

const scheme = {
  labels: ['O', 'B-NAME', 'I-NAME', 'B-ADDRESS', 'I-ADDRESS'],
  trimChars: ' \t\r\n\u00a0,;:',
};

/** Tokens from [start, end, wordStart] triples, with one-hot-ish probabilities per label name. */
function build(
  tokens: [number, number, number][],
  labels: string[],
  p = 0.9,
  on: { labels: string[] } = scheme,
): [TokenizedText, Float64Array] {
  const n = on.labels.length;
  const probs = new Float64Array(tokens.length * n);
  labels.forEach((l, i) => {
    const k = on.labels.indexOf(l);
    if (k < 0) throw new Error(`label ${l} is not in the scheme`);
    for (let j = 0; j < n; j++) probs[i * n + j] = j === k ? p : (1 - p) / (n - 1);
  });
  return [
    {
      ids: Int32Array.from(tokens.map(() => 1)),
      starts: Int32Array.from(tokens.map((t) => t[0])),
      ends: Int32Array.from(tokens.map((t) => t[1])),
      wordStart: Uint8Array.from(tokens.map((t) => t[2])),
    },
    probs,
  ];
}

const withCompany = { ...scheme, labels: [...scheme.labels, 'B-COMPANY', 'I-COMPANY'] };

describe('decodeSpans', () => {
  const text = 'Mr Priya Daruwalla, of 12 High St)';
  //            0  3     9        18  22 25   30
  const tokens: [number, number, number][] = [
    [0, 2, 1], // mr
    [3, 8, 1], // priya
    [9, 12, 1], // dar
    [12, 18, 0], // ##uwalla
    [18, 19, 1], // ,
    [20, 22, 1], // of
    [23, 25, 1], // 12
    [26, 30, 1], // high
    [31, 33, 1], // st
    [33, 34, 1], // )
  ];

  it('labels words by their first piece, joins B/I runs and trims unbalanced brackets', () => {
    const [tok, probs] = build(tokens, [
      'O',
      'B-NAME',
      'I-NAME',
      'O', // a ## piece: ignored, the word is I-NAME
      'O',
      'O',
      'B-ADDRESS',
      'I-ADDRESS',
      'I-ADDRESS',
      'I-ADDRESS',
    ]);
    const spans = decodeSpans(text, tok, probs, scheme, 0.5);
    expect(spans.map((s) => [text.slice(s.start, s.end), s.type])).toEqual([
      ['Priya Daruwalla', 'NAME'],
      ['12 High St', 'ADDRESS'],
    ]);
    expect(spans[0]?.score).toBeCloseTo(0.925, 6); // P(B) + P(I) = 0.9 + 0.025
  });

  it('opens a new entity for an I- tag after O or after another type', () => {
    const [tok, probs] = build(tokens, [
      'O',
      'I-NAME',
      'I-NAME',
      'O',
      'O',
      'O',
      'I-ADDRESS',
      'I-NAME',
      'O',
      'O',
    ]);
    const spans = decodeSpans(text, tok, probs, scheme, 0.5);
    expect(spans.map((s) => [text.slice(s.start, s.end), s.type])).toEqual([
      ['Priya Daruwalla', 'NAME'],
      ['12', 'ADDRESS'],
      ['High', 'NAME'],
    ]);
  });

  it('drops spans scoring under the threshold', () => {
    const [tok, probs] = build(
      tokens,
      ['O', 'B-NAME', 'I-NAME', 'O', 'O', 'O', 'O', 'O', 'O', 'O'],
      0.3,
    );
    expect(decodeSpans(text, tok, probs, scheme, 0.5)).toEqual([]);
    // score = P(B) + P(I) = 0.3 + 0.175
    expect(decodeSpans(text, tok, probs, scheme, 0.45)).toHaveLength(1);
  });
});

describe('wordStart', () => {
  it('moves a span the model starts inside a word to where the word starts', () => {
    const text = 'see 28 C.F.R. § 58.6 and O’Brien';
    expect(wordStart(text, text.indexOf('.F.R.'))).toBe(text.indexOf('C.F.R.'));
    expect(wordStart(text, text.indexOf('Brien'))).toBe(text.indexOf('O’Brien'));
    // A span at a word's start, or after a bracket or a space, stays where it is.
    expect(wordStart(text, text.indexOf('C.F.R.'))).toBe(text.indexOf('C.F.R.'));
    expect(wordStart('(Acme Ltd)', 1)).toBe(1);
  });
});

describe('where an entity stops although the model says I-', () => {
  it('stops every type at a blank line, and names and companies at a column gap', () => {
    expect(breaksEntity('\n\n', 'NAME')).toBe(true);
    expect(breaksEntity('\r\n  \r\n', 'ADDRESS')).toBe(true);
    expect(breaksEntity('\r\n', 'ADDRESS')).toBe(false);
    expect(breaksEntity('\n', 'NAME')).toBe(false);
    expect(breaksEntity('   ', 'NAME')).toBe(true);
    expect(breaksEntity('\t', 'COMPANY')).toBe(true);
    expect(breaksEntity('   ', 'ADDRESS')).toBe(false);
    expect(breaksEntity(' ', 'NAME')).toBe(false);
  });

  it('splits a run of I- words at a blank line into two entities', () => {
    const text = 'AVOLA Rachele\n\nTeije wrote';
    //            0     6       13  15    21
    const [tok, probs] = build(
      [
        [0, 5, 1],
        [6, 13, 1],
        [15, 20, 1],
        [21, 26, 1],
      ],
      ['B-NAME', 'I-NAME', 'I-NAME', 'O'],
    );
    const spans = decodeSpans(text, tok, probs, scheme, 0.5);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['AVOLA Rachele', 'Teije']);
  });

  it('keeps a multi-line address whole across single line breaks', () => {
    const text = '12 High St\nLeeds';
    const [tok, probs] = build(
      [
        [0, 2, 1],
        [3, 7, 1],
        [8, 10, 1],
        [11, 16, 1],
      ],
      ['B-ADDRESS', 'I-ADDRESS', 'I-ADDRESS', 'I-ADDRESS'],
    );
    const spans = decodeSpans(text, tok, probs, scheme, 0.5);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual([text]);
  });
});

describe('names split or run on at punctuation', () => {
  const names = (text: string, tokens: [number, number, number][], labels: string[]): string[] => {
    const [tok, probs] = build(tokens, labels);
    return decodeSpans(text, tok, probs, scheme, 0.5).map((s) => text.slice(s.start, s.end));
  };

  it('ends a NAME at a dash with spaces around it, not at a hyphen', () => {
    expect(isSpacedDash('Marit - FYI', 6, 7)).toBe(true);
    expect(isSpacedDash('Park \u2013', 5, 6)).toBe(true);
    expect(isSpacedDash('Wehner-Dare', 6, 7)).toBe(false);
    expect(isSpacedDash('Wehner -Dare', 7, 8)).toBe(false);
    const text = 'Marit - FYI, needs';
    expect(
      names(
        text,
        [
          [0, 5, 1],
          [6, 7, 1],
          [8, 11, 1],
          [11, 12, 1],
          [13, 18, 1],
        ],
        ['B-NAME', 'I-NAME', 'I-NAME', 'O', 'O'],
      ),
    ).toEqual(['Marit', 'FYI']);
  });

  it('joins two entities of one type with at most one non-space character between them', () => {
    expect(areTouching('Wehner-Dare', 6, 7)).toBe(true);
    expect(areTouching('J. Fay', 1, 1)).toBe(true);
    expect(areTouching('Ann Bo', 3, 4)).toBe(false);
    expect(areTouching('Ann, Bo', 3, 5)).toBe(false);
    const text = 'Delta Wehner-Dare paid';
    expect(
      names(
        text,
        [
          [0, 5, 1],
          [6, 12, 1],
          [12, 13, 1],
          [13, 17, 1],
          [18, 22, 1],
        ],
        ['B-NAME', 'I-NAME', 'O', 'B-NAME', 'O'],
      ),
    ).toEqual(['Delta Wehner-Dare']);
  });

  it('starts a NAME at the initial when the model tagged only its "."', () => {
    const text = 'To J. Parisian today';
    const tokens: [number, number, number][] = [
      [0, 2, 1],
      [3, 4, 1],
      [4, 5, 1],
      [6, 14, 1],
      [15, 20, 1],
    ];
    expect(names(text, tokens, ['O', 'O', 'B-NAME', 'I-NAME', 'O'])).toEqual(['J. Parisian']);
    // Only a one-letter initial: the "Dr" of "Dr." stays out, and its "." with it.
    const dr = 'Dr. Parisian';
    expect(
      names(
        dr,
        [
          [0, 2, 1],
          [2, 3, 1],
          [4, 12, 1],
        ],
        ['O', 'B-NAME', 'I-NAME'],
      ),
    ).toEqual(['Parisian']);
  });
});

describe('withoutPossessive', () => {
  const cut = (s: string, type: 'NAME' | 'COMPANY' | 'ADDRESS' = 'NAME'): string =>
    s.slice(0, withoutPossessive(s, 0, s.length, type));

  it("drops a trailing 's or ' after a letter from names and companies", () => {
    expect(cut("Reed Elsevier's", 'COMPANY')).toBe('Reed Elsevier');
    expect(cut('Jennifer\u2019S')).toBe('Jennifer');
    expect(cut("Pinabel Marcil'")).toBe('Pinabel Marcil');
    expect(cut("Vương's")).toBe('Vương');
    expect(cut("\u{20000}'s")).toBe('\u{20000}');
  });

  it('keeps apostrophes inside a name, after a non-letter, and in other types', () => {
    expect(cut("O'Brien")).toBe("O'Brien");
    expect(cut("Flat 4'")).toBe("Flat 4'");
    expect(cut("'s")).toBe("'s");
    expect(cut("12 King's", 'ADDRESS')).toBe("12 King's");
  });

  it('applies to decoded spans', () => {
    const text = "Harlow Ltd's invoice";
    const [tok, probs] = build(
      [
        [0, 6, 1],
        [7, 10, 1],
        [10, 11, 1],
        [11, 12, 1],
        [13, 20, 1],
      ],
      ['B-NAME', 'I-NAME', 'I-NAME', 'I-NAME', 'O'],
    );
    const spans = decodeSpans(text, tok, probs, scheme, 0.5);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['Harlow Ltd']);
  });
});

describe('nameCore', () => {
  const core = (s: string, type: 'NAME' | 'COMPANY' = 'NAME'): string => {
    const [a, b] = nameCore(s, 0, s.length, type);
    return s.slice(a, b);
  };

  it('drops closing lines without a capital while a capital remains', () => {
    expect(core('Reynolds\nf')).toBe('Reynolds');
    expect(core('Ann Lee\nb\r\nc')).toBe('Ann Lee');
    expect(core('RUNOLFSSON\n0lga')).toBe('RUNOLFSSON');
    expect(core('Teunis van\nVliet')).toBe('Teunis van\nVliet');
    expect(core('patricia\ndesrosiers')).toBe('patricia\ndesrosiers');
  });

  it('drops a leading lower-case word unless it is a name particle', () => {
    expect(core('said Agnès Leroux')).toBe('Agnès Leroux');
    expect(core('van Bernhard')).toBe('van Bernhard');
    expect(core('dos Hackett')).toBe('dos Hackett');
    expect(core('said john')).toBe('said john');
    expect(core('5antiago Ruiz')).toBe('5antiago Ruiz');
  });

  it('leaves other types alone', () => {
    expect(core('Kass & Linden UG\n(haftungsbeschränkt)', 'COMPANY')).toBe(
      'Kass & Linden UG\n(haftungsbeschränkt)',
    );
    expect(core('per Acme Ltd', 'COMPANY')).toBe('per Acme Ltd');
  });

  it('applies to decoded spans, trimming what the cut leaves', () => {
    const text = 'Nash   Reynolds,\nf Employee';
    const [tok, probs] = build(
      [
        [0, 4, 1],
        [7, 15, 1],
        [15, 16, 1],
        [17, 18, 1],
        [19, 27, 1],
      ],
      ['B-NAME', 'B-NAME', 'I-NAME', 'I-NAME', 'O'],
    );
    const spans = decodeSpans(text, tok, probs, scheme, 0.5);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['Nash', 'Reynolds']);
  });
});

describe('a quoted name', () => {
  it('loses both quotes when the closing one is cut as a possessive', () => {
    const text = "To: 'Ann' <ann@example.org>";
    const [tok, probs] = build(
      [
        [0, 2, 1], // to
        [2, 3, 1], // :
        [4, 5, 1], // '
        [5, 8, 1], // ann
        [8, 9, 1], // '
      ],
      ['O', 'O', 'B-NAME', 'I-NAME', 'I-NAME'],
    );
    const spans = decodeSpans(text, tok, probs, scheme, 0.5);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['Ann']);
  });
});

describe('trimSpan', () => {
  const trim = (s: string): string => {
    const [a, b] = trimSpan(s, 0, s.length, scheme.trimChars);
    return s.slice(a, b);
  };
  it('keeps balanced brackets and drops unbalanced ones and separators', () => {
    expect(trim('(020) 7946-0959')).toBe('(020) 7946-0959');
    expect(trim('80331 München)')).toBe('80331 München');
    expect(trim(' ,(Acme Inc.;')).toBe('Acme Inc.');
    expect(trim('[a]]')).toBe('[a]');
    expect(trim(',;')).toBe('');
  });

  it('drops a bracket left open at the end or closed at the start, even when balanced inside', () => {
    // The model tags the "(" before a defined short name as the company's last word.
    expect(trim('Kaveri Industries Limited (')).toBe('Kaveri Industries Limited');
    expect(trim('Acme (UK) Ltd (')).toBe('Acme (UK) Ltd');
    expect(trim(') Acme (UK) Ltd')).toBe('Acme (UK) Ltd');
  });

  it('drops an opening quote whose closing quote is outside the span, keeps quoted names whole', () => {
    expect(trim("'Ann")).toBe('Ann');
    expect(trim('“Quill Holdings')).toBe('Quill Holdings');
    expect(trim("'Ann Quill'")).toBe("'Ann Quill'");
    expect(trim("O'Neil")).toBe("O'Neil");
  });
});

describe('spans unlike any gold span', () => {
  it('drops one-character spans, whatever the script', () => {
    expect(isImplausible('f')).toBe(true);
    expect(isImplausible('b')).toBe(true);
    expect(isImplausible('\u{1F600}')).toBe(true);
    expect(isImplausible('李')).toBe(true);
    expect(isImplausible('Yu')).toBe(false);
    expect(isImplausible('李小龍')).toBe(false);
  });

  it('drops single letters standing apart (OCR of a logo), keeps initials with a surname or dots', () => {
    expect(isImplausible('N V E')).toBe(true);
    expect(isImplausible('A\nB')).toBe(true);
    expect(isImplausible('É Ł')).toBe(true);
    expect(isImplausible('J K Rowling')).toBe(false);
    expect(isImplausible('N.V.')).toBe(false);
    expect(isImplausible('A. B.')).toBe(false);
    expect(isImplausible('B 12')).toBe(false);
  });

  it('decodes "N V E" after a name on an OCR line to the name alone', () => {
    const text = 'Corin Ashworth N V E';
    const [tok, probs] = build(
      [
        [0, 5, 1],
        [6, 14, 1],
        [15, 16, 1],
        [17, 18, 1],
        [19, 20, 1],
      ],
      ['B-NAME', 'I-NAME', 'B-COMPANY', 'I-COMPANY', 'I-COMPANY'],
      0.9,
      withCompany,
    );
    const spans = decodeSpans(text, tok, probs, withCompany, 0.5);
    expect(spans.map((s) => [text.slice(s.start, s.end), s.type])).toEqual([
      ['Corin Ashworth', 'NAME'],
    ]);
    // The same letters with a name after them stay one company.
    const named = 'Corin Ashworth N V Export';
    const [tok2, probs2] = build(
      [
        [0, 5, 1],
        [6, 14, 1],
        [15, 16, 1],
        [17, 18, 1],
        [19, 25, 1],
      ],
      ['B-NAME', 'I-NAME', 'B-COMPANY', 'I-COMPANY', 'I-COMPANY'],
      0.9,
      withCompany,
    );
    expect(
      decodeSpans(named, tok2, probs2, withCompany, 0.5).map((s) => named.slice(s.start, s.end)),
    ).toEqual(['Corin Ashworth', 'N V Export']);
  });

  it('drops a legal form standing alone as a COMPANY, keeps a name that carries one', () => {
    for (const v of ['Sarl', 'S.A.R.L.', 'GmbH', 'Pvt. Ltd.', 'B.V.', 'LLC', 'gmbh & co. kg'])
      expect(isBareLegalForm(v)).toBe(true);
    for (const v of ['Acme GmbH', 'Sarlat', 'Medipress SARL', 'Co-op Bank'])
      expect(isBareLegalForm(v)).toBe(false);
    const text = 'Sarl au capital de 10 000€ - Medipress SARL';
    const [tok, probs] = build(
      [
        [0, 4, 1],
        [5, 7, 1],
        [8, 15, 1],
        [29, 38, 1],
        [39, 43, 1],
      ],
      ['B-COMPANY', 'O', 'O', 'B-COMPANY', 'I-COMPANY'],
      0.9,
      withCompany,
    );
    const spans = decodeSpans(text, tok, probs, withCompany, 0.5);
    expect(spans.map((s) => [text.slice(s.start, s.end), s.type])).toEqual([
      ['Medipress SARL', 'COMPANY'],
    ]);
  });

  it('keeps a legal form right after a capitalised word: a company the model cut at its start', () => {
    const text = 'Toyworld (M) Sdn Bhd';
    const [tok, probs] = build(
      [
        [0, 8, 1],
        [9, 12, 1],
        [13, 16, 1],
        [17, 20, 1],
      ],
      ['O', 'O', 'B-COMPANY', 'I-COMPANY'],
      0.9,
      withCompany,
    );
    expect(
      decodeSpans(text, tok, probs, withCompany, 0.5).map((s) => text.slice(s.start, s.end)),
    ).toEqual(['Sdn Bhd']);
  });

  it('keeps names without a capital: they are real names in chat and e-mail text', () => {
    expect(isImplausible('patricia desrosiers')).toBe(false);
    expect(isImplausible('de la Finke')).toBe(false);
  });

  it('leaves out a W-2 box letter the model tagged as a name of its own', () => {
    const text = 'Wei Chen\nf Employee address';
    const [tok, probs] = build(
      [
        [0, 3, 1],
        [4, 8, 1],
        [9, 10, 1],
        [11, 19, 1],
      ],
      ['B-NAME', 'I-NAME', 'B-NAME', 'O'],
    );
    const spans = decodeSpans(text, tok, probs, scheme, 0.5);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['Wei Chen']);
  });
});
