import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSpan } from '../../src/domain/span.js';
import { collapseWhitespace } from '../../src/eval/collapseWhitespace.js';
import { findOccurrences, scoreRealDevDocument } from '../../src/eval/realDevScoring.js';
import { formatEvaluationReport } from '../../src/eval/formatEvaluationReport.js';
import {
  documentId,
  halfOf,
  inHalf,
  REAL_DEV_HALVES,
  REAL_DEV_SPLIT,
} from '../../src/eval/realDevHalves.js';

const TEXT =
  'Acme  Corp\nAcme Corp Ltd\nContact: Jo Bloggs, jo@acme.example\nIBAN GB00 TEST 1234\nTotal 42';
const entities = [
  { type: 'COMPANY', value: 'Acme Corp' },
  { type: 'COMPANY', value: 'Acme Corp Ltd' },
  { type: 'NAME', value: 'Jo Bloggs' },
  { type: 'EMAIL', value: 'jo@acme.example' },
  { type: 'OTHER_ID', value: 'GB00 TEST 1234' },
  { type: 'URL', value: 'acme.example', optional: true },
];

describe('real-dev value scoring', () => {
  it('collapses whitespace and maps offsets', () => {
    const c = collapseWhitespace('a  b\n\nc');
    expect(c.text).toBe('a b c');
    expect(c.toCollapsed[3]).toBe(2);
    expect(c.toCollapsed[6]).toBe(4);
    expect(c.toCollapsed[7]).toBe(5);
  });

  it('finds values longest first, each character claimed once', () => {
    const occ = findOccurrences(collapseWhitespace(TEXT).text, entities);
    expect(occ.map((o) => o.value)).toEqual([
      'Acme Corp',
      'Acme Corp Ltd',
      'Jo Bloggs',
      'jo@acme.example',
      'GB00 TEST 1234',
    ]);
    // "acme.example" lies inside the e-mail, already claimed.
    expect(occ.find((o) => o.value === 'acme.example')).toBeUndefined();
  });

  it('scores recall, precision and value leaks', () => {
    const spans = [
      makeSpan(TEXT, TEXT.indexOf('jo@'), TEXT.indexOf('jo@') + 15, 'EMAIL', 0.9, 'pattern'),
      makeSpan(TEXT, 0, 10, 'COMPANY', 0.8, 'ner'), // "Acme  Corp" across a double space
      makeSpan(TEXT, TEXT.indexOf('GB00'), TEXT.indexOf('GB00') + 4, 'PHONE', 0.6, 'pattern'), // OTHER_ID only: ignored
      makeSpan(TEXT, TEXT.indexOf('42'), TEXT.indexOf('42') + 2, 'PHONE', 0.6, 'pattern'), // spurious
    ];
    const s = scoreRealDevDocument('x.pdf', TEXT, spans, entities);
    expect(s.occurrences).toBe(4);
    expect(s.hits).toBe(2);
    expect(s.missed).toEqual([
      { type: 'COMPANY', value: 'Acme Corp Ltd' },
      { type: 'NAME', value: 'Jo Bloggs' },
    ]);
    expect(s.truePositives).toBe(2);
    expect(s.falsePositives).toBe(1);
    expect(s.spurious).toEqual([{ type: 'PHONE', text: '42' }]);
    // "Acme Corp" still reads in "Acme Corp Ltd"; the name is not hidden at all.
    expect(s.leakedValues.sort()).toEqual(['Acme Corp', 'Acme Corp Ltd', 'Jo Bloggs']);
    expect(s.values).toBe(4);
  });
});

describe('the tuning and blind halves of the real sets', () => {
  it('are the halves the drawing rule gives, each document in exactly one', () => {
    for (const [set, halves] of Object.entries(REAL_DEV_SPLIT)) {
      const all = [...halves.tuning, ...halves.blind];
      expect(new Set(all).size, set).toBe(all.length);
      // The rule reads the first byte of the hash, which is the id's first two hex digits.
      for (const half of REAL_DEV_HALVES)
        for (const id of halves[half])
          expect(
            (parseInt(id.slice(0, 2), 16) & 1) === 1 ? 'blind' : 'tuning',
            `${set}/${id}`,
          ).toBe(half);
    }
  });

  it('cover every document of the sets where they are present, and no other', () => {
    for (const [set, halves] of Object.entries(REAL_DEV_SPLIT)) {
      const goldFile = join(
        import.meta.dirname,
        '..',
        '..',
        '..',
        'shared',
        'datasets',
        set,
        'gold.json',
      );
      if (!existsSync(goldFile)) {
        console.log(
          `[skipped] ${set} is not here (${goldFile}); its halves are checked by the rule only`,
        );
        continue;
      }
      const gold = JSON.parse(readFileSync(goldFile, 'utf8')) as
        { file: string }[] | { files: { file: string }[] };
      const files = (Array.isArray(gold) ? gold : gold.files).map((f) => f.file);
      expect([...halves.tuning, ...halves.blind].sort(), set).toEqual(
        files.map((f) => documentId(set, f)).sort(),
      );
      for (const f of files) expect(inHalf(set, f, halfOf(set, f)), `${set}/${f}`).toBe(true);
    }
    expect(() => inHalf('some-other-set', 'a.pdf', 'blind')).toThrow(/has no halves/);
  });
});

describe('a blind-half report', () => {
  it('prints the totals and withholds what was missed or added in which document', () => {
    const report = {
      kind: 'values' as const,
      data: 'real-dev2',
      format: 'real-dev' as const,
      ner: true,
      types: [],
      documents: 1,
      characters: 100,
      seconds: 1,
      recall: 0.5,
      precision: 0.5,
      leakRate: 0.5,
      perType: { NAME: { occurrences: 2, hits: 1, recall: 0.5 } },
      files: [
        {
          ...scoreRealDevDocument(
            'a.pdf',
            'Jo Bloggs met Ann Lee',
            [],
            [{ type: 'NAME', value: 'Jo Bloggs' }],
          ),
        },
      ],
    };
    const tuning = formatEvaluationReport(report);
    expect(tuning).toContain('missed   NAME "Jo Bloggs"');
    const blind = formatEvaluationReport({ ...report, half: 'blind' });
    expect(blind).toContain('Value recall 50.0%');
    expect(blind).not.toContain('Jo Bloggs');
    expect(blind).not.toContain('a.pdf');
    expect(blind).toMatch(/per-document lines withheld/);
  });
});
