/**
 * An e-mail (.eml or Outlook's .msg): its header lines that name people, subject and date, its body (the HTML body
 * as text where there is no text part) and its attachments' names, as src/document/mailMessage
 * lays them out. The attachments themselves are documents of their own: `finredact redact` and the
 * app add them to the batch (src/pipeline/containers/mailInputs.ts).
 */
import { extname } from 'node:path';
import type { DocumentText } from '../../domain/documentText.js';
import { InputError } from '../../domain/inputError.js';
import { mailText, readMail } from '../../document/mailMessage.js';

function saveAgain(file: string): string {
  return extname(file).toLowerCase() === '.msg'
    ? 'save the message again from Outlook (File > Save As > Outlook Message Format - Unicode)'
    : 'save the message again from the mail program as .eml';
}

export async function extractMail(bytes: Uint8Array, file: string): Promise<DocumentText> {
  let message;
  try {
    message = await readMail(bytes);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new InputError(
      'corrupt-mail',
      file,
      extname(file).toLowerCase() === '.msg' && bytes[0] === 0xd0
        ? `this Outlook message is damaged or cut short (${detail.split('\n')[0]})`
        : `this is not a readable e-mail (${detail.split('\n')[0]})`,
      saveAgain(file),
    );
  }
  if (message.headers.length === 0) {
    throw new InputError(
      'corrupt-mail',
      file,
      'this is not an e-mail: it has none of the headers a message has (From, To, Subject, Date)',
      saveAgain(file),
    );
  }
  const warnings = [
    ...(message.bodyFrom !== 'text'
      ? [
          `the body was read from its ${message.bodyFrom === 'html' ? 'HTML' : 'RTF'} part; its redacted copy holds it as plain text`,
        ]
      : []),
    ...(message.encrypted
      ? [
          `the message is encrypted (${message.encrypted}): only its headers were read, and its encrypted parts cannot be read or redacted here; decrypt it in the mail program, save the decrypted message and add that`,
        ]
      : []),
    ...(message.removed ?? []).map(
      (what) => `the body held ${what}; it is left out of the text and of the redacted copy`,
    ),
  ];
  return { kind: 'eml', text: mailText(message), pages: [], fragments: [], warnings };
}
