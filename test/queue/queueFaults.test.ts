/**
 * The queue under the faults an operator meets first: a wrong Redis address (submit, submit
 * --wait and worker say so in one line and exit 2 within seconds), a worker stopped while its
 * Redis is gone (it exits within 10 s and its job is taken by another), Redis killed outright and
 * restarted under `submit --wait` (every file once, outputs identical to `redact`'s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS, type RedactOptions } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { QUEUE_NAME, queueConnection } from '../../src/queue/queueConnection.js';
import { jobId } from '../../src/queue/queueJob.js';
import { checkRedis, RedisUnreachable } from '../../src/queue/redisReach.js';
import { submitBatch } from '../../src/queue/submitBatch.js';
import { waitForBatch } from '../../src/queue/waitForBatch.js';
import { scannedInvoicePdf } from '../../templates/barcodes/paymentCodes.js';
import { filesUnder, makeTempDir, type TempDir } from '../io/fixtures.js';
import { freePort, REDIS_MISSING, redisAvailable, RedisServer } from './redisServer.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'src/cli/main.ts');

if (!redisAvailable) console.log(`queue fault tests skipped: ${REDIS_MISSING}`);

interface Run {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Exit code and the milliseconds from `since` (start, unless reset) to the exit. */
  readonly exit: Promise<{ code: number | null; ms: number }>;
  since: number;
}

function cli(args: readonly string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const run: Run = {
    child,
    stdout: () => out,
    stderr: () => err,
    since: Date.now(),
    exit: new Promise((resolve) =>
      child.once('exit', (code) => resolve({ code, ms: Date.now() - run.since })),
    ),
  };
  running.push(child);
  return run;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stack frames ("    at fn (file:line)") and Node's error dumps ("errno: -111") must not show. */
const STACK = /^\s+at |errno:|syscall:/m;

let dir: TempDir;
let deadUrl: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  dir = await makeTempDir('finredact-faults-');
  await dir.file('in/note.txt', 'Write to jo.bloggs@example.org or call 415-555-0134.');
  // A port that was free a moment ago: nothing listens there.
  deadUrl = `redis://127.0.0.1:${await freePort()}`;
});
afterAll(async () => {
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await dir.remove();
});

describe.skipIf(!redisAvailable)('the queue against a Redis that is not there', () => {
  it.each([
    ['submit', ['submit', 'IN', '--queue', 'DEAD', '--out', 'OUT', '--no-ner']],
    ['submit --wait', ['submit', 'IN', '--queue', 'DEAD', '--out', 'OUT', '--no-ner', '--wait']],
    ['worker', ['worker', '--queue', 'DEAD']],
  ])(
    '%s says so in one line and exits 2 within 5 s',
    async (name, template) => {
      const out = join(dir.path, `out-dead-${name.replace(/\W+/g, '-')}`);
      const args = template.map((a) =>
        a === 'IN' ? join(dir.path, 'in') : a === 'DEAD' ? deadUrl : a === 'OUT' ? out : a,
      );
      const run = cli(args);
      const { code, ms } = await run.exit;
      expect(code).toBe(2);
      // Node and tsx start-up included; the old behaviour never ended at all.
      expect(ms).toBeLessThan(5000);
      expect(run.stderr().trim()).toBe(
        `finredact: error: cannot reach Redis at ${deadUrl}: connection refused; is redis-server running?`,
      );
      expect(run.stderr()).not.toMatch(STACK);
      // Nothing was written for a batch that was never queued.
      expect(existsSync(out)).toBe(false);
    },
    30_000,
  );

  it('names the reason and never the password', async () => {
    const secret = deadUrl.replace('redis://', 'redis://ops:s3cret-pw@');
    const error = await checkRedis(secret, 2000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedisUnreachable);
    expect((error as Error).message).toBe(
      `cannot reach Redis at ${deadUrl}: connection refused; is redis-server running?`,
    );
    const noHost = await checkRedis('redis://no-such-host.invalid:6379', 2000).catch(
      (e: unknown) => e as Error,
    );
    expect((noHost as Error).message).toMatch(/no-such-host\.invalid:6379: no such host/);
  });

  it('a worker told --wait-for-redis says each attempt, then works once Redis comes', async () => {
    const port = Number(new URL(deadUrl).port);
    const url = `redis://127.0.0.1:${port}`;
    const worker = cli(['worker', '--queue', url, '--wait-for-redis']);
    await until('a first attempt', () => worker.stderr().includes('(attempt 1)'), 20_000);
    expect(worker.stderr()).toMatch(
      /cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+: connection refused; is redis-server running\? \(attempt 1\); trying again in 1 s/,
    );
    const redis = await RedisServer.start(port);
    try {
      await until('the worker to be ready', () => worker.stderr().includes('worker ready'), 60_000);
      expect(worker.stderr()).not.toMatch(STACK);
      worker.child.kill('SIGTERM');
      expect((await worker.exit).code).toBe(0);
    } finally {
      await redis.remove();
    }
  }, 120_000);
});

