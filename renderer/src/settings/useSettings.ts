/** The persisted settings: loaded once, updated at once in the UI, saved once input settles. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppSettings, FinRedactApi } from '../../../src/api/finredactApi.js';

const SAVE_DELAY_MS = 300;

export function useSettings(api: FinRedactApi, onError: (message: string) => void) {
  const [settings, setSettings] = useState<AppSettings | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    api
      .getSettings()
      .then(setSettings, (err: unknown) =>
        onError(String(err instanceof Error ? err.message : err)),
      );
  }, [api, onError]);

  /** For controls that fire continuously (the threshold slider): persisted once they rest. */
  const updateSettings = useCallback(
    (next: AppSettings) => {
      setSettings(next);
      clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => {
        api
          .saveSettings(next)
          .catch((err: unknown) => onError(err instanceof Error ? err.message : String(err)));
      }, SAVE_DELAY_MS);
    },
    [api, onError],
  );

  /** For the Settings dialog: saved now, and a rejected value is reported to the caller. */
  const saveSettings = useCallback(
    async (next: AppSettings) => {
      clearTimeout(saveTimer.current);
      setSettings(await api.saveSettings(next));
    },
    [api],
  );

  return { settings, updateSettings, saveSettings };
}
