/**
 * Names of files (issue 53): the names inside an e-mail or an archive are content, read by the
 * detector and redacted in every output that carries them — the copies' and texts' paths, the
 * rebuilt .eml (its attachment names and its "Attachments:" line), the repacked .zip, Results —
 * with the originals listed in file-names.csv; `rename` numbers the inputs' own names too, so the
 * shareable part of a split run names no one: every path in it and every part of every file
 * (zip entries and XML parts decoded) read back.
 */
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import type { FileResult } from '../../src/domain/fileResult.js';
import { withNameValues } from '../../src/pipeline/outputNames.js';
import { checkQueueOptions } from '../../src/queue/submitBatch.js';
import {
  NAME_VALUES,
  namedAttachmentsMail,
  namedFolderZip,
} from '../../templates/archives/namedMembers.js';
import { makeTempDir, type TempDir } from './fixtures.js';
import { everyFile, readAll } from './readAll.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/letter.eml', await namedAttachmentsMail());
  await dir.file('in/bundle.zip', await namedFolderZip());
  await dir.file(`in/${NAME_VALUES.loose} notes.txt`, 'Meeting notes for the quarter.\n');
}, 60_000);
afterAll(() => dir.remove());

const planted = [
  NAME_VALUES.iban,
  NAME_VALUES.person,
  NAME_VALUES.person.replace(' ', '_'),
  NAME_VALUES.attachmentPerson,
];

describe('names of files', () => {
  it('inside e-mails and archives are redacted in every output; the names given are kept', async () => {
    const out = join(dir.path, 'flat');
    const results = await runBatch([join(dir.path, 'in')], out, DEFAULT_REDACT_OPTIONS);
    const paths = results.map((r) => r.relativePath);
    expect(paths).toContain(`${NAME_VALUES.loose} notes.txt`);
    expect(paths).toContain('letter/attachments/refund_[BANK ACCOUNT REDACTED].docx');
    expect(paths).toContain('letter/attachments/[NAME REDACTED]_statement.txt');
    expect(paths).toContain('bundle/[NAME REDACTED]/[NAME REDACTED]_invoice.docx');

    const mail = await readFile(join(out, 'redacted', 'letter.eml'), 'utf8');
    expect(mail).toContain('filename="refund_[BANK ACCOUNT REDACTED].docx"');
    const zip = await JSZip.loadAsync(await readFile(join(out, 'redacted', 'bundle.zip')));
    expect(Object.keys(zip.files)).toContain('[NAME REDACTED]/[NAME REDACTED]_invoice.docx');

    // Everything but the internal reports (flat: in the same folder) names no one: paths,
    // contents, entries.
    for (const file of await everyFile(out)) {
      const rel = relative(out, file);
      if (['Results.xlsx', 'detections.jsonl', 'file-names.csv'].includes(rel)) continue;
      const seen = `${rel}\n${await readAll(file)}`;
      for (const value of planted) expect(seen, rel).not.toContain(value);
    }
    const names = await readFile(join(out, 'file-names.csv'), 'utf8');
    expect(names).toContain(
      `bundle/[NAME REDACTED]/[NAME REDACTED]_invoice.docx,bundle/${NAME_VALUES.person}/`,
    );
  }, 120_000);

  it('with rename, the shareable part of a split run names no one, the given names included', async () => {
    const out = join(dir.path, 'split');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      layout: 'split',
      rename: true,
    });
    expect(results.map((r) => r.relativePath)).toEqual(
      expect.arrayContaining(['0001.txt', '0002.zip', '0003.eml']),
    );
    const shareable = join(out, 'shareable');
    const files = await everyFile(shareable);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const rel = relative(shareable, file);
      const seen = `${rel}\n${await readAll(file)}`;
      for (const value of [...planted, NAME_VALUES.loose, 'letter', 'bundle'])
        expect(seen, rel).not.toContain(value);
    }
    const names = await readFile(join(out, 'file-names.csv'), 'utf8');
    expect(names).toContain(`0001.txt,${NAME_VALUES.loose} notes.txt`);
  }, 120_000);

  it('rename is refused by the queue, which names each file apart', () => {
    expect(() => checkQueueOptions({ ...DEFAULT_REDACT_OPTIONS, rename: true })).toThrow(
      /--rename/,
    );
  });
});

describe('what a name gave away', () => {
  it('is redacted in the e-mail line that lists the name, and nowhere else in the run', () => {
    const result = (relativePath: string, kind: FileResult['kind'], text: string): FileResult => ({
      file: `/in/${relativePath}`,
      relativePath,
      status: 'ok',
      kind,
      warnings: [],
      text,
      spans: [],
      anonymized: text,
    });
    const [mail, other] = withNameValues(
      [
        result(
          'letter.eml',
          'eml',
          'Subject: March\n\nSee attached.\n\nAttachments: March_invoice.pdf',
        ),
        result('notes.txt', 'txt', 'Paid in March.'),
      ],
      [{ value: 'March', type: 'COMPANY', score: 0.6 }],
    );
    // A model's word for a name in one file name ("March") is not spread through the run.
    expect(mail!.anonymized).toBe(
      'Subject: March\n\nSee attached.\n\nAttachments: [COMPANY NAME REDACTED]_invoice.pdf',
    );
    expect(other!.spans).toEqual([]);
  });
});
