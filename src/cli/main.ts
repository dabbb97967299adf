#!/usr/bin/env node
/** The `finredact` bin. */
import { runCli } from './program.js';

// `finredact eval --help | head`: a reader that closes the pipe early has what it wanted; the
// run stops quietly instead of dying with an unhandled EPIPE stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
});
// The command is over. A worker that left jobs to others may still hold their threads and a
// queue connection waiting for Redis; those must not keep the process alive past its answer.
setTimeout(() => process.exit(), 2000).unref();
