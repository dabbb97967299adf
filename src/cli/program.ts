/**
 * The `finredact` program, separate from the bin so tests can run it in-process. Commander's own
 * usage errors (unknown option, missing argument, bad value) exit with code 2, like ours; help
 * and --version exit with 0.
 */
import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { registerEvalCommand } from './commands/eval.js';
import { registerQueueCommands } from './commands/queue.js';
import { registerServeCommand } from './commands/serve.js';
import {
  EXIT_SOME_FAILED,
  EXIT_USAGE,
  registerRedactCommand,
  type CliStreams,
} from './commands/redact.js';

function packageVersion(): string {
  // src/cli (tsx) or dist/src/cli (built)
  for (const up of ['../../package.json', '../../../package.json']) {
    try {
      const json = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (json.name === 'finredact' && json.version) return json.version;
    } catch {
      // not at this level
    }
  }
  return '0.0.0';
}

export function buildProgram(streams: CliStreams, setExitCode: (code: number) => void): Command {
  const program = new Command('finredact')
    .description('Offline redaction of personal data in financial documents')
    .version(packageVersion())
    .exitOverride()
    .configureOutput({
      writeOut: (s) => streams.stdout.write(s),
      writeErr: (s) => streams.stderr.write(s),
    })
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      `
Everything runs on this computer: no file or text leaves it.

Examples:
  $ finredact redact invoices/ --out redacted      redact a folder (Results.xlsx, anonymised text,
                                                   detections.jsonl, redacted PDFs)
  $ finredact redact --help                        all redaction options and the outputs
  $ finredact eval --data labelled.jsonl           precision / recall / F1 and leak rate
  $ finredact worker --queue redis://127.0.0.1:6379  process queued files (see submit --help)
  $ finredact submit archive/ --queue redis://127.0.0.1:6379 --out /shared/out --wait
  $ finredact serve --port 8080                    a local REST API (GET /openapi.json)`,
    );
  registerRedactCommand(program, streams, setExitCode);
  registerEvalCommand(program, setExitCode);
  registerQueueCommands(program, streams, setExitCode);
  registerServeCommand(program, streams, setExitCode);
  return program;
}

/** Runs the CLI on `argv` (without the node and script paths) and returns the exit code. */
export async function runCli(argv: readonly string[], streams: CliStreams): Promise<number> {
  let exitCode = 0;
  const program = buildProgram(streams, (code) => (exitCode = code));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
    streams.stderr.write(
      `finredact: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return EXIT_SOME_FAILED;
  }
}
