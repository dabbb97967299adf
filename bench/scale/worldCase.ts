/**
 * Files from the world, end to end as `finredact redact` runs them by default (model, every
 * output, every copy read back): `../shared/datasets/wild-dev/docs` (Office, mail and PDF files
 * from another project's parser tests) and the documents of `real-dev` and `real-dev2` (real
 * invoices, statements, reports, exports; scans among them). Prints files/s and pages/s, then
 * where the time went, from the batch's own progress events: each file's span from its start to
 * its result split by what it said it was doing (reading, OCR, detecting), and the writing phase
 * split into writing copies, reading them back, and the reports. With concurrency 2 the stages of
 * two files overlap, so the shares are of summed stage time, not of wall time.
 *   node --import tsx bench/scale/worldCase.ts [concurrency]      (WORLD_OUT=dir keeps the outputs)
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch, type BatchEvent } from '../../src/pipeline/runBatch.js';

const datasets = join(import.meta.dirname, '..', '..', '..', 'shared', 'datasets');
const folders = ['wild-dev/docs', 'real-dev/docs', 'real-dev2/docs']
  .map((f) => join(datasets, f))
  .filter((f) => existsSync(f));
const concurrency = Number(process.argv[2] ?? DEFAULT_REDACT_OPTIONS.concurrency);

type Stage = 'read' | 'OCR' | 'detect' | 'write copies' | 'read copies back' | 'reports';

/** The stage a progress message starts (the messages are the pipeline's own). */
function stageOf(message: string): Stage {
  if (message.startsWith('OCR')) return 'OCR';
  if (message === 'detecting') return 'detect';
  if (message.startsWith('reading the redacted copy back')) return 'read copies back';
  if (message.startsWith('writing the redacted copy') || message.startsWith('writing redacted'))
    return 'write copies';
  if (message.startsWith('writing Results') || /files written$/.test(message)) return 'reports';
  return 'read';
}

const spent = new Map<Stage, number>();
const add = (stage: Stage, ms: number) => spent.set(stage, (spent.get(stage) ?? 0) + ms);
const open = new Map<number, { stage: Stage; since: number }>();
let writing: { stage: Stage; since: number } | undefined;

function onEvent(event: BatchEvent): void {
  const now = performance.now();
  if (event.type === 'file-start') open.set(event.index, { stage: 'read', since: now });
  else if (event.type === 'file-progress' || event.type === 'file-done') {
    const was = open.get(event.index);
    if (was) add(was.stage, now - was.since);
    if (event.type === 'file-done') open.delete(event.index);
    else open.set(event.index, { stage: stageOf(event.message), since: now });
  } else if (event.type === 'writing' || event.type === 'done') {
    if (writing) add(writing.stage, now - writing.since);
    writing = event.type === 'writing' ? { stage: stageOf(event.message), since: now } : undefined;
  }
}

// WORLD_OUT keeps the outputs (for wild-dev's check.py); by default they go to a scratch folder.
const kept = process.env.WORLD_OUT;
const out = kept ?? (await mkdtemp(join(tmpdir(), 'finredact-bench-world-')));
try {
  const start = performance.now();
  const results = await runBatch(folders, out, { ...DEFAULT_REDACT_OPTIONS, concurrency }, onEvent);
  const seconds = (performance.now() - start) / 1000;
  const pages = results.reduce((n, r) => n + Math.max(1, r.pageInfo?.length ?? 0), 0);
  const failed = results.filter((r) => r.status !== 'ok').length;
  const total = [...spent.values()].reduce((a, b) => a + b, 0);
  const shares = Object.fromEntries(
    [...spent].map(([stage, ms]) => [stage, Math.round((1000 * ms) / total) / 10]),
  );
  console.log(
    JSON.stringify({
      folders: folders.length,
      files: results.length,
      pages,
      failed,
      seconds,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      ...Object.fromEntries(Object.entries(shares).map(([k, v]) => [`share ${k}`, v])),
    }),
  );
} finally {
  if (!kept) await rm(out, { recursive: true, force: true });
}
