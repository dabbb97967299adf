/**
 * A PDF page as the redacted copy will leave: the rendered page with every redaction box where
 * the export burns it (the backend places them with the same code), coloured by type, or — with
 * "Preview as exported" — solid black. Page navigation and zoom.
 */
import { useEffect, useState } from 'react';
import type { PageView as PageViewData } from '../../../src/api/finredactApi.js';
import { entityTypeInfo, entityTypes } from '../../../src/domain/entityTypes.js';
import type { ReviewArea } from '../../../src/domain/reviewDecisions.js';
import { pageListText, parsePageRanges } from '../review/pageRanges.js';

interface Props {
  /** The page shown: the review moves it to follow the active detection (j/k). */
  readonly page: number;
  readonly onPage: (page: number) => void;
  /** The active detection: its boxes are marked on the page. */
  readonly active?: { readonly start: number; readonly end: number } | undefined;
  /** Whole pages by range, in one decision. */
  readonly onAddAreas: (areas: readonly ReviewArea[]) => void;
  /** Fetches a page's view; changes when the policy or the decisions change. */
  readonly load: (page: number) => Promise<PageViewData>;
  /** The reviewer's own areas and pages (drawn here, so they can be removed by a click). */
  readonly areas: readonly ReviewArea[];
  readonly onAddArea: (area: ReviewArea) => void;
  readonly onRemoveArea: (index: number) => void;
  readonly canDrawAreas: boolean;
  /** A box was clicked: select its detection for the inspector. */
  readonly onSelect: (start: number, end: number) => void;
}

/** The label of a box's type; text under areas has a type only the backend registers. */
function labelOf(type: string): { label: string; colour: string } {
  return entityTypes.has(type)
    ? entityTypeInfo(type)
    : { label: 'Redacted area', colour: '#000000' };
}

/** Rectangles smaller than this (points) are a click, not a drawn area. */
const MIN_AREA_SIDE = 4;

const ZOOMS = [0.75, 1, 1.5, 2] as const;
/** CSS pixels per PDF point at 100 %. */
const PX_PER_PT = 96 / 72;

