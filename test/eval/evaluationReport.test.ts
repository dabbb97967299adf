/**
 * The evaluation report's figures equal what the scorer computes: curve points are the exact-match
 * counts of resolveDetections at each threshold, the confusion matrix pairs gold and predictions
 * as documented, recall-first thresholds follow the leak curve, and the whole report is consistent
 * with the plain evaluation of the same data.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DetectionPolicy } from '../../src/domain/detectionPolicy.js';
import { makeSpan } from '../../src/domain/span.js';
import { plainSpans, resolveDetections } from '../../src/merge/resolveDetections.js';
import { buildEvaluationReport } from '../../src/eval/report/evaluationReport.js';
import {
  confusionMatrix,
  MISSED,
  recallFirstThresholds,
  SPURIOUS,
  thresholdCurve,
} from '../../src/eval/report/reportData.js';
import { writeEvaluationReport } from '../../src/eval/report/writeReport.js';
import { countMatches, emptyCounts } from '../../src/eval/spanMetrics.js';

const text = 'Ann Lee met Bob Ray at Acme Ltd, 12 Main St, Springfield.';
const at = (value: string) => {
  const start = text.indexOf(value);
  return { start, end: start + value.length };
};
const doc = {
  id: 'd1',
  text,
  spans: [
    { ...at('Ann Lee'), type: 'NAME' },
    { ...at('Bob Ray'), type: 'NAME' },
    { ...at('Acme Ltd'), type: 'COMPANY' },
    { ...at('12 Main St, Springfield'), type: 'ADDRESS' },
  ],
};
const span = (value: string, type: string, score: number) => {
  const { start, end } = at(value);
  return makeSpan(text, start, end, type, score, 'ner');
};
const candidates = [
  span('Ann Lee', 'NAME', 0.95),
  span('Bob Ray', 'NAME', 0.4),
  span('Acme Ltd', 'NAME', 0.7),
  span('Springfield', 'ADDRESS', 0.3),
  span('Main', 'COMPANY', 0.2),
];
const policy: DetectionPolicy = { types: ['NAME', 'COMPANY', 'ADDRESS'], modelThreshold: 0.5 };

describe('report figures', () => {
  it('draws each curve point from the scorer at that threshold', () => {
    const curve = thresholdCurve([{ doc, candidates }], policy, [0, 0.35, 0.5, 0.9]);
    for (const point of curve) {
      const predicted = plainSpans(
        resolveDetections(text, candidates, { ...policy, modelThreshold: point.threshold }),
      );
      const counts = emptyCounts();
      countMatches(doc.spans, predicted, 'exact', counts);
      for (const type of policy.types) {
        expect(point.perType[type]).toMatchObject(counts[type]!);
      }
    }
    // At 0.5: Ann Lee right, Acme Ltd typed NAME (wrong type), Bob Ray below the threshold.
    expect(curve[2]!.perType.NAME).toMatchObject({ gold: 2, predicted: 2, matchedGold: 1 });
    expect(curve[0]!.perType.NAME).toMatchObject({ gold: 2, predicted: 3, matchedGold: 2 });
  });

  it('pairs gold and predicted types in the confusion matrix, with missed and spurious', () => {
    const predicted = plainSpans(
      resolveDetections(text, candidates, { ...policy, modelThreshold: 0 }),
    );
    expect(confusionMatrix([{ gold: doc.spans, predicted }])).toEqual({
      NAME: { NAME: 2 },
      COMPANY: { NAME: 1 },
      // "Main" (COMPANY) and "Springfield" (ADDRESS) both overlap the address; equal overlap is
      // not possible here: Springfield is longer.
      ADDRESS: { ADDRESS: 1 },
    });
    const none = confusionMatrix([{ gold: doc.spans, predicted: [] }]);
    expect(none.NAME?.[MISSED]).toBe(2);
    const stray = confusionMatrix([{ gold: [], predicted }]);
    expect(stray[SPURIOUS]).toEqual({ NAME: 3, ADDRESS: 1, COMPANY: 1 });
  });

  it('chooses per type the highest threshold whose leak stays within half a point of its lowest', () => {
    const curve = thresholdCurve([{ doc, candidates }], policy, [0, 0.35, 0.5, 0.9]);
    // NAME leaks nothing more until Bob Ray (0.4) drops out; ADDRESS only ever covers Springfield.
    expect(recallFirstThresholds(curve, ['NAME', 'ADDRESS'])).toEqual({ NAME: 0.35, ADDRESS: 0.0 });
  });
});

describe('buildEvaluationReport', () => {
  it('agrees with the plain evaluation and writes a self-contained page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'finredact-report-'));
    const data = join(dir, 'set.jsonl');
    const line = (t: string, spans: [string, string][]) =>
      JSON.stringify({
        id: t.slice(0, 8),
        text: t,
        spans: spans.map(([v, type]) => ({
          start: t.indexOf(v),
          end: t.indexOf(v) + v.length,
          type,
        })),
      });
    writeFileSync(
      data,
      [
        line('Invoice for Jane Roe, jane@acme.example, 221B Baker Street, London.', [
          ['Jane Roe', 'NAME'],
          ['jane@acme.example', 'EMAIL'],
        ]),
        line('Call Tom Smith of Halvorsen Trading AS on +44 20 7946 0958.', [
          ['Tom Smith', 'NAME'],
          ['Halvorsen Trading AS', 'COMPANY'],
          ['+44 20 7946 0958', 'PHONE'],
        ]),
      ].join('\n'),
    );
    const report = await buildEvaluationReport({ data, ner: true, nerThreshold: 0.5 });
    const model = report.models[0]!;
    const atPolicy = model.curve.find((p) => p.threshold === 0.5)!;
    expect(atPolicy.micro).toMatchObject({
      gold: model.summary.exact.micro.gold,
      predicted: model.summary.exact.micro.predicted,
      matchedGold: model.summary.exact.micro.matchedGold,
    });
    expect(atPolicy.leak.leakedChars).toBe(model.summary.leak.leakedChars);
    const out = join(dir, 'report');
    const written = await writeEvaluationReport(out, report);
    const html = readFileSync(written.html, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect((html.match(/<svg/g) ?? []).length).toBe(3);
    // Nothing to fetch: no script, no link, no source outside the page.
    expect(html).not.toMatch(/<script|<link|src="http|url\(http/i);
    expect(JSON.parse(readFileSync(written.json, 'utf8')).documents).toBe(2);
  });
});
