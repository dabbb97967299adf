/**
 * FinRedactApi over the local HTTP bridge (src/bridge/httpBridge.ts), for the UI in a normal
 * browser. The bridge authenticates the page by an HttpOnly cookie it set when the printed URL
 * was opened; a caller outside a browser passes the token instead.
 */
import type {
  ApiCapabilities,
  AppSettings,
  DroppedFile,
  ExportRequest,
  FinRedactApi,
  JobEvent,
  JobEventListener,
  JobOptions,
} from '../../../src/api/finredactApi.js';
import { httpPathOf, type BackendOperation } from '../../../src/api/apiOperations.js';

export interface HttpApiOptions {
  /** Defaults to the page's own origin. */
  readonly baseUrl?: string;
  readonly token?: string;
}

export function createHttpApi(options: HttpApiOptions = {}): FinRedactApi {
  const base = options.baseUrl ?? '';
  const headers: Record<string, string> = options.token
    ? { Authorization: `Bearer ${options.token}` }
    : {};

  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    raw?: ArrayBuffer,
  ): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...headers,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(raw !== undefined ? { 'Content-Type': 'application/octet-stream' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(raw !== undefined ? { body: raw } : {}),
    });
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) {
      const message =
        (parsed as { error?: string } | undefined)?.error ??
        `${response.status} ${response.statusText}`;
      throw new Error(message);
    }
    return parsed as T;
  }

  /** A backend operation: `POST /api/<operation>` with the arguments as a JSON array. */
  function operation<K extends BackendOperation>(
    name: K,
    ...args: Parameters<FinRedactApi[K]>
  ): Promise<Awaited<ReturnType<FinRedactApi[K]>>> {
    return call('POST', httpPathOf(name), args);
  }

  return {
    capabilities: () => call<ApiCapabilities>('GET', '/api/capabilities'),
    // A browser page cannot open the OS's dialogs; the UI offers a path field instead.
    pickFiles: () => Promise.resolve([]),
    pickFolder: () => Promise.resolve(null),
    async pathsForDroppedFiles(files: readonly DroppedFile[]) {
      const paths: string[] = [];
      for (const file of files) {
        let bytes: ArrayBuffer;
        try {
          bytes = await file.arrayBuffer();
        } catch {
          // What a browser gives for a dropped folder cannot be read.
          throw new Error(
            `${file.name} cannot be read by the browser (a folder?); type its path in the field instead.`,
          );
        }
        const stored = await call<{ path: string }>(
          'POST',
          `/api/dropped-files?name=${encodeURIComponent(file.name)}`,
          undefined,
          bytes,
        );
        paths.push(stored.path);
      }
      return paths;
    },
    startJob: (paths: readonly string[], jobOptions: JobOptions) =>
      operation('startJob', paths, jobOptions),
    subscribe(jobId: string, listener: JobEventListener) {
      let stopped = false;
      // Long poll: the bridge holds each request until there is news, so this is not a busy loop.
      void (async () => {
        let after = 0;
        while (!stopped) {
          try {
            const page = await call<{ events: JobEvent[]; finished: boolean }>(
              'GET',
              `/api/jobs/${encodeURIComponent(jobId)}/events?after=${after}`,
            );
            for (const event of page.events) {
              if (stopped) return;
              after = event.seq;
              listener(event);
            }
            if (page.finished && page.events.length === 0) return;
          } catch {
            await new Promise((r) => setTimeout(r, 1000));
          }
        }
      })();
      return () => {
        stopped = true;
      };
    },
    cancelJob: (jobId: string) => operation('cancelJob', jobId),
    getResult: (file: string) => operation('getResult', file),
    exportResults: (request: ExportRequest) => operation('exportResults', request),
    previewExport: (request: ExportRequest) => operation('previewExport', request),
    previewNames: (request: ExportRequest) => operation('previewNames', request),
    exportProgress: () => operation('exportProgress'),
    findByType: (file: string, type: string) => operation('findByType', file, type),
    getReview: () => operation('getReview'),
    getPageView: (file, page, policy, decisions) =>
      operation('getPageView', file, page, policy, decisions),
    saveReview: (file, decisions, history) => operation('saveReview', file, decisions, history),
    removeFromQueue: (file: string) => operation('removeFromQueue', file),
    getSettings: () => operation('getSettings'),
    saveSettings: (settings: AppSettings) => operation('saveSettings', settings),
    checkRecognizers: (recognizers: string, sample: string) =>
      operation('checkRecognizers', recognizers, sample),
  };
}
