/**
 * A company name the model cut in two: "BANK OF AMERICA" read as "BANK" and "AMERICA" with "OF"
 * in clear, "Australia and New Zealand Banking Group Limited" as two companies. Two COMPANY spans
 * on one line with nothing between them but a single space or a connecting word are one name
 * and become one span, so no word of it stays in clear and one placeholder stands for it.
 *
 * "and" and "&" also list two companies ("Acme Ltd and Beta plc"): there the first one is
 * complete, ending in its legal form, and the two stay apart.
 */
import { makeSpan, type Span } from '../domain/span.js';

const CONNECTOR = /^[ ](?:(?:of|and|&|for|de|du|des|der|van|von|für|del|della|y|et|und|en)[ ])?$/iu;
const LISTING = /^[ ](?:and|&|y|et|und|en)[ ]$/iu;
const LEGAL_FORM =
  /(?:\b(?:ltd|limited|inc|incorporated|plc|llc|llp|lp|corp|corporation|co|gmbh|ag|kg|sa|sas|sarl|bv|nv|spa|srl|pty|pvt|oy|ab|as|aps)\.?|\bN\.A\.|\bB\.V\.|\bN\.V\.|\bS\.A\.)$/iu;

export function joinSplitNames<T extends Span>(text: string, spans: readonly T[]): T[] {
  const out: T[] = [];
  for (const span of spans) {
    const last = out.at(-1);
    // A reviewer's span is the reviewer's to extend (layeredAdditions joins additions).
    const detected = last && last.source !== 'manual' && span.source !== 'manual';
    if (detected && last.type === 'COMPANY' && span.type === 'COMPANY' && last.end <= span.start) {
      const between = text.slice(last.end, span.start);
      if (CONNECTOR.test(between) && !(LISTING.test(between) && LEGAL_FORM.test(last.text))) {
        const joined = makeSpan(
          text,
          last.start,
          span.end,
          last.type,
          Math.min(last.score, span.score),
          last.source,
        );
        out[out.length - 1] = { ...last, ...joined };
        continue;
      }
    }
    out.push(span);
  }
  return out;
}
