/**
 * Every mark of a paged document — detections, additions, drawn areas, whole pages — grouped by
 * page; a click goes to its page (and selects a detection), as Acrobat's redaction list does.
 */
import { entityTypeInfo, entityTypes } from '../../../src/domain/entityTypes.js';
import type { ReviewArea } from '../../../src/domain/reviewDecisions.js';
import { pageOfOffset } from '../review/pageRanges.js';
import type { ReviewSpan } from '../review/reviewView.js';

interface Props {
  readonly spans: readonly ReviewSpan[];
  readonly areas: readonly ReviewArea[];
  readonly pageStarts: readonly number[];
  readonly activeId: string | null;
  readonly onSpan: (span: ReviewSpan, page: number) => void;
  readonly onArea: (page: number) => void;
}

type Mark =
  | { readonly kind: 'span'; readonly span: ReviewSpan }
  | { readonly kind: 'area'; readonly area: ReviewArea };

function typeLabel(type: string): string {
  return entityTypes.has(type) ? entityTypeInfo(type).label : type;
}

export function MarksList({ spans, areas, pageStarts, activeId, onSpan, onArea }: Props) {
  const byPage = new Map<number, Mark[]>();
  const add = (page: number, mark: Mark) => byPage.set(page, [...(byPage.get(page) ?? []), mark]);
  for (const span of spans)
    if (span.status === 'accepted')
      add(pageOfOffset(pageStarts, span.start), { kind: 'span', span });
  for (const area of areas) add(area.page, { kind: 'area', area });
  const pages = [...byPage.keys()].sort((a, b) => a - b);
  const total = [...byPage.values()].reduce((n, marks) => n + marks.length, 0);
  return (
    <nav className="marks-list" aria-label="Marks">
      <h3>
        {total} mark{total === 1 ? '' : 's'} on {pages.length} page{pages.length === 1 ? '' : 's'}
      </h3>
      {pages.map((page) => (
        <section key={page} aria-label={`Page ${page} marks`}>
          <h4>Page {page}</h4>
          <ul>
            {byPage.get(page)!.map((mark, i) =>
              mark.kind === 'span' ? (
                <li key={mark.span.id}>
                  <button
                    type="button"
                    aria-current={mark.span.id === activeId ? 'true' : undefined}
                    onClick={() => onSpan(mark.span, page)}
                  >
                    <span className="mark-type">{typeLabel(mark.span.type)}</span> {mark.span.text}
                    {mark.span.source === 'manual' && <span className="mark-note"> · added</span>}
                  </button>
                </li>
              ) : (
                <li key={`area-${i}`}>
                  <button type="button" onClick={() => onArea(page)}>
                    <span className="mark-type">{mark.area.wholePage ? 'Whole page' : 'Area'}</span>
                    {!mark.area.wholePage &&
                      ` ${Math.round(mark.area.box.width)}×${Math.round(mark.area.box.height)} pt`}
                  </button>
                </li>
              ),
            )}
          </ul>
        </section>
      ))}
    </nav>
  );
}
