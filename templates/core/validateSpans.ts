import type { GoldSpan } from './goldDocument.js';

/**
 * Characters a span may not start or end with (LABELS.md: spans are trimmed of surrounding
 * whitespace and punctuation that is not part of the value). A few are legitimate at one edge
 * of some values and are allowed below: "(870)" starts a phone, "Inc." ends a company, a URL may
 * end in "/".
 */
const BAD_EDGE = /[\s,;:!?'"«»“”‘’\-–—]/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[' };

export class InvalidSpanError extends Error {}

function checkEdges(text: string, span: GoldSpan, where: string): void {
  const value = text.slice(span.start, span.end);
  const first = value[0] ?? '';
  const last = value[value.length - 1] ?? '';
  const describe = `${span.type} span ${JSON.stringify(value)} at ${span.start}-${span.end} ${where}`;
  if (value.length === 0) throw new InvalidSpanError(`empty ${describe}`);
  const badStart = BAD_EDGE.test(first) || first === '.' || first === ')';
  if (badStart || (first === '(' && span.type !== 'PHONE')) {
    throw new InvalidSpanError(`${describe} starts with ${JSON.stringify(first)}`);
  }
  if (BAD_EDGE.test(last))
    throw new InvalidSpanError(`${describe} ends with ${JSON.stringify(last)}`);
  const opener = CLOSERS[last];
  if (opener !== undefined && !value.includes(opener)) {
    throw new InvalidSpanError(`${describe} ends with an unbalanced ${JSON.stringify(last)}`);
  }
  // A full stop may end a company ("Inc.", "N.A.") or a name initial; elsewhere it is a sentence end.
  if (last === '.' && span.type !== 'COMPANY' && span.type !== 'NAME' && span.type !== 'ADDRESS') {
    throw new InvalidSpanError(`${describe} ends with a full stop`);
  }
}

/**
 * Throws if any span is out of range, empty, untrimmed, or overlaps another. Run on every
 * generated document, before and after noise, so a bad template fails loudly at generation.
 */
export function validateSpans(text: string, spans: readonly GoldSpan[], where: string): void {
  let previousEnd = -1;
  for (const span of spans) {
    if (!(span.start >= 0 && span.end <= text.length && span.start < span.end)) {
      throw new InvalidSpanError(
        `${span.type} span ${span.start}-${span.end} out of range ${where}`,
      );
    }
    if (span.start < previousEnd) {
      throw new InvalidSpanError(
        `${span.type} span at ${span.start} overlaps the previous span ${where}`,
      );
    }
    checkEdges(text, span, where);
    previousEnd = span.end;
  }
}
