import { access, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../../src/api/finredactApi.js';
import { JobController } from '../../src/bridge/jobController.js';
import type {
  HostMessage,
  HostStart,
  ProcessingChannel,
} from '../../src/bridge/processingProtocol.js';
import { DEFAULT_SETTINGS, SettingsStore } from '../../src/bridge/settingsStore.js';
import { StderrTail } from '../../src/bridge/stderrTail.js';
import { AppBackend } from '../../src/bridge/appBackend.js';

/** A host process whose behaviour the test scripts, to reach crash paths a real one rarely takes. */
function scriptedHost() {
  let onMessage: (m: HostMessage) => void = () => {};
  let onExit: (code: number | null, detail?: string) => void = () => {};
  const sent: HostStart[] = [];
  let killed = false;
  const channel: ProcessingChannel = {
    send: (m) => sent.push(m),
    onMessage: (l) => (onMessage = l),
    onExit: (l) => (onExit = l),
    kill: () => {
      killed = true;
    },
  };
  return {
    channel,
    sent,
    emit: (m: HostMessage) => onMessage(m),
    exit: (c: number, detail?: string) => onExit(c, detail),
    killed: () => killed,
  };
}

const files = [
  { file: '/in/a.txt', relativePath: 'a.txt' },
  { file: '/in/b.txt', relativePath: 'b.txt' },
];
const options = {
  types: ['EMAIL' as const],
  ocr: 'never' as const,
  ner: false,
  detectionFloor: 0.3,
};

describe('JobController', () => {
  it('reports a crashed host: unfinished files become error results, and the job ends with the reason', () => {
    const host = scriptedHost();
    const jobs = new JobController(() => host.channel);
    const id = jobs.start(files, options);
    expect(host.sent).toEqual([{ kind: 'start', files, options }]);
    host.emit({ kind: 'file-started', file: '/in/a.txt' });
    host.emit({
      kind: 'file-done',
      result: {
        file: '/in/a.txt',
        relativePath: 'a.txt',
        status: 'ok',
        warnings: [],
        text: 'x',
        spans: [],
        anonymized: 'x',
      },
    });
    host.exit(134, 'RangeError: Array buffer allocation failed');
    const events: JobEvent[] = [];
    jobs.subscribe(id, (e) => events.push(e));
    expect(events.map((e) => e.kind)).toEqual([
      'queued',
      'file-started',
      'file-done',
      'file-done',
      'job-done',
    ]);
    expect(events[3]).toMatchObject({ file: '/in/b.txt', status: 'error' });
    expect(events[4]).toMatchObject({
      kind: 'job-done',
      cancelled: false,
      error: expect.stringContaining('134'),
    });
    expect(jobs.result('/in/b.txt')).toMatchObject({ status: 'error', relativePath: 'b.txt' });
    expect(jobs.isFinished(id)).toBe(true);
  });

  it('cancel kills the host at once and ignores anything it still says', () => {
    const host = scriptedHost();
    const jobs = new JobController(() => host.channel);
    const id = jobs.start(files, options);
    jobs.cancel(id);
    expect(host.killed()).toBe(true);
    host.emit({ kind: 'job-done' });
    const kinds = jobs.eventsSince(id, 0).map((e) => (e.kind === 'file-done' ? e.status : e.kind));
    expect(kinds).toEqual(['queued', 'cancelled', 'cancelled', 'job-done']);
    expect(jobs.result('/in/a.txt')).toBeUndefined();
  });

  it('numbers events so a poller can resume after any of them', () => {
    const host = scriptedHost();
    const jobs = new JobController(() => host.channel);
    const id = jobs.start(files, options);
    host.emit({ kind: 'notice', message: 'model missing' });
    host.emit({ kind: 'file-started', file: '/in/a.txt' });
    expect(jobs.eventsSince(id, 2).map((e) => e.seq)).toEqual([3]);
    expect(() => jobs.eventsSince('no-such-job', 0)).toThrow(/No processing job/);
  });
});

describe('SettingsStore', () => {
  it('falls back to the defaults when the file is missing or corrupt, and saves atomically', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-settings-'));
    const store = new SettingsStore(path.join(dir, 'nested', 'settings.json'));
    expect(await store.load()).toEqual(DEFAULT_SETTINGS);
    await store.save({ ...DEFAULT_SETTINGS, ocr: 'always', outputFolder: '/tmp/out' });
    expect(await store.load()).toMatchObject({ ocr: 'always', outputFolder: '/tmp/out' });
    await writeFile(store.filePath, '{ not json');
    expect(await store.load()).toEqual(DEFAULT_SETTINGS);
    await expect(store.save({ ...DEFAULT_SETTINGS, types: ['PASSPORT'] })).rejects.toThrow(
      /settings.types\[0\]/,
    );
  });
});

describe('StderrTail', () => {
  it('names the last error line, skipping stack frames, across chunk boundaries', () => {
    const tail = new StderrTail();
    tail.add(
      '(node:1) Warning: something harmless\nfile:///x.js:3\nSyntaxError: The requested mod',
    );
    tail.add(
      "ule './a.js' does not provide an export named 'B'\n    at ModuleJob._instantiate (node:internal)\n",
    );
    expect(tail.lastError()).toBe(
      "SyntaxError: The requested module './a.js' does not provide an export named 'B'",
    );
    expect(new StderrTail().lastError()).toBeUndefined();
  });
});

describe('AppBackend.dispose', () => {
  it('deletes the private copies of dropped files, which hold personal data', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-backend-'));
    const backend = new AppBackend({
      launchHost: () => scriptedHost().channel,
      settingsFile: path.join(dir, 'settings.json'),
      dropFolder: path.join(dir, 'dropped'),
    });
    const stored = await backend.storeDroppedFile(
      'statement.txt',
      new TextEncoder().encode('Jane Roe'),
    );
    await access(stored);
    await backend.dispose();
    await expect(access(stored)).rejects.toThrow();
  });
});
