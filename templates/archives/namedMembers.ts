/**
 * Containers whose members' names carry values (issue 53, names of files): an e-mail with an
 * attachment named after an account's IBAN and one after a person, an archive whose folder and
 * files are named after a person, and a loose file named after one. Every value is synthetic.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import JSZip from 'jszip';

export const NAME_VALUES = {
  iban: 'GB82WEST12345698765432',
  person: 'Margaret Ellingham',
  attachmentPerson: 'Jonathan_Whitfield',
  loose: 'Rosalind Pemberton',
} as const;

async function docx(lines: readonly string[]): Promise<Uint8Array> {
  const doc = new Document({
    sections: [{ children: lines.map((l) => new Paragraph({ children: [new TextRun(l)] })) }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** `refund_<IBAN>.docx` and `Jonathan_Whitfield_statement.txt` attached to a plain message. */
export async function namedAttachmentsMail(): Promise<string> {
  const boundary = 'named-members';
  const attachment = (name: string, type: string, bytes: Uint8Array) =>
    [
      `Content-Type: ${type}; name="${name}"`,
      `Content-Disposition: attachment; filename="${name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(bytes).toString('base64'),
      '',
    ].join('\r\n');
  return [
    'From: desk@example.org',
    'To: ops@example.org',
    'Subject: Documents for the file',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please find the documents attached.',
    '',
    `--${boundary}`,
    attachment(
      `refund_${NAME_VALUES.iban}.docx`,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      await docx(['Refund approved.', 'Amount 120.00']),
    ),
    `--${boundary}`,
    attachment(
      `${NAME_VALUES.attachmentPerson}_statement.txt`,
      'text/plain',
      new TextEncoder().encode('Statement for the quarter.\nBalance 120.00\n'),
    ),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** `<person>/<person, underscored>_invoice.docx` and `notes.txt`. */
export async function namedFolderZip(): Promise<Uint8Array> {
  const zip = new JSZip();
  const under = NAME_VALUES.person.replace(' ', '_');
  zip.file(
    `${NAME_VALUES.person}/${under}_invoice.docx`,
    await docx(['Invoice for services rendered.', 'Total 80.00']),
  );
  zip.file('notes.txt', 'Nothing personal here.\n');
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
