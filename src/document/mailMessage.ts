/**
 * E-mails (.eml, RFC 822/MIME, through postal-mime; Outlook .msg through ./outlookMessage.ts): the headers a reader sees that name people
 * (From, Sender, Reply-To, To, Cc, Bcc) and the subject and date, the text body (the HTML body as
 * text where there is no text part), and the attachments, each to be read as a document of its
 * own. `mailText` lays a message out as the text FinRedact reads; `mailFromText` builds the
 * redacted message back from that text, with the redacted attachments.
 */
import type { Address } from 'postal-mime';
import { decodeUtf16, looksLikeBomlessUtf16 } from '../shared/utf16.js';
import { repairUtf8ReadAsLatin1 } from '../shared/utf8ReadAsLatin1.js';
import { c1AsWindows1252 } from '../shared/codePages.js';
import { htmlText } from './htmlText.js';
import {
  ATTACHMENTS_LINE,
  nameForPart,
  type MailAttachment,
  type MailMessage,
} from './mailParts.js';

export type { MailAttachment, MailMessage } from './mailParts.js';

/** The header lines read, in the order they are laid out. */
export const MAIL_HEADERS = ['From', 'Sender', 'Reply-To', 'To', 'Cc', 'Bcc', 'Subject', 'Date'];

function addresses(value: Address | readonly Address[] | undefined): string {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value as Address];
  return list
    .flatMap((a: Address) => (a.group ? a.group : [a]))
    .map((m) => (m.name && m.address ? `${m.name} <${m.address}>` : m.address || m.name))
    .filter((s) => s !== '')
    .join(', ');
}

const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * A message saved as UTF-16 (with a byte-order mark or without: Windows tools do both) is
 * MIME in 16-bit characters; the parser reads bytes as ASCII, so it gets the message as UTF-8.
 */
function asUtf8Mime(bytes: Uint8Array): Uint8Array {
  const bom =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : false;
  const encoding = bom || looksLikeBomlessUtf16(bytes.subarray(0, 4096));
  if (!encoding) return bytes;
  const text = decodeUtf16(bytes.subarray(bom ? 2 : 0), encoding);
  return new TextEncoder().encode(text);
}

/**
 * A flowed message's quoted paragraphs (RFC 3676): a soft-broken quoted line goes on after the
 * next line's quote marks, which the parser joins into the middle of the paragraph ("IBAN GB82
 * WEST 1234 > 5698 …"); a reader sees one line. Inside a quoted line, the same marks after a
 * word are taken out again.
 */
export function joinFlowedQuotes(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const mark = /^(>+) ?/.exec(line);
      if (!mark) return line;
      const rest = line.slice(mark[0].length);
      const joined = rest.replace(new RegExp(`(\\S ?)${mark[1]}(?!>) ?`, 'g'), '$1');
      return mark[0] + joined;
    })
    .join('\n');
}

/**
 * A uuencoded file in a text body (`begin 644 name` … `end`): a reader's program decodes it into a
 * file, so its name and content are what it says, not the letters it is written in. A copy cannot
 * carry it redacted (a replacement breaks the encoding and the name still decodes), so it is left
 * out of the body, and the message says so.
 */
export function withoutUuencoded(body: string): { body: string; removed: string[] } {
  const removed: string[] = [];
  const out = body.replace(/^begin(?:-base64)? [0-7]{3,4} [^\n]*\n[\s\S]*?^end[ \t]*$\n?/gm, () => {
    removed.push('a uuencoded file');
    return '[uuencoded file removed]\n';
  });
  return { body: out, removed };
}

/**
 * A decoded part as its writer wrote it: Windows-1252's characters where the decoder gave C1
 * controls, then UTF-8 labelled as a single-byte charset read as UTF-8.
 */
function asWritten(text: string): string {
  return repairUtf8ReadAsLatin1(c1AsWindows1252(text));
}

/**
 * How the message's own Content-Type says it is encrypted: PGP/MIME (`multipart/encrypted`) or
 * S/MIME (`application/pkcs7-mime`, as enveloped data), read from the start of the message as
 * Latin-1 (`head`). Its parts are then ciphertext.
 */
