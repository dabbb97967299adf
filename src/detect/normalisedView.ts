/**
 * What recognizers read: the text as a reader sees it. Zero-width spaces and joiners, soft
 * hyphens and other invisible format characters hide an e-mail, an IBAN or an SSN from every
 * pattern while the page shows it whole; non-breaking, thin and figure spaces, non-breaking
 * hyphens and look-alike dashes, and full-width or other compatibility forms (NFKC) do the same
 * more subtly. Detection runs on a normalised view with a map back to the original, so each span
 * covers the whole original value, the hidden characters inside it included.
 */

/** Invisible format characters (Unicode Cf: soft hyphen, zero-width, joiners, bidi marks, BOM). */
const FORMAT = /\p{Cf}/u;
/** Spaces that are not U+0020 (the line and paragraph separators become line breaks). */
const SPACE = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/;
/** Hyphens and dashes that stand for "-" inside numbers and addresses. */
const DASH = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/;
/** Whether anything in a text would read differently in the view: the common case is no. */
const ANY =
  /[\p{Cf}\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\u2010-\u2015\u2212\u2028\u2029\uFE58\uFE63\uFF0D]|[\u0100-\u{10FFFF}]/u;

export interface NormalisedView {
  readonly text: string;
  /** Original offset where each view character's source starts (one more entry: the end). */
  readonly starts: Int32Array;
  /** Original offset just after each view character's source. */
  readonly ends: Int32Array;
}

function replacementOf(ch: string): string {
  if (FORMAT.test(ch)) return '';
  if (SPACE.test(ch)) return ' ';
  if (DASH.test(ch)) return '-';
  if (ch === '\u2028' || ch === '\u2029') return '\n';
  const nfkc = ch.normalize('NFKC');
  // A compatibility form that would turn into spaces, or into something longer than a ligature,
  // is left as it is: the view must not invent words.
  return nfkc.length <= 3 && nfkc.trim() === nfkc ? nfkc : ch;
}

/** The view of `text`, or undefined when it would be `text` itself. */
export function normalisedView(text: string): NormalisedView | undefined {
  if (!ANY.test(text)) return undefined;
  const parts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let changed = false;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const next = i + ch.length;
    const out = cp < 0x80 ? ch : replacementOf(ch);
    if (out !== ch) changed = true;
    for (let k = 0; k < out.length; k++) {
      starts.push(i);
      ends.push(next);
    }
    parts.push(out);
    i = next;
  }
  if (!changed) return undefined;
  starts.push(text.length);
  return { text: parts.join(''), starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/** `[start, end)` of the view as offsets of the original text. */
export function originalRange(
  view: NormalisedView,
  start: number,
  end: number,
): { start: number; end: number } {
  if (end <= start) return { start: view.starts[start]!, end: view.starts[start]! };
  return { start: view.starts[start]!, end: view.ends[end - 1]! };
}
