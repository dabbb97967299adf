/**
 * Text an OCR made up: a scan in a script the reader does not know, a photograph, a stamp read
 * as letters ("JERATRARA FEHR HEA FE 45 ARR BR AA", "FE SaSz FB 2gs33 Eis Bu"). The model tags
 * such strings as names and companies — 154 of one real scanned letter's 154 spans were — and a
 * reviewer rejects them one by one. Real OCR output of a readable page, even a poor one, is
 * mostly words; garbled output is mostly tokens no language has: one or two characters, symbols,
 * letters mixed with digits, capitals inside a word, capital strings that are no word.
 *
 * A model span whose neighbourhood (its lines and two lines either side) is mostly such tokens is
 * scored down: it stays a candidate for review, below the threshold. Validated patterns are not
 * touched. Set on the two real development sets (real-dev, real-dev2): at a share of 0.4 over
 * at least 10 tokens it removes 132 of 290 false model spans and no true one; 0.35 removed true
 * ones (a name over an e-mail line in a short scan).
 * The words of src/domain/vocabulary count as words (2026-11-27): a till receipt's head in
 * capitals ("… SDN BHD", "JALAN …", "MR.") read as made up, and its shop and address were scored
 * down. Measured: receipts-dev words covered 0.885 → 0.934, typed 0.812 → 0.863; both halves of
 * real-dev and real-dev2, the synthetic test set and presidio-synth-v2 unchanged, line for line.
 * Then a list glued at its comma judged by its parts, and a label's lone ":" or "#" taken for a
 * separator (with decoding's kept legal forms): receipts 0.934 → 0.956 covered, 0.863 → 0.880
 * typed; the four halves and the synthetic set unchanged, presidio-synth-v2's leak 4.88 → 4.82%.
 */
import { TITLE_WORDS, VOCABULARY_WORDS } from '../../domain/vocabulary.js';
import { lineAround } from '../lineIndex.js';

/**
 * Words of one or two letters in the languages of our documents, in small letters, capitals or
 * capitalised ("to", "TO", "To"). Any two letters are in the model's vocabulary, so it cannot
 * tell "to" from "fe"; this list can.
 */
const SHORT_WORDS = new Set(
  (
    'a i o e y à á to in of on at by an or is it as be do go if me my no so up us we he am ' +
    'de la le du en et un op te im am zu da di il al el og på av ny ja ei se ne au ou sa ' +
    // Abbreviations printed in labels ("ID:", "Nr.", "UK")
    'id nr uk eu tv'
  ).split(' '),
);

/**
 * Capital abbreviations and words of business documents that are no word of the model's
 * vocabulary: the words of src/domain/vocabulary (legal forms — "SDN", "BHD" —, street types —
 * "JALAN" —, titles) and these.
 */
const ABBREVIATIONS = new Set([
  ...VOCABULARY_WORDS,
  ...(
    'vat gst hst ' +
    'pst qst tva btw ust mwst abn acn bic iban swift utr ein tin pan tan cin nif cif siret siren ' +
    'kvk usd eur gbp inr nzd aud cad chf sek nok dkk jpy cny hkd sgd inv qty pcs ref acct atm ' +
    'pos dob ssn nhs hmrc irs tel fax attn cust amt bal txn chq dd ddi sepa ach cheque nett ' +
    'apt ste blvd hwy po box'
  ).split(' '),
]);

/** Share of garbled tokens from which a neighbourhood counts as garbled. */
const GARBLED_SHARE = 0.4;
/** Fewer tokens than this are too few to judge (a short scan's first lines). */
const MIN_TOKENS = 10;
/** Lines either side of the span's own. */
const CONTEXT_LINES = 2;
/**
 * Whether a token is garbled. `isWord` says whether a lower-case string is a known word (the
 * model's vocabulary): a capital string of three to five letters must be one ("FEAR" is, "FEHR"
 * is not) or a business abbreviation, since capitals alone say nothing.
 */
