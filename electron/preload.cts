/**
 * Exposes FinRedactApi to the renderer as `window.finredact`, over IPC. The window is sandboxed
 * with context isolation, so this script can reach only `electron`'s renderer modules: no Node,
 * no other files (hence CommonJS, and the channel names repeated here, type-checked against
 * src/api/ipcChannels.ts). Arguments are checked for shape here and validated again in main.
 */
// Sandboxed preloads must be CommonJS, and this is TypeScript's CommonJS import form.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require('electron');
import type { DroppedFile, FinRedactApi, JobEvent } from '../src/api/finredactApi.js';
import type { IpcChannel } from '../src/api/apiOperations.js';

const { contextBridge, ipcRenderer, webUtils } = electron;

// src/api/apiOperations.ts's names, repeated because a sandboxed preload cannot import it.
const channel = {
  capabilities: 'finredact:capabilities',
  pickFiles: 'finredact:pickFiles',
  pickFolder: 'finredact:pickFolder',
  startJob: 'finredact:startJob',
  subscribe: 'finredact:subscribe',
  unsubscribe: 'finredact:unsubscribe',
  cancelJob: 'finredact:cancelJob',
  getResult: 'finredact:getResult',
  exportResults: 'finredact:exportResults',
  previewExport: 'finredact:previewExport',
  previewNames: 'finredact:previewNames',
  exportProgress: 'finredact:exportProgress',
  findByType: 'finredact:findByType',
  getReview: 'finredact:getReview',
  getPageView: 'finredact:getPageView',
  saveReview: 'finredact:saveReview',
  removeFromQueue: 'finredact:removeFromQueue',
  getSettings: 'finredact:getSettings',
  saveSettings: 'finredact:saveSettings',
  checkRecognizers: 'finredact:checkRecognizers',
  jobEvent: 'finredact:jobEvent',
} satisfies Record<string, IpcChannel>;

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new TypeError(`${name} must be a non-empty string`);
  }
  return value;
}

/** ipcRenderer.invoke prefixes main's error messages with plumbing the user should not see. */
async function invoke<T>(name: string, ...args: unknown[]): Promise<T> {
  try {
    return (await ipcRenderer.invoke(name, ...args)) as T;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(message.replace(/^Error invoking remote method '[^']*': (\w*Error: )?/, ''), {
      cause: err,
    });
  }
}

let nextSubscription = 1;

const api: FinRedactApi = {
  capabilities: () => invoke(channel.capabilities),
  pickFiles: () => invoke(channel.pickFiles),
  pickFolder: () => invoke(channel.pickFolder),
  pathsForDroppedFiles(files: readonly DroppedFile[]) {
    // Electron resolves a dropped File (or folder) to its real path; its bytes never cross IPC.
    try {
      const paths = [...files].map((f) => webUtils.getPathForFile(f as unknown as File));
      return Promise.resolve(paths.filter((p) => p.length > 0));
    } catch {
      return Promise.reject(new Error('Only files dropped onto the window can be added this way.'));
    }
  },
  startJob: (paths, options) => invoke(channel.startJob, paths, options),
  subscribe(jobId, listener) {
    const id = requireString(jobId, 'jobId');
    // Each subscription has its own id, so main's replay for one never reaches another.
    const subscription = nextSubscription++;
    const onEvent = (_event: electron.IpcRendererEvent, sub: number, jobEvent: JobEvent) => {
      if (sub === subscription) listener(jobEvent);
    };
    // Listen first, then ask main to replay: no event can fall between the two.
    ipcRenderer.on(channel.jobEvent, onEvent);
    void ipcRenderer.invoke(channel.subscribe, id, subscription);
    return () => {
      ipcRenderer.removeListener(channel.jobEvent, onEvent);
      void ipcRenderer.invoke(channel.unsubscribe, subscription);
    };
  },
  cancelJob: (jobId) => invoke(channel.cancelJob, requireString(jobId, 'jobId')),
  getResult: (file) => invoke(channel.getResult, requireString(file, 'file')),
  exportResults: (request) => invoke(channel.exportResults, request),
  previewExport: (request) => invoke(channel.previewExport, request),
  previewNames: (request) => invoke(channel.previewNames, request),
  exportProgress: () => invoke(channel.exportProgress),
  findByType: (file, type) => invoke(channel.findByType, requireString(file, 'file'), type),
  getReview: () => invoke(channel.getReview),
  getPageView: (file, page, policy, decisions) =>
    invoke(channel.getPageView, file, page, policy, decisions),
  saveReview: (file, decisions, history) => invoke(channel.saveReview, file, decisions, history),
  removeFromQueue: (file) => invoke(channel.removeFromQueue, requireString(file, 'file')),
  getSettings: () => invoke(channel.getSettings),
  saveSettings: (settings) => invoke(channel.saveSettings, settings),
  checkRecognizers: (recognizers, sample) => invoke(channel.checkRecognizers, recognizers, sample),
};

contextBridge.exposeInMainWorld('finredact', api);
