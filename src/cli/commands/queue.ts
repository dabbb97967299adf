/**
 * `finredact submit` and `finredact worker`: a batch spread over workers through a Redis queue
 * (src/queue). Submit queues one job per file and, with --wait, follows the batch and writes its
 * Results.xlsx and detections.jsonl; workers process jobs until stopped (SIGTERM or Ctrl-C
 * finishes the jobs in hand first).
 */
import { Command, Option } from 'commander';
import cliProgress from 'cli-progress';
import { UsageError } from '../../domain/usageError.js';
// The queue modules (BullMQ, ioredis) are imported when a queue command runs, not at start-up.
import { parseIntegerOption } from '../parseRedactArgs.js';
import {
  addRedactOptions,
  EXIT_OK,
  EXIT_SOME_FAILED,
  EXIT_USAGE,
  redactOptionsFrom,
  type CliStreams,
  type RedactCliOptions,
} from './redact.js';

interface SubmitFlags extends RedactCliOptions {
  queue: string;
  send: 'path' | 'bytes';
  attempts: number;
  wait: boolean;
}

const SUBMIT_HELP = `
Each file becomes one job on the queue; any number of "finredact worker" processes, on any
machines that reach the Redis server and share --out (mounted at the same path), take them.
--send path (default) sends each file's path: workers must be able to read it there too;
--send bytes sends the file itself (up to 64 MB each).
Per-file outputs (redacted copies, anonymised text) are written by the workers; with --wait this
command shows progress and, when every file is done or has failed its attempts, writes
Results.xlsx and detections.jsonl for the batch, every file with its status.
Redis is asked once before anything is written or queued: if it cannot be reached, submit says why
in one line and exits 2 within a few seconds. A Redis restart while --wait follows the batch is
ridden out (said once); jobs are kept if Redis keeps its append-only file.
Options that need every file at once (--propagate batch, --consistent batch, --mapping) are
refused: use "finredact redact" for them.

Examples:
  $ redis-server --port 6379 --appendonly yes &
  $ finredact worker --queue redis://127.0.0.1:6379 &
  $ finredact submit archive/ --queue redis://127.0.0.1:6379 --out /shared/out --wait`;

const WORKER_HELP = `
A worker checks Redis once at start: if it cannot be reached it says why in one line and exits 2
(or, with --wait-for-redis, tries again 1, 2, 4 … 30 s apart, saying so each time). Once running,
a Redis restart is ridden out: the worker says once that Redis is gone and goes on when it is back.
SIGTERM or Ctrl-C stops it within --stop-timeout seconds (default 8), whatever Redis does: the jobs
in hand are finished and recorded if Redis answers and they end in time; otherwise they are left,
and another worker takes them once their lock expires (--lock-timeout). A second signal stops at
once. Exit code 0: stopped with no job left; 3: jobs in hand were left to other workers; 2: Redis
could not be reached at start, or a usage error.

Example:
  $ finredact worker --queue redis://127.0.0.1:6379 --concurrency 2`;

/** A stopped worker left jobs in hand for other workers to take again. */
export const EXIT_JOBS_DROPPED = 3;

