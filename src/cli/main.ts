#!/usr/bin/env node
/** The `finredact` bin. */
import { runCli } from './program.js';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
});
