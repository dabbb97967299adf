/**
 * Electron IPC channel names, one per FinRedactApi method. The sandboxed preload cannot load this
 * module at run time, so it repeats the strings typed as `IpcChannel`: a typo fails to compile.
 */
export const IPC_CHANNELS = {
  capabilities: 'finredact:capabilities',
  pickFiles: 'finredact:pick-files',
  pickFolder: 'finredact:pick-folder',
  startJob: 'finredact:start-job',
  subscribe: 'finredact:subscribe',
  unsubscribe: 'finredact:unsubscribe',
  cancelJob: 'finredact:cancel-job',
  getResult: 'finredact:get-result',
  exportResults: 'finredact:export',
  getSettings: 'finredact:get-settings',
  saveSettings: 'finredact:save-settings',
  /** Main → renderer: (subscription id, JobEvent). */
  jobEvent: 'finredact:job-event',
} as const;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];
