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
}
