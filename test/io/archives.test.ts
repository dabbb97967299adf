/**
 * Zip archives among the inputs (issue 40): their documents join the batch under the archive's
 * name with their folders kept, nested archives too; the redacted copies are packed into a
 * redacted .zip holding no planted value; and every hostile archive — a path that escapes it, an
 * encrypted entry, a bomb, too many entries, nesting too deep — gets a specific error while the
 * batch goes on.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandArchives } from '../../src/pipeline/containers/archiveInputs.js';
import { collectInputs } from '../../src/pipeline/collectInputs.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import {
  ARCHIVE_VALUES,
  bombZip,
  clientFolderZip,
  encryptedZip,
  manyEntriesZip,
  traversalZip,
} from '../../templates/archives/clientFolder.js';
import { makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/client.zip', await clientFolderZip());
  await dir.file('in/escape.zip', await traversalZip());
  await dir.file('in/locked.zip', await encryptedZip());
  await dir.file('in/plain.txt', `Call ${ARCHIVE_VALUES.email}\n`);
});
afterAll(() => dir.remove());

describe('zip archives', () => {
  it('join the batch with their folders, and their redacted copies are packed again', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['xlsx', 'txt', 'json', 'sheets', 'docx', 'pdf'],
    });
    const byPath = new Map(results.map((r) => [r.relativePath, r]));
    expect([...byPath.keys()]).toEqual([
      'client.zip',
      'client/2024/statement.txt',
      'client/__MACOSX/2024/._statement.txt',
      'client/inner/note.txt',
      'escape.zip',
      'locked.zip',
      'plain.txt',
    ]);
    expect(byPath.get('client.zip')!.status).toBe('skipped');
    expect(byPath.get('client.zip')!.error).toMatch(
      /an archive; its 3 files are listed as client\//,
    );
    const statement = byPath.get('client/2024/statement.txt')!;
    expect(statement.status).toBe('ok');
    // Reported where it is found (the copy read was a scratch file, gone with the run).
    expect(statement.file).toBe(join(dir.path, 'in', 'client.zip', '2024', 'statement.txt'));
    expect(byPath.get('client/inner/note.txt')!.file).toBe(
      join(dir.path, 'in', 'client.zip', 'inner.zip', 'note.txt'),
    );
    expect(statement.spans.map((s) => s.text)).toEqual(
      expect.arrayContaining([ARCHIVE_VALUES.email, ARCHIVE_VALUES.iban]),
    );
    expect(byPath.get('client/inner/note.txt')!.spans.map((s) => s.text)).toEqual([
      ARCHIVE_VALUES.nestedEmail,
    ]);
    expect(byPath.get('client/__MACOSX/2024/._statement.txt')!.status).toBe('skipped');
    const anonymised = await readFile(
      join(out, 'anonymized', 'client', '2024', 'statement.txt'),
      'utf8',
    );
    expect(anonymised).toContain('[EMAIL REDACTED]');

    expect(byPath.get('escape.zip')!.error).toBe(
      'escape.zip: it holds an entry named "../../outside.txt" that points outside the archive (path traversal); it was not opened',
    );
    expect(byPath.get('locked.zip')!.error).toMatch(
      /^locked\.zip: the archive is encrypted \(password-protected\), so it cannot be opened/,
    );
    expect(byPath.get('plain.txt')!.status).toBe('ok');
  }, 60_000);

  it('packs the redacted copies of an archive of Word and CSV files into redacted/<name>.zip', async () => {
    const folder = await makeTempDir();
    const zip = new JSZip();
    zip.file('clients/list.csv', `Name,E-mail\nPat,${ARCHIVE_VALUES.email}\n`);
    await folder.file('in/export.zip', await zip.generateAsync({ type: 'uint8array' }));
    const out = join(folder.path, 'out');
    await runBatch([join(folder.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['xlsx', 'txt', 'json', 'sheets'],
    });
    const packed = await JSZip.loadAsync(await readFile(join(out, 'redacted', 'export.zip')));
    expect(Object.keys(packed.files).filter((n) => !n.endsWith('/'))).toEqual(['clients/list.csv']);
    const csv = await packed.file('clients/list.csv')!.async('string');
    expect(csv).toContain('[EMAIL REDACTED]');
    expect(csv).not.toContain(ARCHIVE_VALUES.email);
    await folder.remove();
  }, 60_000);

  it('refuses bombs, too many entries and deep nesting, each with its own reason', async () => {
    const folder = await makeTempDir();
    await folder.file('bomb.zip', await bombZip(3));
    await folder.file('many.zip', await manyEntriesZip(30));
    let nested = await clientFolderZip();
    for (let i = 0; i < 3; i++) {
      const outer = new JSZip();
      outer.file(`level-${i}.zip`, nested);
      nested = await outer.generateAsync({ type: 'uint8array' });
    }
    await folder.file('deep.zip', nested);
    const inputs = await collectInputs([folder.path]);
    const { inputs: expanded, archives } = await expandArchives(
      inputs,
      join(folder.path, 'scratch'),
      {
        entries: 20,
        inflatedBytes: 1024 * 1024,
        depth: 3,
      },
    );
    const errors = new Map(expanded.map((i) => [i.relativePath, i.unprocessable?.message]));
    expect(errors.get('bomb.zip')).toBe(
      'bomb.zip: the archive would inflate to more than 1 MB (a compression bomb, or too large to redact in one go); extract it and add the folders in parts',
    );
    expect(errors.get('many.zip')).toBe(
      'many.zip: the archive holds more than 20 files; extract it and add the folders in parts',
    );
    expect(errors.get('deep.zip')).toMatch(
      /^deep\.zip\/level-2\.zip\/level-1\.zip\/level-0\.zip: archives are nested more than 3 deep/,
    );
    expect(archives).toEqual([]);
    await folder.remove();
  });
});
