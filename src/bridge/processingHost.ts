/**
 * Entry point of the process that does the heavy work of one job (extraction, OCR, the model),
 * so neither the UI nor the bridge's request handling ever waits on it. One process per job:
 * cancelling is killing it, which stops even a long OCR page at once.
 *
 * It runs under Node's `child_process.fork` (the HTTP bridge) and Electron's
 * `utilityProcess.fork` (the desktop app); the two differ only in how messages arrive.
 */
import type { Detector } from '../detect/engine.js';
import { createRunDetector } from '../pipeline/createRunDetector.js';
import { processFiles } from '../pipeline/processRun.js';
import type { HostMessage, HostStart } from './processingProtocol.js';
import { redactOptionsFor } from './redactOptionsFor.js';

interface ElectronParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const parentPort = (process as unknown as { parentPort?: ElectronParentPort }).parentPort;

function post(message: HostMessage): void {
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

async function runJob(start: HostStart): Promise<void> {
  const { files, options } = start;
  const redactOptions = redactOptionsFor(options);
  let detector: Detector;
  try {
    detector = await createRunDetector(redactOptions, (message) =>
      post({ kind: 'notice', message }),
    );
  } catch (err) {
    post({ kind: 'job-failed', error: `The detector could not start: ${errorMessage(err)}` });
    return;
  }
  // The CLI's own processing, one file at a time (`concurrency: 1`), each result sent as it is
  // done; the run's naming, spreading and placeholders are the export's, after review.
  try {
    await processFiles(
      files.map((f) => ({ ...f, root: f.file })),
      detector,
      redactOptions,
      undefined,
      {
        fileStart: (_index, input) => post({ kind: 'file-started', file: input.file }),
        fileProgress: (_index, input, message) =>
          post({ kind: 'file-progress', file: input.file, message }),
        fileDone: (_index, result) => post({ kind: 'file-done', result }),
      },
    );
  } finally {
    await detector.close?.();
  }
  post({ kind: 'job-done' });
}

function onStart(message: unknown): void {
  const start = message as HostStart;
  if (start?.kind !== 'start') return;
  runJob(start).catch((err: unknown) => post({ kind: 'job-failed', error: errorMessage(err) }));
}

if (parentPort) parentPort.on('message', (event) => onStart(event.data));
else process.on('message', onStart);
