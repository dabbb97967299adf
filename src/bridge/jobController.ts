/**
 * Runs processing jobs in host processes and keeps what the UI asks for afterwards: each job's
 * ordered event log (so a late subscriber or a poller misses nothing) and each file's result.
 */
import { NotFoundError } from './backendErrors.js';
import { randomUUID } from 'node:crypto';
import type { JobEvent, JobFile, JobOptions } from '../api/finredactApi.js';
import { detectionCount, errorFileResult, type FileResult } from '../domain/fileResult.js';
import type { HostMessage, LaunchProcessingHost, ProcessingChannel } from './processingProtocol.js';

// Distributive Omit keeps the union's members distinct.
type EventBody = JobEvent extends infer E
  ? E extends JobEvent
    ? Omit<E, 'seq' | 'jobId'>
    : never
  : never;

interface Job {
  readonly id: string;
  readonly events: JobEvent[];
  readonly listeners: Set<(event: JobEvent) => void>;
  /** Files not yet reported done, by path. */
  readonly pending: Map<string, JobFile>;
  channel: ProcessingChannel | null;
  finished: boolean;
}

export class JobController {
  private readonly jobs = new Map<string, Job>();
  private readonly results = new Map<string, FileResult>();

  constructor(
    private readonly launch: LaunchProcessingHost,
    /** Told of every result a host reports (the app's cache keeps them). */
    private readonly onResult?: (result: FileResult) => void,
  ) {}

  /**
   * Processes `files` in a host process; those in `cached` (a result kept from an earlier run of
   * the same content under the same options) are done at once, without the host.
   */
  start(
    files: readonly JobFile[],
    options: JobOptions,
    cached: ReadonlyMap<string, FileResult> = new Map(),
  ): string {
    const job: Job = {
      id: randomUUID(),
      events: [],
      listeners: new Set(),
      pending: new Map(files.map((f) => [f.file, f])),
      channel: null,
      finished: false,
    };
    this.jobs.set(job.id, job);
    this.emit(job, { kind: 'queued', files });
    for (const f of files) {
      const result = cached.get(f.file);
      if (result) this.fileDone(job, result);
    }
    const toProcess = files.filter((f) => job.pending.has(f.file));
    if (toProcess.length === 0) {
      this.finish(job, false);
      return job.id;
    }
    const channel = this.launch();
    job.channel = channel;
    channel.onMessage((message) => this.onHostMessage(job, message));
    channel.onExit((code, detail) => {
      if (job.finished) return;
      const why = detail ? `: ${detail}` : '';
      this.finish(
        job,
        false,
        `Processing stopped unexpectedly (exit code ${code ?? 'none'})${why}; try again.`,
      );
    });
    channel.send({ kind: 'start', files: toProcess, options });
    return job.id;
  }

  cancel(jobId: string): void {
    const job = this.requireJob(jobId);
    if (job.finished) return;
    this.finish(job, true);
  }

  /** Events after `afterSeq`, oldest first. */
  eventsSince(jobId: string, afterSeq: number): JobEvent[] {
    return this.requireJob(jobId).events.filter((e) => e.seq > afterSeq);
  }

  /** Replays past events to the listener, then delivers new ones; returns the unsubscribe. */
  subscribe(jobId: string, listener: (event: JobEvent) => void): () => void {
    const job = this.requireJob(jobId);
    for (const event of job.events) listener(event);
    job.listeners.add(listener);
    return () => job.listeners.delete(listener);
  }

  isFinished(jobId: string): boolean {
    return this.requireJob(jobId).finished;
  }

  result(file: string): FileResult | undefined {
    return this.results.get(file);
  }

  /** Drops a file's stored result (removed from the queue). */
  forget(file: string): void {
    this.results.delete(file);
  }

  /** Stops every running host; call when the app or bridge shuts down. */
  dispose(): void {
    for (const job of this.jobs.values()) if (!job.finished) this.finish(job, true);
  }

  private requireJob(jobId: string): Job {
    const job = this.jobs.get(jobId);
    if (!job)
      throw new NotFoundError(`No processing job ${jobId}; it may belong to an earlier session.`);
    return job;
  }

  private onHostMessage(job: Job, message: HostMessage): void {
    if (job.finished) return;
    switch (message.kind) {
      case 'file-started':
        this.emit(job, { kind: 'file-started', file: message.file });
        break;
      case 'file-progress':
        this.emit(job, { kind: 'file-progress', file: message.file, message: message.message });
        break;
      case 'file-done':
        this.fileDone(job, message.result);
        this.onResult?.(message.result);
        break;
      case 'notice':
        this.emit(job, { kind: 'notice', message: message.message });
        break;
      case 'job-done':
        this.finish(job, false);
        break;
      case 'job-failed':
        this.finish(job, false, message.error);
        break;
    }
  }

  private fileDone(job: Job, r: FileResult): void {
    this.results.set(r.file, r);
    job.pending.delete(r.file);
    this.emit(job, {
      kind: 'file-done',
      file: r.file,
      // The app never queues skipped (hidden) files; should one come, it shows as not done.
      status: r.status === 'skipped' ? 'error' : r.status,
      ...(r.error !== undefined ? { error: r.error } : {}),
      spanCount: detectionCount(r),
    });
  }

  private finish(job: Job, cancelled: boolean, error?: string): void {
    job.finished = true;
    const channel = job.channel;
    job.channel = null;
    channel?.kill();
    // Files the host never reached still get a final status, so the queue never hangs; after a
    // failure (not a cancel) they also get an error result, so an export lists them.
    const reason = cancelled ? 'Cancelled before it was processed.' : (error ?? 'Not processed.');
    for (const input of job.pending.values()) {
      if (!cancelled) {
        this.results.set(input.file, errorFileResult(input, `${input.relativePath}: ${reason}`));
      }
      this.emit(job, {
        kind: 'file-done',
        file: input.file,
        status: cancelled ? 'cancelled' : 'error',
        error: reason,
        spanCount: 0,
      });
    }
    job.pending.clear();
    this.emit(job, { kind: 'job-done', cancelled, ...(error !== undefined ? { error } : {}) });
  }

  private emit(job: Job, body: EventBody): void {
    const event = { ...body, seq: job.events.length + 1, jobId: job.id } as JobEvent;
    job.events.push(event);
    for (const listener of job.listeners) listener(event);
  }
}
