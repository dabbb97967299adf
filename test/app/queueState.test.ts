import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../../src/api/finredactApi.js';
import {
  emptyQueue,
  queueProgress,
  queueReducer,
  rowsRemovedWith,
} from '../../renderer/src/queue/queueState.js';

const job = 'j1';
const files = [
  { file: '/in/a.txt', relativePath: 'a.txt' },
  { file: '/in/b.pdf', relativePath: 'b.pdf' },
  { file: '/in/c.docx', relativePath: 'c.docx' },
];

function run(events: JobEvent[]) {
  return events.reduce(queueReducer, emptyQueue);
}

describe('queueReducer', () => {
  it('tracks each file through queued, processing and a final status', () => {
    const state = run([
      { seq: 1, jobId: job, kind: 'queued', files },
      { seq: 2, jobId: job, kind: 'file-started', file: '/in/a.txt' },
      { seq: 3, jobId: job, kind: 'file-done', file: '/in/a.txt', status: 'ok', spanCount: 4 },
      { seq: 4, jobId: job, kind: 'file-started', file: '/in/b.pdf' },
      { seq: 5, jobId: job, kind: 'file-progress', file: '/in/b.pdf', message: 'OCR page 1 of 3' },
    ]);
    expect(state.rows.map((r) => r.status)).toEqual(['done', 'processing', 'queued']);
    expect(state.rows[0]!.spanCount).toBe(4);
    expect(state.rows[1]!.message).toBe('OCR page 1 of 3');
    expect(queueProgress(state)).toEqual({ total: 3, finished: 1, failed: 0 });
  });

  it('keeps per-file errors and job failures, and counts cancelled files as finished', () => {
    const state = run([
      { seq: 1, jobId: job, kind: 'queued', files },
      {
        seq: 2,
        jobId: job,
        kind: 'file-done',
        file: '/in/a.txt',
        status: 'error',
        error: 'a.txt: not UTF-8',
        spanCount: 0,
      },
      {
        seq: 3,
        jobId: job,
        kind: 'file-done',
        file: '/in/b.pdf',
        status: 'cancelled',
        spanCount: 0,
      },
      { seq: 4, jobId: job, kind: 'notice', message: 'NER model not available' },
      { seq: 5, jobId: job, kind: 'notice', message: 'NER model not available' },
      { seq: 6, jobId: job, kind: 'job-done', cancelled: false, error: 'host crashed' },
    ]);
    expect(state.rows[0]).toMatchObject({ status: 'error', error: 'a.txt: not UTF-8' });
    expect(state.rows[1]!.status).toBe('cancelled');
    expect(state.notices).toEqual(['NER model not available']);
    expect(state.jobErrors).toEqual(['host crashed']);
    expect(queueProgress(state)).toEqual({ total: 3, finished: 2, failed: 1 });
  });

  it('adding a file again replaces its row instead of listing it twice', () => {
    const state = run([
      { seq: 1, jobId: job, kind: 'queued', files },
      { seq: 2, jobId: job, kind: 'file-done', file: '/in/a.txt', status: 'ok', spanCount: 1 },
      { seq: 1, jobId: 'j2', kind: 'queued', files: [files[0]!] },
    ]);
    expect(state.rows.map((r) => [r.file, r.status])).toEqual([
      ['/in/b.pdf', 'queued'],
      ['/in/c.docx', 'queued'],
      ['/in/a.txt', 'queued'],
    ]);
  });

  it('removes a file with what is listed under it (an e-mail with its attachments), nothing else', () => {
    const state = run([
      {
        seq: 1,
        jobId: job,
        kind: 'queued',
        files: [
          { file: '/in/mail.eml', relativePath: 'mail.eml' },
          { file: '/s/1/a.csv', relativePath: 'mail/attachments/a.csv' },
          { file: '/s/1/b.eml', relativePath: 'mail/attachments/b.eml' },
          { file: '/s/1/c.txt', relativePath: 'mail/attachments/b/attachments/c.txt' },
          { file: '/in/mail2.eml', relativePath: 'mail2.eml' },
          { file: '/in/pack.zip', relativePath: 'pack.zip' },
          { file: '/s/2/x.txt', relativePath: 'pack.zip/x.txt' },
        ],
      },
    ]);
    expect(rowsRemovedWith(state, '/in/mail.eml')).toEqual([
      '/in/mail.eml',
      '/s/1/a.csv',
      '/s/1/b.eml',
      '/s/1/c.txt',
    ]);
    expect(rowsRemovedWith(state, '/in/pack.zip')).toEqual(['/in/pack.zip', '/s/2/x.txt']);
    expect(rowsRemovedWith(state, '/in/nowhere.txt')).toEqual([]);
    const after = queueReducer(state, { kind: 'removed', files: ['/in/mail2.eml'] });
    expect(after.rows.map((r) => r.relativePath)).not.toContain('mail2.eml');
    expect(after.rows).toHaveLength(6);
  });
});
