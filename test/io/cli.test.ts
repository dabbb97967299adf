/**
 * The `finredact` command end to end, run as a user runs it: a child process with real files.
 * It runs the TypeScript source through tsx so the test does not depend on a fresh build; the last
 * test checks the built bin when `npm run build` has produced it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './runCliCaptured.js';
import { makePdf, makeTempDir, SYNTHETIC_TEXT, type TempDir } from './fixtures.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_CLI = join(ROOT, 'src/cli/main.ts');
const BUILT_CLI = join(ROOT, 'dist/src/cli/main.js');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function finredact(args: readonly string[], cli = SOURCE_CLI): Run {
  const nodeArgs = cli.endsWith('.ts') ? ['--import', 'tsx', cli] : [cli];
  const r = spawnSync(process.execPath, [...nodeArgs, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The program in-process, for the cases that need no child process. */
const finredactInProcess = runCliCaptured;

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('good/notes.txt', SYNTHETIC_TEXT);
  await dir.file(
    'good/invoice.pdf',
    await makePdf([{ lines: [{ text: 'Mail jane.example@example.com', x: 72, y: 700 }] }]),
  );
  await dir.file('mixed/ok.txt', SYNTHETIC_TEXT);
  await dir.file('mixed/empty.txt', '');
  await dir.file('mixed/wrong.pdf', 'not a pdf');
});
afterAll(async () => {
  await dir.remove();
});

/** `finredact redact` on the folder of good files, patterns only, into `out-<name>`. */
function redactGood(name: string, formats: string, ...more: string[]) {
  const out = join(dir.path, `out-${name}`);
  const args = ['redact', join(dir.path, 'good'), '--out', out, '--no-ner', '--formats', formats];
  return { out, r: finredact([...args, ...more]) };
}

describe('finredact redact', () => {
  it('exits 0 when every file succeeds, quietly (no TTY), with a summary that says what may leave', () => {
    const { out, r } = redactGood('good', 'xlsx,txt,json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // Two parts by default, as the app exports: what may be handed out in shareable/, the
    // reports that hold every value found in the folder itself, where scripts read them.
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^2 of 2 files redacted, \d+ detections → /);
    expect(lines[1]).toMatch(/^\s+shareable\/\s+may be handed out/);
    expect(lines[2]).toMatch(/^\s+the rest\s+keep inside/);
    expect(existsSync(join(out, 'Results.xlsx'))).toBe(true);
    expect(existsSync(join(out, 'detections.jsonl'))).toBe(true);
    expect(existsSync(join(out, 'shareable', 'anonymized', 'invoice.pdf.txt'))).toBe(true);
    expect(existsSync(join(out, 'shareable', 'Results.xlsx'))).toBe(true);
    expect(existsSync(join(out, 'anonymized'))).toBe(false);
  });

  it('says nothing of a shareable part when the run wrote only its reports', () => {
    const { out, r } = redactGood('json', 'json');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(out, 'detections.jsonl'))).toBe(true);
    expect(existsSync(join(out, 'shareable'))).toBe(false);
  });

  it('keeps the layout of earlier versions with --layout flat, and says which part may leave', () => {
    const { out, r } = redactGood('flat', 'xlsx,txt,json', '--layout', 'flat');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\s+redacted\/, anonymized\/\s+may be handed out/);
    expect(lines[2]).toMatch(/^\s+the rest\s+keep inside/);
    expect(existsSync(join(out, 'Results.xlsx'))).toBe(true);
    expect(existsSync(join(out, 'detections.jsonl'))).toBe(true);
    expect(existsSync(join(out, 'anonymized', 'invoice.pdf.txt'))).toBe(true);
    expect(existsSync(join(out, 'shareable'))).toBe(false);
  });

  it('exits 1 when some files fail, one stderr line per failed file, and still writes the rest', async () => {
    const out = join(dir.path, 'out-mixed');
    const r = await finredactInProcess([
      'redact',
      join(dir.path, 'mixed'),
      '--out',
      out,
      '--no-ner',
      '--types',
      'EMAIL,SSN',
      '--formats',
      'txt,json',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      '✗ empty.txt: the file is empty (0 bytes); check that it was saved or copied completely',
      '✗ wrong.pdf: the name ends in .pdf but the file contains plain text; rename it with the right extension or export it again',
    ]);
    expect(r.stdout).toMatch(/^1 of 3 files redacted, 2 failed, 2 detections → /);
    const anonymized = await readFile(join(out, 'shareable', 'anonymized', 'ok.txt'), 'utf8');
    expect(anonymized).toContain('[EMAIL REDACTED]');
    expect(anonymized).toContain('[SSN REDACTED]');
    expect(anonymized).toContain('(555) 123-4567'); // PHONE was not asked for
    const lines = (await readFile(join(out, 'detections.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(3);
  });

  it('exits 2 and writes nothing when the output folder is inside an input folder', async () => {
    const r = await finredactInProcess([
      'redact',
      join(dir.path, 'good'),
      '--out',
      join(dir.path, 'good', 'out'),
      '--no-ner',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/finredact: error: the output folder .* is inside the input folder/);
    expect(existsSync(join(dir.path, 'good', 'out'))).toBe(false);
  });

  it.each([
    [['redact', 'x.txt'], /required option '-o, --out <dir>' not specified/],
    [['redact', '--out', 'o'], /missing required argument 'paths'/],
    [['redact', 'x.txt', '--out', 'o', '--bogus'], /unknown option '--bogus'/],
    [
      ['redact', 'x.txt', '--out', 'o', '--types', 'NAME,IBAN'],
      /Unknown entity type IBAN; valid types: NAME/,
    ],
    [['redact', 'x.txt', '--out', 'o', '--formats', 'xlsx,doc'], /unknown format doc/],
    [
      ['redact', 'x.txt', '--out', 'o', '--concurrency', '0'],
      /expected a whole number from 1 to 64/,
    ],
    [
      ['redact', 'x.txt', '--out', 'o', '--ocr', 'sometimes'],
      /Allowed choices are auto, always, never/,
    ],
    [
      ['redact', 'x.txt', '--out', 'o', '--ner-threshold', '1.5'],
      /expected a number between 0 and 1/,
    ],
    [['frobnicate'], /unknown command 'frobnicate'/],
  ])('exits 2 on the usage error %j', async (args, message) => {
    const r = await finredactInProcess(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('prints help with examples and a description of the outputs, exit 0', async () => {
    const r = await finredactInProcess(['redact', '--help']);
    expect(r.code).toBe(0);
    for (const text of [
      '--out <dir>',
      '--formats',
      '--ocr',
      '--no-ner',
      '--dpi',
      '--no-searchable',
      'Results.xlsx',
      'detections.jsonl',
      'Examples:',
      'Exit code',
      '--recognizers <file>',
      '--propagate <scope>',
      'BANK_ACCOUNT',
    ]) {
      expect(r.stdout).toContain(text);
    }
  });

  it('the built bin runs too (after npm run build)', () => {
    if (!existsSync(BUILT_CLI)) {
      console.log(`skipped: ${BUILT_CLI} does not exist; run npm run build first`);
      return;
    }
    const r = finredact(['--version'], BUILT_CLI);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
