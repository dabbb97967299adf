import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinRedactApi, JobEvent } from '../../src/api/finredactApi.js';
import { AppBackend } from '../../src/bridge/appBackend.js';
import { forkProcessingHost } from '../../src/bridge/forkProcessingHost.js';
import { startHttpBridge, type RunningBridge } from '../../src/bridge/httpBridge.js';
import { entityTypes } from '../../src/domain/entityTypes.js';
import { createHttpApi } from '../../renderer/src/api/httpApi.js';
import ExcelJS from 'exceljs';

let dir: string;
let backend: AppBackend;
let bridge: RunningBridge;
let api: FinRedactApi;

const OPTIONS = {
  types: entityTypes.list(),
  ocr: 'never',
  ner: false,
} as const;
const POLICY = { types: entityTypes.list(), modelThreshold: 0.5 };

function eventsUntilDone(jobId: string): Promise<JobEvent[]> {
  return new Promise((resolve) => {
    const seen: JobEvent[] = [];
    const stop = api.subscribe(jobId, (e) => {
      seen.push(e);
      if (e.kind === 'job-done') {
        stop();
        resolve(seen);
      }
    });
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-bridge-test-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'index.html'), '<!doctype html><title>ui</title>');
  await writeFile(path.join(dir, 'secret.txt'), 'outside the asset folder');
  await mkdir(path.join(dir, 'in'));
  await writeFile(
    path.join(dir, 'in', 'memo.txt'),
    'Write to pat.sample@example.com or call (555) 123-4567.\n',
  );
  await writeFile(path.join(dir, 'in', 'broken.pdf'), 'this is not a PDF');
  backend = new AppBackend({
    launchHost: forkProcessingHost,
    settingsFile: path.join(dir, 'config', 'settings.json'),
    dropFolder: path.join(dir, 'dropped'),
  });
  bridge = await startHttpBridge(backend, path.join(dir, 'assets'));
  api = createHttpApi({ baseUrl: bridge.origin, token: bridge.token });
});

