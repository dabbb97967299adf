/** What an e-mail is made of, as the .eml and .msg readers both return it. */
export interface MailAttachment {
  readonly filename: string;
  readonly mimeType: string;
  readonly bytes: Uint8Array;
}

export interface MailMessage {
  readonly headers: readonly { readonly name: string; readonly value: string }[];
  readonly body: string;
  /** Which part the body was read from; from HTML or RTF (no text part) its layout is simplified. */
  readonly bodyFrom: 'text' | 'html' | 'rtf';
  readonly attachments: readonly MailAttachment[];
  /** What the body held that no copy can carry safely and was left out (uuencoded files). */
  readonly removed?: readonly string[];
  /** The message is encrypted (PGP/MIME, S/MIME): its content is in parts no one can read here. */
  readonly encrypted?: 'PGP' | 'S/MIME';
}

/** Extensions for the types a nameless part is sent as (an inline picture, a scanned PDF). */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/jpg': '.jpg',
  'image/tiff': '.tif',
  'image/heic': '.heic',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
  'text/html': '.html',
  'text/csv': '.csv',
  // A meeting invitation travels as a nameless text/calendar part, a signature's card often so.
  'text/calendar': '.ics',
  'text/vcard': '.vcf',
  'text/x-vcard': '.vcf',
  'text/xml': '.xml',
  'application/xml': '.xml',
  'application/json': '.json',
  'message/rfc822': '.eml',
  'application/zip': '.zip',
};

/**
 * A part sent without a name is still a file: an inline picture (`Content-ID` only) would
 * otherwise be named without an extension and refused. It is named by its place and its type.
 */
export function nameForPart(index: number, mimeType: string): string {
  return `attachment-${index + 1}${EXTENSIONS[mimeType.toLowerCase().split(';')[0]!.trim()] ?? ''}`;
}

/** How `mailText` begins the last paragraph, which lists the attachments' names. */
export const ATTACHMENTS_LINE = 'Attachments: ';

/**
 * Where a message's text (or its anonymised text) lists its attachments' names; -1 if it does not.
 * Here, not in mailMessage, so that naming a run's outputs does not load the mail readers.
 */
export function attachmentsLineAt(text: string): number {
  const at = text.lastIndexOf(`\n\n${ATTACHMENTS_LINE}`);
  return at < 0 ? -1 : at + 2;
}
