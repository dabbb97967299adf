/**
 * A company name the model cut in two: "BANK OF AMERICA" read as "BANK" and "AMERICA" with "OF"
 * in clear. Two COMPANY spans on one line with nothing between them but a single space or a
 * connecting word ("of", "de", "van") are one name and become one span, so no word of it stays
 * in clear and one placeholder stands for it.
 */
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
