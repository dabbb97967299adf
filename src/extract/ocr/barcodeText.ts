/**
 * A decoded barcode as text the detector reads: payment and contact payloads parsed into
 * labelled lines ("Payee: …", "IBAN: …"), so the labels give the values their context, and any
 * other payload as it is. Every character's fragment is the code's whole box: a detection
 * anywhere in a payload blacks out the whole code, since a partly covered QR code still decodes
 * (error correction restores up to 30% of it).
 */
import type { Box } from '../../domain/documentText.js';
import type { FoundBarcode } from '../../document/barcodes.js';
import type { PageFragment, PageText } from '../pdf/layoutPageText.js';

const EPC_FIELDS = [
  'Service tag',
  'Version',
  'Character set',
  'Identification',
  'BIC',
  'Payee',
  'IBAN',
  'Amount',
  'Purpose',
  'Reference',
  'Remittance text',
  'Information',
];

/** Swiss QR-bill (SPC 0200): the creditor and debtor blocks, their account and the amount. */
const SWISS_FIELDS: Record<number, string> = {
  3: 'IBAN',
  5: 'Creditor',
  6: 'Creditor street or address line 1',
  7: 'Creditor building number or address line 2',
  8: 'Creditor postcode',
  9: 'Creditor town',
  10: 'Creditor country',
  18: 'Amount',
  19: 'Currency',
  20: 'Debtor address type',
  21: 'Debtor',
  22: 'Debtor street or address line 1',
  23: 'Debtor building number or address line 2',
  24: 'Debtor postcode',
  25: 'Debtor town',
  26: 'Debtor country',
  27: 'Reference type',
  28: 'Reference',
  29: 'Message',
};

const UPI_FIELDS: Record<string, string> = {
  pa: 'Payee UPI ID',
  pn: 'Payee',
  am: 'Amount',
  cu: 'Currency',
  tn: 'Note',
  mc: 'Merchant code',
  tr: 'Reference',
};

const VCARD_FIELDS: Record<string, string> = {
  FN: 'Name',
  N: 'Name parts',
  ORG: 'Company',
  TITLE: 'Title',
  TEL: 'Phone',
  EMAIL: 'E-mail',
  ADR: 'Address',
  URL: 'Web',
  NOTE: 'Note',
};

function labelled(pairs: readonly [string, string][]): string {
  return pairs
    .filter(([, v]) => v.trim() !== '')
    .map(([k, v]) => `${k}: ${v.trim()}`)
    .join('\n');
}

/** The payload in words: its kind, then its fields one per line. */
export function barcodeText(format: string, payload: string): string {
  const lines = payload.replace(/\r\n?/g, '\n').split('\n');
  let kind = format;
  let body: string;
  if (lines[0] === 'BCD' && lines[3] === 'SCT') {
    kind = 'EPC payment QR code';
    body = labelled(lines.slice(4).map((v, i) => [EPC_FIELDS[i + 4] ?? 'Field', v]));
  } else if (lines[0] === 'SPC') {
    kind = 'Swiss QR-bill';
    body = labelled(lines.flatMap((v, i) => (SWISS_FIELDS[i] ? [[SWISS_FIELDS[i]!, v]] : [])));
  } else if (/^upi:\/\/pay\?/i.test(payload)) {
    kind = 'UPI payment QR code';
    const params = new URLSearchParams(payload.slice(payload.indexOf('?') + 1));
    body = labelled([...params].map(([k, v]) => [UPI_FIELDS[k] ?? k, v]));
  } else if (/^BEGIN:VCARD/i.test(payload)) {
    kind = 'vCard';
    body = labelled(
      lines.flatMap((line) => {
        const m = /^([A-Z-]+)(?:;[^:]*)?:(.*)$/i.exec(line);
        const label = m ? VCARD_FIELDS[m[1]!.toUpperCase()] : undefined;
        return m && label ? [[label, m[2]!.replace(/;+/g, ' ')] as [string, string]] : [];
      }),
    );
  } else {
    body = payload.replace(/[\t\f\v]+/g, ' ');
  }
  return `${kind}:\n${body}`;
}

/**
 * The page text of decoded codes, each after a blank line, with one fragment per character whose
 * box is the whole code (in page units: pixels × `unitsPerPixel`).
 */
export function barcodesPageText(codes: readonly FoundBarcode[], unitsPerPixel: number): PageText {
  let text = '';
  const fragments: PageFragment[] = [];
  for (const code of codes) {
    if (text !== '') text += '\n\n';
    const box: Box = {
      x: code.box.x * unitsPerPixel,
      y: code.box.y * unitsPerPixel,
      width: code.box.width * unitsPerPixel,
      height: code.box.height * unitsPerPixel,
    };
    const words = barcodeText(code.format, code.text);
    for (let i = 0; i < words.length; i++) {
      if (!/\s/.test(words[i]!))
        fragments.push({
          start: text.length + i,
          end: text.length + i + 1,
          box,
          origin: 'barcode',
        });
    }
    text += words;
  }
  return { text, fragments };
}
