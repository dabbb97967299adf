/**
 * E-mails for the mail tests (issue 40), written as MIME by our own code: a client's message
 * with a statement (CSV) attached and a forwarded e-mail attached to it that carries a note of
 * its own; an HTML-only message; one with too many attachments. Every value is synthetic
 * (reserved example domains, a test IBAN).
 */
export const MAIL_VALUES = {
  from: 'dana.whitcombe@example.org',
  to: 'accounts@example.net',
  iban: 'DE89 3704 0044 0532 0130 00',
  csvEmail: 'ledger.owner@example.org',
  forwardedFrom: 'forwarder.person@example.net',
  noteEmail: 'note.author@example.org',
} as const;

function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

function multipart(headers: string[], parts: string[], boundary: string): string {
  return [
    ...headers,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    ...parts.map((p) => `--${boundary}\r\n${p}`),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

function textPart(text: string): string {
  return `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64(text)}`;
}

function attachment(name: string, type: string, content: string): string {
  return `Content-Type: ${type}; name="${name}"\r\nContent-Disposition: attachment; filename="${name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64(content)}`;
}

function forwarded(): string {
  return multipart(
    [
      `From: Forwarder <${MAIL_VALUES.forwardedFrom}>`,
      `To: ${MAIL_VALUES.to}`,
      'Subject: Fwd: note',
      'Date: Mon, 4 Mar 2024 09:00:00 +0000',
    ],
    [
      textPart('See the note attached.'),
      attachment('note.txt', 'text/plain', `Contact ${MAIL_VALUES.noteEmail} before Friday.\n`),
    ],
    'inner-boundary',
  );
}

/** The client's message: body with an IBAN, a CSV statement and a forwarded e-mail attached. */
export function clientMail(): string {
  return multipart(
    [
      `From: "Dana Whitcombe" <${MAIL_VALUES.from}>`,
      `To: Accounts <${MAIL_VALUES.to}>`,
      'Subject: March statement',
      'Date: Tue, 5 Mar 2024 10:30:00 +0000',
    ],
    [
      textPart(`Hello,\n\nplease pay the balance to IBAN ${MAIL_VALUES.iban}.\n\nRegards`),
      attachment(
        'statement.csv',
        'text/csv',
        `Date,Owner,Amount\n2024-03-01,${MAIL_VALUES.csvEmail},1250.00\n`,
      ),
      attachment('forwarded.eml', 'message/rfc822', forwarded()),
    ],
    'outer-boundary',
  );
}

/** A message with only an HTML body. */
export function htmlOnlyMail(): string {
  return [
    `From: ${MAIL_VALUES.from}`,
    `To: ${MAIL_VALUES.to}`,
    'Subject: Reminder',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<html><body><p>Reply to <b>${MAIL_VALUES.noteEmail}</b></p><p>IBAN ${MAIL_VALUES.iban}</p></body></html>`,
    '',
  ].join('\r\n');
}

/**
 * An HTML-only message that writes its values with character references, as mail programs do:
 * `&commat;` in an address, thin spaces (`&#x2009;`) between IBAN groups, a hex-escaped mailto link.
 */
export function htmlEscapedMail(): string {
  const [user, domain] = MAIL_VALUES.csvEmail.split('@') as [string, string];
  const hexMailto = [...`mailto:${MAIL_VALUES.forwardedFrom}`]
    .map((c) => `&#x${c.codePointAt(0)!.toString(16)};`)
    .join('');
  return [
    `From: ${MAIL_VALUES.from}`,
    'Subject: Transfer',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<html><body><p>Write to ${user}&commat;${domain}.</p>`,
    `<p>Pay to ${MAIL_VALUES.iban.replace(/ /g, '&#x2009;')}.</p>`,
    `<p><a href="${hexMailto}">the desk</a></p></body></html>`,
    '',
  ].join('\r\n');
}

/** A message with `count` small text attachments. */
export function manyAttachmentsMail(count: number): string {
  return multipart(
    [`From: ${MAIL_VALUES.from}`, `To: ${MAIL_VALUES.to}`, 'Subject: Scans'],
    [
      textPart('All pages attached.'),
      ...Array.from({ length: count }, (_, i) =>
        attachment(`page-${i}.txt`, 'text/plain', `Page ${i}`),
      ),
    ],
    'many-boundary',
  );
}
