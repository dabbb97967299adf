/**
 * The renderer's one entry to the backend: Electron's preload puts the API on
 * `window.finredact`; in a plain browser the HTTP bridge serves it.
 */
import type { FinRedactApi } from '../../../src/api/finredactApi.js';
import { createHttpApi } from './httpApi.js';

declare global {
  interface Window {
    readonly finredact?: FinRedactApi;
  }
}

export function selectApi(): FinRedactApi {
  return window.finredact ?? createHttpApi();
}
