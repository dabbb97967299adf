/**
 * Names of files inside e-mails and archives (issue 53), in the app: the export names them as
 * `finredact redact` does — the same paths in the shareable part, the rebuilt e-mail and the
 * repacked archive holding no name a member was read under — and the dialog's preview lists
 * every name it will write redacted before anything is written. Values are synthetic
 * (templates/archives/namedMembers).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppBackend } from '../../src/bridge/appBackend.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import {
  NAME_VALUES,
  namedAttachmentsMail,
  namedFolderZip,
} from '../../templates/archives/namedMembers.js';
import { everyFile, readAll } from '../io/readAll.js';
import { appBackendIn, processedWith } from './appBackendFixture.js';

let dir: string;
let backend: AppBackend;
let files: string[];

const planted = [
  NAME_VALUES.iban,
  NAME_VALUES.person,
  NAME_VALUES.person.replace(' ', '_'),
  NAME_VALUES.attachmentPerson,
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-names-'));
  const input = path.join(dir, 'in');
  await mkdir(input);
  await writeFile(path.join(input, 'letter.eml'), await namedAttachmentsMail());
  await writeFile(path.join(input, 'bundle.zip'), await namedFolderZip());
  backend = appBackendIn(dir);
  files = (await processedWith(backend, [input], { ocr: 'never' })).map((f) => f.file);
}, 180_000);

afterAll(async () => {
  await backend?.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function request(out: string) {
  const settings = await backend.getSettings();
  return {
    outputFolder: out,
    policy: { types: settings.types, modelThreshold: settings.threshold },
    files: files.map((file) => ({ file })),
    layout: 'split' as const,
  };
}

describe("names inside e-mails and archives, in the app's export", () => {
  it('are listed before the export, each as it will be written', async () => {
    const renamed = await backend.previewNames(await request(path.join(dir, 'unused')));
    // The IBAN-named and the person-named attachments, and the archive's person folder's files.
    expect(renamed.length).toBeGreaterThanOrEqual(3);
    for (const { from, to } of renamed) {
      expect(planted.some((v) => from.includes(v))).toBe(true);
      for (const value of planted) expect(to).not.toContain(value);
    }
  }, 120_000);

  it('are written redacted, as the CLI writes them, and the shareable part names no one', async () => {
    const out = path.join(dir, 'app');
    const summary = await backend.exportResults(await request(out));
    expect(summary.failed).toEqual([]);
    const reference = path.join(dir, 'cli');
    await runBatch([path.join(dir, 'in')], reference, {
      ...DEFAULT_REDACT_OPTIONS,
      layout: 'split',
    });
    const shareable = async (root: string) =>
      (await everyFile(path.join(root, 'shareable')))
        .map((f) => path.relative(root, f))
        .filter((f) => f !== path.join('shareable', 'Results.xlsx'))
        .sort();
    const written = await shareable(out);
    expect(written.some((f) => f.includes('[NAME REDACTED]'))).toBe(true);
    expect(written).toEqual(await shareable(reference));
    for (const file of await everyFile(path.join(out, 'shareable'))) {
      const rel = path.relative(out, file);
      const seen = `${rel}\n${await readAll(file)}`;
      for (const value of planted) expect(seen, rel).not.toContain(value);
    }
    // The names they were read under stay inside, with the other reports.
    const names = await readAll(path.join(out, 'file-names.csv'));
    expect(names).toContain(NAME_VALUES.attachmentPerson);
  }, 180_000);
});
