/**
 * What the renderer learns about this backend at start: the transport's abilities, the version,
 * and the model's calibrated thresholds (one for all types, and per type from its curves), so the
 * review applies the very policy the CLI's default applies.
 */
import type { ApiCapabilities } from '../api/finredactApi.js';
import { calibratedModelThreshold, calibratedTypeThresholds } from '../detect/nerLoader.js';
import { version } from './appVersion.js';

export function capabilitiesFor(platform: ApiCapabilities['platform']): ApiCapabilities {
  return {
    platform,
    nativeDialogs: platform === 'electron',
    version,
    modelThreshold: calibratedModelThreshold(),
    modelTypeThresholds: calibratedTypeThresholds(),
  };
}
