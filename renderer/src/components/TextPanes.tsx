/** The two review panes: the original with highlighted detections, and the anonymised text. */
import type { Ref } from 'react';
import { entityTypeInfo } from '../../../src/domain/entityTypes.js';
import type { TextSegment } from '../review/textSegments.js';
import type { ReviewSpan } from '../review/reviewView.js';

/** How a detection is marked in the original, in the text panes and the grid alike. */
export function detectionMark(span: ReviewSpan, activeId: string | null) {
  return {
    className: `detection ${span.status}${span.id === activeId ? ' active' : ''}`,
    style:
      span.status === 'accepted'
        ? { backgroundColor: entityTypeInfo(span.type).colour }
        : { borderColor: entityTypeInfo(span.type).colour },
    title: `${entityTypeInfo(span.type).label}${span.status === 'rejected' ? ' (rejected)' : ''}`,
  };
}

interface OriginalProps {
  readonly segments: readonly TextSegment[];
  readonly activeId: string | null;
  readonly paneRef: Ref<HTMLDivElement>;
  readonly onScroll: () => void;
  readonly onSpanClick: (id: string) => void;
  readonly onMouseUp: () => void;
}

export function OriginalPane({
  segments,
  activeId,
  paneRef,
  onScroll,
  onSpanClick,
  onMouseUp,
}: OriginalProps) {
  return (
    <div className="pane">
      <h3 className="pane-title">Original</h3>
      <div
        className="pane-text"
        ref={paneRef}
        onScroll={onScroll}
        onMouseUp={onMouseUp}
        role="region"
        aria-label="Original text"
        tabIndex={0}
      >
        {segments.map((seg) => {
          const span = seg.span;
          if (!span) {
            return (
              <span key={seg.start} data-start={seg.start} data-end={seg.end}>
                {seg.text}
              </span>
            );
          }
          return (
            <mark
              key={seg.start}
              data-start={seg.start}
              data-end={seg.end}
              data-span-id={span.id}
              data-type={span.type}
              data-status={span.status}
              {...detectionMark(span, activeId)}
              onClick={() => onSpanClick(span.id)}
            >
              {seg.text}
            </mark>
          );
        })}
      </div>
    </div>
  );
}

interface AnonymisedProps {
  readonly segments: readonly TextSegment[];
  readonly activeId: string | null;
  readonly paneRef: Ref<HTMLDivElement>;
  readonly onScroll: () => void;
}

export function AnonymisedPane({ segments, activeId, paneRef, onScroll }: AnonymisedProps) {
  return (
    <div className="pane">
      <h3 className="pane-title">Anonymised</h3>
      <div
        className="pane-text"
        ref={paneRef}
        onScroll={onScroll}
        role="region"
        aria-label="Anonymised text"
        tabIndex={0}
        data-testid="anonymised-text"
      >
        {segments.map((seg) =>
          seg.span ? (
            <mark
              key={seg.start}
              data-start={seg.start}
              data-end={seg.end}
              data-span-id={seg.span.id}
              className={`placeholder${seg.span.id === activeId ? ' active' : ''}`}
              style={{ borderColor: entityTypeInfo(seg.span.type).colour }}
            >
              {seg.text}
            </mark>
          ) : (
            <span key={seg.start} data-start={seg.start} data-end={seg.end}>
              {seg.text}
            </span>
          ),
        )}
      </div>
    </div>
  );
}