export function encryptionOf(head: string): MailMessage['encrypted'] {
  const headers = head.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const type = /^content-type:[ \t]*([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)/im.exec(headers)?.[1] ?? '';
  if (/^\s*multipart\/encrypted\b/i.test(type)) return 'PGP';
  if (
    /^\s*application\/(?:x-)?pkcs7-mime\b/i.test(type) &&
    !/smime-type\s*=\s*"?signed-data/i.test(type)
  )
    return 'S/MIME';
  return undefined;
}

/**
 * An Outlook item keeps a PGP/MIME message's parts as attachments ("ATT00001.pgp-encrypted",
 * "ATT00002.bin"): the version part's type, `application/pgp-encrypted`, names the encryption,
 * as an S/MIME part's declared enveloped data does.
 */
export function encryptionOfParts(parts: readonly MailAttachment[]): MailMessage['encrypted'] {
  if (parts.some((p) => /^application\/pgp-encrypted\b/i.test(p.mimeType))) return 'PGP';
  if (parts.some((p) => /^application\/(?:x-)?pkcs7-mime\b.*enveloped-data/i.test(p.mimeType)))
    return 'S/MIME';
  return undefined;
}

/** An e-mail, whichever form it was saved in: MIME (.eml) or an Outlook item (.msg). */
export async function readMail(bytes: Uint8Array): Promise<MailMessage> {
  if (OLE2_SIGNATURE.every((b, i) => bytes[i] === b)) {
    const message = await (await import('./outlookMessage.js')).readOutlookMessage(bytes);
    const encrypted = message.encrypted ?? encryptionOfParts(message.attachments);
    return encrypted ? { ...message, encrypted } : message;
  }
  const { default: PostalMime } = await import('postal-mime');
  const email = await PostalMime.parse(asUtf8Mime(bytes), { attachmentEncoding: 'arraybuffer' });
  const values: Record<string, string> = {
    From: addresses(email.from),
    Sender: addresses(email.sender),
    'Reply-To': addresses(email.replyTo),
    To: addresses(email.to),
    Cc: addresses(email.cc),
    Bcc: addresses(email.bcc),
    Subject: email.subject ?? '',
    Date: email.date ?? '',
  };
  const headers = MAIL_HEADERS.filter((name) => (values[name] ?? '').trim() !== '').map((name) => ({
    name,
    value: asWritten((values[name] ?? '').replace(/\s*\n\s*/g, ' ')),
  }));
  // A part's declared charset is often wrong (UTF-8 labelled ISO-8859-1), and Node reads
  // windows-1252 as Latin-1: read as it was written.
  const raw = asWritten(email.text?.trim() ?? '');
  // The start of the raw message, for what the parser does not say: which part the text came
  // from (any flowed part) and the message's own Content-Type.
  const head = Buffer.from(bytes.subarray(0, 65536)).toString('latin1');
  const flowed = /format\s*=\s*"?flowed/i.test(head);
  const { body: text, removed } = withoutUuencoded(flowed ? joinFlowedQuotes(raw) : raw);
  const fromHtml = text === '' && (email.html ?? '').trim() !== '';
  const encrypted = encryptionOf(head);
  return {
    ...(encrypted ? { encrypted } : {}),
    headers,
    body: fromHtml ? asWritten(htmlText(email.html ?? '')) : text,
    bodyFrom: fromHtml ? 'html' : 'text',
    ...(removed.length > 0 ? { removed } : {}),
    attachments: email.attachments.map((a, i) => ({
      filename: (a.filename ?? '').trim() || nameForPart(i, a.mimeType),
      mimeType: a.mimeType,
      bytes:
        a.content instanceof ArrayBuffer
          ? new Uint8Array(a.content)
          : typeof a.content === 'string'
            ? new TextEncoder().encode(a.content)
            : a.content,
    })),
  };
}

/** The message as FinRedact reads it: header lines, a blank line, the body, the attachments' names. */
export function mailText(message: MailMessage): string {
  const head = message.headers.map((h) => `${h.name}: ${h.value}`).join('\n');
  const names = message.attachments.map((a) => a.filename);
  return [
    head,
    message.body,
    ...(names.length > 0 ? [`${ATTACHMENTS_LINE}${names.join(', ')}`] : []),
  ].join('\n\n');
}

/** A header value as RFC 2047 encoded words where it is not plain ASCII. */
function encodedHeader(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  return `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function base64Lines(bytes: Uint8Array): string {
  return (
    Buffer.from(bytes)
      .toString('base64')
      .match(/.{1,76}/g)
      ?.join('\r\n') ?? ''
  );
}

/**
 * The message built back from its (redacted) text as `mailText` laid it out: its header lines,
 * a text/plain body, and `attachments` (the redacted copies). Only what was read and redacted is
 * in it: no other header, no HTML part, no original attachment.
 */
export function mailFromText(text: string, attachments: readonly MailAttachment[]): string {
  const [head = '', ...rest] = text.split('\n\n');
  let bodyParts = rest;
  if (bodyParts.at(-1)?.startsWith(ATTACHMENTS_LINE)) bodyParts = bodyParts.slice(0, -1);
  const headerLines = head
    .split('\n')
    .map((line) => /^([A-Za-z-]+): (.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && MAIL_HEADERS.includes(m[1]!))
    .map((m) => `${m[1]}: ${encodedHeader(m[2]!)}`);
  const boundary = 'finredact-part-boundary';
  const parts = [
    [
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(new TextEncoder().encode(bodyParts.join('\n\n'))),
    ].join('\r\n'),
    ...attachments.map((a) => {
      const name = encodedHeader(a.filename);
      return [
        `Content-Type: ${a.mimeType || 'application/octet-stream'}; name="${name}"`,
        `Content-Disposition: attachment; filename="${name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        base64Lines(a.bytes),
      ].join('\r\n');
    }),
  ];
  return [
    ...headerLines,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    ...parts.map((p) => `--${boundary}\r\n${p}`),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
