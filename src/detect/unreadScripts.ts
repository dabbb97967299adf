/**
 * Text the model cannot read. It was trained on documents in Latin script (Greek appears only in
 * some foreign addresses); on Hebrew or Korean it still tags words, but as guesses — wild-dev's
 * Hebrew e-mail came out with whole sentences as addresses, and a Korean card leaflet with shop
 * names and "five years" as addresses — and a name among them is as likely missed as found. The
 * patterns (e-mails, phones, IBANs, cards) do not depend on the script. Saying so lets the user
 * check such a file by hand instead of trusting a clean-looking result.
 */
import type { EntityType } from '../domain/entityTypes.js';
import { untrainedLanguageWarning } from './untrainedLanguages.js';

/** Scripts named in the warning; a letter in none of these and not Latin is "another script". */
const SCRIPTS: readonly (readonly [string, RegExp])[] = [
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Chinese characters', /\p{Script=Han}/u],
  ['Japanese kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
];

/** The types only the model finds: where a run asks for none of them, the script does not matter. */
const MODEL_TYPES: readonly EntityType[] = ['NAME', 'COMPANY', 'ADDRESS'];

/**
 * The warning for `text` in a script, or a Latin-script language, the model was not trained on,
 * where a run asks for a type only the model finds; else undefined.
 */
export function scriptWarningFor(text: string, types: readonly EntityType[]): string | undefined {
  if (!MODEL_TYPES.some((t) => types.includes(t))) return undefined;
  return unreadScriptWarning(text) ?? untrainedLanguageWarning(text);
}

const LETTER = /\p{L}/u;
/** A Chinese character, a kana or a Hangul syllable says what two or three Latin letters do. */
const SYLLABIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SYLLABIC_WEIGHT = 3;
const LATIN = /\p{Script=Latin}/u;

/** Below both, a few words of another script (a company's name, a country's) are not the text. */
const MIN_LETTERS = 200;
const MIN_SHARE = 0.1;
const MIN_LETTERS_AT_SHARE = 50;

/**
 * The warning for a text whose letters are in scripts other than Latin — at least 200 of them,
 * or a tenth of its letters (and 50: a sentence, not a place name), a syllable or character of
 * Chinese, Japanese or Korean counted as three — or undefined.
 */
export function unreadScriptWarning(text: string): string | undefined {
  let letters = 0;
  let other = 0;
  let weighted = 0;
  const counts = new Map<string, number>();
  for (const ch of text) {
    // ASCII first: most text is, and its letters are Latin.
    if (ch < '\u0080') {
      if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) letters++;
      continue;
    }
    if (!LETTER.test(ch)) continue;
    if (LATIN.test(ch)) {
      letters++;
      continue;
    }
    const weight = SYLLABIC.test(ch) ? SYLLABIC_WEIGHT : 1;
    letters += weight;
    weighted += weight;
    other++;
    const name = SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'another script';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const enough =
    weighted >= MIN_LETTERS ||
    (weighted >= MIN_LETTERS_AT_SHARE && weighted / letters >= MIN_SHARE);
  if (!enough) return undefined;
  const names = [...counts.entries()]
    .filter(([, n]) => n / other >= 0.1)
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name);
  const share = Math.floor((100 * weighted) / letters);
  return (
    `${share}% of the text (${other} letters) is in ${names.join(' and ')}, which the model was not trained ` +
    'on: names, companies and addresses written in it are guessed, not found — some may be missed ' +
    'and other words redacted. E-mails, phone numbers, IBANs and the other patterns are found as ' +
    'usual. Check this file by hand before it leaves.'
  );
}