describe.skipIf(!redisAvailable)('a worker whose Redis goes away', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(async () => {
    await redis?.remove();
  });

  it('stops within 10 s on SIGTERM when idle', async () => {
    const worker = cli(['worker', '--queue', redis.url]);
    await until('the worker to be ready', () => worker.stderr().includes('worker ready'));
    await redis.stop();
    await until('the worker to notice', () => worker.stderr().includes('lost Redis'), 20_000);
    worker.since = Date.now();
    worker.child.kill('SIGTERM');
    const { code, ms } = await worker.exit;
    expect(ms).toBeLessThan(10_000);
    expect(code).toBe(0);
    // Said once, however long the outage: ioredis retries several times a second.
    expect(worker.stderr().match(/lost Redis/g)).toHaveLength(1);
    expect(worker.stderr()).not.toMatch(STACK);
    await redis.resume();
  }, 120_000);

  it('drops the job in hand, exits 3 within 10 s, and another worker takes the job', async () => {
    // A scanned page: OCR makes the job last long enough to be caught in hand.
    await dir.file('slow/letter.pdf', await scannedInvoicePdf());
    const options: RedactOptions = { ...DEFAULT_REDACT_OPTIONS, ner: false };
    const out = join(dir.path, 'out-dropped');
    const batch = await submitBatch([join(dir.path, 'slow')], {
      queueUrl: redis.url,
      outDir: out,
      options,
      send: 'path',
      attempts: 3,
    });
    const worker = cli(['worker', '--queue', redis.url, '--lock-timeout', '2']);
    const queue = new Queue(QUEUE_NAME, { connection: queueConnection(redis.url) });
    try {
      await until('the job to be taken', async () => {
        return (await queue.getJobState(jobId(batch.batchId, 0))) === 'active';
      });
    } finally {
      await queue.close();
    }
    await redis.stop('SIGKILL');
    worker.since = Date.now();
    worker.child.kill('SIGTERM');
    const { code, ms } = await worker.exit;
    expect(ms).toBeLessThan(10_000);
    expect(code).toBe(3);
    expect(worker.stderr()).toMatch(/stopped with 1 job in hand left for another worker/);
    expect(worker.stderr()).not.toMatch(STACK);

    await redis.resume();
    cli(['worker', '--queue', redis.url, '--lock-timeout', '2']);
    const { results } = await waitForBatch(redis.url, out, batch.batchId, { pollMs: 200 });
    expect(results.map((r) => [r.relativePath, r.status])).toEqual([['letter.pdf', 'ok']]);
    expect(await filesUnder(join(out, 'redacted'))).toEqual(['letter.pdf']);
  }, 180_000);
});

describe.skipIf(!redisAvailable)('submit --wait while Redis is killed and restarted', () => {
  it('finishes every file once, with outputs identical to redact', async () => {
    const redis = await RedisServer.start();
    try {
      const samples = join(ROOT, 'samples');
      for (const name of await readdir(samples)) {
        // The queue reads each file alone; an e-mail's attachments join a batch only in
        // `finredact redact` (README), so the comparison with redact leaves the demo e-mail out.
        if (name.endsWith('.yaml') || name.endsWith('.eml')) continue;
        for (const copy of ['a', 'b'])
          await dir.file(join('batch', `${copy}-${name}`), await readFile(join(samples, name)));
      }
      const inputs = join(dir.path, 'batch');
      const reference = join(dir.path, 'out-reference');
      // submit's layout is the CLI's default, split.
      const direct = await runBatch([inputs], reference, {
        ...DEFAULT_REDACT_OPTIONS,
        ner: false,
        layout: 'split',
      });

      const out = join(dir.path, 'out-killed');
      const submit = cli([
        'submit',
        inputs,
        '--queue',
        redis.url,
        '--out',
        out,
        '--no-ner',
        '--wait',
      ]);
      const worker = cli(['worker', '--queue', redis.url, '--lock-timeout', '2']);
      await until('a first file done', () => worker.stdout().includes('done '), 120_000);
      await redis.stop('SIGKILL');
      await new Promise((r) => setTimeout(r, 1500));
      await redis.resume();
      const { code } = await submit.exit;
      expect(submit.stderr()).not.toMatch(STACK);
      expect(code).toBe(0);
      const ok = direct.filter((r) => r.status === 'ok').length;
      expect(submit.stdout()).toMatch(new RegExp(`: ${ok} of ${direct.length} files redacted`));
      const perFile = (await filesUnder(reference)).filter((f) =>
        /^shareable\/(anonymized|redacted)\//.test(f),
      );
      expect(perFile.length).toBeGreaterThanOrEqual(direct.length);
      expect(
        (await filesUnder(out)).filter((f) => /^shareable\/(anonymized|redacted)\//.test(f)),
      ).toEqual(perFile);
      for (const f of perFile) {
        expect(
          Buffer.compare(await readFile(join(reference, f)), await readFile(join(out, f))),
          f,
        ).toBe(0);
      }
      worker.child.kill('SIGTERM');
      expect((await worker.exit).code).toBe(0);
    } finally {
      await redis.remove();
    }
  }, 240_000);
});
