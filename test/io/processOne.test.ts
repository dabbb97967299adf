/**
 * One input as a queue worker runs it: what a container holds is named around the batch's other
 * files inside its folder, so one job's outputs never overwrite another's.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathsInsideContainers } from '../../src/pipeline/collectInputs.js';
import { createRunDetector, type RunDetector } from '../../src/pipeline/createRunDetector.js';
import { processOne } from '../../src/pipeline/processOne.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { plannedOutputNames } from '../../src/pipeline/writeOutputs.js';
import { filesUnder, makeTempDir, type TempDir } from './fixtures.js';

const OPTIONS = { ...DEFAULT_REDACT_OPTIONS, ner: false };
let dir: TempDir;
let detector: RunDetector;
beforeAll(async () => {
  dir = await makeTempDir();
  detector = await createRunDetector(OPTIONS, () => undefined);
});
afterAll(async () => {
  await detector.close?.();
  await dir.remove();
});

describe('processOne', () => {
  it('finds the paths a container’s files would take', () => {
    const inside = pathsInsideContainers([
      'papers.zip',
      'Papers/a.txt',
      'papersb/x.txt',
      'mail.eml',
      'mail/attachments/b.pdf',
      'other.txt',
    ]);
    expect([...inside]).toEqual([
      [0, ['Papers/a.txt']],
      [3, ['mail/attachments/b.pdf']],
    ]);
  });

  it('names what an archive holds around the batch’s file at the same path', async () => {
    const zip = new JSZip();
    zip.file('a.txt', 'Write to jo.bloggs@example.org', { date: new Date('2026-01-02') });
    const file = await dir.file('in/papers.zip', await zip.generateAsync({ type: 'nodebuffer' }));
    const out = join(dir.path, 'out');
    // Another job of the batch writes papers/a.txt's outputs.
    await dir.file('out/anonymized/papers/a.txt', 'the other job’s text');
    const [names] = plannedOutputNames(['papers.zip'], OPTIONS.formats);
    const { results } = await processOne(
      { file, relativePath: 'papers.zip', taken: ['papers/a.txt'] },
      detector,
      OPTIONS,
      out,
      names!,
    );
    const held = results.find((r) => r.relativePath !== 'papers.zip')!;
    expect(held.status).toBe('ok');
    expect(held.relativePath).not.toBe('papers/a.txt');
    expect(await readFile(join(out, 'anonymized/papers/a.txt'), 'utf8')).toBe(
      'the other job’s text',
    );
    const texts = (await filesUnder(out)).filter((f) => f.startsWith('anonymized/'));
    expect(texts).toHaveLength(2);
  });
});