export function isGarbledToken(token: string, isWord: (lower: string) => boolean): boolean {
  // A label glued to its value ("Telephone:+44", "No:GB") is judged by its parts.
  if (/\p{L}:\S/u.test(token) && !/^[a-z]+:\/\//i.test(token)) {
    return token.split(':').some((part) => part !== '' && isGarbledToken(part, isWord));
  }
  // So is a list glued at its comma ("Bahru,Johor", "Tampoi,81200"), as OCR and hurried typing
  // drop the space after it; digits on both sides are one number ("1,250").
  if (/\p{L},[\p{L}\p{N}]|\p{N},\p{L}/u.test(token)) {
    return token.split(',').some((part) => part !== '' && isGarbledToken(part, isWord));
  }
  const core = token
    .replace(/^[.,:;!?()[\]"'“”‘’]+|[.,:;!?()[\]"'“”‘’]+$/gu, '')
    .replace(/['’]s$/u, '');
  if (core === '') return true;
  // Addresses of the web and of mail are what documents print, never what an OCR makes up.
  if (/@|^(?:https?:\/\/|www\.)/i.test(core)) return false;
  if (/^[\d.,/\-:%$€£+()]+$/u.test(core)) return false;
  if (/^(?:\p{Lu}\.){1,3}\p{Lu}?$/u.test(core)) return false;
  if (!/[\p{L}\p{N}]/u.test(core)) return true;
  // One or two letters: a short word ("to", "of", "I"), or an abbreviation or initial with its
  // point ("Mr.", "G."), else an OCR fragment ("FE", "Eg", "BR").
  if ([...core].length <= 2 && !/\p{N}/u.test(core)) {
    const shortWord =
      /^(?:\p{Ll}+|\p{Lu}+|\p{Lu}\p{Ll})$/u.test(core) && SHORT_WORDS.has(core.toLowerCase());
    const abbreviation = /^\p{Lu}\p{Ll}?$/u.test(core) && token.endsWith('.');
    // A title in any case, with its point or without ("MR.", "Dr").
    const title = TITLE_WORDS.has(core.toLowerCase());
    return !shortWord && !abbreviation && !title;
  }
  // Capitals with digits are codes and postcodes ("EN7", "9AC", "INV-2024"); small letters with
  // digits ("a5", "2gs33") and capitals inside a word ("SaSz", "5EsEd") are not.
  if (/\p{N}/u.test(core) && /\p{Ll}/u.test(core)) return true;
  if (/\p{Ll}\p{Lu}/u.test(core) && !/^(?:Mc|Mac|De|Di|Le|La|Van|O)\p{Lu}\p{Ll}+$/u.test(core)) {
    return true;
  }
  if (/[^\p{L}\p{N}_&\-'’./]/u.test(core)) return true;
  // A capital string of three to five letters is a word ("FEAR"), a business abbreviation
  // ("LLP", "VAT"), or made up ("FEHR", "JERATRARA" is longer and let be).
  if (/^\p{Lu}{3,5}$/u.test(core)) {
    const lower = core.toLowerCase();
    return !isWord(lower) && !ABBREVIATIONS.has(lower);
  }
  return false;
}

/** `[start, end)` widened to whole lines and `CONTEXT_LINES` more on each side. */
function neighbourhood(text: string, start: number, end: number): string {
  let from = lineAround(text, start).start;
  let to = lineAround(text, Math.max(start, end - 1)).end;
  for (let k = 0; k < CONTEXT_LINES; k++) {
    if (from > 0) from = lineAround(text, from - 1).start;
    if (to < text.length) to = lineAround(text, to + 1).end;
  }
  return text.slice(from, to);
}

/** Whether the text around `[start, end)` is mostly garbled tokens. */
export function inGarbledText(
  text: string,
  start: number,
  end: number,
  isWord: (lower: string) => boolean,
): boolean {
  // An e-mail's quote markers ("> ", ">Ella") and characters lost to an encoding ("???") are
  // neither words nor what an OCR made up.
  const tokens = neighbourhood(text, start, end)
    .split(/\s+/)
    .map((t) => t.replace(/^>+/, ''))
    // Separators a layout prints ("|", "·", "&", "–", a label's lone ":" or "#") are neither
    // either.
    .filter((t) => t !== '' && !/^(?:\?+|[|·•&–—\-=*/:#]+)$/u.test(t));
  if (tokens.length < MIN_TOKENS) return false;
  const garbled = tokens.filter((t) => isGarbledToken(t, isWord)).length;
  return garbled >= tokens.length * GARBLED_SHARE;
}
