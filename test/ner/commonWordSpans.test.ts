/**
 * The NER recognizer scores down lower-case dictionary words the model read as a party in cased
 * text (src/detect/ner/commonWords.ts), and leaves the parties beside them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultModelDir } from '../../src/detect/nerLoader.js';
import { createNerRecognizer, type NerRecognizer } from '../../src/detect/ner/nerRecognizer.js';

// The model's own reading tags "lockbox" here as a company at 0.96 on this host; the assertion
// on it only needs it above the calibrated threshold, which any CPU's rounding leaves it.
const TEXT =
  'Payments arrive through the lockbox service. The Trustee reconciles them monthly with ' +
  'Harlow Freight Ltd and Margaret Ellingham.';

describe('lower-case dictionary words read as a party', () => {
  let ner: NerRecognizer;
  beforeAll(async () => {
    ner = await createNerRecognizer({ modelDir: defaultModelDir() });
  }, 60_000);
  afterAll(async () => {
    await ner.close();
  });

  it('are the model’s guess, and no detection', async () => {
    const raw = (await ner.analyzeAll(TEXT)).map((s) => `${s.type}:${s.text}`);
    expect(raw).toContain('COMPANY:lockbox');
    const kept = (await ner.analyze(TEXT)).map((s) => `${s.type}:${s.text}`);
    expect(kept).not.toContain('COMPANY:lockbox');
    expect(kept).toContain('NAME:Margaret Ellingham');
    expect(kept.some((k) => k.startsWith('COMPANY:Harlow Freight'))).toBe(true);
  });
});
