/**
 * Search and redact: every match of a term or a regular expression in a document's text, with
 * a little context either side for the list the reviewer picks from. Pure, so it is tested
 * without a DOM; an invalid expression is an error message, not an exception.
 */
export interface SearchQuery {
  readonly pattern: string;
  readonly regex: boolean;
  readonly caseSensitive: boolean;
  readonly wholeWord: boolean;
}

export interface SearchMatch {
  readonly start: number;
  readonly end: number;
  readonly before: string;
  readonly match: string;
  readonly after: string;
  /** Already inside a redacted span: listed, not ticked again. */
  readonly redacted?: boolean;
}

const CONTEXT = 30;
/** A search that matches more than this is almost certainly not what the reviewer meant. */
export const MAX_MATCHES = 2000;

export function compileQuery(query: SearchQuery): RegExp | string {
  if (query.pattern.trim() === '') return 'Type something to search for.';
  const body = query.regex ? query.pattern : query.pattern.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const bounded = query.wholeWord ? `(?<![\\p{L}\\p{N}_])(?:${body})(?![\\p{L}\\p{N}_])` : body;
  try {
    return new RegExp(bounded, `gu${query.caseSensitive ? '' : 'i'}`);
  } catch (error) {
    return `Not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export function searchMatches(text: string, query: SearchQuery): SearchMatch[] | string {
  const regex = compileQuery(query);
  if (typeof regex === 'string') return regex;
  const ranges: { start: number; end: number }[] = [];
  for (const m of text.matchAll(regex)) {
    // An empty match ("a*") would mark nothing and loop on every position.
    if (m[0].length === 0) continue;
    ranges.push({ start: m.index, end: m.index + m[0].length });
    if (ranges.length >= MAX_MATCHES) break;
  }
  return matchesAt(text, ranges);
}

/** Matches at given places (found by a pattern set), with their context. */
export function matchesAt(
  text: string,
  ranges: readonly { readonly start: number; readonly end: number }[],
): SearchMatch[] {
  return ranges.slice(0, MAX_MATCHES).map(({ start, end }) => ({
    start,
    end,
    before: text.slice(Math.max(0, start - CONTEXT), start).replace(/\s+/g, ' '),
    match: text.slice(start, end),
    after: text.slice(end, end + CONTEXT).replace(/\s+/g, ' '),
  }));
}

/**
 * Dates as finance prints them: 2024-03-05, 05/03/2024, 5.3.24, 5 March 2024, March 5, 2024.
 * Not a type FinRedact detects (LABELS.md: a date alone is not personal); a reviewer may still
 * choose to redact some, as Acrobat's pattern search offers.
 */
export const DATE_PATTERN =
  '\\b(?:\\d{4}-\\d{1,2}-\\d{1,2}|\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}|\\d{1,2}\\.? (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.? \\d{2,4}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.? \\d{1,2},? \\d{4})\\b';
