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

/** The reviewer took files out of the queue (a row and, for an e-mail or archive, its files). */
export interface RemovedEvent {
  readonly kind: 'removed';
  readonly files: readonly string[];
}

/** The rows a removal of `file` takes: the file, and the attachments or members listed under it. */
export function rowsRemovedWith(state: QueueState, file: string): string[] {
  const row = state.rows.find((r) => r.file === file);
  if (!row) return [];
  const stem = row.relativePath.replace(/\.[^./]+$/, '');
  const under = [`${stem}/attachments/`, `${row.relativePath}/`];
  return state.rows
    .filter((r) => r.file === file || under.some((prefix) => r.relativePath.startsWith(prefix)))
    .map((r) => r.file);
}

export function queueReducer(state: QueueState, event: JobEvent | RemovedEvent): QueueState {
  switch (event.kind) {
    case 'removed': {
      const gone = new Set(event.files);
      return { ...state, rows: state.rows.filter((r) => !gone.has(r.file)) };
    }
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
