import { Writable } from 'node:stream';
import { runCli } from '../../src/cli/program.js';

export interface CapturedRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The CLI in-process with its two streams captured, for tests that need no child process. */
export async function runCliCaptured(args: readonly string[]): Promise<CapturedRun> {
  const capture = () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    return { stream, text: () => chunks.join('') };
  };
  const out = capture();
  const err = capture();
  const code = await runCli(args, { stdout: out.stream, stderr: err.stream });
  return { code, stdout: out.text(), stderr: err.text() };
}