export function registerQueueCommands(
  program: Command,
  streams: CliStreams,
  setExitCode: (code: number) => void,
): void {
  const fail = (error: unknown) => {
    if (!(error instanceof UsageError)) throw error;
    streams.stderr.write(`finredact: error: ${error.message}\n`);
    setExitCode(EXIT_USAGE);
  };

  addRedactOptions(
    program
      .command('submit')
      .description(
        'queue files for workers (Redis); --wait to follow the batch and write its reports',
      )
      .argument('<paths...>', 'files or folders to redact'),
  )
    .requiredOption('--queue <url>', 'the Redis server, e.g. redis://127.0.0.1:6379')
    .addOption(
      new Option('--send <what>', 'what a job carries: the file path or its bytes')
        .choices(['path', 'bytes'])
        .default('path'),
    )
    .option(
      '--attempts <n>',
      'tries per file before it is reported failed',
      parseIntegerOption(1, 20),
      3,
    )
    .option(
      '--wait',
      'show progress until the batch is done, then write Results.xlsx and detections.jsonl',
      false,
    )
    .addHelpText('after', SUBMIT_HELP)
    .action(async (paths: string[], flags: SubmitFlags) => {
      try {
        const options = await redactOptionsFrom(flags);
        const { submitBatch } = await import('../../queue/submitBatch.js');
        const { waitForBatch } = await import('../../queue/waitForBatch.js');
        const batch = await submitBatch(paths, {
          queueUrl: flags.queue,
          outDir: flags.out,
          options,
          send: flags.send,
          attempts: flags.attempts,
          onNotice: (m) => streams.stderr.write(`${m}\n`),
        });
        streams.stdout.write(
          `batch ${batch.batchId}: ${batch.queued} of ${batch.total} files queued\n`,
        );
        if (!flags.wait) return;
        const bar = streams.stderr.isTTY
          ? new cliProgress.SingleBar(
              {
                format: 'batch {bar} {value}/{total} files ({failed} failed)',
                stream: streams.stderr,
              },
              cliProgress.Presets.shades_classic,
            )
          : undefined;
        bar?.start(batch.total, 0, { failed: 0 });
        const { results } = await waitForBatch(flags.queue, flags.out, batch.batchId, {
          onProgress: (p) => bar?.update(p.done + p.failed, { failed: p.failed }),
          onNotice: (m) => streams.stderr.write(`${m}\n`),
        });
        bar?.stop();
        const failed = results.filter((r) => r.status === 'error');
        for (const r of failed)
          streams.stderr.write(`  ${r.relativePath}: ${r.error ?? 'failed'}\n`);
        streams.stdout.write(
          `batch ${batch.batchId}: ${results.filter((r) => r.status === 'ok').length} of ${results.length} files redacted${failed.length ? `, ${failed.length} failed` : ''} → ${flags.out}\n`,
        );
        setExitCode(failed.length > 0 ? EXIT_SOME_FAILED : EXIT_OK);
      } catch (error) {
        fail(error);
      }
    });

  program
    .command('worker')
    .description(
      'process queued files (Redis) until stopped; SIGTERM or Ctrl-C stops it within --stop-timeout',
    )
    .requiredOption('--queue <url>', 'the Redis server, e.g. redis://127.0.0.1:6379')
    .option(
      '--concurrency <n>',
      'jobs processed at once (each with one OCR thread; FINREDACT_OCR_WORKERS overrides)',
      parseIntegerOption(1, 64),
      1,
    )
    .option(
      '--model-threads <n>',
      "the model's threads in this worker (start one worker per core, or raise --concurrency)",
      parseIntegerOption(1, 64),
      1,
    )
    .option(
      '--lock-timeout <seconds>',
      'how long a job stays claimed by a worker that stopped answering before another takes it',
      parseIntegerOption(1, 3600),
      30,
    )
    .option(
      '--stop-timeout <seconds>',
      'on SIGTERM or Ctrl-C, how long the jobs in hand may take to finish before they are left to other workers',
      parseIntegerOption(1, 3600),
      8,
    )
    .option(
      '--wait-for-redis',
      'if Redis cannot be reached at start, try again with backoff (up to 30 s apart) instead of exiting 2',
      false,
    )
    .addHelpText('after', WORKER_HELP)
    .action(
      async (flags: {
        queue: string;
        concurrency: number;
        lockTimeout: number;
        modelThreads: number;
        stopTimeout: number;
        waitForRedis: boolean;
      }) => {
        // One OCR thread per job lane: scaling is by workers and --concurrency, and a worker that
        // took every core for one job's OCR would leave the next worker none.
        process.env.FINREDACT_OCR_WORKERS ??= String(flags.concurrency);
        try {
          const { startWorker, stopWorker } = await import('../../queue/queueWorker.js');
          const { RedisUnreachable, displayQueueUrl } = await import('../../queue/redisReach.js');
          const where = displayQueueUrl(flags.queue);
          // A signal that comes while Redis is still awaited ends the wait at once.
          const stopped = new AbortController();
          const onSignal = () => stopped.abort();
          process.once('SIGTERM', onSignal);
          process.once('SIGINT', onSignal);
          const start = () =>
            startWorker({
              queueUrl: flags.queue,
              concurrency: flags.concurrency,
              lockMs: flags.lockTimeout * 1000,
              modelThreads: flags.modelThreads,
              onEvent: (e) => {
                if (e.type === 'done')
                  streams.stdout.write(`done ${e.relativePath} (${e.status})\n`);
                else if (e.type === 'failed')
                  streams.stderr.write(
                    `${e.final ? 'failed' : 'will retry'} ${e.relativePath}: ${e.error}\n`,
                  );
                else streams.stderr.write(`${e.message}\n`);
              },
            });
          let worker;
          for (let attempt = 1; ; attempt++) {
            try {
              worker = await start();
              break;
            } catch (error) {
              if (!(error instanceof RedisUnreachable) || !flags.waitForRedis) throw error;
              const delay = Math.min(30, 2 ** (attempt - 1));
              streams.stderr.write(
                `${error.message} (attempt ${attempt}); trying again in ${delay} s\n`,
              );
              await new Promise<void>((resolveDelay) => {
                const timer = setTimeout(resolveDelay, delay * 1000);
                stopped.signal.addEventListener('abort', () => {
                  clearTimeout(timer);
                  resolveDelay();
                });
              });
              if (stopped.signal.aborted) {
                streams.stderr.write('stopped before Redis could be reached\n');
                return;
              }
            }
          }
          streams.stderr.write(`worker ready on ${where} (concurrency ${flags.concurrency})\n`);
          if (!stopped.signal.aborted) {
            await new Promise<void>((resolveSignal) =>
              stopped.signal.addEventListener('abort', () => resolveSignal()),
            );
          }
          // A second signal stops at once, leaving the jobs in hand to other workers.
          const again = new AbortController();
          process.once('SIGTERM', () => again.abort());
          process.once('SIGINT', () => again.abort());
          const inHand = worker.inHand();
          streams.stderr.write(
            inHand > 0
              ? `stopping: finishing ${inHand} job${inHand === 1 ? '' : 's'} in hand (up to ${flags.stopTimeout} s; signal again to stop now)\n`
              : 'stopping\n',
          );
          const outcome = await stopWorker(
            worker,
            flags.queue,
            flags.stopTimeout * 1000,
            again.signal,
          );
          if (outcome.kind === 'finished') {
            streams.stderr.write('stopped\n');
            setExitCode(EXIT_OK);
          } else if (outcome.jobs === 0) {
            streams.stderr.write(`stopped (${outcome.why}); no job was in hand\n`);
            setExitCode(EXIT_OK);
          } else {
            streams.stderr.write(
              `stopped with ${outcome.jobs} job${outcome.jobs === 1 ? '' : 's'} in hand left for another worker (${outcome.why}); they are taken again once their lock expires (--lock-timeout)\n`,
            );
            setExitCode(EXIT_JOBS_DROPPED);
          }
        } catch (error) {
          fail(error);
        }
      },
    );
}
