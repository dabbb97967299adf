import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEvaluation } from '../../src/eval/runEvaluation.js';

// The shared data sets sit beside the repository (../shared), in CI as on developer machines.
const PRESIDIO = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'shared',
  'datasets',
  'presidio-synth-v2',
);
const available = existsSync(join(PRESIDIO, 'synth_dataset_v2.json'));
if (!available) console.warn(`skipping presidio-synth-v2 regression: ${PRESIDIO} not found`);

describe.skipIf(!available)('pattern recognizers on presidio-synth-v2 (regression guard)', () => {
  it('keeps structured-type exact-match F1 and leak rate at their measured level', async () => {
    const report = await runEvaluation({
      data: PRESIDIO,
      ner: false,
      types: ['EMAIL', 'PHONE', 'URL', 'SSN', 'CREDIT_CARD'],
    });
    if (report.kind !== 'spans') throw new Error('expected a span report');
    // Measured F1 0.994 and leak 0.7% when written; the margins absorb small rule changes.
    expect(report.exact.micro.f1).toBeGreaterThan(0.97);
    expect(report.exact.micro.precision).toBeGreaterThan(0.97);
    expect(report.leak.rate).toBeLessThan(0.02);
    for (const type of ['EMAIL', 'URL', 'SSN'] as const)
      expect(report.exact.perType[type]?.f1).toBe(1);
  });
});