export function PageView({
  load,
  areas,
  onAddArea,
  onAddAreas,
  onRemoveArea,
  canDrawAreas,
  onSelect,
  page,
  onPage: setPage,
  active,
}: Props) {
  const [drawing, setDrawing] = useState(false);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const [ranges, setRanges] = useState('');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [rangeDone, setRangeDone] = useState<string | null>(null);
  const [typedPage, setTypedPage] = useState<string | null>(null);
  const [zoom, setZoom] = useState<number>(1);
  const [asExported, setAsExported] = useState(false);
  const [view, setView] = useState<PageViewData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    load(page).then(
      (v) => {
        if (!current) return;
        setView(v);
        setError(null);
      },
      (err: unknown) => current && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      current = false;
    };
  }, [load, page]);

  const scale = zoom * PX_PER_PT;
  return (
    <section className="page-view" aria-label="Page view">
      <div className="button-row page-toolbar">
        <button
          type="button"
          onClick={() => setPage(Math.max(1, page - 1))}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          ‹
        </button>
        <span className="page-position">
          Page{' '}
          <input
            type="number"
            className="page-number"
            aria-label="Page number"
            min={1}
            max={view?.pages ?? 1}
            value={typedPage ?? String(page)}
            onChange={(e) => setTypedPage(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              const n = Number(typedPage);
              if (Number.isInteger(n) && n >= 1 && n <= (view?.pages ?? 1)) setPage(n);
              setTypedPage(null);
            }}
            onBlur={() => setTypedPage(null)}
          />{' '}
          / {view?.pages ?? '…'}
        </span>
        <button
          type="button"
          onClick={() => setPage(Math.min(view?.pages ?? page, page + 1))}
          disabled={!view || page >= view.pages}
          aria-label="Next page"
        >
          ›
        </button>
        <select aria-label="Zoom" value={zoom} onChange={(e) => setZoom(Number(e.target.value))}>
          {ZOOMS.map((z) => (
            <option key={z} value={z}>
              {Math.round(z * 100)} %
            </option>
          ))}
        </select>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={asExported}
            onChange={(e) => setAsExported(e.target.checked)}
          />
          Preview as exported
        </label>
        {canDrawAreas && (
          <>
            <button
              type="button"
              aria-pressed={drawing}
              onClick={() => setDrawing((d) => !d)}
              title="Drag on the page to redact a rectangle: a signature, a stamp, a photo"
            >
              {drawing ? 'Drawing: drag on the page' : 'Redact an area'}
            </button>
            <button
              type="button"
              disabled={!view}
              onClick={() =>
                view &&
                onAddArea({
                  page,
                  box: { x: 0, y: 0, width: view.widthPt, height: view.heightPt },
                  wholePage: true,
                })
              }
            >
              Redact whole page
            </button>
            <form
              className="page-ranges"
              onSubmit={(e) => {
                e.preventDefault();
                if (!view) return;
                const parsed = parsePageRanges(ranges, view.pages);
                if ('error' in parsed) {
                  setRangeError(parsed.error);
                  setRangeDone(null);
                  return;
                }
                setRangeError(null);
                setRanges('');
                setRangeDone(
                  `${pageListText(parsed.pages)} redacted whole; Undo (Ctrl+Z) takes ${parsed.pages.length === 1 ? 'it' : 'them'} back.`,
                );
                // The writer blacks out a whole page at its own size: the box is a placeholder.
                onAddAreas(
                  parsed.pages.map((p) => ({
                    page: p,
                    box: { x: 0, y: 0, width: view.widthPt, height: view.heightPt },
                    wholePage: true,
                  })),
                );
              }}
            >
              <input
                aria-label="Pages to redact"
                placeholder="3–7, odd, even"
                value={ranges}
                onChange={(e) => setRanges(e.target.value)}
              />
              <button type="submit" disabled={!view || ranges.trim() === ''}>
                Redact pages
              </button>
            </form>
          </>
        )}
      </div>
      {rangeError && (
        <p className="form-error" role="alert">
          {rangeError}
        </p>
      )}
      {rangeDone && (
        <p className="form-note" role="status">
          {rangeDone}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {view && (
        <div className="page-canvas">
          <div
            className={drawing ? 'page-sheet drawing' : 'page-sheet'}
            data-testid="page-sheet"
            style={{ width: view.widthPt * scale, height: view.heightPt * scale }}
            onPointerDown={(e) => {
              if (!drawing) return;
              const r = e.currentTarget.getBoundingClientRect();
              const x = (e.clientX - r.left) / scale;
              const y = (e.clientY - r.top) / scale;
              setDrag({ x0: x, y0: y, x1: x, y1: y });
              // A drag that leaves the visible part of the page still ends on it.
              e.currentTarget.setPointerCapture?.(e.pointerId);
              e.preventDefault();
            }}
            onPointerMove={(e) => {
              if (!drag) return;
              const r = e.currentTarget.getBoundingClientRect();
              setDrag({
                ...drag,
                x1: (e.clientX - r.left) / scale,
                y1: (e.clientY - r.top) / scale,
              });
            }}
            onPointerUp={() => {
              if (!drag) return;
              const box = {
                x: Math.min(drag.x0, drag.x1),
                y: Math.min(drag.y0, drag.y1),
                width: Math.abs(drag.x1 - drag.x0),
                height: Math.abs(drag.y1 - drag.y0),
              };
              setDrag(null);
              if (box.width >= MIN_AREA_SIDE && box.height >= MIN_AREA_SIDE)
                onAddArea({ page, box });
            }}
          >
            <img
              src={view.image}
              alt={`Page ${view.page}`}
              width={view.widthPt * scale}
              height={view.heightPt * scale}
            />
            {view.boxes.map((b, i) => (
              <div
                key={i}
                className={`page-box${asExported ? ' exported' : ''}${
                  active && b.start === active.start && b.end === active.end ? ' active' : ''
                }`}
                data-type={b.type}
                title={labelOf(b.type).label}
                onClick={() => {
                  if (!drawing && b.start !== undefined && b.end !== undefined) {
                    onSelect(b.start, b.end);
                  }
                }}
                style={{
                  left: b.box.x * scale,
                  top: b.box.y * scale,
                  width: b.box.width * scale,
                  height: b.box.height * scale,
                  ...(asExported ? {} : { borderColor: labelOf(b.type).colour }),
                }}
              />
            ))}
            {areas.map((a, i) =>
              a.page === page ? (
                <button
                  type="button"
                  key={`area-${i}`}
                  className="page-area"
                  aria-label={`Remove the ${a.wholePage ? 'whole-page' : 'area'} redaction ${i + 1}`}
                  title="A redaction you drew; click to remove it"
                  onClick={() => onRemoveArea(i)}
                  style={{
                    left: a.box.x * scale,
                    top: a.box.y * scale,
                    width: a.box.width * scale,
                    height: a.box.height * scale,
                  }}
                />
              ) : null,
            )}
            {drag && (
              <div
                className="page-drag"
                style={{
                  left: Math.min(drag.x0, drag.x1) * scale,
                  top: Math.min(drag.y0, drag.y1) * scale,
                  width: Math.abs(drag.x1 - drag.x0) * scale,
                  height: Math.abs(drag.y1 - drag.y0) * scale,
                }}
              />
            )}
          </div>
        </div>
      )}
    </section>
  );
}
