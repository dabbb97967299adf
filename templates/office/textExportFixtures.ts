/**
 * Text files finance exchanges besides documents, written as the programs that make them do:
 * an ISO 20022 camt.053 bank statement (XML), an OFX 1.02 download (SGML, unclosed elements), a Quicken .qif, a
 * vCard 2.1 as a phone exports it (quoted-printable, a base64 photo), a vCard 3.0, a meeting
 * invitation (iCalendar) with lines folded at 75 characters, in the middle of values, as RFC 6350
 * and RFC 5545 ask. Every value is synthetic: reserved example domains, the textbook IBAN, Ofcom's
 * drama numbers.
 */
import * as XLSX from '@e965/xlsx';

export const EXPORT_VALUES = {
  iban: 'GB82WEST12345698765432',
  debtorIban: 'DE89370400440532013000',
  account: '55779911',
  email: 'quill.harrow@example.org',
  attendeeEmail: 'juniper.oakes-lindqvist@example.net',
  phone: '020 7946 0958',
  photo: '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////',
} as const;

/** RFC 5545 §3.1: lines of at most 75 octets, continued on lines that start with a space. */
export function foldContentLine(line: string, width = 75): string {
  const folded = [line.slice(0, width)];
  for (let at = width; at < line.length; at += width - 1)
    folded.push(` ${line.slice(at, at + width - 1)}`);
  return folded.join('\r\n');
}

export function camt053Statement(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <Stmt>
      <Acct><Id><IBAN>${EXPORT_VALUES.iban}</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">1250.00</Amt>
        <NtryDtls><TxDtls>
          <RltdPties><DbtrAcct><Id><IBAN>${EXPORT_VALUES.debtorIban}</IBAN></Id></DbtrAcct></RltdPties>
          <!-- reconciled by ${EXPORT_VALUES.email} -->
          <RmtInf><Ustrd>Fees &amp; costs, contact ${EXPORT_VALUES.email}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

export function ofxDownload(): string {
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    '',
    '<OFX>',
    '<BANKMSGSRSV1><STMTTRNRS><STMTRS>',
    '<BANKACCTFROM>',
    '<BANKID>200000',
    `<ACCTID>${EXPORT_VALUES.account}`,
    '<ACCTTYPE>CHECKING',
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    '<STMTTRN>',
    '<TRNAMT>-42.00',
    `<MEMO>REFUND TO ${EXPORT_VALUES.email}`,
    '</STMTTRN>',
    '</BANKTRANLIST>',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join('\n');
}

/** A vCard 2.1 from a phone: the e-mail quoted-printable and soft-broken, a photo in base64. */
export function phoneContactCard(): string {
  const encoded = [...Buffer.from(EXPORT_VALUES.email, 'utf8')]
    .map((b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
  return [
    'BEGIN:VCARD',
    'VERSION:2.1',
    `EMAIL;HOME;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:${encoded.slice(0, 30)}=`,
    `${encoded.slice(30)}`,
    `PHOTO;ENCODING=BASE64;TYPE=JPEG:${EXPORT_VALUES.photo}`,
    '',
    'END:VCARD',
    '',
  ].join('\r\n');
}

/** A vCard 3.0 whose note folds in the middle of the phone number and the e-mail address. */
export function foldedContactCard(): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    foldContentLine(
      `NOTE:Prefers a call before noon on ${EXPORT_VALUES.phone}\\, otherwise write to ${EXPORT_VALUES.email}`,
      40,
    ),
    `ADR;TYPE=WORK:;;1 Example Street;Leeds;;LS1 4AP;United Kingdom`,
    'END:VCARD',
    '',
  ].join('\r\n');
}

export function meetingInvitation(): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    'SUMMARY:Year-end audit review',
    foldContentLine(
      `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${EXPORT_VALUES.attendeeEmail}`,
    ),
    foldContentLine(
      `DESCRIPTION:Dial in on ${EXPORT_VALUES.phone} with the account ${EXPORT_VALUES.iban}`,
    ),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Excel's 2003 XML spreadsheet under an .xml name, as some banks still export statements. */
export function spreadsheetXml(): string {
  const book = XLSX.utils.book_new();
  const rows = [
    ['Payee', 'IBAN', 'Amount'],
    ['Refund', EXPORT_VALUES.iban, 1200],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Statement');
  return XLSX.write(book, { bookType: 'xlml', type: 'string' }) as string;
}

/** A Quicken .qif export: fields glued to their one-letter kinds, records ended by "^". */
export function quickenExport(): string {
  return [
    '!Type:Bank',
    'D03/01/2024',
    'T-42.00',
    `PRefund to ${EXPORT_VALUES.email}`,
    `MAcct ${EXPORT_VALUES.account}`,
    '^',
    'D03/02/2024',
    'T1,250.00',
    'N1043',
    `M${EXPORT_VALUES.iban}`,
    '^',
    '',
  ].join('\r\n');
}
