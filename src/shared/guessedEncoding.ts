/**
 * The code page of a text that is not UTF-8 and does not say what it is (a .txt or .csv export),
 * when Windows-1252 — the reading every Western-European export gets — plainly does not fit: a
 * Polish bank's CSV in Windows-1250 reads "Łódź" as "£ódŸ" and "ł" as "³", a Russian one in
 * Windows-1251 as a run of accented capitals, and names the detectors cannot find.
 *
 * Two tests, both needed: the Windows-1252 reading must look wrong (a symbol such as ³, ¹ or ¿
 * between two letters, a word no Western language writes, or four letters in ten beyond ASCII),
 * and chardet's statistics (ICU's detector) must rank another single-byte code page above
 * Windows-1252 and ISO-8859-1. A Central-European word ("Jiøí", "Kõvári") is proof enough that
 * the page is Windows-1250 or ISO-8859-2, whatever chardet's margin; a Turkish or Baltic word
 * ("Yýldýz", "Bçrziòð") that it is Windows-1254 or Windows-1257. On Faker's names and addresses
 * in 25 Western locales (1, 3 and 20 rows of a CSV, 7,491 files), Icelandic rows and 2,135
 * non-ASCII documents of the generator and presidio-synth-v2, no Western text changes reading;
 * Polish, Czech, Slovak, Hungarian, Russian, Ukrainian, Turkish and Latvian exports of 20 rows
 * are read right 94 to 100 times of 100 (bench/README.md). Where a byte Windows-1252 leaves
 * undefined rules it out, chardet's ranking decides alone.
 */
import { analyse } from 'chardet';
import { decodeWindows1252 } from './codePages.js';

const SINGLE_BYTE = /^(?:windows-125\d|ISO-8859-\d+|KOI8-R)$/;
const WESTERN = new Set(['windows-1252', 'ISO-8859-1']);
const CENTRAL_EUROPEAN_PAGES = new Set(['windows-1250', 'ISO-8859-2']);
/** chardet's confidence points by which another page must beat the Western ones. */
const MARGIN = 3;
/** What Windows-1252 makes of a Central-European letter, standing between two letters. */
const SYMBOL_BETWEEN_LETTERS = /\p{L}[¹²³¼½¾¿¦¨¯´¸¤¥£ª\u00a0º±µ¶·×÷]\p{L}/u;
/**
 * Words Windows-1252 makes of Czech, Slovak, Hungarian, Croatian and Slovenian letters, which no
 * Western language writes: "ř" read as "ø" beside an acute ("Jiøí"), "č" as "è" beside one
 * ("Kudláèková"), "ő" as "õ" beside one ("Kõvári"), "ć" as "æ" in a word with "è"
 * ("Kovaèeviæ"), and "č" twice in a word ("Zupanèiè"). "é" is left out of the first two:
 * Norwegian writes "allé" beside "ø", French "élève".
 */
const CENTRAL_EUROPEAN_WORD = new RegExp(
  [
    String.raw`(?=\p{L}*[øØ])(?=\p{L}*[áíóúýÁÍÓÚÝ])\p{L}{2,}`,
    String.raw`(?=\p{L}*[èÈ])(?=\p{L}*[áíóúýÁÍÓÚÝ])\p{L}{2,}`,
    String.raw`(?=\p{L}*[õÕ])(?=\p{L}*[áéíóúÁÉÍÓÚ])\p{L}{2,}`,
    String.raw`(?=\p{L}*[æøåÆØÅ])(?=\p{L}*[èìòùÈÌÒÙ])\p{L}{2,}`,
    String.raw`\p{L}*[èÈ]\p{L}*[èÈ]\p{L}*`,
  ].join('|'),
  'u',
);
/**
 * Words Windows-1252 makes of Turkish (Windows-1254) and Latvian or Lithuanian (Windows-1257)
 * letters: "ş", "ğ", "ı" and "š", "ž" land where 1252 has "þ", "ð" and "ý", in a word beside
 * another such letter ("Kýlýç", "Küçükþahin"; "Bçrziòð", "Stankevièius" with "Ðimkus"'s "ð") or
 * with "ý" twice ("Yýldýz"). Icelandic and Faroese write "þ", "ð" and "ý", but not "ç", "ü",
 * "â", "î", "û", "è", "ò", "ì" or "ï" beside them, and "ý" twice in a word rarely ("Guðrún",
 * "Eyþór", "Hafnarfjörður" pass); no other Western language writes "þ", "ð" or "ý" inside a word
 * at all.
 */
const TURKISH_OR_BALTIC_WORD = new RegExp(
  [
    String.raw`(?=\p{L}*[ýÝþÞðÐ])(?=\p{L}*[çüâîûèòìïÇÜÂÎÛÈÒÌÏ])\p{L}{2,}`,
    String.raw`\p{L}*[ýÝ]\p{L}*[ýÝ]\p{L}*`,
  ].join('|'),
  'u',
);
/**
 * Letters of a Latvian or Lithuanian text as Windows-1254 reads it ("ņ", "č", "ķ", "ļ", "ģ" as
 * "ò", "è", "í", "ï", "ì"; "ą", "į", "ė", "ę", "ų" as "à", "á", "ë", "æ", "ø"), which Turkish
 * does not write.
 */
