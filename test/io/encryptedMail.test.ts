/**
 * An encrypted e-mail (PGP/MIME, S/MIME) is read for its headers only: its parts are ciphertext,
 * so the message says so in a warning instead of passing for read. A signed message is not
 * encrypted. The messages are made up.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptionOf, encryptionOfParts } from '../../src/document/mailMessage.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { makeTempDir, type TempDir } from './fixtures.js';

const pgpMail = [
  'From: Quill Harrow <quill@example.org>',
  'To: Ada Lindqvist <ada@example.org>',
  'Subject: Statement',
  'MIME-Version: 1.0',
  'Content-Type: multipart/encrypted; boundary=b1;',
  '\tprotocol="application/pgp-encrypted"',
  '',
  '--b1',
  'Content-Type: application/pgp-encrypted',
  '',
  'Version: 1',
  '',
  '--b1',
  'Content-Type: application/octet-stream',
  '',
  '-----BEGIN PGP MESSAGE-----',
  'hIwDY32hYGCE8MkBA/wOu7d45aUxF4Q0RKJprD3v5Z9K1YcRJ2fve87lMlDlx4Oj',
  '-----END PGP MESSAGE-----',
  '',
  '--b1--',
  '',
].join('\r\n');

const head = (type: string) => `From: a@example.org\r\nContent-Type: ${type}\r\n\r\nbody\r\n`;

describe('encrypted e-mails', () => {
  it('tells PGP/MIME and S/MIME enveloped data from signed and plain messages', () => {
    expect(encryptionOf(pgpMail)).toBe('PGP');
    expect(
      encryptionOf(head('application/pkcs7-mime; smime-type=enveloped-data; name=smime.p7m')),
    ).toBe('S/MIME');
    expect(encryptionOf(head('application/pkcs7-mime; smime-type=signed-data'))).toBeUndefined();
    expect(
      encryptionOf(head('multipart/signed; protocol="application/pgp-signature"')),
    ).toBeUndefined();
    expect(encryptionOf(head('text/plain; charset=utf-8'))).toBeUndefined();
    // An Outlook item keeps PGP/MIME's parts as attachments: the version part names it.
    const part = (filename: string, mimeType: string) => ({
      filename,
      mimeType,
      bytes: new Uint8Array(),
    });
    expect(
      encryptionOfParts([
        part('ATT00001.pgp-encrypted', 'application/pgp-encrypted'),
        part('ATT00002.bin', 'application/octet-stream'),
      ]),
    ).toBe('PGP');
    expect(encryptionOfParts([part('statement.pdf', 'application/pdf')])).toBeUndefined();
    // A body that mentions the type is not the message's own header.
    expect(
      encryptionOf(head('text/plain\r\n\r\nContent-Type: multipart/encrypted')),
    ).toBeUndefined();
  });

  let dir: TempDir;
  beforeAll(async () => {
    dir = await makeTempDir();
  });
  afterAll(async () => {
    await dir.remove();
  });

  it('reads an encrypted message for its headers and warns that its parts are unread', async () => {
    const doc = await extractDocument(await dir.file('sealed.eml', pgpMail), { ocr: 'never' });
    expect(doc.text).toContain('Quill Harrow <quill@example.org>');
    expect(doc.text).not.toContain('BEGIN PGP');
    expect(doc.warnings.join('\n')).toMatch(
      /the message is encrypted \(PGP\): only its headers were read/,
    );
  });

  it("lists each of its parts as the encrypted message's ciphertext, not as an unnamed file", async () => {
    await dir.file('run/sealed.eml', pgpMail);
    const results = await runBatch([join(dir.path, 'run')], join(dir.path, 'out'), {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    const parts = results.filter((r) => r.relativePath.startsWith('sealed/attachments/'));
    expect(parts).toHaveLength(2);
    for (const part of parts) {
      expect(part.status).toBe('error');
      expect(part.error).toMatch(
        /: a part of the encrypted message sealed\.eml \(PGP\), ciphertext that cannot be read or redacted here; decrypt the message/,
      );
    }
    expect(results.find((r) => r.relativePath === 'sealed.eml')!.status).toBe('ok');
  });
});
