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
  const matches: SearchMatch[] = [];
  for (const m of text.matchAll(regex)) {
    // An empty match ("a*") would mark nothing and loop on every position.
    if (m[0].length === 0) continue;
    const start = m.index;
    const end = start + m[0].length;
    matches.push({
      start,
      end,
      before: text.slice(Math.max(0, start - CONTEXT), start).replace(/\s+/g, ' '),
      match: m[0],
      after: text.slice(end, end + CONTEXT).replace(/\s+/g, ' '),
    });
    if (matches.length >= MAX_MATCHES) break;
  }
  return matches;
}
