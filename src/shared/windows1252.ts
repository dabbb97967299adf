/**
 * Windows-1252's 0x80–0x9F row (undefined slots as U+FFFD). Written out because Node's
 * TextDecoder('windows-1252') decodes this row as Latin-1 C1 controls, losing €, – and quotes.
 */
export const CP1252_HIGH_ROW =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';
