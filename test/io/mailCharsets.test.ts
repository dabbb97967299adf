/**
 * A mail part written in UTF-8 but labelled ISO-8859-1 (the wrong charset a mail program or a
 * gateway gives it) is read as it was written, in its body and its headers; a part that really is
 * Latin-1 is read as Latin-1, and one in Windows-1252 as Windows-1252.
 */
import { describe, expect, it } from 'vitest';
import { readMail } from '../../src/document/mailMessage.js';
import { repairUtf8ReadAsLatin1 } from '../../src/shared/utf8ReadAsLatin1.js';

/** Quoted-printable of bytes, every non-ASCII byte as =XX. */
function qp(bytes: Uint8Array): string {
  return [...bytes]
    .map((b) =>
      b >= 0x80 || b === 0x3d
        ? `=${b.toString(16).toUpperCase().padStart(2, '0')}`
        : String.fromCharCode(b),
    )
    .join('');
}

function message(body: Uint8Array, subjectBytes: Uint8Array): Uint8Array {
  const subject = `=?iso-8859-1?Q?${qp(subjectBytes).replace(/ /g, '_')}?=`;
  return new TextEncoder().encode(
    [
      'From: sender@example.com',
      'To: client@example.org',
      `Subject: ${subject}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      qp(body),
      '',
    ].join('\r\n'),
  );
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('mail parts with a wrong charset', () => {
  it('are read as written when their bytes are UTF-8', async () => {
    const mail = await readMail(
      message(
        utf8('Dear Zoë Müller,\r\nI’m writing about José’s invoice.'),
        utf8('Rückfrage für Zoë'),
      ),
    );
    expect(mail.body).toBe('Dear Zoë Müller,\nI’m writing about José’s invoice.');
    expect(mail.headers.find((h) => h.name === 'Subject')?.value).toBe('Rückfrage für Zoë');
  });

  it('are read as Latin-1 when they are Latin-1', async () => {
    const mail = await readMail(message(latin1('Dear Zoë Müller, café Ã©tude'), latin1('Grüße')));
    expect(mail.body).toBe('Dear Zoë Müller, café Ã©tude');
    expect(mail.headers.find((h) => h.name === 'Subject')?.value).toBe('Grüße');
  });
});

describe('mail parts in Windows-1252', () => {
  it('show its quotes, dashes and euro sign, not the control characters Latin-1 has there', async () => {
    // "Pay €100 to “Ann Quill” – thanks" and "Quill’s invoice" in Windows-1252 (labelled
    // iso-8859-1, which mail programs mean as 1252).
    const body = Uint8Array.from([
      ...latin1('Pay '),
      0x80,
      ...latin1('100 to '),
      0x93,
      ...latin1('Ann Quill'),
      0x94,
      ...latin1(' '),
      0x96,
      ...latin1(' thanks'),
    ]);
    const subject = Uint8Array.from([...latin1('Quill'), 0x92, ...latin1('s invoice')]);
    const mail = await readMail(message(body, subject));
    expect(mail.body).toBe('Pay €100 to “Ann Quill” – thanks');
    expect(mail.headers.find((h) => h.name === 'Subject')?.value).toBe('Quill’s invoice');
  });
});

describe('repairUtf8ReadAsLatin1', () => {
  it('undoes UTF-8 read as Latin-1 or as Windows-1252', () => {
    expect(repairUtf8ReadAsLatin1('JosÃ© GarcÃ­a')).toBe('José García');
    expect(repairUtf8ReadAsLatin1('I\u00e2\u0080\u0099m')).toBe('I’m');
    expect(repairUtf8ReadAsLatin1('I\u00e2\u20ac\u2122m')).toBe('I’m');
  });

  it('leaves text alone that is not wholly such a misreading', () => {
    for (const text of ['plain ASCII', 'Zoë Müller', 'JosÃ© and Zoë', 'JosÃ© 日本', 'Â']) {
      expect(repairUtf8ReadAsLatin1(text)).toBe(text);
    }
  });
});
