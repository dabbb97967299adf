/**
 * Launches the processing host as a Node child process (the HTTP bridge's way; Electron uses its
 * utilityProcess instead). Under tsx (tests, `npm run dev:web`) the host is a .ts file, so the
 * child gets the tsx loader too.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HostMessage, ProcessingChannel } from './processingProtocol.js';
import { StderrTail } from './stderrTail.js';

export function forkProcessingHost(): ProcessingChannel {
  const runningFromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(
    new URL(runningFromSource ? './processingHost.ts' : './processingHost.js', import.meta.url),
  );
  const child = fork(entry, [], {
    execArgv: runningFromSource ? ['--import', 'tsx'] : [],
    // stderr is watched (and passed on) so that a crash can say why; stdout is not protocol.
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  const stderr = new StderrTail();
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr.add(chunk.toString('utf8'));
  });
  return {
    send: (message) => child.send(message),
    onMessage: (listener) => child.on('message', (m) => listener(m as HostMessage)),
    // 'close' rather than 'exit': it waits for stderr to drain, so the reason is complete.
    onExit: (listener) => child.once('close', (code) => listener(code, stderr.lastError())),
    kill: () => child.kill('SIGKILL'),
  };
}
