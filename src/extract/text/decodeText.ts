/**
 * Bytes of a .txt file to a string. Decision (documented in README): UTF-8 is the default;
 * a BOM selects UTF-8 or UTF-16; BOM-less UTF-16 of mostly-Latin text is recognised by its NUL
 * pattern; bytes that are not valid UTF-8 and hold no C0 control character are read in another
 * single-byte code page where their letters plainly are not Windows-1252's, or where they hold one
 * of the five bytes 1252 leaves undefined (src/shared/guessedEncoding: a Polish, Czech or Russian
 * export), else as Windows-1252 (the usual encoding of Western-European exports from Windows
 * tools) when none of those five bytes is there, and otherwise refused.
 * Line endings are normalised to `\n` so offsets mean the same on every platform.
 */
import { decodeWindows1252 } from '../../shared/codePages.js';
import { guessedEncoding } from '../../shared/guessedEncoding.js';
import { looksLikeBomlessUtf16 } from '../fileType.js';

/** UTF-8, UTF-16, Windows-1252 or another code page guessed from the letters (its WHATWG name). */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | (string & {});

export type DecodeResult =
  | {
      readonly ok: true;
      readonly text: string;
      readonly encoding: TextEncodingName;
      readonly warning?: string;
    }
  | { readonly ok: false; readonly reason: string };

/** Bytes that Windows-1252 leaves unassigned: their presence means it is not 1252 text. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

function decodeStrict(bytes: Uint8Array, encoding: TextEncodingName): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Control characters no text holds: a file with one is binary, whatever its code page. */
function hasControlBytes(bytes: Uint8Array): boolean {
  return bytes.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c);
}

const refused: DecodeResult = {
  ok: false,
  reason: 'it is neither valid UTF-8 nor recognisable Windows-1252/UTF-16 text',
};

export function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export function decodeText(bytes: Uint8Array): DecodeResult {
  const done = (
    text: string | undefined,
    encoding: TextEncodingName,
    warning?: string,
  ): DecodeResult =>
    text === undefined
      ? {
          ok: false,
          reason: `it starts with a ${encoding} byte-order mark but is not valid ${encoding}`,
        }
      : { ok: true, text: normaliseLineEndings(text), encoding, ...(warning ? { warning } : {}) };

  // TextDecoder strips a matching BOM itself (ignoreBOM: false).
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return done(decodeStrict(bytes, 'utf-8'), 'utf-8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return done(decodeStrict(bytes, 'utf-16le'), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return done(decodeStrict(bytes, 'utf-16be'), 'utf-16be');

  const utf16 = looksLikeBomlessUtf16(bytes);
  if (utf16) {
    const text = decodeStrict(bytes, utf16);
    if (text !== undefined)
      return done(text, utf16, `read as ${utf16.toUpperCase()} (no byte-order mark)`);
  }

  const utf8 = decodeStrict(bytes, 'utf-8');
  if (utf8 !== undefined) return done(utf8, 'utf-8');

  // Control characters refuse the file in any code page. Bytes Windows-1252 leaves undefined
  // (Windows-1250's "ť", Windows-1251's "Ђ") rule it out: chardet's ranking alone decides then,
  // where the file would otherwise be refused.
  if (hasControlBytes(bytes)) return refused;
  const windows1252Possible = !bytes.some((b) => UNDEFINED_IN_1252.has(b));
  const guessed = guessedEncoding(bytes, { windows1252Possible });
  if (guessed) {
    return done(
      new TextDecoder(guessed).decode(bytes),
      guessed,
      `not valid UTF-8, and not Windows-1252 by its letters; read as ${guessed} — check accented characters`,
    );
  }

  if (windows1252Possible) {
    const text = decodeWindows1252(bytes);
    return done(
      text,
      'windows-1252',
      'not valid UTF-8; read as Windows-1252 — check accented characters',
    );
  }
  return refused;
}
