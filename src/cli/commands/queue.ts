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
Options that need every file at once (--propagate batch, --consistent batch, --mapping) are
refused: use "finredact redact" for them.

Examples:
  $ redis-server --port 6379 --appendonly yes &
  $ finredact worker --queue redis://127.0.0.1:6379 &
  $ finredact submit archive/ --queue redis://127.0.0.1:6379 --out /shared/out --wait`;

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
    .description('process queued files (Redis) until stopped; SIGTERM finishes the jobs in hand')
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
    .action(
      async (flags: {
        queue: string;
        concurrency: number;
        lockTimeout: number;
        modelThreads: number;
      }) => {
        // One OCR thread per job lane: scaling is by workers and --concurrency, and a worker that
        // took every core for one job's OCR would leave the next worker none.
        process.env.FINREDACT_OCR_WORKERS ??= String(flags.concurrency);
        try {
          const { startWorker } = await import('../../queue/queueWorker.js');
          const worker = await startWorker({
            queueUrl: flags.queue,
            concurrency: flags.concurrency,
            lockMs: flags.lockTimeout * 1000,
            modelThreads: flags.modelThreads,
            onEvent: (e) => {
              if (e.type === 'done') streams.stdout.write(`done ${e.relativePath} (${e.status})\n`);
              else if (e.type === 'failed')
                streams.stderr.write(
                  `${e.final ? 'failed' : 'will retry'} ${e.relativePath}: ${e.error}\n`,
                );
              else streams.stderr.write(`${e.message}\n`);
            },
          });
          streams.stderr.write(
            `worker ready on ${flags.queue} (concurrency ${flags.concurrency})\n`,
          );
          await new Promise<void>((resolveStop) => {
            const stop = () => {
              streams.stderr.write('stopping: finishing the jobs in hand\n');
              void worker.close().then(resolveStop);
            };
            process.once('SIGTERM', stop);
            process.once('SIGINT', stop);
          });
        } catch (error) {
          fail(error);
        }
      },
    );
}
