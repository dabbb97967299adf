/**
 * The app's cache of processed files (issue 41): a reload or restart gets each unchanged file's
 * result without processing it again; entries are encrypted at rest, named so they cannot be
 * matched to a known document without the key, dropped when tampered with or keyed otherwise,
 * and removed when their files leave the queue.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppBackend } from '../../src/bridge/appBackend.js';
import { fileSha256 } from '../../src/bridge/reviewStore.js';
import {
  ExtractionCache,
  FILE_MODE_ONLY,
  loadCacheKey,
  optionsKey,
} from '../../src/bridge/extractionCache.js';
import { forkProcessingHost } from '../../src/bridge/forkProcessingHost.js';
import type { LaunchProcessingHost } from '../../src/bridge/processingProtocol.js';
import { entityTypes } from '../../src/domain/entityTypes.js';
import type { FileResult } from '../../src/domain/fileResult.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-cache-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const OPTIONS = { types: entityTypes.list(), ocr: 'never', ner: false } as const;
const RESULT = {
  file: '/old/place/memo.txt',
  relativePath: 'memo.txt',
  status: 'ok',
  kind: 'txt',
  text: 'Write to pat.sample@example.com today.',
  spans: [],
  anonymized: 'Write to [EMAIL REDACTED] today.',
  warnings: [],
} as unknown as FileResult;

describe('the extraction cache', () => {
  it('keeps a result encrypted, under names that do not give the content away', async () => {
    const keyFile = path.join(dir, 'a', 'cache.key');
    const key = await loadCacheKey(keyFile, FILE_MODE_ONLY);
    expect(await loadCacheKey(keyFile, FILE_MODE_ONLY)).toEqual(key);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const cache = new ExtractionCache(path.join(dir, 'a', 'cache'), key);
    const hash = 'ab'.repeat(32);
    await cache.put(hash, optionsKey(OPTIONS), RESULT);
    const [name] = await readdir(cache.folder);
    expect(name).not.toContain(hash);
    const bytes = await readFile(path.join(cache.folder, name!));
    expect(bytes.toString('latin1')).not.toContain('pat.sample');
    const back = await cache.get(hash, optionsKey(OPTIONS), {
      file: '/new/place/memo.txt',
      relativePath: 'inbox/memo.txt',
    });
    expect(back).toEqual({
      ...RESULT,
      file: '/new/place/memo.txt',
      relativePath: 'inbox/memo.txt',
    });
    // Other options (OCR now always) are another entry: a miss.
    expect(
      await cache.get(hash, optionsKey({ ...OPTIONS, ocr: 'always' }), RESULT),
    ).toBeUndefined();
  });

  it('drops an entry it cannot authenticate: tampered with, or written under another key', async () => {
    const key = await loadCacheKey(path.join(dir, 'b', 'cache.key'), FILE_MODE_ONLY);
    const cache = new ExtractionCache(path.join(dir, 'b', 'cache'), key);
    const hash = 'cd'.repeat(32);
    await cache.put(hash, optionsKey(OPTIONS), RESULT);
    const [name] = await readdir(cache.folder);
    const entry = path.join(cache.folder, name!);
    const bytes = await readFile(entry);
    bytes[bytes.length - 1] = bytes.at(-1)! ^ 1;
    await writeFile(entry, bytes);
    expect(await cache.get(hash, optionsKey(OPTIONS), RESULT)).toBeUndefined();
    expect(await readdir(cache.folder)).toEqual([]);
  });

  it('removes what no queued file holds any more', async () => {
    const key = await loadCacheKey(path.join(dir, 'c', 'cache.key'), FILE_MODE_ONLY);
    const cache = new ExtractionCache(path.join(dir, 'c', 'cache'), key);
    await cache.put('01'.repeat(32), optionsKey(OPTIONS), RESULT);
    await cache.put('02'.repeat(32), optionsKey(OPTIONS), RESULT);
    await cache.put('02'.repeat(32), optionsKey({ ...OPTIONS, ner: true }), RESULT);
    expect(await cache.keepOnly(['02'.repeat(32)])).toBe(1);
    expect(await readdir(cache.folder)).toHaveLength(2);
  });
});

describe('the app with its cache', () => {
  it('does not process an unchanged file again after a restart, and does when it changed', async () => {
    const key = await loadCacheKey(path.join(dir, 'app', 'cache.key'), FILE_MODE_ONLY);
    const file = path.join(dir, 'in', 'memo.txt');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'Write to pat.sample@example.com or call (555) 123-4567.\n');
    let launched = 0;
    const counting: LaunchProcessingHost = () => {
      launched++;
      return forkProcessingHost();
    };
    const session = async () => {
      const backend = new AppBackend({
        launchHost: counting,
        settingsFile: path.join(dir, 'app', 'settings.json'),
        dropFolder: path.join(dir, 'app', 'dropped'),
        cache: new ExtractionCache(path.join(dir, 'app', 'cache'), key),
      });
      const { jobId } = await backend.startJob([file], OPTIONS);
      await new Promise<void>((resolve) => {
        const stop = backend.jobs.subscribe(jobId, (e) => {
          if (e.kind === 'job-done') {
            queueMicrotask(() => stop());
            resolve();
          }
        });
      });
      const result = backend.getResult(file);
      await backend.dispose();
      return result;
    };
    const first = await session();
    expect(launched).toBe(1);
    expect(first.spans.map((s) => s.text)).toContain('pat.sample@example.com');
    const second = await session();
    expect(launched).toBe(1);
    expect(second.spans).toEqual(first.spans);
    expect(second.text).toBe(first.text);
    await writeFile(file, 'Now write to other.person@example.org instead.\n');
    const third = await session();
    expect(launched).toBe(2);
    expect(third.spans.map((s) => s.text)).toEqual(['other.person@example.org']);
    expect(await fileSha256(file)).toMatch(/^[0-9a-f]{64}$/);
  }, 120_000);
});
