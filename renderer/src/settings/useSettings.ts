/** The persisted settings: loaded once, updated at once in the UI, saved once input settles. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppSettings, FinRedactApi } from '../../../src/api/finredactApi.js';
import { entityTypes } from '../../../src/domain/entityTypes.js';

const SAVE_DELAY_MS = 300;

/**
 * The types a settings' recognizers text declares are registered in the renderer's registry too
 * (colour, label, placeholder for the review), and its allow-list joins the detection policy.
 */
async function adoptRecognizers(api: FinRedactApi, settings: AppSettings): Promise<string[]> {
  if (settings.recognizers.trim() === '') return [];
  const check = await api.checkRecognizers(settings.recognizers, '');
  if (!check.ok) return [];
  for (const t of check.types) {
    entityTypes.register(
      {
        type: t.type,
        label: t.label,
        placeholder: t.placeholder,
        colour: t.colour,
        structured: true,
      },
      { replace: entityTypes.has(t.type) },
    );
  }
  return [...check.allow];
}

export function useSettings(api: FinRedactApi, onError: (message: string) => void) {
  const [settings, setSettings] = useState<AppSettings | null>(null);
  const [allow, setAllow] = useState<readonly string[]>([]);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const adopt = useCallback(
    async (next: AppSettings) => {
      setAllow(await adoptRecognizers(api, next));
      setSettings(next);
    },
    [api],
  );

  useEffect(() => {
    api
      .getSettings()
      .then(adopt)
      .catch((err: unknown) => onError(String(err instanceof Error ? err.message : err)));
  }, [api, onError, adopt]);

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
    async (next: AppSettings): Promise<AppSettings> => {
      clearTimeout(saveTimer.current);
      const saved = await api.saveSettings(next);
      await adopt(saved);
      return saved;
    },
    [api, adopt],
  );

  return { settings, allow, updateSettings, saveSettings };
}
