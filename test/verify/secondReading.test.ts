/**
 * What a copy's second reading adds to its document. The model reading a copy whose values are
 * placeholders reads poorer context than the document gave it: a value the first reading weighed
 * inside a span and left is not a finding. And a one-word capitalised value found in a copy is
 * added where it is capitalised only, as propagation spreads it. Values are made up.
 */
import { describe, expect, it } from 'vitest';
import type { FileResult } from '../../src/domain/fileResult.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { withReadBackFindings } from '../../src/pipeline/readBackAdditions.js';
import { secondGuessed } from '../../src/verify/rebuildLoop.js';

const TEXT =
  'E. COMPUTER SYSTEMS\n1. SELECTION OF COMPUTER SOFTWARE PROVIDER\n' +
  'The trustee buys software for meetings. Quillfeather Ltd sells SOFTWARE and support.';

function result(candidates: Span[]): FileResult {
  return {
    file: 'manual.docx',
    relativePath: 'manual.docx',
    status: 'ok',
    warnings: [],
    text: TEXT,
    candidates,
    spans: [],
    anonymized: TEXT,
  };
}

function at(value: string, score: number, source: Span['source'] = 'ner'): Span {
  const start = TEXT.indexOf(value);
  return makeSpan(TEXT, start, start + value.length, 'COMPANY', score, source);
}

describe("a copy's second reading", () => {
  it('does not count what the first reading weighed inside a span and left', () => {
    const doc = result([at('COMPUTER SOFTWARE PROVIDER', 0.31)]);
    const finding = { where: 'the copy', type: 'COMPANY', value: 'SOFTWARE' } as const;
    expect(secondGuessed(doc, { ...finding, source: 'ner' })).toBe(true);
    expect(secondGuessed(doc, { ...finding, source: 'propagated' })).toBe(true);
    // A pattern's finding, a value larger than anything weighed, or none weighed: they count.
    expect(secondGuessed(doc, { ...finding, source: 'pattern' })).toBe(false);
    expect(
      secondGuessed(doc, {
        ...finding,
        value: 'COMPUTER SOFTWARE PROVIDER LIMITED',
        source: 'ner',
      }),
    ).toBe(false);
    expect(secondGuessed(result([]), { ...finding, source: 'ner' })).toBe(false);
  });

  it('adds a one-word capitalised value where it is capitalised only', () => {
    const added = withReadBackFindings(
      result([]),
      [
        { where: 'the copy', type: 'COMPANY', value: 'SOFTWARE' },
        { where: 'the copy', type: 'COMPANY', value: 'quillfeather ltd' },
      ],
      {},
    );
    expect(added?.spans.map((s) => s.text)).toEqual(['SOFTWARE', 'Quillfeather Ltd', 'SOFTWARE']);
  });
});
