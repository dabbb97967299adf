import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDetector, type DetectorOptions } from '../../src/detect/engine.js';
import { collectInputs, disambiguateRelativePaths } from '../../src/pipeline/collectInputs.js';
import { createRunDetector } from '../../src/pipeline/createRunDetector.js';
import { mapWithConcurrency } from '../../src/shared/mapWithConcurrency.js';
import { uniquePaths, withExtension } from '../../src/pipeline/outputPaths.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { UsageError } from '../../src/domain/usageError.js';
import { writeFileAtomic } from '../../src/write/writeFileAtomic.js';
import { makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(async () => {
  await dir.remove();
});

describe('collectInputs', () => {
  it('walks folders recursively in name order, lists hidden files as skipped, keeps argument order', async () => {
    await dir.file('walk/b.txt', 'b');
    await dir.file('walk/a/z.txt', 'z');
    await dir.file('walk/a/.DS_Store', 'x');
    await dir.file('walk/~$lock.docx', 'x');
    await dir.file('walk/c.pdf', 'c');
    await dir.file('single.txt', 's');
    const inputs = await collectInputs([join(dir.path, 'single.txt'), join(dir.path, 'walk')]);
    expect(inputs.map((i) => [i.relativePath, i.unprocessable?.status ?? 'process'])).toEqual([
      ['single.txt', 'process'],
      ['a/.DS_Store', 'skipped'],
      ['a/z.txt', 'process'],
      ['b.txt', 'process'],
      ['c.pdf', 'process'],
      ['~$lock.docx', 'skipped'],
    ]);
    expect(inputs[2]!.file).toBe(join(dir.path, 'walk', 'a', 'z.txt'));
    expect(inputs[1]!.unprocessable?.message).toMatch(/^\.DS_Store: skipped, a hidden file/);
  });

  it('keeps a missing path as an input so it is reported, and lists a file named twice once', async () => {
    const missing = join(dir.path, 'missing.txt');
    const single = join(dir.path, 'single.txt');
    const inputs = await collectInputs([missing, single, single]);
    expect(inputs.map((i) => i.file)).toEqual([missing, single]);
  });

  it('does not follow links to folders met during a walk (no endless cycles)', async () => {
    await mkdir(join(dir.path, 'loop'));
    await writeFile(join(dir.path, 'loop', 'doc.txt'), 'x');
    await symlink(join(dir.path, 'loop'), join(dir.path, 'loop', 'self'));
    const inputs = await collectInputs([join(dir.path, 'loop')]);
    expect(inputs.map((i) => i.relativePath)).toEqual(['doc.txt', 'self']);
  });

  it('prefixes clashing relative paths from different roots with the root name', () => {
    const input = (root: string, rel: string) => ({
      file: `${root}/${rel}`,
      relativePath: rel,
      root,
    });
    const out = disambiguateRelativePaths([
      input('/x/a', 'inv.pdf'),
      input('/y/b', 'inv.pdf'),
      input('/z/b', 'INV.pdf'),
    ]);
    expect(out.map((i) => i.relativePath)).toEqual(['inv.pdf', 'b/inv.pdf', 'b-2/INV.pdf']);
  });
});

describe('output paths', () => {
  it('appends the output extension unless the name already has it', () => {
    expect(withExtension('sub/invoice.pdf', '.txt')).toBe('sub/invoice.pdf.txt');
    expect(withExtension('notes.TXT', '.txt')).toBe('notes.TXT');
    expect(withExtension('sub/invoice.pdf', '.pdf')).toBe('sub/invoice.pdf');
    expect(withExtension('scan.jpg', '.png')).toBe('scan.jpg.png');
  });

  it('numbers clashing output names instead of overwriting', () => {
    expect(uniquePaths(['x.pdf.txt', 'x.pdf.txt', 'X.PDF.txt', 'y.txt'])).toEqual([
      'x.pdf.txt',
      'x.pdf (2).txt',
      'X.PDF (3).txt',
      'y.txt',
    ]);
  });
});

describe('mapWithConcurrency', () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const delays = [30, 5, 20, 1, 15, 2, 8];
    const out = await mapWithConcurrency(delays, 3, async (ms, i) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return i * 10;
    });
    expect(out).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(peak).toBe(3);
  });

  it('handles an empty list', async () => {
    expect(await mapWithConcurrency([], 4, async () => 1)).toEqual([]);
  });
});

describe('writeFileAtomic', () => {
  it('creates folders, replaces content, and leaves no temp file', async () => {
    const target = join(dir.path, 'atomic', 'deep', 'out.txt');
    await writeFileAtomic(target, 'first');
    await writeFileAtomic(target, new TextEncoder().encode('second'));
    expect(await readFile(target, 'utf8')).toBe('second');
    expect(await readdir(join(dir.path, 'atomic', 'deep'))).toEqual(['out.txt']);
  });

  it('cleans up its temp file when the rename fails', async () => {
    const target = join(dir.path, 'atomic', 'is-a-dir');
    await mkdir(join(target, 'child'), { recursive: true });
    await expect(writeFileAtomic(target, 'x')).rejects.toThrow();
    expect((await readdir(join(dir.path, 'atomic'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('createRunDetector', () => {
  const failingModel = (calls: DetectorOptions[]) => async (opts: DetectorOptions) => {
    calls.push(opts);
    if (opts.ner) throw new Error('The NER model is missing');
    return createDetector(opts);
  };

  it('falls back to patterns with one notice when the model is missing and was not demanded', async () => {
    const calls: DetectorOptions[] = [];
    const notices: string[] = [];
    const detector = await createRunDetector(
      { ...DEFAULT_REDACT_OPTIONS, ner: true, nerRequired: false },
      (m) => notices.push(m),
      failingModel(calls),
    );
    expect(calls.map((c) => c.ner)).toEqual([true, false]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/NER model not available.*patterns only.*The NER model is missing/);
    const spans = await detector.detect('write to jane@example.com');
    expect(spans.map((s) => s.type)).toEqual(['EMAIL']);
  });

  it('is a usage error when --ner was given explicitly', async () => {
    const calls: DetectorOptions[] = [];
    await expect(
      createRunDetector(
        { ...DEFAULT_REDACT_OPTIONS, ner: true, nerRequired: true },
        () => undefined,
        failingModel(calls),
      ),
    ).rejects.toThrow(UsageError);
  });

  it('does not try the model with --no-ner', async () => {
    const calls: DetectorOptions[] = [];
    await createRunDetector(
      { ...DEFAULT_REDACT_OPTIONS, ner: false },
      () => undefined,
      failingModel(calls),
    );
    expect(calls.map((c) => c.ner)).toEqual([false]);
  });
});
