/**
 * Text in a Latin-script language the model was not trained on. Its documents were English,
 * German, French, Spanish and Dutch; a Turkish bank export came out with its column headers,
 * "Kira ödemesi" (rent payment) and "Maaş" (salary) redacted as names and companies, and a name
 * there is as likely missed as found. Language identifiers guess wrong on a few rows of a table
 * (franc read that export as Hausa), so the language is told by its letters: words holding a
 * letter that none of the five languages writes ("ı", "ş", "ł", "ř", "ő", "ș", "ā", "ư").
 * Norwegian, Swedish, Danish, Italian and Portuguese are left out: their letters are the trained
 * languages' own or nearly, and so are many of their words.
 */

/** Each language by the letters it writes that English, German, French, Spanish and Dutch do not. */
const LANGUAGES: readonly (readonly [string, RegExp])[] = [
  ['Turkish', /[ıİşŞğĞ]/u],
  ['Polish', /[łŁąĄęĘśŚźŹżŻńŃćĆ]/u],
  ['Czech or Slovak', /[řŘěĚůŮťŤďĎňŇľĽĺĹŕŔčČšŠžŽ]/u],
  ['Hungarian', /[őŐűŰ]/u],
  ['Romanian', /[șȘțȚşŞţŢăĂ]/u],
  ['Croatian, Serbian or Slovenian', /[čČćĆđĐšŠžŽ]/u],
  ['Latvian or Lithuanian', /[āĀēĒīĪūŪķĶļĻņŅģĢėĖįĮųŲčČšŠžŽ]/u],
  ['Vietnamese', /[ơƠưƯ\u1EA0-\u1EF9]/u],
];
const ANY = new RegExp(`[${LANGUAGES.map(([, re]) => re.source.slice(1, -1)).join('')}]`, 'u');

/** Below both, a few names from abroad ("Łukasz Wiśniewski" in an English invoice) are not the text. */
const MIN_WORDS = 8;
const MIN_SHARE = 0.1;

const WORD = /\p{L}{2,}/gu;

/**
 * The warning for a text a tenth or more of whose words (and at least eight) hold a letter of a
 * language the model was not trained on, naming the language most of them point to; else
 * undefined.
 */
export function untrainedLanguageWarning(text: string): string | undefined {
  let words = 0;
  let foreign = 0;
  const votes = new Map<string, number>();
  for (const [word] of text.matchAll(WORD)) {
    words++;
    if (!ANY.test(word)) continue;
    foreign++;
    for (const [name, re] of LANGUAGES)
      if (re.test(word)) votes.set(name, (votes.get(name) ?? 0) + 1);
  }
  if (foreign < MIN_WORDS || foreign / words < MIN_SHARE) return undefined;
  const language = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const share = Math.floor((100 * foreign) / words);
  return (
    `${share}% of the words (${foreign}) are written with ${language} letters, a language the ` +
    'model was not trained on (its documents were English, German, French, Spanish and Dutch): ' +
    'names, companies and addresses in it are guessed, not found — some may be missed and other ' +
    'words redacted. E-mails, phone numbers, IBANs and the other patterns are found as usual. ' +
    'Check this file by hand before it leaves.'
  );
}
