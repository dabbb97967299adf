/**
 * Messages between the job controller and the processing host process. Plain data only: they
 * travel over a child-process or Electron utility-process channel as structured clones.
 */
import type { JobFile, JobOptions } from '../api/finredactApi.js';
import type { FileResult } from '../domain/fileResult.js';

export interface HostStart {
  readonly kind: 'start';
  readonly files: readonly JobFile[];
  readonly options: JobOptions;
}

export type HostMessage =
  | { readonly kind: 'file-started'; readonly file: string }
  | { readonly kind: 'file-progress'; readonly file: string; readonly message: string }
  | { readonly kind: 'file-done'; readonly result: FileResult }
  | { readonly kind: 'notice'; readonly message: string }
  | { readonly kind: 'job-done' }
  | { readonly kind: 'job-failed'; readonly error: string };

/** One running host process, whatever launched it (Node's fork or Electron's utilityProcess). */
export interface ProcessingChannel {
  send(message: HostStart): void;
  onMessage(listener: (message: HostMessage) => void): void;
  /**
   * Called once when the process is gone, whether it finished, crashed or was killed; `detail`
   * is the end of what it wrote to stderr, so a crash can be explained to the user.
   */
  onExit(listener: (code: number | null, detail?: string) => void): void;
  kill(): void;
}

export type LaunchProcessingHost = () => ProcessingChannel;
