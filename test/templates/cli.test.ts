import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'finredact-synth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'templates/cli.ts', ...args], {
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('synth command line', () => {
  it('writes train/dev/test JSONL split by template, and stats reads them back', () => {
    const synth = run('synth', '--n', '300', '--seed', '9', '--out', dir);
    expect(synth.status, synth.stderr).toBe(0);
    expect(synth.stdout).toMatch(/wrote 300 documents/);
    const templates: Record<string, Set<string>> = {};
    let total = 0;
    for (const split of ['train', 'dev', 'test']) {
      const lines = readFileSync(join(dir, `${split}.jsonl`), 'utf8')
        .trim()
        .split('\n');
      total += lines.length;
      templates[split] = new Set(
        lines.map((l) => (JSON.parse(l) as { template: string }).template),
      );
    }
    expect(total).toBe(300);
    for (const t of templates.test ?? []) expect(templates.train?.has(t)).toBe(false);

    const stats = run('stats', dir);
    expect(stats.status, stats.stderr).toBe(0);
    expect(stats.stdout).toMatch(/documents: 300/);
    expect(stats.stdout).toMatch(/templates in more than one split: none/);
    expect(stats.stdout).toMatch(/spans per type:[\s\S]*NAME/);
  });

  it('rejects a bad option with a message naming the valid values', () => {
    const r = run('synth', '--n', '5', '--out', dir, '--locales', 'en_US,xx');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/unknown locale xx; valid: en_US/);
  });
});
