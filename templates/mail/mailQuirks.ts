/**
 * E-mails in the encodings that hid values from a first reading (issue 53, mail encodings): a
 * format=flowed reply whose quoted IBAN and e-mail address run over soft breaks (one a
 * quoted-printable soft break, one a flowed space), a uuencoded file in a plain body, an attached
 * .zip and an inline picture sent without a name. Every value is synthetic.
 */
import JSZip from 'jszip';
import sharp from 'sharp';
import { uuLines } from './uuencode.js';

export const QUIRK_VALUES = {
  iban: 'GB82 WEST 1234 5698 7654 32',
  email: 'jonathan.whitfield@example.net',
  uuName: 'Jonathan_Whitfield_details.txt',
  uuIban: 'GB82WEST12345698765432',
  zipped: 'ops.desk@example.net',
} as const;

/** A quoted reply, flowed, its long lines broken the two ways mailers break them. */
export function flowedQuotedMail(): string {
  return [
    'From: desk@example.org',
    'To: client@example.org',
    'Subject: Re: refund',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8; format=flowed; delsp=no',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Thanks, done.',
    '',
    // A flowed soft break (trailing space) inside the IBAN, and a QP soft break inside the address.
    '> Please refund to IBAN GB82 WEST 1234 ',
    '> 5698 7654 32 and write to jonathan.whit=',
    '> field@example.net today.',
    '',
  ].join('\r\n');
}

export function uuencodedMail(): string {
  const data = `Client: Jonathan Whitfield\nIBAN ${QUIRK_VALUES.uuIban}\n`;
  return [
    'From: desk@example.org',
    'To: client@example.org',
    'Subject: details',
    'MIME-Version: 1.0',
    'Content-Type: text/plain',
    '',
    'See the details below.',
    '',
    `begin 644 ${QUIRK_VALUES.uuName}`,
    ...uuLines(new TextEncoder().encode(data)),
    '`',
    'end',
    '',
  ].join('\r\n');
}

/** An attached .zip of one text file, and an inline picture with a Content-ID and no name. */
export async function zipAndInlinePictureMail(): Promise<string> {
  const zip = new JSZip();
  zip.file('statement.txt', `Contact ${QUIRK_VALUES.zipped} for the statement.\n`);
  const zipped = Buffer.from(await zip.generateAsync({ type: 'uint8array' })).toString('base64');
  const picture = await sharp({
    create: { width: 40, height: 20, channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer();
  const b = 'quirks';
  return [
    'From: desk@example.org',
    'To: client@example.org',
    'Subject: files',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain',
    '',
    'The archive and a picture.',
    `--${b}`,
    'Content-Type: application/zip; name="docs.zip"',
    'Content-Disposition: attachment; filename="docs.zip"',
    'Content-Transfer-Encoding: base64',
    '',
    zipped,
    `--${b}`,
    'Content-Type: image/png',
    'Content-Disposition: inline',
    'Content-ID: <picture1>',
    'Content-Transfer-Encoding: base64',
    '',
    picture.toString('base64'),
    `--${b}--`,
    '',
  ].join('\r\n');
}
