/**
 * Search and redact: a term or a regular expression (case and whole-word options) searched in
 * the open document or in every processed one; the matches are listed with context, and all or
 * the ticked ones become detections of the chosen type. `/` focuses the search field.
 */
import { useState, type FormEvent } from 'react';
import { entityTypeInfo, entityTypes, type EntityType } from '../../../src/domain/entityTypes.js';
import type { SearchMatch, SearchQuery } from '../review/searchMatches.js';
import { REVIEW_ONLY_TYPES } from '../../../src/domain/reviewTypes.js';

export interface DocumentMatches {
  readonly file: string;
  readonly title: string;
  readonly matches: readonly SearchMatch[];
}

/**
 * What is searched for: a term, or a pattern set — a type the validated patterns or the
 * Settings' recognizers find, or dates.
 */
export type SearchMode = 'term' | 'DATE' | EntityType;

/** Types found by meaning (the model), not by a pattern: no pattern set to search with. */
const MODEL_TYPES = new Set(['NAME', 'COMPANY', 'ADDRESS']);

interface Props {
  readonly onSearch: (
    query: SearchQuery,
    scope: 'document' | 'all',
    mode: SearchMode,
  ) => Promise<readonly DocumentMatches[] | string>;
  readonly onRedact: (
    picked: readonly { file: string; ranges: readonly SearchMatch[] }[],
    type: EntityType,
  ) => void;
  readonly inputId: string;
  /** The open document: its messages and this-document matches go when another is opened. */
  readonly openFile: string | null;
}

const key = (file: string, m: SearchMatch) => `${file}:${m.start}-${m.end}`;

export function SearchPanel({ onSearch, onRedact, inputId, openFile }: Props) {
  const [query, setQuery] = useState<SearchQuery>({
    pattern: '',
    regex: false,
    caseSensitive: false,
    wholeWord: true,
  });
  const [scope, setScope] = useState<'document' | 'all'>('document');
  const [results, setResults] = useState<readonly DocumentMatches[] | null>(null);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [type, setType] = useState<EntityType>('NAME');
  const [added, setAdded] = useState<string | null>(null);
  const [mode, setMode] = useState<SearchMode>('term');
  // What was said about one document ("3 added", its matches) is not about the next one.
  const [shownFor, setShownFor] = useState(openFile);
  if (shownFor !== openFile) {
    setShownFor(openFile);
    setAdded(null);
    setError(null);
    if (scope === 'document') setResults(null);
  }
  const patternSets = entityTypes
    .list()
    .filter((t) => !MODEL_TYPES.has(t) && !REVIEW_ONLY_TYPES.includes(t) && t !== 'AREA');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = await onSearch(query, scope, mode);
    if (typeof found === 'string') {
      setError(found);
      setResults(null);
      return;
    }
    setError(null);
    setAdded(null);
    setResults(found);
    // What is already redacted is shown, not ticked: adding it again would change nothing.
    setUnticked(
      new Set(found.flatMap((d) => d.matches.filter((m) => m.redacted).map((m) => key(d.file, m)))),
    );
  }

  const picked = (results ?? [])
    .map((d) => ({ file: d.file, ranges: d.matches.filter((m) => !unticked.has(key(d.file, m))) }))
    .filter((d) => d.ranges.length > 0);
  const count = picked.reduce((n, d) => n + d.ranges.length, 0);

  return (
    <section className="search-panel" aria-label="Search and redact">
      <form className="search-form" onSubmit={(e) => void submit(e)}>
        <select
          aria-label="Find"
          value={mode}
          onChange={(e) => {
            const next = e.target.value as SearchMode;
            setMode(next);
            if (next !== 'term' && next !== 'DATE') setType(next);
          }}
        >
          <option value="term">a term</option>
          {patternSets.map((t) => (
            <option key={t} value={t}>
              every {entityTypeInfo(t).label} (patterns)
            </option>
          ))}
          <option value="DATE">every date</option>
        </select>
        <label>
          Search
          <input
            id={inputId}
            type="search"
            disabled={mode !== 'term'}
            value={query.pattern}
            onChange={(e) => setQuery({ ...query, pattern: e.target.value })}
          />
        </label>
        {(
          [
            ['regex', 'Regular expression'],
            ['caseSensitive', 'Match case'],
            ['wholeWord', 'Whole word'],
          ] as const
        ).map(([field, label]) => (
          <label key={field} className="checkbox">
            <input
              type="checkbox"
              checked={query[field]}
              onChange={(e) => setQuery({ ...query, [field]: e.target.checked })}
            />
            {label}
          </label>
        ))}
        <select
          aria-label="Search in"
          value={scope}
          onChange={(e) => setScope(e.target.value as 'document' | 'all')}
        >
          <option value="document">this document</option>
          <option value="all">all processed documents</option>
        </select>
        <button type="submit">Find</button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {added && (
        <p className="search-added" role="status">
          {added}
        </p>
      )}
      {results && (
        <div className="search-results">
          <p role="status">
            {results.reduce((n, d) => n + d.matches.length, 0)} matches in{' '}
            {results.filter((d) => d.matches.length > 0).length} documents
          </p>
          <ul>
            {results.flatMap((d) =>
              d.matches.map((m) => (
                <li key={key(d.file, m)}>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      aria-label={`Redact “${m.match}” in ${d.title} at ${m.start}`}
                      checked={!unticked.has(key(d.file, m))}
                      onChange={(e) => {
                        const next = new Set(unticked);
                        if (e.target.checked) next.delete(key(d.file, m));
                        else next.add(key(d.file, m));
                        setUnticked(next);
                      }}
                    />
                    <span className="search-file">{d.title}</span> …{m.before}
                    <mark>{m.match}</mark>
                    {m.after}…
                    {m.redacted && <span className="search-redacted"> already redacted</span>}
                  </label>
                </li>
              )),
            )}
          </ul>
          <div className="button-row">
            <select
              aria-label="Type for the matches"
              value={type}
              onChange={(e) => setType(e.target.value)}
            >
              {entityTypes.list().map((t) => (
                <option key={t} value={t}>
                  {entityTypeInfo(t).label}
                </option>
              ))}
            </select>
            <button
              type="button"
              disabled={count === 0}
              onClick={() => {
                onRedact(picked, type);
                const what =
                  mode === 'term'
                    ? `of “${query.pattern}”`
                    : mode === 'DATE'
                      ? 'of dates'
                      : `found by the ${entityTypeInfo(mode).label} patterns`;
                setAdded(
                  `Added ${count} match${count === 1 ? '' : 'es'} ${what} as ${entityTypeInfo(type).label} in ${picked.length} document${picked.length === 1 ? '' : 's'}; Ctrl+Z undoes it in each.`,
                );
                setResults(null);
              }}
            >
              Redact {count} match{count === 1 ? '' : 'es'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