const BALTIC_IN_TURKISH = /[àáæèëìíïòøÀÁÆÈËÌÍÏÒØ]/u;
/**
 * "ě" and "ů" read as a grave inside a word ("Mìsto", "Šimùnek"): no Western language writes
 * that, but Vietnamese (Windows-1258) does ("Bình"), so it only opens the test to chardet's
 * ranking.
 */
const GRAVE_INSIDE_WORD = /[ìùÌÙ]\p{L}/u;
const C1 = /[\u0080-\u009f]/;
/** Bytes beyond ASCII a sample must hold before its code page is guessed. */
const MIN_HIGH_BYTES = 5;
/** Enough of a file to judge it, and no more (a large CSV is judged by its head). */
const SAMPLE = 65_536;

/** The share of a text's letters beyond ASCII, and how many letters it has. */
function lettersBeyondAscii(text: string): { share: number; letters: number } {
  const letters = text.match(/\p{L}/gu) ?? [];
  const beyond = letters.filter((c) => c > '\u007f').length;
  return { share: letters.length > 0 ? beyond / letters.length : 0, letters: letters.length };
}

/** What a reading holds that no Western text does. */
const WRONG_READING = [SYMBOL_BETWEEN_LETTERS, CENTRAL_EUROPEAN_WORD, GRAVE_INSIDE_WORD];

/** Below this share of letters beyond ASCII a text is Latin-script, not Cyrillic or Greek. */
const MOSTLY_ASCII = 0.25;

/**
 * The Windows-1252 reading judged once: whether it plainly is wrong, and whether a
 * Central-European, Turkish or Baltic word says so. A Cyrillic or Greek text read as
 * Windows-1252 is accented capitals ("Èâàí", "Ïåòðîâ") that pass for such words; a Latin-script
 * one is mostly ASCII letters.
 */
function judgedAsWestern(text: string): {
  implausible: boolean;
  centralEuropean: boolean;
  turkishOrBaltic: boolean;
} {
  if (CENTRAL_EUROPEAN_WORD.test(text)) {
    const centralEuropean = lettersBeyondAscii(text).share < MOSTLY_ASCII;
    return { implausible: true, centralEuropean, turkishOrBaltic: false };
  }
  if (TURKISH_OR_BALTIC_WORD.test(text) && lettersBeyondAscii(text).share < MOSTLY_ASCII) {
    return { implausible: true, centralEuropean: false, turkishOrBaltic: true };
  }
  if (WRONG_READING.some((r) => r.test(text))) {
    return { implausible: true, centralEuropean: false, turkishOrBaltic: false };
  }
  const { share, letters } = lettersBeyondAscii(text);
  return {
    implausible: letters >= 20 && share >= 0.4,
    centralEuropean: false,
    turkishOrBaltic: false,
  };
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
  const western = judgedAsWestern(windows1252Possible ? decodeWindows1252(sample) : '');
  if (windows1252Possible && !western.implausible) return undefined;
  // Without the reading's own test, a code page is told by its letters alone: a stray byte or
  // two in ASCII text tells none, and such a file stays refused.
  if (!windows1252Possible && sample.filter((b) => b >= 0x80).length < MIN_HIGH_BYTES) {
    return undefined;
  }
  const candidates = analyse(sample).filter(
    (c) => SINGLE_BYTE.test(c.name) && (windows1252Possible || !WESTERN.has(c.name)),
  );
  // Turkish unless its reading holds Baltic letters. ISO-8859-9 is Windows-1254 less its
  // punctuation in 0x80–0x9F; Windows-1257 is the Baltic exports' page.
  if (western.turkishOrBaltic) {
    return BALTIC_IN_TURKISH.test(new TextDecoder('windows-1254').decode(sample))
      ? 'windows-1257'
      : 'windows-1254';
  }
  if (western.centralEuropean) {
    const central = centralEuropeanReading(sample, candidates);
    if (central) return central;
  }
  const top = candidates[0];
  if (!top || WESTERN.has(top.name)) return undefined;
  const westernConfidence = Math.max(
    0,
    ...candidates.filter((c) => WESTERN.has(c.name)).map((c) => c.confidence),
  );
  if (windows1252Possible && top.confidence - westernConfidence < MARGIN) return undefined;
  return decoderLabel(top.name);
}

function decoderLabel(name: string): string | undefined {
  try {
    return new TextDecoder(name).encoding;
  } catch {
    return undefined;
  }
}

/**
 * Where the Windows-1252 reading holds a Central-European word, the text is in one of the two
 * Central-European pages whatever chardet's margin (Slovak ranks Windows-1252 first about half
 * the time): the one chardet ranks higher whose reading holds no such word or symbol, and no C1
 * control (ISO-8859-2's reading of Windows-1250's "š" and "ž").
 */
function centralEuropeanReading(
  sample: Uint8Array,
  candidates: readonly { readonly name: string }[],
): string | undefined {
  for (const { name } of candidates) {
    if (!CENTRAL_EUROPEAN_PAGES.has(name)) continue;
    const label = decoderLabel(name);
    if (!label) continue;
    const reading = new TextDecoder(label).decode(sample);
    if (![...WRONG_READING, C1].some((r) => r.test(reading))) return label;
  }
  return undefined;
}
