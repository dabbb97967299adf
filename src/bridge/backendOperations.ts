/**
 * How the backend answers each operation of src/api/apiOperations.ts: arguments validated (the
 * renderer is untrusted), then the AppBackend method. Both transports call `callBackend`, so an
 * operation is added in one place and behaves the same over IPC and HTTP.
 */
import { isBackendOperation, type BackendOperation } from '../api/apiOperations.js';
import type { FinRedactApi } from '../api/finredactApi.js';
import type { AppBackend } from './appBackend.js';
import { checkRecognizers } from './appRecognizers.js';
import {
  ApiArgumentError,
  validateAbsolutePath,
  validateEntityTypes,
  validateDecisions,
  validateHistory,
  validatePage,
  validatePolicy,
  validateExportRequest,
  validateJobId,
  validateJobOptions,
  validatePaths,
} from './apiValidation.js';

type Answer<K extends BackendOperation> = Awaited<ReturnType<FinRedactApi[K]>>;

const HANDLERS: {
  readonly [K in BackendOperation]: (
    backend: AppBackend,
    args: readonly unknown[],
  ) => Answer<K> | Promise<Answer<K>>;
} = {
  startJob: (b, [paths, options]) => b.startJob(validatePaths(paths), validateJobOptions(options)),
  cancelJob: (b, [jobId]) => b.jobs.cancel(validateJobId(jobId)),
  getResult: (b, [file]) => b.getResult(validateAbsolutePath(file, 'file')),
  exportResults: (b, [request]) => b.exportResults(validateExportRequest(request)),
  previewExport: (b, [request]) => b.previewExport(validateExportRequest(request)),
  previewNames: (b, [request]) => b.previewNames(validateExportRequest(request)),
  exportProgress: (b) => b.exportProgress(),
  findByType: (b, [file, type]) =>
    b.findByType(validateAbsolutePath(file, 'file'), validateEntityTypes([type], 'type')[0]!),
  getReview: (b) => b.getReview(),
  getPageView: (b, [file, page, policy, decisions]) =>
    b.getPageView(
      validateAbsolutePath(file, 'file'),
      validatePage(page),
      validatePolicy(policy),
      decisions === undefined || decisions === null ? undefined : validateDecisions(decisions),
    ),
  saveReview: (b, [file, decisions, history]) =>
    b.saveReview(
      validateAbsolutePath(file, 'file'),
      validateDecisions(decisions),
      history === undefined || history === null ? undefined : validateHistory(history),
    ),
  removeFromQueue: (b, [file]) => b.removeFromQueue(validateAbsolutePath(file, 'file')),
  getSettings: (b) => b.getSettings(),
  saveSettings: (b, [settings]) => b.saveSettings(settings),
  checkRecognizers: (_b, [text, sample]) => checkRecognizers(text, sample),
};

export async function callBackend(
  backend: AppBackend,
  operation: string,
  args: unknown,
): Promise<unknown> {
  if (!isBackendOperation(operation)) throw new ApiArgumentError(`Unknown operation ${operation}.`);
  if (!Array.isArray(args)) throw new ApiArgumentError('Invalid arguments: expected an array.');
  return HANDLERS[operation](backend, args);
}
