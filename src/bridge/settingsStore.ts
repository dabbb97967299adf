/**
 * Persists the app's settings as one JSON file (Electron: in userData; the bridge: in its config
 * folder). A missing or unreadable file yields the defaults rather than an error, because losing
 * preferences must never stop the app from starting; fields are validated on the way in and out.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { calibratedModelThreshold } from '../detect/nerLoader.js';
import { entityTypes } from '../domain/entityTypes.js';
import type { AppSettings } from '../api/finredactApi.js';
import { validateSettings } from './apiValidation.js';
import { settingsRecognizers } from './appRecognizers.js';

export const DEFAULT_SETTINGS: AppSettings = {
  types: entityTypes.list(),
  threshold: calibratedModelThreshold(),
  ocr: 'auto',
  outputFolder: '',
  ner: true,
  reviewer: osUser(),
  recognizers: '',
  propagate: 'document',
  placeholders: 'redacted',
  consistent: 'document',
};

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    // No user entry (a container without /etc/passwd): the reviewer types a name in Settings.
    return '';
  }
}

function declaredTypes(recognizers: string): string[] {
  return settingsRecognizers(recognizers).types.map((t) => t.type);
}

export class SettingsStore {
  constructor(readonly filePath: string) {}

  async load(): Promise<AppSettings> {
    let raw: string;
    try {
      raw = await readFile(this.filePath, 'utf8');
    } catch {
      return DEFAULT_SETTINGS;
    }
    try {
      // Merging over the defaults keeps old files working when a setting is added.
      return validateSettings({ ...DEFAULT_SETTINGS, ...(JSON.parse(raw) as object) });
    } catch {
      return DEFAULT_SETTINGS;
    }
  }

  async save(settings: unknown): Promise<AppSettings> {
    const previous = await this.load();
    const checked = validateSettings(settings);
    // A type the recognizers text now declares for the first time is redacted from the start,
    // like the built-in ones: otherwise a new CLIENT_CODE would be found and left in clear.
    const before = new Set(declaredTypes(previous.recognizers));
    const added = declaredTypes(checked.recognizers).filter(
      (t) => !before.has(t) && !checked.types.includes(t),
    );
    const valid = added.length > 0 ? { ...checked, types: [...checked.types, ...added] } : checked;
    await mkdir(path.dirname(this.filePath), { recursive: true });
    // Temp file then rename: a crash mid-write leaves the previous settings, not half a file.
    const tmp = `${this.filePath}.${process.pid}.tmp`;
    await writeFile(tmp, `${JSON.stringify(valid, null, 2)}\n`, 'utf8');
    await rename(tmp, this.filePath);
    return valid;
  }
}
