/**
 * A company name the model cut in two: "BANK OF AMERICA" read as "BANK" and "AMERICA" with "OF"
 * in clear. Two COMPANY spans on one line with nothing between them but a single space or a
 * connecting word ("of", "de", "van") are one name and become one span, so no word of it stays
 * in clear and one placeholder stands for it.
 */
import { ENDS_IN_LEGAL_FORM, LEGAL_FORM_KEYS, legalFormKey, TITLES } from '../domain/vocabulary.js';
import { capitalisedWordBefore } from '../domain/capitalisedWordBefore.js';
import { onlyTradeWords } from '../domain/organisationWords.js';
import { makeSpan, type Span } from '../domain/span.js';

// "and" and "&" are left out: they join two companies in a list far more often than they sit
// inside one name (on held-out long reports every join across "and" was a list of two).
const CONNECTOR = /^[ ](?:(?:of|for|de|du|des|der|van|von|für|del|della)[ ])?$/iu;

/** A span with the origins a review decides by (ResolvedSpan), or without (plain spans). */
type Joinable<O> = Span & { readonly origin?: O; readonly joined?: readonly O[] };

/**
 * The spans with split company names joined; a joined span keeps the first part's origin and
 * lists the other parts' origins in `joined`, so rejecting the name rejects every part.
 */
export function joinSplitNames<O, T extends Joinable<O>>(text: string, spans: readonly T[]): T[] {
  const out: T[] = [];
  for (const span of spans) {
    const last = out.at(-1);
    // A reviewer's span is the reviewer's to extend (layeredAdditions joins additions).
    const detected = last && last.source !== 'manual' && span.source !== 'manual';
    if (detected && last.type === 'COMPANY' && span.type === 'COMPANY' && last.end <= span.start) {
      const between = text.slice(last.end, span.start);
      // The model may keep the "and" of a list in the first span ("Zonnepaneel and").
      const listed = /[ ](?:and|&|und|et|en|y)$/iu.test(last.text);
      if (CONNECTOR.test(between) && !listed) {
        const joined = makeSpan(
          text,
          last.start,
          span.end,
          last.type,
          Math.min(last.score, span.score),
          last.source,
        );
        const parts = [
          ...(last.joined ?? []),
          ...(span.origin === undefined ? [] : [span.origin]),
          ...(span.joined ?? []),
        ];
        out[out.length - 1] = {
          ...last,
          ...joined,
          ...(parts.length > 0 ? { joined: parts } : {}),
        };
        continue;
      }
    }
    out.push(span);
  }
  return out;
}

/** Words a document prints before a company's name that are no part of it. */
const BEFORE_NAME = new Set([
  ...(
    'to from by for bill billed invoice ship shipped sold the at and or of attn dear per via paid ' +
    'payable pay beneficiary account name company customer supplier vendor client ' +
    'messrs m/s on in with between'
  ).split(' '),
  ...TITLES,
]);

/**
 * A company name whose start the model cut: "KTSPL-Kestrel Trade Services Pvt. Ltd." read as
 * "Services Pvt. Ltd.", leaving "KTSPL-Kestrel Trade" in clear. A model COMPANY that ends in its
 * legal form takes in up to three capitalised words right before it on its line, bracketed or
 * not ("Acme (M) Sdn Bhd"), one space apart, none a word printed before names ("Sold By :",
 * "Invoice to", "Messrs", a title). A legal form that takes in no word names no company and goes
 * (decoding keeps one only when such a word stands before it). So does a model COMPANY made only
 * of a trade's words ("at Harlow Technologies" read as "Technologies"); one that takes in no word
 * stays as it is. A line's first word is never taken: it is a heading's as often ("About Zemlak
 * Steel Ltd" cost the generator's test split 0.6 points of exact F1 when it was).
 */
export function extendCompanyStarts<T extends Span>(text: string, spans: readonly T[]): T[] {
  return spans.flatMap((span, k) => {
    const cut =
      span.type === 'COMPANY' &&
      span.source === 'ner' &&
      (ENDS_IN_LEGAL_FORM.test(span.text) || onlyTradeWords(span.text));
    if (!cut) return [span];
    const floor = k > 0 ? spans[k - 1]!.end : 0;
    let start = span.start;
    for (let taken = 0; taken < 3; taken++) {
      const word = capitalisedWordBefore(text, start, floor);
      if (!word || BEFORE_NAME.has(word.toLowerCase().replace(/^\(|\)$|\.$/g, ''))) break;
      start -= word.length + 1;
    }
    if (start === span.start) return LEGAL_FORM_KEYS.has(legalFormKey(span.text)) ? [] : [span];
    return [{ ...span, ...makeSpan(text, start, span.end, span.type, span.score, span.source) }];
  });
}
