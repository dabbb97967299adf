/**
 * The label a value is printed under decides what it is: "Invoice No. 2024001234" is not a phone,
 * "Routing number 021000021" not an SSN, "Account No: 64680219826353" not a card. This finds the
 * nearest label word before a value — on its line, or on the line above when the value opens its
 * line — and says whether it is one of the recognizer's own labels or one of another kind's.
 * Only words after the last number count ("SSN 225-23-4196   1-374-235-4230": the SSN label
 * belongs to the first number), and e-mail and web addresses are not labels. In a table row
 * without a label before the value, the value's column header is its label.
 */

import { LABEL_WORDS, type LabelKind, type LabelWords } from '../domain/vocabulary.js';
import { columnHeaderOf } from './context.js';
import { lineAround } from './lineIndex.js';

export interface LabelVocabulary {
  /** Labels of this recognizer's type, as whole words or as word prefixes. */
  readonly own: ReadonlySet<string>;
  readonly ownPrefixes?: readonly string[];
  /** Labels of other kinds of values. */
  readonly other: ReadonlySet<string>;
  readonly otherPrefixes?: readonly string[];
}

/**
 * A recognizer's labels from the vocabulary: its kind's words (weak ones too) are its own, every
 * other kind's words are another kind's.
 */
export function labelVocabulary(kind: LabelKind): LabelVocabulary {
  const parse = (lists: readonly string[]) => {
    const entries = lists
      .join(' ')
      .split(/\s+/u)
      .filter((w) => w !== '');
    return {
      words: new Set(entries.filter((w) => !w.endsWith('*'))),
      prefixes: entries.filter((w) => w.endsWith('*')).map((w) => w.slice(0, -1)),
    };
  };
  const own: LabelWords = LABEL_WORDS[kind];
  const mine = parse([own.words, own.weak ?? '']);
  const others = parse(
    Object.entries(LABEL_WORDS)
      .filter(([other]) => other !== kind)
      .map(([, labels]) => labels.words),
  );
  return {
    own: mine.words,
    ownPrefixes: mine.prefixes,
    other: others.words,
    otherPrefixes: others.prefixes,
  };
}

const WINDOW = 40;

/** Words before a noun that make it something the sentence talks about, not a label. */
const MENTION = new Set(
  'this that these those the your our their his her its my for on per of each every any same'.split(
    ' ',
  ),
);

/**
 * Words after a label word that make it a verb: "Check with Anna (029 …)", "file it with",
 * "order from". A label names the value that follows it ("Check 1043", "Order no. 55"), and no
 * label is followed by one of these.
 */
const VERB_USE = new Set('with whether if that out up back again from'.split(' '));

/** Words that say "a number follows" without saying which kind. */
const GENERIC = /^(?:[\s:#.\-–|]|number|no|nr|num|nummer|numero|numéro|n°)*$/i;

function labelWindow(text: string, start: number): string {
  let lineStart = lineAround(text, start).start;
  // A value that opens its line, or follows only "number"/"No.", takes its label from the line
  // above ("Routing\nnumber 742339469", "social security number\n422260102"). Only a short lead
  // can be that: testing a long line's whole lead at every match would be quadratic.
  if (lineStart > 0 && start - lineStart <= WINDOW && GENERIC.test(text.slice(lineStart, start))) {
    lineStart = lineAround(text, lineStart - 1).start;
  }
  const window = text.slice(Math.max(lineStart, start - WINDOW), start);
  const lastDigit = window.search(/\d[^\d]*$/);
  return lastDigit === -1 ? window : window.slice(lastDigit + 1);
}

export function nearestLabel(
  text: string,
  start: number,
  vocabulary: LabelVocabulary,
): 'own' | 'other' | undefined {
  // Words on the value's own line come first ("Phone:   +44 …"); in a table whose row has no
  // label, the column header is the label.
  const header = columnHeaderOf(text, start) ?? '';
  const window = `${header}\n${labelWindow(text, start)}`
    .toLowerCase()
    .replace(/\ba\/c\b/g, 'ac')
    .replace(/\S*[@/.]\S*[a-z]\S*/g, ' ');
  const tokens = window.split(/[^\p{L}]+/u).filter((t) => t.length > 0);
  let mentioned = false;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i] ?? '';
    if (vocabulary.own.has(token) || vocabulary.ownPrefixes?.some((p) => token.startsWith(p))) {
      return 'own';
    }
    if (vocabulary.other.has(token) || vocabulary.otherPrefixes?.some((p) => token.startsWith(p))) {
      if (VERB_USE.has(tokens[i + 1] ?? '')) continue;
      // "for this account", "on your policy": a mention in the sentence, not the value's label,
      // unless no label of the value's own kind comes before it.
      if (MENTION.has(tokens[i - 1] ?? '')) {
        mentioned = true;
        continue;
      }
      return 'other';
    }
  }
  return mentioned ? 'other' : undefined;
}
