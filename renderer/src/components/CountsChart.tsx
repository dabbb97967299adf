/**
 * The export summary's chart: one bar per document, split by type in the review's colours, with
 * the totals per type as its legend. Plain SVG: a few rectangles need no charting library.
 */
import { entityTypeInfo, entityTypes } from '../../../src/domain/entityTypes.js';
import type { ExportSummary } from '../../../src/api/finredactApi.js';

const BAR_HEIGHT = 14;
const GAP = 6;
const LABEL_WIDTH = 170;
const BAR_WIDTH = 300;

/**
 * A bar's label: the file's own name, which tells files apart where their folders do not ("…ded/
 * attachments/note.txt" read as nothing), cut at its end when long; the whole path is its title.
 */
function barLabel(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  return name.length > 28 ? `${name.slice(0, 27)}…` : name;
}

export function CountsChart({ counts }: { readonly counts: ExportSummary['counts'] }) {
  const totals = new Map<string, number>();
  for (const c of counts)
    for (const [t, n] of Object.entries(c.perType)) totals.set(t, (totals.get(t) ?? 0) + n);
  const types = entityTypes.list().filter((t) => (totals.get(t) ?? 0) > 0);
  const max = Math.max(
    1,
    ...counts.map((c) => Object.values(c.perType).reduce((a, n) => a + n, 0)),
  );
  const shown = counts.slice(0, 40);
  const height = shown.length * (BAR_HEIGHT + GAP);
  return (
    <figure className="counts-chart">
      <svg
        role="img"
        aria-label={`Redactions per document and type: ${types.map((t) => `${totals.get(t)} ${entityTypeInfo(t).label}`).join(', ')}`}
        width={LABEL_WIDTH + BAR_WIDTH + 40}
        height={height}
      >
        {shown.map((c, row) => {
          let x = LABEL_WIDTH;
          const y = row * (BAR_HEIGHT + GAP);
          const total = Object.values(c.perType).reduce((a, n) => a + n, 0);
          return (
            <g key={c.file}>
              <title>{c.file}</title>
              <text x={LABEL_WIDTH - 6} y={y + BAR_HEIGHT - 3} textAnchor="end" fontSize="11">
                {barLabel(c.file)}
              </text>
              {types.map((t) => {
                const n = c.perType[t] ?? 0;
                if (n === 0) return null;
                const w = (n / max) * BAR_WIDTH;
                const rect = (
                  <rect
                    key={t}
                    x={x}
                    y={y}
                    width={w}
                    height={BAR_HEIGHT}
                    fill={entityTypeInfo(t).colour}
                    stroke="#5b6475"
                    strokeWidth="0.5"
                  >
                    <title>{`${n} ${entityTypeInfo(t).label}`}</title>
                  </rect>
                );
                x += w;
                return rect;
              })}
              <text x={x + 4} y={y + BAR_HEIGHT - 3} fontSize="11">
                {total}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        {types.map((t) => (
          <span key={t} className="type-chip">
            <span
              className="swatch"
              style={{ backgroundColor: entityTypeInfo(t).colour }}
              aria-hidden="true"
            />
            {entityTypeInfo(t).label} {totals.get(t)}
          </span>
        ))}
        {counts.length > shown.length && (
          <span>
            {' '}
            (first {shown.length} of {counts.length} documents)
          </span>
        )}
      </figcaption>
    </figure>
  );
}
