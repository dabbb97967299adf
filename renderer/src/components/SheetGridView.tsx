/**
 * A spreadsheet reviewed as a grid: each sheet with its column letters and row numbers, each cell
 * showing its original value with the detections marked (click one to decide about it) and, where
 * something in it is redacted, what the copy's cell will hold.
 */
import { entityTypeInfo } from '../../../src/domain/entityTypes.js';
import { columnName, type GridCell, type SheetGrid } from '../review/sheetGrid.js';
import { detectionMark } from './TextPanes.js';

interface Props {
  readonly grids: readonly SheetGrid[];
  readonly activeId: string | null;
  readonly onSpanClick: (id: string) => void;
}

function Original({
  cell,
  activeId,
  onSpanClick,
}: {
  cell: GridCell;
  activeId: string | null;
  onSpanClick: (id: string) => void;
}) {
  return (
    <>
      {cell.original.map((seg) => {
        const span = seg.span;
        if (!span) return <span key={seg.start}>{seg.text}</span>;
        return (
          <mark
            key={seg.start}
            data-span-id={span.id}
            data-status={span.status}
            {...detectionMark(span, activeId)}
            onClick={() => onSpanClick(span.id)}
          >
            {seg.text}
          </mark>
        );
      })}
    </>
  );
}

function Cell(props: {
  cell: GridCell;
  activeId: string | null;
  onSpanClick: (id: string) => void;
}) {
  const { cell } = props;
  return (
    <>
      <Original {...props} />
      {cell.changed && (
        <div className="grid-anonymised" aria-label="In the copy">
          {cell.anonymised.map((seg) =>
            seg.span ? (
              <mark
                key={seg.start}
                className="placeholder"
                style={{ borderColor: entityTypeInfo(seg.span.type).colour }}
              >
                {seg.text}
              </mark>
            ) : (
              <span key={seg.start}>{seg.text}</span>
            ),
          )}
        </div>
      )}
    </>
  );
}

export function SheetGridView({ grids, activeId, onSpanClick }: Props) {
  return (
    <div className="sheet-grids" role="region" aria-label="Spreadsheet grid" tabIndex={0}>
      {grids.map((grid) => {
        const columns = Array.from({ length: grid.columns }, (_, i) => i + 1);
        return (
          <section key={grid.sheet} className="sheet-grid">
            <table aria-label={`Sheet ${grid.sheet}`}>
              <caption>
                {grid.name ? (
                  <Cell cell={grid.name} activeId={activeId} onSpanClick={onSpanClick} />
                ) : (
                  grid.sheet
                )}
              </caption>
              <thead>
                <tr>
                  <th scope="col" aria-label="Row" />
                  {columns.map((c) => (
                    <th key={c} scope="col">
                      {columnName(c)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.rows.map(({ row, cells }) => (
                  <tr key={row}>
                    <th scope="row">{row}</th>
                    {columns.map((c) => {
                      const cell = cells.get(c);
                      return (
                        <td key={c} className={cell?.changed ? 'changed' : undefined}>
                          {cell && (
                            <Cell cell={cell} activeId={activeId} onSpanClick={onSpanClick} />
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            {grid.hiddenRows > 0 && (
              <p className="hint">
                {grid.hiddenRows} more rows are not shown here; the Text view shows every row.
              </p>
            )}
            {grid.notes.length > 0 && (
              <ul className="grid-notes" aria-label={`Notes on ${grid.sheet}`}>
                {grid.notes.map((n) => (
                  <li key={n.cell.start}>
                    <b>{n.ref}</b>{' '}
                    <Cell cell={n.cell} activeId={activeId} onSpanClick={onSpanClick} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
