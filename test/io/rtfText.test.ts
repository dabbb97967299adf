import { describe, expect, it } from 'vitest';
import { rtfText } from '../../src/document/rtfText.js';

describe('rtfText: bytes in the code page they were written in', () => {
  it("reads Windows-1252's quotes, dashes and euro sign, which Latin-1 would turn into control characters", () => {
    const text = rtfText("{\\rtf1\\ansi\\ansicpg1252 \\'93Ann Quill\\'94 \\'96 \\'805\\par}");
    expect(text).toBe('“Ann Quill” – €5');
  });

  it('reads a Cyrillic document by its \\ansicpg', () => {
    const text = rtfText(
      "{\\rtf1\\ansi\\ansicpg1251 \\'c8\\'e2\\'e0\\'ed \\'cf\\'e5\\'f2\\'f0\\'ee\\'e2\\par}",
    );
    expect(text).toBe('Иван Петров');
  });

  it("reads a font's \\fcharset over the document's code page, and the document's page again after the group", () => {
    const text = rtfText(
      '{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}{\\f1\\fcharset204 Arial CYR;}}' +
        "\\f0 Caf\\'e9 {\\f1 \\'c8\\'e2\\'e0\\'ed} Caf\\'e9\\par}",
    );
    expect(text).toBe('Café Иван Café');
  });

  it('joins a double-byte character whose trail byte is written as a plain character or an escaped backslash', () => {
    // 山田 in Shift-JIS is 8e 52 93 63: RTF writers spell the ASCII-range trail bytes as letters.
    // ソ is 83 5c, its trail byte a backslash.
    const text = rtfText(
      "{\\rtf1\\ansi\\ansicpg932 \\'8eR\\'93c\\'91\\'be\\'98Y \\'83\\\\ tel\\par}",
    );
    expect(text).toBe('山田太郎 ソ tel');
  });

  it("skips a \\u character's fallback bytes, so the value is not read twice", () => {
    const text = rtfText("{\\rtf1\\ansi\\ansicpg1251\\uc2 \\u1048\\'c8\\'3fvan\\par}");
    expect(text).toBe('Иvan');
  });

  it('skips \\bin data and the destinations no reader sees', () => {
    const text = rtfText(
      '{\\rtf1\\ansi{\\*\\generator Writer;}{\\pict\\bin4 {}\\x}Pay \\ldblquote Ann\\rdblquote\\par}',
    );
    expect(text).toBe('Pay “Ann”');
  });
});
