/**
 * The app reads what `finredact redact` reads (issue 40): an e-mail's attachments (an .eml's and
 * an Outlook .msg's) and an archive's files join the queue after it, each processed as a
 * document of its own; a Word 97-2003 file and a HEIC photo are processed; and the export
 * writes the e-mail rebuilt from its redacted parts and the archive packed from its redacted
 * copies, read back, with no planted value in them. The unpacked attachments go with the session.
 */
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobFile } from '../../src/api/finredactApi.js';
import { AppBackend } from '../../src/bridge/appBackend.js';
import { entityTypes } from '../../src/domain/entityTypes.js';
import { ARCHIVE_VALUES } from '../../templates/archives/clientFolder.js';
import { clientMail, MAIL_VALUES } from '../../templates/mail/mailFixtures.js';
import { clientOutlookMessage } from '../../templates/mail/outlookFixtures.js';
import { LEGACY_WORD_FIXTURE } from '../../templates/office/legacyWordFixture.js';
import { HEIC_FIXTURE } from '../../templates/photos/heicFixture.js';
import { appBackendIn, processedWith } from './appBackendFixture.js';

let dir: string;
let backend: AppBackend;
let files: JobFile[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-app-formats-'));
  await mkdir(path.join(dir, 'in'));
  await writeFile(path.join(dir, 'in', 'march.eml'), clientMail());
  await writeFile(path.join(dir, 'in', 'outlook.msg'), clientOutlookMessage());
  const zip = new JSZip();
  zip.file('ledger/statement.csv', `Owner,IBAN\n${ARCHIVE_VALUES.email},${ARCHIVE_VALUES.iban}\n`);
  await writeFile(
    path.join(dir, 'in', 'client.zip'),
    await zip.generateAsync({ type: 'uint8array' }),
  );
  await copyFile(LEGACY_WORD_FIXTURE, path.join(dir, 'in', 'letter.doc'));
  await copyFile(HEIC_FIXTURE, path.join(dir, 'in', 'receipt.heic'));
  backend = appBackendIn(dir);
  files = await processedWith(backend, [path.join(dir, 'in')], { ner: false });
}, 120_000);

afterAll(async () => {
  await backend?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('the app opens e-mails and archives', () => {
  it('queues each attachment after its e-mail and each archived file, and processes them all', () => {
    const names = files.map((f) => f.relativePath);
    expect(names.slice(names.indexOf('march.eml'), names.indexOf('march.eml') + 5)).toEqual([
      'march.eml',
      'march/attachments/statement.csv',
      'march/attachments/forwarded.eml',
      'march/attachments/forwarded/attachments/note.txt',
      'outlook.msg',
    ]);
    expect(names).toEqual(
      expect.arrayContaining([
        'outlook/attachments/statement.csv',
        'outlook/attachments/Fwd note.msg',
        'letter.doc',
        'receipt.heic',
      ]),
    );
    expect(names).toContain('client/ledger/statement.csv');
    // The archive's own row would say only where its files went: the queue lists the files.
    expect(names).not.toContain('client.zip');
    for (const f of files) {
      const result = backend.getResult(f.file);
      expect(result.status, `${f.relativePath}: ${result.error}`).toBe('ok');
    }
  });

  it('exports the e-mails and the archive rebuilt from their redacted parts', async () => {
    const out = path.join(dir, 'out');
    const summary = await backend.exportResults({
      outputFolder: out,
      policy: { types: entityTypes.list(), modelThreshold: 0.5 },
      files: files.map((f) => ({ file: f.file })),
    });
    expect(summary.failed).toEqual([]);
    const written = summary.written.map((f) => path.relative(out, f));
    expect(written).toEqual(
      expect.arrayContaining([
        path.join('redacted', 'march.eml'),
        path.join('redacted', 'outlook.msg.eml'),
        path.join('redacted', 'client.zip'),
        path.join('redacted', 'letter.doc.docx'),
        path.join('redacted', 'receipt.heic.png'),
      ]),
    );
    for (const name of ['march.eml', 'outlook.msg.eml']) {
      const raw = await readFile(path.join(out, 'redacted', name));
      const parsed = await PostalMime.parse(raw, { attachmentEncoding: 'utf8' });
      const seen = [
        raw.toString('utf8'),
        parsed.text ?? '',
        ...parsed.attachments.map((a) => String(a.content)),
      ].join('\n');
      expect(parsed.attachments).toHaveLength(2);
      for (const value of Object.values(MAIL_VALUES))
        expect(seen.replace(/\s/g, ''), `${value} in ${name}`).not.toContain(
          value.replace(/\s/g, ''),
        );
    }
    const zip = await JSZip.loadAsync(await readFile(path.join(out, 'redacted', 'client.zip')));
    const packed = await Promise.all(
      Object.values(zip.files)
        .filter((f) => !f.dir)
        .map((f) => f.async('string')),
    );
    expect(Object.keys(zip.files)).toContain('ledger/statement.csv');
    expect(packed.join('\n')).toContain('[EMAIL REDACTED]');
    for (const value of [ARCHIVE_VALUES.email, ARCHIVE_VALUES.iban])
      expect(packed.join('\n'), value).not.toContain(value);
  }, 120_000);

  it('gives attachments the same paths when their e-mail is added again (a reload), so saved decisions still apply', async () => {
    const attachment = files.find((f) => f.relativePath === 'march/attachments/statement.csv')!;
    await backend.saveReview(attachment.file, { rejected: [0], retyped: [], added: [] });
    const again = await processedWith(backend, [path.join(dir, 'in')], { ner: false });
    expect(again.map((f) => f.file)).toEqual(files.map((f) => f.file));
    const saved = (await backend.getReview()).find((f) => f.file === attachment.file);
    expect(saved?.decisions?.rejected).toEqual([0]);
  }, 120_000);

  it('removes the unpacked attachments with the session', async () => {
    const opened = path.join(dir, 'dropped', 'opened');
    // One folder per e-mail or archive opened (two e-mails, one archive).
    expect((await readdir(opened)).length).toBe(3);
    await backend.dispose();
    await expect(readdir(opened)).rejects.toThrow(/ENOENT/);
  });
});
