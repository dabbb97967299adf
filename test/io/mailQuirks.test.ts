/**
 * Mail encodings (issue 53): a flowed reply's quoted IBAN and address broken over soft breaks are
 * found whole; a uuencoded file in the body leaves neither its name nor its content in any output
 * (removed, with a warning); an attached .zip goes into the rebuilt e-mail as its redacted copy;
 * an inline picture sent without a name is read and carried, not refused for its missing
 * extension; an Outlook item or a zip holding a PDF in its first kilobyte is not taken for a
 * PDF — an Outlook message whose attached PDF is stored first among them; and an e-mail inside an archive is opened, its rebuilt message packed back.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail } from '../../src/document/mailMessage.js';
import type { FileResult } from '../../src/domain/fileResult.js';
import { sniffFileType } from '../../src/extract/fileType.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import {
  QUIRK_VALUES,
  flowedQuotedMail,
  uuencodedMail,
  zipAndInlinePictureMail,
} from '../../templates/mail/mailQuirks.js';
import { clientMail, MAIL_VALUES } from '../../templates/mail/mailFixtures.js';
import {
  PDF_FIRST_VALUES,
  pdfFirstOutlookMessage,
} from '../../templates/mail/pdfFirstOutlookMessage.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
let results: FileResult[];
const out = () => join(dir.path, 'out');
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/flowed.eml', flowedQuotedMail());
  await dir.file('in/uu.eml', uuencodedMail());
  await dir.file('in/files.eml', await zipAndInlinePictureMail());
  await dir.file('in/invoice-mail.msg', Buffer.from(await pdfFirstOutlookMessage()));
  results = await runBatch([join(dir.path, 'in')], out(), {
    ...DEFAULT_REDACT_OPTIONS,
    ner: false,
  });
}, 120_000);
afterAll(() => dir.remove());

const byPath = (path: string) => results.find((r) => r.relativePath === path)!;
const outputs = async (name: string) =>
  [
    await readFile(join(out(), 'anonymized', `${name}.txt`), 'utf8'),
    // The rebuilt message as a mail program opens it: body and attachments decoded.
    await readMail(await readFile(join(out(), 'redacted', name))).then((m) =>
      [
        m.body,
        ...m.attachments.map((a) => `${a.filename}\n${Buffer.from(a.bytes).toString('latin1')}`),
      ].join('\n'),
    ),
  ].join('\n');

describe('mail encodings', () => {
  it('reads a flowed reply’s quoted lines as one line: the IBAN and the address are found whole', async () => {
    const found = byPath('flowed.eml').spans.map((s) => `${s.type}:${s.text}`);
    expect(found).toContain(`BANK_ACCOUNT:${QUIRK_VALUES.iban}`);
    expect(found).toContain(`EMAIL:${QUIRK_VALUES.email}`);
    const seen = await outputs('flowed.eml');
    for (const piece of ['5698 7654', 'jonathan.whit', 'field@example'])
      expect(seen).not.toContain(piece);
  });

  it('leaves a uuencoded file out of every output, and says so', async () => {
    const result = byPath('uu.eml');
    expect(result.warnings.join(' ')).toContain('uuencoded file');
    const seen = await outputs('uu.eml');
    expect(seen).toContain('[uuencoded file removed]');
    expect(seen).not.toContain('begin 644');
    expect(seen).not.toContain('Whitfield');
    expect(result.text).not.toContain(QUIRK_VALUES.uuName);
  });

  it('carries an attached .zip (redacted) and a nameless inline picture in the rebuilt e-mail', async () => {
    const mail = await readMail(await readFile(join(out(), 'redacted', 'files.eml')));
    const names = mail.attachments.map((a) => a.filename);
    expect(names).toEqual(['docs.zip', 'attachment-2.png']);
    const zip = await JSZip.loadAsync(mail.attachments[0]!.bytes);
    const statement = await zip.file('statement.txt')!.async('string');
    expect(statement).toContain('[EMAIL REDACTED]');
    expect(statement).not.toContain(QUIRK_VALUES.zipped);
    expect(byPath('files/attachments/attachment-2.png').status).toBe('ok');
  });

  it('takes an Outlook item or a zip with "%PDF-" in its first kilobyte for what it is', () => {
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    ole.set(new TextEncoder().encode('%PDF-1.7'), 512);
    expect(sniffFileType(ole)).toBe('ole2');
    const zip = new Uint8Array(200);
    zip.set([0x50, 0x4b, 0x03, 0x04]);
    zip.set(new TextEncoder().encode('%PDF-1.4'), 60);
    expect(sniffFileType(zip)).toBe('zip');
    expect(sniffFileType(new TextEncoder().encode('junk\n%PDF-1.4\n'))).toBe('pdf');
  });
});

describe('an Outlook message whose PDF attachment is stored first', () => {
  it('is read as the message it is, its PDF redacted in the copy and in the rebuilt e-mail', async () => {
    const bytes = await readFile(join(dir.path, 'in', 'invoice-mail.msg'));
    // The fixture is what it says: a compound file with the PDF's header in its first KiB.
    expect([...bytes.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    expect(bytes.indexOf('%PDF-')).toBe(512);
    expect(byPath('invoice-mail.msg').status).toBe('ok');
    const pdf = byPath('invoice-mail/attachments/invoice.pdf');
    expect(pdf.status).toBe('ok');
    const found = pdf.spans.map((sp) => sp.text);
    expect(found).toEqual(expect.arrayContaining([PDF_FIRST_VALUES.iban, PDF_FIRST_VALUES.email]));
    const copy = join(out(), 'redacted', 'invoice-mail', 'attachments', 'invoice.pdf');
    const mail = await readMail(await readFile(join(out(), 'redacted', 'invoice-mail.msg.eml')));
    expect(mail.attachments.map((a) => a.filename)).toEqual(['invoice.pdf']);
    expect(Buffer.compare(Buffer.from(mail.attachments[0]!.bytes), await readFile(copy))).toBe(0);
    const seen = [
      (await extractDocument(copy, { ocr: 'never' })).text,
      await readFile(
        join(out(), 'anonymized', 'invoice-mail', 'attachments', 'invoice.pdf.txt'),
        'utf8',
      ),
    ].join('\n');
    expect(seen).toContain('[BANK ACCOUNT REDACTED]');
    for (const value of [PDF_FIRST_VALUES.iban, PDF_FIRST_VALUES.email])
      expect(seen).not.toContain(value);
  });
});

describe('an e-mail inside an archive', () => {
  it('is opened like any e-mail, and the repacked archive carries its rebuilt message', async () => {
    const zip = new JSZip();
    zip.file('inbox/march.eml', clientMail());
    const local = await makeTempDir();
    try {
      await local.file('in/mailbox.zip', await zip.generateAsync({ type: 'uint8array' }));
      const target = join(local.path, 'out');
      const run = await runBatch([join(local.path, 'in')], target, {
        ...DEFAULT_REDACT_OPTIONS,
        ner: false,
      });
      const paths = run.map((r) => r.relativePath);
      expect(paths).toContain('mailbox/inbox/march/attachments/statement.csv');
      const packed = await JSZip.loadAsync(await readFile(join(target, 'redacted', 'mailbox.zip')));
      const message = await packed.file('inbox/march.eml')!.async('uint8array');
      const read = await readMail(message);
      const seen = [read.body, ...read.attachments.map((a) => Buffer.from(a.bytes).toString())];
      for (const value of [MAIL_VALUES.iban, MAIL_VALUES.csvEmail, MAIL_VALUES.from])
        expect(seen.join('\n')).not.toContain(value);
      expect(read.attachments.map((a) => a.filename)).toContain('statement.csv');
    } finally {
      await local.remove();
    }
  }, 120_000);
});
