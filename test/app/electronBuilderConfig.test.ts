/**
 * The packaging config cannot be exercised here (electron-builder downloads Electron to package),
 * so check what can be: it passes electron-builder's own schema, targets the three platforms the
 * issue names, and points at the files `npm run build:electron` produces.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
// Loaded the way electron-builder loads them: from its own dependencies.
const rootRequire = createRequire(import.meta.url);
const builderRequire = createRequire(rootRequire.resolve('app-builder-lib'));
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };
const { validateConfiguration } = rootRequire('app-builder-lib/out/util/config/config') as {
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = builderRequire('builder-util/out/DebugLogger') as {
  DebugLogger: new (on: boolean) => unknown;
};

interface BuilderConfig {
  extraMetadata: { main: string };
  files: string[];
  linux: { target: string[] };
  win: { target: string[] };
  mac: { target: string[] };
}

async function loadConfig(): Promise<BuilderConfig> {
  return yaml.load(
    await readFile(path.join(root, 'build', 'electron-builder.yml'), 'utf8'),
  ) as BuilderConfig;
}

describe('build/electron-builder.yml', () => {
  it("passes electron-builder's schema, which rejects unknown keys", async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(
      validateConfiguration({ ...config, notAnOption: true }, new DebugLogger(false)),
    ).rejects.toThrow(/notAnOption/);
  });

  it('builds AppImage and deb, NSIS and dmg', async () => {
    const config = await loadConfig();
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
  });

  it('starts the Electron entry that build:electron emits and ships the renderer and model', async () => {
    const config = await loadConfig();
    const electronTsconfig = await readFile(path.join(root, 'electron', 'tsconfig.json'), 'utf8');
    expect(electronTsconfig).toMatch(/"outDir": "\.\.\/dist"/);
    expect(config.extraMetadata.main).toBe('dist/electron/main.js');
    expect(config.files).toEqual(
      expect.arrayContaining(['dist/renderer/**/*', 'dist/electron/**/*', 'models/pii-ner/**/*']),
    );
  });
});
