/**
 * The `finredact` bin is a bundle (scripts/bundle-cli.mjs) of the modules tsc builds: it must
 * redact exactly as they do. A bundling mistake shows up only when a format's lazily loaded
 * chunk runs (a package that finds its files from its own location, a CommonJS require inside
 * an ES module), so the demo's folder (text, PDF with copies, Word, mail), a HEIC photo (its
 * decoder loads a wasm file beside itself) and an Outlook message (a CommonJS reader) are
 * redacted by both, with the model, and every output that does not carry a time is compared
 * byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { clientOutlookMessage } from '../../templates/mail/outlookFixtures.js';
import { everyFile } from './readAll.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'dist/src/bin/finredact.js');
const MODULES = join(ROOT, 'dist/src/cli/main.js');

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function filesUnder(root: string): Promise<string[]> {
  return (await everyFile(root)).map((file) => relative(root, file)).sort();
}

it('the bundled bin redacts a mixed folder exactly as the unbundled modules do', async () => {
  if (!existsSync(BIN) || !existsSync(MODULES)) {
    console.log(`skipped: ${BIN} or ${MODULES} does not exist; run npm run build first`);
    return;
  }
  dir = await mkdtemp(join(tmpdir(), 'finredact-bin-'));
  const input = join(dir, 'in');
  await cp(join(ROOT, 'samples'), input, { recursive: true });
  await rm(join(input, 'recognizers.yaml'));
  await copyFile(join(ROOT, 'test/fixtures/photos/receipt.heic'), join(input, 'receipt.heic'));
  await writeFile(join(input, 'client.msg'), clientOutlookMessage());

  const run = (cli: string, out: string) =>
    spawnSync(
      process.execPath,
      [cli, 'redact', input, '--out', out, '--recognizers', join(ROOT, 'samples/recognizers.yaml')],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
    );
  const bundled = run(BIN, join(dir, 'bin'));
  const modules = run(MODULES, join(dir, 'modules'));
  expect(bundled.stderr).toBe(modules.stderr);
  expect(modules.status).toBe(0);
  expect(bundled.status).toBe(modules.status);
  expect(bundled.stdout.replaceAll(join(dir, 'bin'), 'OUT')).toBe(
    modules.stdout.replaceAll(join(dir, 'modules'), 'OUT'),
  );

  const binFiles = await filesUnder(join(dir, 'bin'));
  expect(binFiles).toEqual(await filesUnder(join(dir, 'modules')));
  // Every input came back redacted, its copy among the outputs (not an empty run compared).
  expect(binFiles.filter((f) => f.startsWith(join('shareable', 'redacted'))).length).toBe(11);
  // Ten inputs; each mail's attachments (a CSV, a forwarded mail and its note) are three more.
  const results = (await readFile(join(dir, 'bin', 'detections.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { file: string; status: string });
  expect(results.map((r) => r.status)).toEqual(Array<string>(16).fill('ok'));
  expect(results.map((r) => r.file)).toEqual(
    expect.arrayContaining(['receipt.heic', 'client.msg']),
  );
  // The workbooks carry the time they were written; every other output is compared whole.
  for (const file of binFiles.filter((f) => !f.endsWith('.xlsx') || f.includes('redacted'))) {
    const [a, b] = await Promise.all([
      readFile(join(dir, 'bin', file)),
      readFile(join(dir, 'modules', file)),
    ]);
    expect(a.equals(b), `${file} differs between the bin and the modules`).toBe(true);
  }
}, 300_000);
