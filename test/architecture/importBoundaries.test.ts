import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });
const MAY_IMPORT = JSON.parse(readFileSync(join(root, 'boundaries.json'), 'utf8')) as Record<
  string,
  string[]
>;

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'finredact/allowed-imports')
    .map((m) => m.message);
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
