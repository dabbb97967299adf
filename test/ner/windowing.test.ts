import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseSharedNerModel, sharedNerModel } from '../../src/detect/ner/nerModel.js';
import { createNerRecognizer, type NerRecognizer } from '../../src/detect/ner/nerRecognizer.js';
import { LogitAverager, windowStarts } from '../../src/detect/ner/windowPlan.js';

describe('windowStarts', () => {
  it('covers every token, overlaps neighbours by window - stride, and stops at the end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (n) => {
        const starts = windowStarts(n, 254, 128);
        const last = starts[starts.length - 1] ?? -1;
        expect(starts[0]).toBe(0);
        expect(last + 254).toBeGreaterThanOrEqual(n);
        for (let i = 1; i < starts.length; i++)
          expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBe(128);
        // no window is wholly redundant: the one before the last does not reach the end
        if (starts.length > 1) expect((starts[starts.length - 2] ?? 0) + 254).toBeLessThan(n);
      }),
    );
  });

  it('plans no window for an empty text', () => {
    expect(windowStarts(0, 254, 128)).toEqual([]);
  });
});

describe('LogitAverager', () => {
  it('averages logits of tokens seen by two windows before the softmax', () => {
    const avg = new LogitAverager(3, 2);
    avg.add(0, 2, Float32Array.from([0, 2, 0, 4]), 0); // tokens 0,1
    avg.add(1, 2, Float32Array.from([0, 0, 0, 1]), 0); // tokens 1,2
    const p = avg.probabilities();
    const softmax1 = (d: number): number => Math.exp(d) / (1 + Math.exp(d));
    expect(p[1]).toBeCloseTo(softmax1(2), 6); // token 0: one window, logit gap 2
    expect(p[3]).toBeCloseTo(softmax1(2), 6); // token 1: (4 + 0) / 2
    expect(p[5]).toBeCloseTo(softmax1(1), 6); // token 2: one window, gap 1
  });
});

const modelDir =
  process.env['FINREDACT_NER_MODEL_DIR'] ?? join(import.meta.dirname, '..', '..', 'models/pii-ner');

describe('NER on a document longer than one window', () => {
  let ner: NerRecognizer;
  beforeAll(async () => {
    if (!existsSync(join(modelDir, 'model.onnx'))) throw new Error(`no model at ${modelDir}`);
    ner = await createNerRecognizer({ modelDir });
  });
  afterAll(async () => {
    await ner.close();
  });

  const filler = Array.from(
    { length: 60 },
    (_, i) =>
      `Line ${i + 1}: invoice INV-${1000 + i} of 2024-03-${String((i % 28) + 1).padStart(2, '0')}, amount ${(i * 37.5).toFixed(2)} USD, GST 18%.`,
  ).join('\n');
  const sentence =
    'The engagement letter was signed by Priya Daruwalla on behalf of Hollins Marwick & Co LLP.';

  it('finds the entities in the middle of a long document at the right offsets', async () => {
    const alone = await ner.analyze(sentence);
    expect(alone.map((s) => s.type)).toEqual(expect.arrayContaining(['NAME', 'COMPANY']));
    const text = `${filler}\n${sentence}\n${filler}`;
    expect(text.length).toBeGreaterThan(8000); // many 254-token windows
    const offset = filler.length + 1;
    const found = (await ner.analyze(text)).filter(
      (s) => s.start >= offset && s.end <= offset + sentence.length,
    );
    expect(found.map((s) => [s.start - offset, s.end - offset, s.type])).toEqual(
      alone.map((s) => [s.start, s.end, s.type]),
    );
    for (const s of found) expect(s.text).toBe(text.slice(s.start, s.end));
  });
});

describe('NER over a long stretch without letters (a numbers-only sheet)', () => {
  const sentence =
    'The engagement letter was signed by Priya Daruwalla on behalf of Hollins Marwick & Co LLP.';
  // About 6,000 tokens of digits and punctuation: several batches of eight windows hold no letter.
  const numbers = Array.from(
    { length: 550 },
    (_, i) =>
      `${40000 + i * 7}\t${(i * 113.25).toFixed(2)}\t2024-03-${String((i % 28) + 1).padStart(2, '0')}`,
  ).join('\n');
  const text = `${sentence}\n${numbers}\n${sentence}`;

  it('leaves out only batches without a letter, so every lettered token reads as before', async () => {
    const model = await sharedNerModel(modelDir);
    try {
      const tokens = model.tokenize(text);
      const labels = model.config.labels.length;
      const full = await model.probabilities(tokens);
      const skipped = await model.probabilities(tokens, { skipLetterless: true });
      let lettered = 0;
      let left = 0;
      for (let t = 0; t < tokens.ids.length; t++) {
        const row = (p: Float64Array): number[] =>
          Array.from(p.subarray(t * labels, (t + 1) * labels));
        const word = text.slice(tokens.starts[t], tokens.ends[t]);
        if (/\p{L}/u.test(word)) {
          lettered++;
          // Exact: the batches that run are the same batches of the same windows as before.
          expect(row(skipped)).toEqual(row(full));
        } else if (skipped[t * labels] === 1) {
          // A softmax over 17 finite logits is never exactly 1: this token's batch did not run.
          left++;
          expect(
            row(skipped)
              .slice(1)
              .every((p) => p === 0),
          ).toBe(true);
          // And the model, run over it, tags it O too.
          const best = row(full).indexOf(Math.max(...row(full)));
          expect(best).toBe(0);
        }
      }
      expect(lettered).toBeGreaterThan(20);
      expect(left).toBeGreaterThan(2000);
    } finally {
      await releaseSharedNerModel(modelDir);
    }
  });

  it('finds the same spans as a run over every window', async () => {
    const ner = await createNerRecognizer({ modelDir });
    // A letterless type among those asked for makes every window run.
    const everyWindow = await createNerRecognizer({
      modelDir,
      types: ['NAME', 'COMPANY', 'ADDRESS', 'PHONE'],
    });
    try {
      const found = await ner.analyze(text);
      const all = (await everyWindow.analyze(text)).filter((s) => s.type !== 'PHONE');
      expect(found.map((s) => s.type)).toEqual(['NAME', 'COMPANY', 'NAME', 'COMPANY']);
      expect(found).toEqual(all);
    } finally {
      await ner.close();
      await everyWindow.close();
    }
  });
});
