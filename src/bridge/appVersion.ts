/**
 * The app's version as package.json states it. Found by walking up from this module, because it
 * runs both from `src/bridge/` (tsx) and from `dist/src/bridge/` (built), at different depths.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageJson(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function readVersion(): string {
  const file = findPackageJson();
  if (!file) return '0.0.0';
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
}

export const version = readVersion();
/** The repository (or packaged app) root: where package.json, dist/ and models/ live. */
export const appRoot = path.dirname(
  findPackageJson() ?? fileURLToPath(new URL('../..', import.meta.url)),
);
