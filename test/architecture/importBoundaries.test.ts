import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });
const MAY_IMPORT = JSON.parse(readFileSync(join(root, 'boundaries.json'), 'utf8')) as Record<
  string,
  string[]
>;

async function boundaryErrors(
  filePath: string,
  code: string,
  rule = 'finredact/allowed-imports',
): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** Every .ts file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Circles among the static imports of src/ (type imports included: they tie modules together). */
function importCircles(): string[][] {
  const files = new Set(sourceFiles(join(root, 'src')));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const deps = [...code.matchAll(/^(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)]
      .map((m) => resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')))
      .filter((d) => files.has(d));
    graph.set(file, deps);
  }
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const dep of graph.get(file) ?? []) {
      if (state.get(dep) === 'open') {
        circles.push(path.slice(path.indexOf(dep)).map((f) => relative(root, f)));
      } else if (!state.has(dep)) visit(dep);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return circles;
}

describe('import boundaries (ESLint finredact/allowed-imports)', () => {
  it('rejects a writer importing the orchestrator', async () => {
    const errors = await boundaryErrors(
      'src/write/wrong.ts',
      "import { runBatch } from '../pipeline/runBatch.js';\nexport const x = runBatch;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^src\/write may not import src\/pipeline/)]);
  });

  it('rejects OCR reaching into a later stage, and a dynamic import too', async () => {
    const errors = await boundaryErrors(
      'src/extract/ocr/wrong.ts',
      "export const m = () => import('../../detect/engine.js');\n",
    );
    expect(errors).toEqual([expect.stringMatching(/src\/extract may not import src\/detect/)]);
  });

  it('rejects the renderer importing the pipeline', async () => {
    const errors = await boundaryErrors(
      'renderer/src/wrong.ts',
      "import type { RedactOptions } from '../../src/pipeline/redactOptions.js';\nexport type X = RedactOptions;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('keeps src/domain browser-safe: no Node module, with or without its node: prefix', async () => {
    for (const code of [
      "import { basename } from 'node:path';\nexport const x = basename;\n",
      "import { readFileSync } from 'fs';\nexport const x = readFileSync;\n",
    ]) {
      const errors = await boundaryErrors('src/domain/wrong.ts', code, 'no-restricted-imports');
      expect(errors).toEqual([expect.stringMatching(/src\/domain is browser-safe/)]);
    }
  });

  it('has no import circles in src/', () => {
    expect(importCircles()).toEqual([]);
  });

  it('accepts what the table allows', async () => {
    expect(
      await boundaryErrors(
        'src/write/fine.ts',
        "import { loadPdf } from '../document/loadPdf.js';\nexport const x = loadPdf;\n",
      ),
    ).toEqual([]);
  });

  it('is the table ARCHITECTURE.md shows', () => {
    const doc = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
    for (const [folder, allowed] of Object.entries(MAY_IMPORT)) {
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${folder}`));
      expect(row, `ARCHITECTURE.md has a row for ${folder}`).toBeDefined();
      const cells = row!.split('|');
      const listed = (cells[cells.length - 2] ?? '').match(/`[^`]+`/g) ?? [];
      expect(listed.map((c) => c.slice(1, -1).replace(/\/$/, '')).sort(), folder).toEqual(
        [...allowed].sort(),
      );
    }
  });
});
