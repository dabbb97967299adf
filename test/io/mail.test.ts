/**
 * E-mails (issue 40): headers, body and attachments' names are read; every attachment is
 * processed as a document of its own under `<mail>/attachments/…` — an e-mail attached to an
 * e-mail too —; and the redacted .eml holds the redacted headers, body and attachments' copies
 * and none of the planted values. Bad inputs get a specific error and the batch goes on.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import {
  clientMail,
  htmlEscapedMail,
  htmlOnlyMail,
  MAIL_VALUES,
  manyAttachmentsMail,
} from '../../templates/mail/mailFixtures.js';
import {
  ANSI_MESSAGE_TEXT,
  ansiOutlookMessage,
  clientOutlookMessage,
} from '../../templates/mail/outlookFixtures.js';
import { readOutlookMessage } from '../../src/document/outlookMessage.js';
import { rtfText } from '../../src/document/rtfText.js';
import { makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/march.eml', clientMail());
  await dir.file('in/reminder.eml', htmlOnlyMail());
  await dir.file('in/scans.eml', manyAttachmentsMail(300));
  await dir.file('in/not-mail.eml', 'just a line of text\n');
  await dir.file('in/not-outlook.msg', 'not an Outlook message');
  await dir.file('in/cut.msg', Buffer.from(clientOutlookMessage().subarray(0, 1536)));
  await dir.file('msg/outlook.msg', Buffer.from(clientOutlookMessage()));
  await dir.file('escaped/transfer.eml', htmlEscapedMail());
});
afterAll(() => dir.remove());

describe('e-mails', () => {
  it('are read with their attachments, and their redacted .eml holds no planted value', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    const byPath = new Map(results.map((r) => [r.relativePath, r]));
    expect([...byPath.keys()]).toEqual([
      'cut.msg',
      'march.eml',
      'march/attachments/statement.csv',
      'march/attachments/forwarded.eml',
      'march/attachments/forwarded/attachments/note.txt',
      'not-mail.eml',
      'not-outlook.msg',
      'reminder.eml',
      'scans.eml',
    ]);
    // Reports name an attachment where it is found: the scratch copy read is gone.
    expect(byPath.get('march/attachments/forwarded/attachments/note.txt')!.file).toBe(
      join(dir.path, 'in', 'march.eml', 'attachments', 'forwarded.eml', 'attachments', 'note.txt'),
    );
    const march = byPath.get('march.eml')!;
    expect(march.status, march.error).toBe('ok');
    expect(march.text).toMatch(
      /^From: Dana Whitcombe <dana\.whitcombe@example\.org>\nTo: Accounts/,
    );
    expect(march.text).toContain('Attachments: statement.csv, forwarded.eml');
    expect(march.spans.map((s) => s.text)).toEqual(
      expect.arrayContaining([MAIL_VALUES.from, MAIL_VALUES.to, MAIL_VALUES.iban]),
    );
    expect(byPath.get('march/attachments/statement.csv')!.spans.map((s) => s.text)).toEqual([
      MAIL_VALUES.csvEmail,
    ]);
    expect(
      byPath.get('march/attachments/forwarded/attachments/note.txt')!.spans.map((s) => s.text),
    ).toEqual([MAIL_VALUES.noteEmail]);
    expect(byPath.get('reminder.eml')!.text).toContain(`Reply to ${MAIL_VALUES.noteEmail}`);
    expect(byPath.get('reminder.eml')!.warnings.join('\n')).toMatch(/read from its HTML part/);

    // The redacted e-mail, opened as a mail program would, and every attachment decoded.
    const raw = await readFile(join(out, 'redacted', 'march.eml'));
    const parsed = await PostalMime.parse(raw, { attachmentEncoding: 'utf8' });
    const everything = [
      raw.toString('utf8'),
      JSON.stringify(parsed.from),
      JSON.stringify(parsed.to),
      parsed.subject ?? '',
      parsed.text ?? '',
      ...parsed.attachments.map((a) => String(a.content)),
    ].join('\n');
    for (const value of Object.values(MAIL_VALUES))
      expect(everything.replace(/\s/g, ''), value).not.toContain(value.replace(/\s/g, ''));
    expect(parsed.text).toContain('[BANK ACCOUNT REDACTED]');
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['statement.csv', 'forwarded.eml']);
    expect(String(parsed.attachments[0]!.content)).toContain('[EMAIL REDACTED]');

    expect(byPath.get('scans.eml')!.error).toBe(
      'scans.eml: the e-mail has 300 attachments, more than 200; save them to a folder and add that, with the message saved as .txt or PDF',
    );
    expect(byPath.get('not-mail.eml')!.error).toMatch(
      /^not-mail\.eml: this is not an e-mail: it has none of the headers a message has/,
    );
    expect(byPath.get('not-outlook.msg')!.error).toMatch(
      /^not-outlook\.msg: this is not an e-mail: it has none of the headers a message has .*save the message again from Outlook/,
    );
    expect(byPath.get('cut.msg')!.error).toMatch(
      /^cut\.msg: this Outlook message is damaged or cut short \(.+\).*save the message again from Outlook/,
    );
  }, 120_000);

  it('read an HTML body as a person sees it: character references decoded, link targets read, and none left in the copy', async () => {
    const out = join(dir.path, 'out-escaped');
    const [result] = await runBatch([join(dir.path, 'escaped')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    expect(result!.status, result!.error).toBe('ok');
    expect(result!.text).toContain(`Write to ${MAIL_VALUES.csvEmail}.`);
    expect(result!.text).toContain(`mailto:${MAIL_VALUES.forwardedFrom}`);
    const found = result!.spans.map((s) => `${s.type} ${s.text.replace(/\s/g, ' ')}`);
    expect(found).toEqual(
      expect.arrayContaining([
        `EMAIL ${MAIL_VALUES.csvEmail}`,
        `EMAIL ${MAIL_VALUES.forwardedFrom}`,
        `BANK_ACCOUNT ${MAIL_VALUES.iban}`,
      ]),
    );
    const raw = await readFile(join(out, 'redacted', 'transfer.eml'));
    const parsed = await PostalMime.parse(raw);
    const shown = `${raw.toString('utf8')}\n${parsed.text ?? ''}\n${parsed.html ?? ''}`;
    for (const value of [MAIL_VALUES.csvEmail, MAIL_VALUES.forwardedFrom, MAIL_VALUES.iban])
      expect(shown.replace(/\s/g, ''), value).not.toContain(value.replace(/\s/g, ''));
  }, 120_000);

  it('read Outlook .msg files with recipients and attachments (an attached Outlook item too); the redacted copy is an .eml', async () => {
    const out = join(dir.path, 'out-msg');
    const results = await runBatch([join(dir.path, 'msg')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    const byPath = new Map(results.map((r) => [r.relativePath, r]));
    expect([...byPath.keys()]).toEqual([
      'outlook.msg',
      'outlook/attachments/statement.csv',
      'outlook/attachments/Fwd note.msg',
      'outlook/attachments/Fwd note/attachments/note.txt',
    ]);
    for (const r of results) expect(r.status, `${r.relativePath}: ${r.error}`).toBe('ok');
    const message = byPath.get('outlook.msg')!;
    expect(message.text).toMatch(
      /^From: Dana Whitcombe <dana\.whitcombe@example\.org>\nTo: Accounts <accounts@example\.net>\nCc: Ledger Owner <ledger\.owner@example\.org>\nSubject: March statement\n/,
    );
    expect(message.spans.map((s) => s.text)).toEqual(
      expect.arrayContaining([
        MAIL_VALUES.from,
        MAIL_VALUES.to,
        MAIL_VALUES.csvEmail,
        MAIL_VALUES.iban,
      ]),
    );
    expect(byPath.get('outlook/attachments/Fwd note.msg')!.spans.map((s) => s.text)).toEqual(
      expect.arrayContaining([MAIL_VALUES.forwardedFrom, MAIL_VALUES.to]),
    );

    // The copy is MIME, opened as a mail program would; its attached message decoded too.
    const raw = await readFile(join(out, 'redacted', 'outlook.msg.eml'));
    const parsed = await PostalMime.parse(raw, { attachmentEncoding: 'utf8' });
    expect(parsed.attachments.map((a) => a.filename)).toEqual([
      'statement.csv',
      'Fwd note.msg.eml',
    ]);
    const inner = await PostalMime.parse(String(parsed.attachments[1]!.content), {
      attachmentEncoding: 'utf8',
    });
    const everything = [
      raw.toString('utf8'),
      JSON.stringify([parsed.from, parsed.to, parsed.cc, inner.from, inner.to]),
      parsed.text ?? '',
      inner.text ?? '',
      ...[...parsed.attachments, ...inner.attachments].map((a) => String(a.content)),
    ].join('\n');
    for (const value of Object.values(MAIL_VALUES))
      expect(everything.replace(/\s/g, ''), value).not.toContain(value.replace(/\s/g, ''));
    expect(inner.attachments.map((a) => [a.filename, String(a.content).trim()])).toEqual([
      ['note.txt', 'Contact [EMAIL REDACTED] before Friday.'],
    ]);
  }, 120_000);

  it("read a non-Unicode Outlook message's 8-bit strings in the code page it names", async () => {
    const message = await readOutlookMessage(ansiOutlookMessage());
    expect(message.headers.find((h) => h.name === 'From')?.value).toMatch(
      new RegExp(`^${ANSI_MESSAGE_TEXT.sender} <`),
    );
    expect(message.body).toBe(ANSI_MESSAGE_TEXT.body);
  });

  it('read an RTF-only Outlook body as its text: paragraphs, escapes and Unicode, without font or colour tables', () => {
    const rtf =
      '{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0\\fswiss Arial;}}{\\colortbl;\\red0\\green0\\blue0;}' +
      "{\\*\\generator Riched20;}\\pard\\f0\\fs20 Dear M\\'fcller,\\par Pay to \\b IBAN\\b0  DE89\\~3704\\par" +
      '\\uc1\\u8364?100 \\{net\\}\\tab due\\par}';
    expect(rtfText(rtf)).toBe('Dear Müller,\nPay to IBAN DE89\u00a03704\n€100 {net}\tdue');
  });
});
