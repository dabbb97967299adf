/**
 * Outlook messages (.msg, an OLE compound file of MAPI properties) through @kenjiuno/msgreader,
 * read into the same `MailMessage` an .eml gives: sender and recipients by their role, subject,
 * submit date, the body (plain text, else the HTML body as text, else the RTF body as text) and
 * the attachments — an attached Outlook message comes back as a .msg file of its own. Transport
 * headers (Received lines, message ids) are not read, and the redacted copy is an .eml built from
 * what was read, so they are not kept either.
 */
import { htmlText } from './htmlText.js';
import { rtfText } from './rtfText.js';
import { nameForPart, type MailAttachment, type MailMessage } from './mailParts.js';

/** Code pages whose strings msgreader already reads right: UTF-16, UTF-8, ASCII. */
const UNICODE_PAGES = new Set([1200, 1201, 65001, 20127]);

interface MsgFields {
  readonly name?: string;
  readonly email?: string;
  readonly smtpAddress?: string;
  readonly recipType?: 'to' | 'cc' | 'bcc';
  readonly senderName?: string;
  readonly senderEmail?: string;
  readonly senderSmtpAddress?: string;
  readonly subject?: string;
  readonly body?: string;
  readonly bodyHtml?: string;
  readonly html?: Uint8Array;
  readonly compressedRtf?: Uint8Array;
  readonly messageCodepage?: number;
  readonly internetCodepage?: number;
  readonly clientSubmitTime?: string;
  readonly messageDeliveryTime?: string;
  readonly fileName?: string;
  readonly fileNameShort?: string;
  readonly attachMimeTag?: string;
  readonly innerMsgContent?: true;
  readonly dataType?: string | null;
  readonly recipients?: readonly MsgFields[];
  readonly attachments?: readonly MsgFields[];
  readonly error?: string;
}

function person(name: string | undefined, address: string | undefined): string {
  const n = (name ?? '').trim().replace(/^'(.*)'$/, '$1');
  const a = (address ?? '').trim();
  if (n && a && n !== a) return `${n} <${a}>`;
  return a || n;
}

async function rtfBody(compressed: Uint8Array): Promise<string> {
  // A CommonJS package: Node's import gives its exports by name and as `default`, the bundled
  // bin (scripts/bundle-cli.mjs) only as `default`, tsx (the sources run directly) only by name,
  // since the package marks itself `__esModule` without a default; so either shape is read.
  type Exports = { decompressRTF: (bytes: number[]) => number[] };
  const module = (await import('@kenjiuno/decompressrtf')) as unknown as Partial<Exports> & {
    default: Exports;
  };
  const { decompressRTF } = module.decompressRTF ? (module as Exports) : module.default;
  const bytes = decompressRTF([...compressed]);
  return rtfText(Buffer.from(bytes).toString('latin1'));
}

/**
 * Whether a string msgreader read holds a byte beyond ASCII as Latin-1: only then can another code
 * page read it differently, and only then is the message read a second time.
 */
function readAsLatin1(fields: MsgFields): boolean {
  const strings = [
    fields.subject,
    fields.body,
    fields.bodyHtml,
    fields.senderName,
    fields.senderEmail,
    ...(fields.recipients ?? []).flatMap((r) => [r.name, r.email]),
    ...(fields.attachments ?? []).flatMap((a) => [a.fileName, a.fileNameShort]),
  ];
  return strings.some((s) => s !== undefined && /[\u0080-\u00ff]/.test(s));
}

export async function readOutlookMessage(bytes: Uint8Array): Promise<MailMessage> {
  // A CommonJS module marked __esModule: Node gives its exports object as the default import
  // (the class is its `default`), bundlers and vitest give the class itself.
  const module = await import('@kenjiuno/msgreader');
  type Reader = typeof module.default.default;
  const imported: unknown = module.default;
  const MsgReader = (
    typeof imported === 'function' ? imported : (imported as { default: Reader }).default
  ) as Reader;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let reader = new MsgReader(view);
  let fields = reader.getFileData() as MsgFields;
  if (fields.error) throw new Error(fields.error);
  if (fields.dataType !== 'msg') throw new Error('no Outlook message properties were found');
  // A non-Unicode Outlook writes 8-bit strings in the code page the message names; msgreader
  // reads them as Latin-1 unless told, and "Иван" would come out as "Èâàí".
  const page = fields.messageCodepage ?? fields.internetCodepage;
  if (page !== undefined && !UNICODE_PAGES.has(page) && readAsLatin1(fields)) {
    const again = new MsgReader(view);
    again.parserConfig = { ansiEncoding: page === 10000 ? 'macintosh' : `cp${page}` };
    try {
      const read = again.getFileData() as MsgFields;
      if (!read.error) [reader, fields] = [again, read];
    } catch {
      // A code page iconv-lite does not know: the strings stay as first read.
    }
  }
  const recipients = (role: 'to' | 'cc' | 'bcc') =>
    (fields.recipients ?? [])
      // Recipients without a type are the message's addressees.
      .filter((r) => (r.recipType ?? 'to') === role)
      .map((r) => person(r.name, r.smtpAddress || r.email))
      .filter((s) => s !== '')
      .join(', ');
  const values: [string, string][] = [
    ['From', person(fields.senderName, fields.senderSmtpAddress || fields.senderEmail)],
    ['To', recipients('to')],
    ['Cc', recipients('cc')],
    ['Bcc', recipients('bcc')],
    ['Subject', fields.subject ?? ''],
    ['Date', fields.clientSubmitTime ?? fields.messageDeliveryTime ?? ''],
  ];
  const headers = values
    .filter(([, value]) => value.trim() !== '')
    .map(([name, value]) => ({ name, value: value.replace(/\s*\n\s*/g, ' ') }));
  const text = (fields.body ?? '').replace(/\r\n/g, '\n').trim();
  const html =
    fields.bodyHtml ?? (fields.html ? Buffer.from(fields.html).toString('utf8') : undefined);
  let body = text;
  let bodyFrom: MailMessage['bodyFrom'] = 'text';
  if (body === '' && html && html.trim() !== '') {
    body = htmlText(html);
    bodyFrom = 'html';
  } else if (body === '' && fields.compressedRtf && fields.compressedRtf.length > 0) {
    body = await rtfBody(fields.compressedRtf);
    bodyFrom = 'rtf';
  }
  const attachments: MailAttachment[] = (fields.attachments ?? []).map((a, i) => {
    const data = reader.getAttachment(a as Parameters<typeof reader.getAttachment>[0]);
    const named = (a.fileName ?? a.fileNameShort ?? data.fileName ?? '').trim();
    const filename = named || nameForPart(i, a.attachMimeTag ?? '');
    return {
      // An attached Outlook item is burnt into a .msg of its own: name it so.
      filename:
        a.innerMsgContent && !filename.toLowerCase().endsWith('.msg')
          ? `${filename}.msg`
          : filename,
      mimeType: a.innerMsgContent
        ? 'application/vnd.ms-outlook'
        : (a.attachMimeTag ?? 'application/octet-stream'),
      bytes: data.content,
    };
  });
  return { headers, body, bodyFrom, attachments };
}
