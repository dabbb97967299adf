/** The processing queue: overall progress, one row per file with its status, and cancel. */
import type { QueueRow, QueueState } from '../queue/queueState.js';
import { queueProgress } from '../queue/queueState.js';

interface Props {
  readonly queue: QueueState;
  readonly running: boolean;
  readonly selectedFile: string | null;
  /** Corrections made in review, per file; absent for files not reviewed. */
  readonly corrections: Readonly<Record<string, number>>;
  /** Values the last export found on reading a copy that wait for a decision, per file. */
  readonly toDecide?: Readonly<Record<string, number>>;
  readonly onOpen: (file: string) => void;
  readonly onCancel: () => void;
  /** Takes a finished or failed file out of the queue (and out of the next export). */
  readonly onRemove: (file: string) => void;
}

const STATUS_LABEL: Record<QueueRow['status'], string> = {
  queued: 'Queued',
  processing: 'Processing',
  done: 'Done',
  error: 'Error',
  cancelled: 'Cancelled',
};

function QueueItem({
  row,
  selected,
  corrections,
  toDecide,
  onOpen,
  onRemove,
}: {
  row: QueueRow;
  selected: boolean;
  corrections: number;
  toDecide: number;
  onOpen: () => void;
  onRemove: () => void;
}) {
  const name = row.relativePath;
  // An e-mail's attachment sits under its e-mail (the row before it), named on its own.
  const attachment = /^(.*)\/attachments\/([^/]+)$/.exec(name);
  return (
    <li
      className={`queue-row status-${row.status}${selected ? ' selected' : ''}${attachment ? ' queue-attachment' : ''}`}
    >
      <button
        type="button"
        className="queue-open"
        disabled={row.status !== 'done'}
        aria-current={selected ? 'true' : undefined}
        aria-label={`Open ${name} for review`}
        onClick={onOpen}
        title={row.file}
      >
        <span className="queue-name">
          {attachment ? (
            <>
              <span aria-hidden="true">↳ </span>
              {attachment[2]}
              <span className="queue-parent"> · attached to {attachment[1]}</span>
            </>
          ) : (
            name
          )}
        </span>
        <span className="queue-status">
          {STATUS_LABEL[row.status]}
          {row.status === 'done' &&
            ` · ${row.spanCount ?? 0} ${row.spanCount === 1 ? 'detection' : 'detections'}`}
          {corrections > 0 &&
            ` · ${corrections} ${corrections === 1 ? 'correction' : 'corrections'}`}
          {toDecide > 0 && (
            <span className="queue-to-decide">
              {` · ${toDecide} found on reading the copy to decide`}
            </span>
          )}
        </span>
      </button>
      {row.status !== 'processing' && row.status !== 'queued' && !attachment && (
        <button
          type="button"
          className="queue-remove"
          aria-label={`Remove ${name} from the queue`}
          title="Remove from the queue: not exported, not brought back on restart"
          onClick={onRemove}
        >
          ×
        </button>
      )}
      {row.status === 'processing' && <progress aria-label={`Processing ${name}`} />}
      {row.message && row.status === 'processing' && (
        <div className="queue-message">{row.message}</div>
      )}
      {row.error && (
        <div className="queue-error" role="alert">
          {row.error}
        </div>
      )}
    </li>
  );
}

/** Long notices (the model's install hint) fold to their first clause so the queue stays visible. */
function Notice({ text }: { text: string }) {
  const cut = text.search(/;|\s\(|\.\s/);
  if (cut <= 0 || cut > 120) {
    return (
      <p className="queue-notice" role="status">
        {text}
      </p>
    );
  }
  return (
    <details className="queue-notice" role="status">
      <summary>{text.slice(0, cut)}</summary>
      {text.slice(cut).replace(/^[;.]?\s*/, '')}
    </details>
  );
}

export function QueuePanel({
  queue,
  running,
  selectedFile,
  corrections,
  toDecide = {},
  onOpen,
  onCancel,
  onRemove,
}: Props) {
  const progress = queueProgress(queue);
  return (
    <section className="queue" aria-labelledby="queue-title">
      <div className="queue-header">
        <h2 id="queue-title">Queue</h2>
        {running && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <progress
        className="overall-progress"
        aria-label="Overall progress"
        max={Math.max(progress.total, 1)}
        value={progress.finished}
      />
      <p className="queue-summary" aria-live="polite">
        {progress.total === 0
          ? 'No documents yet.'
          : `${progress.finished} of ${progress.total} processed${progress.failed ? `, ${progress.failed} failed` : ''}`}
      </p>
      {queue.notices.map((n) => (
        <Notice key={n} text={n} />
      ))}
      {queue.jobErrors.map((e) => (
        <p key={e} className="queue-error" role="alert">
          {e}
        </p>
      ))}
      <ul className="queue-list">
        {queue.rows.map((row) => (
          <QueueItem
            key={row.file}
            row={row}
            selected={row.file === selectedFile}
            corrections={corrections[row.file] ?? 0}
            toDecide={toDecide[row.file] ?? 0}
            onOpen={() => onOpen(row.file)}
            onRemove={() => onRemove(row.file)}
          />
        ))}
      </ul>
    </section>
  );
}
