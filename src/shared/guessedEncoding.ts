/**
 * The code page of a text that is not UTF-8 and does not say what it is (a .txt or .csv export),
 * when Windows-1252 — the reading every Western-European export gets — plainly does not fit: a
 * Polish bank's CSV in Windows-1250 reads "Łódź" as "£ódŸ" and "ł" as "³", a Russian one in
 * Windows-1251 as a run of accented capitals, and names the detectors cannot find.
 *
 * Two tests, both needed: the Windows-1252 reading must look wrong (a symbol such as ³, ¹ or ¿
 * between two letters, or four letters in ten beyond ASCII), and chardet's statistics (ICU's
 * detector) must rank another single-byte code page above Windows-1252 and ISO-8859-1. On
 * Faker's names and addresses in nine Western locales (1, 3 and 20 rows of a CSV, 2,700 files)
 * and the generator's 466 non-ASCII documents, no Western text changes reading; Polish and Russian
 * exports of 20 rows are read right 97 and 100 times of 100 (bench/README.md). Czech, Slovak and
 * Hungarian mostly keep the Windows-1252 reading, as before, unless a byte Windows-1252 leaves
 * undefined rules it out: then chardet's ranking decides alone.
 */
import { analyse } from 'chardet';
import { decodeWindows1252 } from './codePages.js';

const SINGLE_BYTE = /^(?:windows-125\d|ISO-8859-\d+|KOI8-R)$/;
const WESTERN = new Set(['windows-1252', 'ISO-8859-1']);
/** chardet's confidence points by which another page must beat the Western ones. */
const MARGIN = 3;
/** What Windows-1252 makes of a Central-European letter, standing between two letters. */
const SYMBOL_BETWEEN_LETTERS = /\p{L}[¹²³¼½¾¿¦¨¯´¸¤¥£ª\u00a0º±µ¶·×÷]\p{L}/u;
/** Bytes beyond ASCII a sample must hold before its code page is guessed. */
const MIN_HIGH_BYTES = 5;
/** Enough of a file to judge it, and no more (a large CSV is judged by its head). */
const SAMPLE = 65_536;

function implausibleAsWestern(text: string): boolean {
  if (SYMBOL_BETWEEN_LETTERS.test(text)) return true;
  const letters = text.match(/\p{L}/gu) ?? [];
  const beyondAscii = letters.filter((c) => c > '\u007f').length;
  return letters.length >= 20 && beyondAscii / letters.length >= 0.4;
}

/**
 * A TextDecoder label for `bytes`, or undefined where Windows-1252 is as good a reading. When
 * `windows1252Possible` is false (the bytes hold one 1252 leaves undefined), the reading's own
 * test is skipped: there is no Windows-1252 reading to keep.
 */
export function guessedEncoding(
  bytes: Uint8Array,
  { windows1252Possible = true }: { windows1252Possible?: boolean } = {},
): string | undefined {
  const sample = bytes.subarray(0, SAMPLE);
  if (windows1252Possible && !implausibleAsWestern(decodeWindows1252(sample))) return undefined;
  // Without the reading's own test, a code page is told by its letters alone: a stray byte or
  // two in ASCII text tells none, and such a file stays refused.
  if (!windows1252Possible && sample.filter((b) => b >= 0x80).length < MIN_HIGH_BYTES) {
    return undefined;
  }
  const candidates = analyse(sample).filter(
    (c) => SINGLE_BYTE.test(c.name) && (windows1252Possible || !WESTERN.has(c.name)),
  );
  const top = candidates[0];
  if (!top || WESTERN.has(top.name)) return undefined;
  const western = Math.max(
    0,
    ...candidates.filter((c) => WESTERN.has(c.name)).map((c) => c.confidence),
  );
  if (windows1252Possible && top.confidence - western < MARGIN) return undefined;
  try {
    return new TextDecoder(top.name).encoding;
  } catch {
    return undefined;
  }
}
