/**
 * Bytes in a Windows or Mac code page to text, for the formats that name their code page
 * (RTF's \ansicpg and \fcharset, an OLE property set's codepage entry) or fall back to one
 * (text and CSV files that are not UTF-8).
 */

/**
 * Windows-1252's 0x80–0x9F row (undefined slots as U+FFFD). Written out because Node's
 * TextDecoder('windows-1252') decodes this row as Latin-1 C1 controls, losing €, – and quotes.
 */
export const CP1252_HIGH_ROW =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes)
    out += b >= 0x80 && b <= 0x9f ? CP1252_HIGH_ROW[b - 0x80] : String.fromCharCode(b);
  return out;
}

/** Code pages by the WHATWG label TextDecoder knows them by (1252 is decoded by the table). */
const PAGE_LABELS: Readonly<Record<number, string>> = {
  866: 'ibm866',
  874: 'windows-874',
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  1250: 'windows-1250',
  1251: 'windows-1251',
  1253: 'windows-1253',
  1254: 'windows-1254',
  1255: 'windows-1255',
  1256: 'windows-1256',
  1257: 'windows-1257',
  1258: 'windows-1258',
  10000: 'macintosh',
  20866: 'koi8-r',
  28592: 'iso-8859-2',
  28595: 'iso-8859-5',
};

/**
 * `bytes` read in code page `page`. A page this runtime cannot decode (an unknown number, or a
 * small-ICU build without it) is read as Windows-1252: its ASCII half is right either way.
 */
export function decodeCodePage(bytes: Uint8Array, page: number): string {
  const label = PAGE_LABELS[page];
  return (label && decodeLabelled(bytes, label)) ?? decodeWindows1252(bytes);
}

/** Whether `byte` opens a two-byte character in `page` (Shift-JIS, GBK, Korean, Big5). */
export function isLeadByte(page: number, byte: number): boolean {
  if (page === 932) return (byte >= 0x81 && byte <= 0x9f) || (byte >= 0xe0 && byte <= 0xfc);
  if (page === 936 || page === 949 || page === 950) return byte >= 0x81 && byte <= 0xfe;
  return false;
}

/**
 * Text decoded as Latin-1 where Windows-1252 was meant, as Node decodes a part labelled
 * windows-1252 or iso-8859-1 (browsers read both as 1252): its C1 control characters, which no
 * text holds, as the quotes, dashes and euro sign 1252 prints there.
 */
export function c1AsWindows1252(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (c) => {
    const printed = CP1252_HIGH_ROW[c.charCodeAt(0) - 0x80]!;
    return printed === '\ufffd' ? c : printed;
  });
}

/**
 * `bytes` in the encoding a document names by a WHATWG label ("windows-1251", "koi8-r",
 * "shift_jis", "iso-8859-1", …), or undefined when no decoder knows the label. The labels HTML
 * reads as Windows-1252 (iso-8859-1, us-ascii, latin1) go through the table.
 */
export function decodeLabelled(bytes: Uint8Array, label: string): string | undefined {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label.trim());
  } catch {
    return undefined;
  }
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(bytes) : decoder.decode(bytes);
}
