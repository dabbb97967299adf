/**
 * Workbooks in the formats exceljs cannot open (issue 40), written by SheetJS from our own
 * synthetic values: Excel 97–2003 `.xls` (BIFF8), binary `.xlsb`, OpenDocument `.ods`, and the HTML table many banks
 * export under an `.xls` name. Each holds a client's name, e-mail address and IBAN in cells, a
 * phone number in a second sheet, an e-mail address as a sheet's name and the author in the
 * workbook's properties. Every value is synthetic (reserved example domains, a test IBAN).
 */
import * as XLSX from '@e965/xlsx';
import JSZip from 'jszip';

export const LEGACY_VALUES = {
  name: 'Marguerite Okonkwo-Hale',
  email: 'm.okonkwo.hale@example.org',
  iban: 'DE89 3704 0044 0532 0130 00',
  phone: '+44 20 7946 0958',
  sheetName: 'kim.lee@example.net',
  author: 'Author Person',
} as const;

function book(): XLSX.WorkBook {
  const wb = XLSX.utils.book_new();
  const statement = XLSX.utils.aoa_to_sheet([
    ['Date', 'Client', 'E-mail', 'IBAN', 'Amount'],
    ['2024-03-01', LEGACY_VALUES.name, LEGACY_VALUES.email, LEGACY_VALUES.iban, 1250.5],
    ['2024-03-02', 'Opening balance', '', '', 300],
  ]);
  XLSX.utils.book_append_sheet(wb, statement, 'Statement');
  const contacts = XLSX.utils.aoa_to_sheet([
    ['Contact', 'Phone'],
    ['Branch desk', LEGACY_VALUES.phone],
  ]);
  XLSX.utils.book_append_sheet(wb, contacts, LEGACY_VALUES.sheetName);
  wb.Props = { Author: LEGACY_VALUES.author, Title: 'March statement' };
  return wb;
}

export function legacyXls(): Uint8Array {
  return XLSX.write(book(), { bookType: 'biff8', type: 'buffer' }) as Uint8Array;
}

export function legacyXlsb(): Uint8Array {
  return XLSX.write(book(), { bookType: 'xlsb', type: 'buffer' }) as Uint8Array;
}

export function openDocumentOds(): Uint8Array {
  return XLSX.write(book(), { bookType: 'ods', type: 'buffer' }) as Uint8Array;
}

/** The first sheet as an HTML table, as online banking exports name it `.xls`. */
export function htmlTableXls(): Uint8Array {
  const html = XLSX.utils.sheet_to_html(book().Sheets.Statement!);
  return new TextEncoder().encode(html);
}

/**
 * The same `.ods` with a number style as LibreOffice writes its accounting formats: one part per
 * sign, chosen by conditions SheetJS does not render ("value()>0", "value()<0", "value()=0").
 */
export async function libreOfficeStyledOds(): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(openDocumentOds());
  const content = await zip.file('content.xml')!.async('string');
  const part = (name: string, minus: string) =>
    `<number:number-style style:name="${name}" style:volatile="true">${minus}` +
    '<number:number number:decimal-places="2" number:min-integer-digits="1" number:grouping="true"/>' +
    '</number:number-style>';
  const styles =
    part('N99P0', '') +
    part('N99P1', '<number:text>-</number:text>') +
    part('N99P2', '') +
    '<number:number-style style:name="N99"><number:text>–</number:text>' +
    '<style:map style:condition="value()&gt;0" style:apply-style-name="N99P0"/>' +
    '<style:map style:condition="value()&lt;0" style:apply-style-name="N99P1"/>' +
    '<style:map style:condition="value()=0" style:apply-style-name="N99P2"/>' +
    '</number:number-style>';
  zip.file(
    'content.xml',
    content.replace('<office:automatic-styles>', `<office:automatic-styles>${styles}`),
  );
  return zip.generateAsync({ type: 'uint8array' });
}
