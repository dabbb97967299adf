/**
 * Text files that are not documents but hold the same values: bank statements as camt.053 XML
 * and OFX, contacts as vCards (a phone's 2.1 with quoted-printable and a photo, a 3.0 folded
 * mid-value), meeting invitations as iCalendar, and Markdown, JSON and log files. Each is read
 * as its values in lines (element names as labels, folded lines joined, escapes and
 * quoted-printable decoded), every planted value is found, and the anonymised text — the only
 * copy — holds none of them. What is carried but not read (a vCard's photo) is said and not kept.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardText } from '../../src/document/cardText.js';
import { markupText } from '../../src/document/markupText.js';
import { qifText } from '../../src/document/qifText.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import {
  camt053Statement,
  EXPORT_VALUES,
  foldedContactCard,
  meetingInvitation,
  ofxDownload,
  phoneContactCard,
  quickenExport,
  spreadsheetXml,
} from '../../templates/office/textExportFixtures.js';
import { makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/statement.xml', camt053Statement());
  await dir.file('in/download.ofx', ofxDownload());
  await dir.file('in/quicken.qif', quickenExport());
  await dir.file('in/statement-2003.xml', spreadsheetXml());
  await dir.file('in/phone.vcf', phoneContactCard());
  await dir.file('in/signature.vcf', foldedContactCard());
  await dir.file('in/invite.ics', meetingInvitation());
  await dir.file('in/notes.md', `# Notes\n\n- **Client**: ${EXPORT_VALUES.email}\n`);
  await dir.file('in/payees.json', JSON.stringify({ payee: { iban: EXPORT_VALUES.iban } }));
  await dir.file('in/export.log', `18:00:01 INFO mailed to ${EXPORT_VALUES.email}\n`);
  await dir.file(
    'in/renamed.ics',
    new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]),
  );
});
afterAll(() => dir.remove());

describe('reading XML and OFX', () => {
  it('puts each value on its own line after its element name, with attributes and comments', () => {
    const lines = markupText(camt053Statement()).split('\n');
    expect(lines).toContain(`IBAN: ${EXPORT_VALUES.iban}`);
    expect(lines).toContain('Amt Ccy: EUR');
    expect(lines).toContain(`Ustrd: Fees & costs, contact ${EXPORT_VALUES.email}`);
    expect(lines).toContain(`reconciled by ${EXPORT_VALUES.email}`);
    // Namespaces say how the file is written: not read as a value.
    expect(lines.join('\n')).not.toContain('urn:iso');
    // A UBL e-invoice's elements are named with their namespace's prefix: the label is the name.
    expect(markupText('<cac:Party><cbc:Name>Quill Harrow</cbc:Name></cac:Party>')).toBe(
      'Name: Quill Harrow',
    );
  });

  it('ends an OFX value at the next tag, though its element is never closed', () => {
    const lines = markupText(ofxDownload()).split('\n');
    expect(lines).toContain(`ACCTID: ${EXPORT_VALUES.account}`);
    expect(lines).toContain('TRNAMT: -42.00');
    expect(lines).toContain('OFXHEADER:100');
  });
});

describe('reading Quicken exports', () => {
  it("reads each field's one-letter kind as a label, a record to a paragraph", () => {
    expect(qifText(quickenExport()).split('\n')).toEqual([
      'Type: Bank',
      'Date: 03/01/2024',
      'Amount: -42.00',
      `Payee: Refund to ${EXPORT_VALUES.email}`,
      `Memo: Acct ${EXPORT_VALUES.account}`,
      '',
      'Date: 03/02/2024',
      'Amount: 1,250.00',
      'Number: 1043',
      `Memo: ${EXPORT_VALUES.iban}`,
    ]);
  });
});

describe('reading vCards and iCalendar', () => {
  it('joins folded lines and reads escapes, a structured name and address in envelope order', () => {
    const raw = foldedContactCard();
    // The fixture folds inside the values, or this test would prove nothing.
    expect(raw).not.toContain(EXPORT_VALUES.email);
    expect(raw).not.toContain(EXPORT_VALUES.phone);
    const { text, leftOut } = cardText(raw);
    expect(text).toContain(
      `NOTE:Prefers a call before noon on ${EXPORT_VALUES.phone}, otherwise write to ${EXPORT_VALUES.email}`,
    );
    expect(text).toContain('ADR;TYPE=WORK:1 Example Street, Leeds, LS1 4AP, United Kingdom');
    expect(cardText('N:Doe;Jane;Q.;Dr;Jr\r\n').text).toBe('N:Dr Jane Q. Doe Jr');
    expect(leftOut).toEqual([]);
  });

  it("decodes a phone's quoted-printable across its soft line break and leaves the photo out", () => {
    const { text, leftOut } = cardText(phoneContactCard());
    expect(text).toContain(EXPORT_VALUES.email);
    expect(text).not.toContain(EXPORT_VALUES.photo.slice(0, 20));
    expect(leftOut).toEqual(['PHOTO']);
    // In the code page the line names: "Müller" written by an older phone in Latin-1.
    expect(cardText('FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Ada M=FCller\r\n').text).toBe(
      'FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Ada Müller',
    );
  });
});

describe('text exports through a run', () => {
  it('are found in every form, and the anonymised text keeps none of them', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    const byName = new Map(results.map((r) => [r.relativePath, r]));
    const planted: Record<string, readonly string[]> = {
      'statement.xml': [EXPORT_VALUES.iban, EXPORT_VALUES.debtorIban, EXPORT_VALUES.email],
      'download.ofx': [EXPORT_VALUES.account, EXPORT_VALUES.email],
      'quicken.qif': [EXPORT_VALUES.email, EXPORT_VALUES.account, EXPORT_VALUES.iban],
      'statement-2003.xml': [EXPORT_VALUES.iban],
      'phone.vcf': [EXPORT_VALUES.email],
      'signature.vcf': [EXPORT_VALUES.phone, EXPORT_VALUES.email],
      'invite.ics': [EXPORT_VALUES.attendeeEmail, EXPORT_VALUES.phone, EXPORT_VALUES.iban],
      'notes.md': [EXPORT_VALUES.email],
      'payees.json': [EXPORT_VALUES.iban],
      'export.log': [EXPORT_VALUES.email],
    };
    for (const [name, values] of Object.entries(planted)) {
      const result = byName.get(name)!;
      expect(result.status, `${name}: ${result.error}`).toBe('ok');
      expect(result.kind).toBe('txt');
      expect(
        result.spans.map((s) => s.text),
        name,
      ).toEqual(expect.arrayContaining([...values]));
      const copy = await readFile(join(out, 'anonymized', `${name}.txt`), 'utf8');
      for (const value of values) expect(copy, `${name}: ${value}`).not.toContain(value);
    }
    // Excel's XML spreadsheet is read as its cells, a row to a line, not as its markup.
    const sheet = byName.get('statement-2003.xml')!;
    expect(sheet.text).toContain(`Refund\t${EXPORT_VALUES.iban}\t1200`);
    expect(sheet.text).not.toContain('ss:Type');
    expect(sheet.warnings).toEqual([
      'an Excel 2003 XML spreadsheet, read cell by cell; its redacted copy is the anonymised text (.txt) of its rows',
    ]);
    expect(byName.get('phone.vcf')!.warnings.join('\n')).toMatch(
      /1 picture or file carried in it \(PHOTO\) was not read, and the redacted copy leaves it out/,
    );
    const anonymisedCard = await readFile(join(out, 'anonymized', 'phone.vcf.txt'), 'utf8');
    expect(anonymisedCard).not.toContain(EXPORT_VALUES.photo.slice(0, 20));
    expect(byName.get('renamed.ics')!.error).toMatch(
      /renamed\.ics: the name ends in \.ics but the file contains a PDF document/,
    );
  }, 60_000);
});
