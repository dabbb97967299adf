/**
 * Runs the documents the user adds through the backend, one job at a time (the processing
 * process already uses every core), and folds the job events into the queue state.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import type {
  AppSettings,
  FinRedactApi,
  JobFile,
  JobOptions,
} from '../../../src/api/finredactApi.js';
import { entityTypes } from '../../../src/domain/entityTypes.js';
import { emptyQueue, queueReducer, rowsRemovedWith, type QueueState } from './queueState.js';

const STARTING = 'starting';

function jobOptions(settings: AppSettings): JobOptions {
  return {
    // Every type is detected, and the model reports every score: the policy (toggles, threshold)
    // decides in review and export, so changing it never needs processing again.
    types: entityTypes.list(),
    ocr: settings.ocr,
    ner: settings.ner,
    ...(settings.recognizers.trim() === '' ? {} : { recognizers: settings.recognizers }),
  };
}

interface Callbacks {
  /** Files (re)entering processing: any review of an earlier run of them is out of date. */
  readonly onQueued: (files: readonly JobFile[]) => void;
  readonly onError: (message: string) => void;
}

export interface ProcessingQueue {
  readonly queue: QueueState;
  readonly running: boolean;
  /** Queues files and folders; `only` keeps just those files of what they expand to. */
  readonly addPaths: (paths: string[], only?: readonly string[]) => void;
  readonly cancel: () => void;
  /** Takes a finished file (and what is listed under it) out of the queue; resolves to those files. */
  readonly remove: (file: string) => Promise<string[]>;
}

interface Waiting {
  readonly paths: string[];
  readonly only?: readonly string[];
}

export function useProcessingQueue(
  api: FinRedactApi,
  settings: AppSettings | null,
  { onQueued, onError }: Callbacks,
): ProcessingQueue {
  const [queue, applyEvent] = useReducer(queueReducer, emptyQueue);
  const [runningJob, setRunningJob] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<Waiting[]>([]);

  useEffect(() => {
    if (runningJob || waiting.length === 0 || !settings) return;
    const next = waiting[0]!;
    // Functional: paths added between this render and the update (a drop while the saved queue
    // comes back) are queued behind it; setting the rest captured here lost them.
    setWaiting((w) => w.filter((entry) => entry !== next));
    // Claims the slot now, so the re-render from setWaiting does not start a second job.
    setRunningJob(STARTING);
    const options = jobOptions(settings);
    api.startJob(next.paths, next.only ? { ...options, only: next.only } : options).then(
      ({ jobId, files }) => {
        setRunningJob(jobId);
        onQueued(files);
        let done = false;
        let unsubscribe: (() => void) | null = null;
        unsubscribe = api.subscribe(jobId, (event) => {
          applyEvent(event);
          if (event.kind === 'job-done') {
            done = true;
            setRunningJob(null);
            unsubscribe?.();
          }
        });
        // An implementation may replay a finished job synchronously, before subscribe returns.
        if (done) unsubscribe();
      },
      (err: unknown) => {
        setRunningJob(null);
        onError(err instanceof Error ? err.message : String(err));
      },
    );
  }, [api, runningJob, waiting, settings, onQueued, onError]);

  const addPaths = useCallback((paths: string[], only?: readonly string[]) => {
    if (paths.length > 0) setWaiting((w) => [...w, only ? { paths, only } : { paths }]);
  }, []);

  const remove = useCallback(
    async (file: string) => {
      const files = rowsRemovedWith(queue, file);
      for (const f of files) await api.removeFromQueue(f);
      applyEvent({ kind: 'removed', files });
      return files;
    },
    [api, queue],
  );

  const cancel = useCallback(() => {
    if (runningJob && runningJob !== STARTING) void api.cancelJob(runningJob);
  }, [api, runningJob]);

  return { queue, running: runningJob !== null, addPaths, cancel, remove };
}
