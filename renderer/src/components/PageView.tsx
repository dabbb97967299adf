/**
 * A PDF page as the redacted copy will leave: the rendered page with every redaction box where
 * the export burns it (the backend places them with the same code), coloured by type, or — with
 * "Preview as exported" — solid black. Page navigation and zoom.
 */
import { useEffect, useState } from 'react';
import type { PageView as PageViewData } from '../../../src/api/finredactApi.js';
import { entityTypeInfo } from '../../../src/domain/entityTypes.js';

interface Props {
  /** Fetches a page's view; changes when the policy or the decisions change. */
  readonly load: (page: number) => Promise<PageViewData>;
}

const ZOOMS = [0.75, 1, 1.5, 2] as const;
/** CSS pixels per PDF point at 100 %. */
const PX_PER_PT = 96 / 72;

export function PageView({ load }: Props) {
  const [page, setPage] = useState(1);
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
          onClick={() => setPage((p) => Math.max(1, p - 1))}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          ‹
        </button>
        <span className="page-position">
          Page {page} / {view?.pages ?? '…'}
        </span>
        <button
          type="button"
          onClick={() => setPage((p) => Math.min(view?.pages ?? p, p + 1))}
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
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {view && (
        <div className="page-canvas">
          <div
            className="page-sheet"
            style={{ width: view.widthPt * scale, height: view.heightPt * scale }}
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
                className={asExported ? 'page-box exported' : 'page-box'}
                data-type={b.type}
                title={entityTypeInfo(b.type).label}
                style={{
                  left: b.box.x * scale,
                  top: b.box.y * scale,
                  width: b.box.width * scale,
                  height: b.box.height * scale,
                  ...(asExported ? {} : { borderColor: entityTypeInfo(b.type).colour }),
                }}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