afterAll(async () => {
  await backend?.dispose();
  await bridge?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('HTTP bridge security', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(new URL(bridge.url).hostname).toBe('127.0.0.1');
  });

  it('refuses requests without the token', async () => {
    expect((await fetch(`${bridge.origin}/api/settings`)).status).toBe(401);
    expect((await fetch(`${bridge.origin}/`)).status).toBe(401);
    const wrong = await fetch(`${bridge.origin}/api/settings`, {
      headers: { Authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses cross-origin requests even with the token', async () => {
    const res = await fetch(`${bridge.origin}/api/settings`, {
      headers: { Authorization: `Bearer ${bridge.token}`, Origin: 'http://evil.example' },
    });
    expect(res.status).toBe(403);
  });

  it('trades the token in the printed URL for an HttpOnly cookie and strips it from the address', async () => {
    const res = await fetch(bridge.url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const page = await fetch(`${bridge.origin}/`, { headers: { Cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await page.text()).toContain('<title>ui</title>');
  });

  it('does not serve files outside the renderer build', async () => {
    const res = await fetch(`${bridge.origin}/..%2fsecret.txt`, {
      headers: { Authorization: `Bearer ${bridge.token}` },
    });
    expect(res.status).toBe(404);
  });

  it('answers client mistakes with 4xx and no internal paths', async () => {
    const auth = { Authorization: `Bearer ${bridge.token}`, 'Content-Type': 'application/json' };
    const post = (op: string, args: unknown) =>
      fetch(`${bridge.origin}/api/${op}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(args),
      });
    const unknownJob = await fetch(`${bridge.origin}/api/jobs/no-such-job/events`, {
      headers: auth,
    });
    expect(unknownJob.status).toBe(404);
    expect((await post('cancelJob', ['no-such-job'])).status).toBe(404);
    expect((await post('getResult', [path.join(dir, 'never.txt')])).status).toBe(404);
    expect((await post('noSuchOperation', [])).status).toBe(404);
    const malformed = await fetch(`${bridge.origin}/%E0%A4%A`, { headers: auth });
    expect(malformed.status).toBe(400);
    const relative = await post('saveSettings', [
      { types: ['NAME'], threshold: 0.5, ocr: 'auto', ner: true, outputFolder: 'out' },
    ]);
    expect(relative.status).toBe(400);
    expect(((await relative.json()) as { error: string }).error).toMatch(/absolute path/);
    for (const name of ['.', '..', '']) {
      const res = await fetch(
        `${bridge.origin}/api/dropped-files?name=${encodeURIComponent(name)}`,
        { method: 'POST', headers: { Authorization: `Bearer ${bridge.token}` }, body: 'x' },
      );
      expect(res.status).toBe(200);
      const stored = ((await res.json()) as { path: string }).path;
      expect(path.basename(stored)).toBe('dropped-file');
    }
  });

  it('rejects malformed arguments with 400 and a message naming the field', async () => {
    const res = await fetch(`${bridge.origin}/api/startJob`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bridge.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([['relative/path'], OPTIONS]),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/paths\[0\].*absolute/);
  });
});

describe('HTTP bridge API', () => {
  it('persists settings in its config file', async () => {
    const saved = await api.saveSettings({
      ...(await api.getSettings()),
      threshold: 0.7,
      ocr: 'never',
    });
    expect(saved.threshold).toBe(0.7);
    const onDisk = JSON.parse(
      await readFile(path.join(dir, 'config', 'settings.json'), 'utf8'),
    ) as { threshold: number };
    expect(onDisk.threshold).toBe(0.7);
    await expect(api.saveSettings({ ...saved, threshold: 3 })).rejects.toThrow(
      /settings.threshold/,
    );
  });

  it('processes a folder in a separate process, reporting every file, errors included', async () => {
    const { jobId, files } = await api.startJob([path.join(dir, 'in')], OPTIONS);
    expect(files.map((f) => f.relativePath)).toEqual(['broken.pdf', 'memo.txt']);
    const events = await eventsUntilDone(jobId);
    const done = events.filter((e) => e.kind === 'file-done');
    expect(done.map((e) => [path.basename(e.file), e.status])).toEqual([
      ['broken.pdf', 'error'],
      ['memo.txt', 'ok'],
    ]);
    const memo = await api.getResult(path.join(dir, 'in', 'memo.txt'));
    expect(memo.spans.map((s) => s.type)).toEqual(['EMAIL', 'PHONE']);
    expect(memo.anonymized).toContain('[EMAIL REDACTED]');
  });

  it('cancels a job: files not yet processed end as cancelled', async () => {
    const { jobId } = await api.startJob([path.join(dir, 'in')], OPTIONS);
    await api.cancelJob(jobId);
    const events = await eventsUntilDone(jobId);
    const last = events[events.length - 1];
    expect(last).toMatchObject({ kind: 'job-done', cancelled: true });
    expect(
      events.filter((e) => e.kind === 'file-done').every((e) => e.status === 'cancelled'),
    ).toBe(true);
  });

  it('exports under the review decisions, re-reading span text from the document', async () => {
    const memoPath = path.join(dir, 'in', 'memo.txt');
    const memo = await api.getResult(memoPath);
    const phone = memo.candidates!.findIndex((s) => s.type === 'PHONE');
    const forged = {
      start: 0,
      end: 5,
      type: 'NAME',
      score: 1,
      source: 'manual' as const,
      text: 'forged',
    };
    const summary = await api.exportResults({
      outputFolder: path.join(dir, 'out'),
      policy: POLICY,
      files: [{ file: memoPath, decisions: { rejected: [phone], retyped: [], added: [forged] } }],
    });
    expect(summary.written.map((f) => path.relative(summary.outputFolder, f))).toEqual(
      expect.arrayContaining([
        'Results.xlsx',
        path.join('anonymized', 'memo.txt'),
        'detections.jsonl',
      ]),
    );
    const anonymised = await readFile(path.join(dir, 'out', 'anonymized', 'memo.txt'), 'utf8');
    expect(anonymised).toBe('[NAME REDACTED] to [EMAIL REDACTED] or call (555) 123-4567.\n');
    const jsonl = await readFile(path.join(dir, 'out', 'detections.jsonl'), 'utf8');
    expect(jsonl).toContain('pat.sample@example.com');
    expect(jsonl).not.toContain('forged');
    const record = JSON.parse(jsonl.trim().split('\n')[0]!) as { spans: { text: string }[] };
    expect(record.spans.map((s) => s.text)).toEqual(['Write', 'pat.sample@example.com']);
  });

  it('keeps an audit trail: every decision with reviewer and time, unopened files unreviewed', async () => {
    await api.saveSettings({ ...(await api.getSettings()), reviewer: 'A. Auditor' });
    const memoPath = path.join(dir, 'in', 'memo.txt');
    const otherPath = path.join(dir, 'in', 'other.txt');
    await writeFile(otherPath, 'Mail lee@example.org today.\n');
    const { jobId } = await api.startJob([otherPath], OPTIONS);
    await eventsUntilDone(jobId);
    const memo = await api.getResult(memoPath);
    const phone = memo.candidates!.findIndex((s) => s.type === 'PHONE');
    const email = memo.candidates!.findIndex((s) => s.type === 'EMAIL');
    const at = '2026-11-24T10:00:00.000Z';
    const decisions = {
      rejected: [phone],
      retyped: [{ index: email, type: 'URL' }],
      added: [
        { start: 0, end: 5, type: 'NAME', score: 1, source: 'manual' as const, text: 'Write' },
      ],
      log: [
        { key: `reject:c${phone}`, at },
        { key: `retype:c${email}`, at },
        { key: 'add:0-5', at },
      ],
    };
    const out = path.join(dir, 'out-audit');
    await api.exportResults({
      outputFolder: out,
      policy: POLICY,
      files: [{ file: memoPath, decisions }, { file: otherPath }],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(out, 'Results.xlsx'));
    const rows = (workbook.getWorksheet('Review')!.getSheetValues().slice(2) as unknown[][])
      .filter(Boolean)
      .map((r) => r.slice(1));
    expect(rows).toEqual([
      [
        'memo.txt',
        'added by selection',
        'NAME',
        undefined,
        0,
        5,
        'Write',
        undefined,
        undefined,
        'A. Auditor',
        at,
      ],
      [
        'memo.txt',
        'retyped',
        'URL',
        'EMAIL',
        9,
        31,
        'pat.sample@example.com',
        'pattern',
        expect.any(Number),
        'A. Auditor',
        at,
      ],
      [
        'memo.txt',
        'rejected',
        'PHONE',
        undefined,
        40,
        54,
        '(555) 123-4567',
        'pattern',
        expect.any(Number),
        'A. Auditor',
        at,
      ],
      ['other.txt', 'unreviewed'],
    ]);
    const records = (await readFile(path.join(out, 'detections.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reviewed: boolean; review?: { action: string }[] });
    expect(records.map((r) => r.reviewed)).toEqual([true, false]);
    expect(records[0]!.review!.map((r) => r.action)).toEqual([
      'added by selection',
      'retyped',
      'rejected',
    ]);
  });

  it('saves the review and its undo history as it goes, without document text, and flags a file changed since', async () => {
    const file = path.join(dir, 'in', 'saved.txt');
    await writeFile(file, 'Call Jo Bloggs at jo@example.net.\n');
    const { jobId } = await api.startJob([file], OPTIONS);
    await eventsUntilDone(jobId);
    const added = {
      start: 5,
      end: 14,
      type: 'NAME',
      score: 1,
      source: 'manual' as const,
      text: 'Jo Bloggs',
    };
    await api.saveReview(file, { rejected: [0], retyped: [], added: [added] });
    const onDisk = await readFile(path.join(dir, 'config', 'review.json'), 'utf8');
    expect(onDisk).toContain(file);
    expect(onDisk).not.toContain('Jo Bloggs');
    const saved = (await api.getReview()).find((f) => f.file === file)!;
    expect(saved).toMatchObject({ root: file, changed: false });
    expect(saved.decisions).toMatchObject({
      rejected: [0],
      added: [{ start: 5, end: 14, text: 'Jo Bloggs' }],
    });
    // The undo history is saved with the decisions (without text) and comes back with them.
    const before = { rejected: [], retyped: [], added: [added] };
    await api.saveReview(
      file,
      { rejected: [0], retyped: [], added: [added] },
      { past: [{ rejected: [], retyped: [], added: [] }, before], future: [] },
    );
    expect(await readFile(path.join(dir, 'config', 'review.json'), 'utf8')).not.toContain(
      'Jo Bloggs',
    );
    const withHistory = (await api.getReview()).find((f) => f.file === file)!;
    expect(withHistory.history!.past).toHaveLength(2);
    expect(withHistory.history!.past[1]!.added[0]).toMatchObject({ start: 5, text: 'Jo Bloggs' });
    await expect(
      api.saveReview(file, before, { past: 'all of it', future: [] } as never),
    ).rejects.toThrow(/history\.past/);
    await writeFile(file, 'Call Jo Bloggs at jo@example.net today.\n');
    const changed = (await api.getReview()).find((f) => f.file === file)!;
    expect(changed.changed).toBe(true);
    expect(changed.decisions).toBeUndefined();
    // A file that is gone is forgotten, not restored as an error.
    await rm(file);
    expect((await api.getReview()).some((f) => f.file === file)).toBe(false);
    expect(await readFile(path.join(dir, 'config', 'review.json'), 'utf8')).not.toContain(file);
  });

  it('exports a validated pattern detection whatever the model threshold', async () => {
    // A spaced SSN without a label scores 0.5: the threshold must not hide it (issue 21).
    const file = path.join(dir, 'in', 'ssn.txt');
    await writeFile(file, 'Her number is 123 45 6789 as printed.\n');
    const { jobId } = await api.startJob([file], OPTIONS);
    await eventsUntilDone(jobId);
    const ssn = (await api.getResult(file)).candidates!.find((s) => s.type === 'SSN')!;
    expect(ssn.score).toBeLessThan(0.9);
    await api.exportResults({
      outputFolder: path.join(dir, 'out-ssn'),
      policy: { types: entityTypes.list(), modelThreshold: 0.9 },
      files: [{ file }],
    });
    const anonymised = await readFile(path.join(dir, 'out-ssn', 'anonymized', 'ssn.txt'), 'utf8');
    expect(anonymised).toBe('Her number is [SSN REDACTED] as printed.\n');
  });

  it("reports an export's progress file by file while it runs, and none when idle", async () => {
    const memo = path.join(dir, 'in', 'memo.txt');
    const ssn = path.join(dir, 'in', 'ssn.txt');
    expect(await api.exportProgress()).toBeNull();
    const seen: number[] = [];
    const settings = await api.getSettings();
    const { exportResults } = await import('../../src/bridge/exportResults.js');
    await exportResults(
      {
        outputFolder: path.join(dir, 'out-progress'),
        policy: POLICY,
        files: [{ file: memo }, { file: ssn }],
      },
      (file) => {
        const result = backend.jobs.result(file);
        return result ? { result, root: path.join(dir, 'in') } : undefined;
      },
      settings,
      undefined,
      (done) => seen.push(done),
    );
    expect(seen).toEqual([1, 2]);
    expect(await api.exportProgress()).toBeNull();
  });

  it('finds a type where the patterns find it, for search and redact', async () => {
    const memo = path.join(dir, 'in', 'memo.txt');
    const text = (await api.getResult(memo)).text;
    const found = await api.findByType(memo, 'EMAIL');
    expect(found.map((r) => text.slice(r.start, r.end))).toEqual(['pat.sample@example.com']);
    const phones = await api.findByType(memo, 'PHONE');
    expect(phones.map((r) => text.slice(r.start, r.end))).toEqual(['(555) 123-4567']);
    await expect(api.findByType(memo, 'NOT_A_TYPE')).rejects.toThrow(/type/);
  });

  it('counts what a filter would export in clear before anything is written', async () => {
    const memoPath = path.join(dir, 'in', 'memo.txt');
    const request = { outputFolder: path.join(dir, 'never'), files: [{ file: memoPath }] };
    const none = await api.previewExport({ ...request, policy: POLICY });
    expect(none.hidden).toBe(0);
    const filtered = await api.previewExport({
      ...request,
      policy: { types: ['EMAIL'], modelThreshold: 0.5 },
    });
    expect(filtered).toMatchObject({ hidden: 1, hiddenByType: { PHONE: 1 } });
    // A rejected detection is the reviewer's decision, not a filter's: not counted.
    const rejected = await api.previewExport({
      ...request,
      policy: { types: ['EMAIL'], modelThreshold: 0.5 },
      files: [{ file: memoPath, decisions: { rejected: [1], retyped: [], added: [] } }],
    });
    const memo = await api.getResult(memoPath);
    expect(memo.candidates![1]!.type).toBe('PHONE');
    expect(rejected.hidden).toBe(0);
    expect(existsSync(path.join(dir, 'never'))).toBe(false);
  });

  it('leaves a type out of the export when the policy leaves it out', async () => {
    const memoPath = path.join(dir, 'in', 'memo.txt');
    await api.exportResults({
      outputFolder: path.join(dir, 'out-types'),
      policy: { types: ['EMAIL'], modelThreshold: 0.5 },
      files: [{ file: memoPath }],
    });
    const anonymised = await readFile(
      path.join(dir, 'out-types', 'anonymized', 'memo.txt'),
      'utf8',
    );
    expect(anonymised).toBe('Write to [EMAIL REDACTED] or call (555) 123-4567.\n');
  });

  it('refuses to export into an input folder', async () => {
    const memoPath = path.join(dir, 'in', 'memo.txt');
    await expect(
      api.exportResults({
        outputFolder: path.join(dir, 'in', 'out'),
        policy: POLICY,
        files: [{ file: memoPath }],
      }),
    ).rejects.toThrow(/inside the input folder/);
  });

  it('stores a dropped file privately and returns its path', async () => {
    const bytes = new TextEncoder().encode('dropped text');
    const [stored] = await api.pathsForDroppedFiles([
      { name: '../../escape.txt', arrayBuffer: () => Promise.resolve(bytes.buffer as ArrayBuffer) },
    ]);
    expect(path.basename(stored!)).toBe('escape.txt');
    expect(stored!.startsWith(path.join(dir, 'dropped'))).toBe(true);
    expect(await readFile(stored!, 'utf8')).toBe('dropped text');
  });
});

describe('the user recognizers in Settings', () => {
  const RECOGNIZERS =
    'types:\n  - name: CLIENT_CODE\n    placeholder: "[CLIENT CODE REDACTED]"\n' +
    "recognizers:\n  - name: codes\n    type: CLIENT_CODE\n    patterns: ['\\bCL-\\d{6}\\b']\n" +
    '  - name: clients\n    type: COMPANY\n    terms: ["Project Falcon"]\n' +
    'allow: ["Reserve Bank of India"]\n';

  it('previews a recognizers text on a sample, and reports a mistake with its line', async () => {
    const check = await api.checkRecognizers(RECOGNIZERS, 'Project Falcon, client CL-123456.');
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.spans.map((s) => [s.type, s.text])).toEqual([
      ['COMPANY', 'Project Falcon'],
      ['CLIENT_CODE', 'CL-123456'],
    ]);
    expect(check.anonymized).toBe('[COMPANY NAME REDACTED], client [CLIENT CODE REDACTED].');
    expect(check.types.map((t) => [t.type, t.placeholder])).toEqual([
      ['CLIENT_CODE', '[CLIENT CODE REDACTED]'],
    ]);
    const bad = await api.checkRecognizers(
      RECOGNIZERS.replace('CLIENT_CODE\n    patterns', 'CLIENT_KODE\n    patterns'),
      '',
    );
    expect(bad).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^Settings › Recognizers:6: recognizer "codes": unknown type CLIENT_KODE/,
      ),
    });
  });

  it('saves the text (refusing a bad one), redacts its new types from the start, and jobs and exports use it', async () => {
    const before = await api.getSettings();
    await expect(api.saveSettings({ ...before, recognizers: 'recognizers: [' })).rejects.toThrow(
      /Settings › Recognizers:1: invalid YAML/,
    );
    const saved = await api.saveSettings({ ...before, recognizers: RECOGNIZERS });
    expect(saved.types).toContain('CLIENT_CODE');
    expect(saved.propagate).toBe('document');

    const file = path.join(dir, 'rec', 'memo.txt');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'Project Falcon: client CL-123456 at the Reserve Bank of India.\n');
    const { jobId } = await api.startJob([file], {
      ...OPTIONS,
      types: saved.types,
      recognizers: RECOGNIZERS,
    });
    await eventsUntilDone(jobId);
    const result = await api.getResult(file);
    expect(result.spans.map((s) => [s.type, s.text, s.source])).toEqual([
      ['COMPANY', 'Project Falcon', 'user'],
      ['CLIENT_CODE', 'CL-123456', 'user'],
    ]);
    await api.exportResults({
      outputFolder: path.join(dir, 'out-rec'),
      policy: {
        types: saved.types,
        modelThreshold: 0.5,
        allow: ['Project Falcon'],
        propagate: 'document',
      },
      files: [{ file }],
    });
    // The export's own policy decides: its allow-list keeps "Project Falcon" this time.
    expect(await readFile(path.join(dir, 'out-rec', 'anonymized', 'memo.txt'), 'utf8')).toBe(
      'Project Falcon: client [CLIENT CODE REDACTED] at the Reserve Bank of India.\n',
    );
  });
});
