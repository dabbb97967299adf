/**
 * The one table of FinRedactApi's backend operations: every call that is a request with JSON
 * arguments and a JSON answer, whatever the transport. Electron's IPC (electron/main.ts) and the
 * HTTP bridge (src/bridge/httpBridge.ts) are both wired from it through
 * src/bridge/backendOperations.ts, and the preload and the HTTP client call through the names it
 * gives. What a transport does its own way is listed apart: native dialogs, job events,
 * dropped files, capabilities.
 *
 * Data only, no imports at run time: the sandboxed preload cannot load modules, so it repeats
 * the channel strings typed as `IpcChannel` — a typo fails to compile.
 */
export const BACKEND_OPERATIONS = [
  'startJob',
  'cancelJob',
  'getResult',
  'exportResults',
  'previewExport',
  'previewNames',
  'exportProgress',
  'findByType',
  'getReview',
  'getPageView',
  'saveReview',
  'removeFromQueue',
  'getSettings',
  'saveSettings',
  'checkRecognizers',
] as const;

export type BackendOperation = (typeof BACKEND_OPERATIONS)[number];

export function isBackendOperation(name: string): name is BackendOperation {
  return (BACKEND_OPERATIONS as readonly string[]).includes(name);
}

/** IPC channel of an operation: `finredact:<name>`. */
export function ipcChannelOf<K extends BackendOperation>(operation: K): `finredact:${K}` {
  return `finredact:${operation}`;
}

/** HTTP route of an operation: `POST /api/<name>` with the arguments as a JSON array. */
export function httpPathOf(operation: BackendOperation): string {
  return `/api/${operation}`;
}

/** Electron-only channels: dialogs and job events pushed to the window. */
export const ELECTRON_CHANNELS = {
  capabilities: 'finredact:capabilities',
  pickFiles: 'finredact:pickFiles',
  pickFolder: 'finredact:pickFolder',
  subscribe: 'finredact:subscribe',
  unsubscribe: 'finredact:unsubscribe',
  /** Main → renderer: (subscription id, JobEvent). */
  jobEvent: 'finredact:jobEvent',
} as const;

export type IpcChannel =
  `finredact:${BackendOperation}` | (typeof ELECTRON_CHANNELS)[keyof typeof ELECTRON_CHANNELS];
