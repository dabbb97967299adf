/**
 * The processing queue as the UI shows it, built from job events by a pure reducer. Rows stay in
 * the order files were added; adding a file again replaces its row, so each file appears once.
 */
import type { FileStatus, JobEvent } from '../../../src/api/finredactApi.js';

export interface QueueRow {
  readonly file: string;
  readonly relativePath: string;
  readonly status: FileStatus;
  readonly message?: string;
  readonly error?: string;
  readonly spanCount?: number;
}

export interface QueueState {
  readonly rows: readonly QueueRow[];
  /** Job-level failures (e.g. the detector did not load), shown above the queue. */
  readonly jobErrors: readonly string[];
  /** Job-level information (e.g. the model is not installed), each shown once. */
  readonly notices: readonly string[];
}

export const emptyQueue: QueueState = { rows: [], jobErrors: [], notices: [] };

function updateRow(
  state: QueueState,
  file: string,
  change: (row: QueueRow) => QueueRow,
): QueueState {
  return { ...state, rows: state.rows.map((r) => (r.file === file ? change(r) : r)) };
}

export function queueReducer(state: QueueState, event: JobEvent): QueueState {
  switch (event.kind) {
    case 'queued': {
      const incoming = new Set(event.files.map((f) => f.file));
      const kept = state.rows.filter((r) => !incoming.has(r.file));
      const added = event.files.map((f): QueueRow => ({ ...f, status: 'queued' }));
      return { ...state, rows: [...kept, ...added] };
    }
    case 'file-started':
      return updateRow(state, event.file, (r) => ({
        file: r.file,
        relativePath: r.relativePath,
        status: 'processing',
      }));
    case 'file-progress':
      return updateRow(state, event.file, (r) => ({ ...r, message: event.message }));
    case 'file-done':
      return updateRow(state, event.file, (r) => ({
        file: r.file,
        relativePath: r.relativePath,
        status: event.status === 'ok' ? 'done' : event.status,
        spanCount: event.spanCount,
        ...(event.error !== undefined ? { error: event.error } : {}),
      }));
    case 'notice':
      return state.notices.includes(event.message)
        ? state
        : { ...state, notices: [...state.notices, event.message] };
    case 'job-done':
      return event.error ? { ...state, jobErrors: [...state.jobErrors, event.error] } : state;
  }
}

export interface QueueProgress {
  readonly total: number;
  /** Files with a final status: done, error or cancelled. */
  readonly finished: number;
  readonly failed: number;
}

export function queueProgress(state: QueueState): QueueProgress {
  const finished = state.rows.filter((r) => r.status !== 'queued' && r.status !== 'processing');
  return {
    total: state.rows.length,
    finished: finished.length,
    failed: finished.filter((r) => r.status === 'error').length,
  };
}
