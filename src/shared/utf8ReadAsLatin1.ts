/**
 * Text written in UTF-8 but labelled Latin-1, Windows-1252 or ASCII (a mail program's wrong
 * charset, a gateway's default) decodes to "Iâ\u0080\u0099m" and "JosÃ©": each character a
 * person wrote comes out as two or three. A reader's eye still reads the name; a detector reading
 * letter by letter may not, and the anonymised text would carry the garble.
 */
import { CP1252_HIGH_ROW } from './codePages.js';

/** Windows-1252's 0x80–0x9F row back to its bytes, for the decoders that map it (not to C1 controls). */
const CP1252_HIGH = new Map<string, number>(
  [...CP1252_HIGH_ROW].flatMap((ch, i) =>
    ch === '\ufffd' ? [] : [[ch, 0x80 + i] as [string, number]],
  ),
);

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text as written when the whole of it is UTF-8 read a byte at a time: every character is one
 * byte of Latin-1 or Windows-1252, at least one multi-byte sequence is there, and the bytes
 * together are valid UTF-8. Genuine Latin-1 text almost never is (an accented letter is followed
 * by a plain one, which UTF-8 does not allow), and one character that does not fit leaves the
 * whole text as it is. Otherwise the text unchanged.
 */
export function repairUtf8ReadAsLatin1(text: string): string {
  if (!/[\u00c2-\u00f4]/.test(text)) return text;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const byte = code <= 0xff ? code : CP1252_HIGH.get(text[i]!);
    if (byte === undefined) return text;
    bytes[i] = byte;
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    return text;
  }
}
