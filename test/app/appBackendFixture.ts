/**
 * An app backend as the desktop app starts one — processing in a forked host, settings and the
 * drop folder under a test's own folder — and a job run to its end.
 */
import path from 'node:path';
import type { JobFile, JobOptions } from '../../src/api/finredactApi.js';
import { AppBackend } from '../../src/bridge/appBackend.js';
import { forkProcessingHost } from '../../src/bridge/forkProcessingHost.js';
import { entityTypes } from '../../src/domain/entityTypes.js';

export function appBackendIn(dir: string): AppBackend {
  return new AppBackend({
    launchHost: forkProcessingHost,
    settingsFile: path.join(dir, 'config', 'settings.json'),
    dropFolder: path.join(dir, 'dropped'),
  });
}

/** Queues `paths` and resolves with the queued files once the job is done. */
export async function processedWith(
  backend: AppBackend,
  paths: readonly string[],
  options: Partial<JobOptions> = {},
): Promise<JobFile[]> {
  const job = await backend.startJob(paths, {
    types: entityTypes.list(),
    ocr: 'auto',
    ner: true,
    ...options,
  });
  await new Promise<void>((resolve) => {
    const stop = backend.jobs.subscribe(job.jobId, (e) => {
      if (e.kind === 'job-done') {
        queueMicrotask(() => stop());
        resolve();
      }
    });
  });
  return job.files;
}
