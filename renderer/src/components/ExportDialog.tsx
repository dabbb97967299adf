/** Export of the reviewed results to a folder, and the list of what was written. */
import { CountsChart } from './CountsChart.js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type {
  ExportBoxes,
  ExportPreview,
  RenamedFile,
  ExportProgress,
  ExportSummary,
} from '../../../src/api/finredactApi.js';
import { BOX_FILLS, MAX_OVERLAY_CODE, validOverlayCode } from '../../../src/domain/boxStyle.js';
import type { DetectionPolicy } from '../../../src/domain/detectionPolicy.js';
import { entityTypeInfo, entityTypes } from '../../../src/domain/entityTypes.js';
import { Dialog } from './Dialog.js';
import { FolderField } from './FolderField.js';

interface Props {
  /** Files read and processed: each gets its outputs. */
  readonly fileCount: number;
  /** Files that could not be read: listed with their errors in Results.xlsx, with no copy. */
  readonly failedCount: number;
  readonly initialFolder: string;
  readonly nativeDialogs: boolean;
  readonly onPickFolder: () => Promise<string | null>;
  readonly onExport: (folder: string, boxes: ExportBoxes) => Promise<ExportSummary>;
  /** What the current filters would leave in clear; asked when the dialog opens. */
  readonly onPreview: () => Promise<ExportPreview>;
  /** The names inside e-mails and archives the export writes redacted; asked when it opens. */
  readonly onPreviewNames: () => Promise<readonly RenamedFile[]>;
  /** How far the export is; polled while it runs. */
  readonly onProgress: () => Promise<ExportProgress | null>;
  /** Files still being processed: not in this export, and said so. */
  readonly processing: number;
  /** This batch's filters, shown so nobody exports under a filter they forgot. */
  readonly filters: DetectionPolicy | null;
  readonly onClose: () => void;
}

/** "3 of 11 files written · about 40 s left", from the files done and the time they took. */
export function progressText(p: ExportProgress | null): string {
  if (!p) return 'Starting…';
  const head = `${p.done} of ${p.total} file${p.total === 1 ? '' : 's'} written`;
  if (p.done >= p.total) return `${head}; finishing…`;
  if (p.done === 0) return head;
  const left = Math.round(((p.elapsedMs / p.done) * (p.total - p.done)) / 1000);
  return `${head} · about ${left < 60 ? `${Math.max(1, left)} s` : `${Math.round(left / 60)} min`} left`;
}

/**
 * The split layout's two parts (src/domain/outputLayout), as the dialog names them: shareable/,
 * and the export folder itself, which keeps the reports that hold original values.
 */
const EXPORT_PARTS = [
  {
    id: 'shareable',
    heading: 'shareable/ — may be handed out',
    says: 'Redacted copies, anonymised text and a Results.xlsx without original values.',
    holds: (path: string) => path.startsWith('shareable/'),
  },
  {
    id: 'internal',
    heading: 'The folder itself — keep inside',
    says: 'The full Results.xlsx and detections.jsonl: every value found, in clear. Never send these out.',
    holds: (path: string) => !path.startsWith('shareable/'),
  },
] as const;

export function ExportDialog({
  fileCount,
  failedCount,
  initialFolder,
  nativeDialogs,
  onPickFolder,
  onExport,
  onPreview,
  onPreviewNames,
  onProgress,
  processing,
  filters,
  onClose,
}: Props) {
  const off = filters ? entityTypes.list().filter((t) => !filters.types.includes(t)) : [];
  const [preview, setPreview] = useState<ExportPreview | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  // Asked once, when the dialog opens: the filters cannot change while it is open.
  const preview$ = useRef(onPreview);
  useEffect(() => {
    preview$.current().then(setPreview, () => setPreview(null));
  }, []);
  // Apart from the filters' preview: reading the names takes the model a moment to load.
  const [renamed, setRenamed] = useState<readonly RenamedFile[]>([]);
  const names$ = useRef(onPreviewNames);
  useEffect(() => {
    names$.current().then(setRenamed, () => setRenamed([]));
  }, []);
  const hidden = preview?.hidden ?? 0;
  const [folder, setFolder] = useState(initialFolder);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<ExportSummary | null>(null);
  const held = summary?.findings && summary.findings.length > 0 ? summary.findings : null;
  const heldCount = held?.reduce((n, f) => n + f.findings.length, 0) ?? 0;
  const [fill, setFill] = useState(BOX_FILLS.black!);
  const [overlay, setOverlay] = useState<ExportBoxes['overlay']>('none');
  const [code, setCode] = useState('');
  const codeMissing = overlay === 'code' && !validOverlayCode(code);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  // While the export runs, how far it is, every half second.
  const progress$ = useRef(onProgress);
  useEffect(() => {
    if (!busy) {
      setProgress(null);
      return;
    }
    const timer = setInterval(() => {
      progress$.current().then(setProgress, () => undefined);
    }, 500);
    return () => clearInterval(timer);
  }, [busy]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSummary(
        await onExport(folder.trim(), {
          fill,
          overlay,
          ...(overlay === 'code' ? { code: code.trim() } : {}),
        }),
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title="Export" onClose={onClose}>
      <form className="export-form" onSubmit={(e) => void submit(e)}>
        <p>
          Writes the redacted copies and anonymised text of {fileCount} processed
          {fileCount === 1 ? ' file' : ' files'} with your corrections into <b>shareable/</b>, with
          a Results.xlsx without original values; the full Results.xlsx and detections.jsonl, which
          hold every value found, stay in the folder itself, outside <b>shareable/</b>. An earlier
          export in the same folder is replaced.
        </p>
        {failedCount > 0 && (
          <p className="export-unread">
            {failedCount} {failedCount === 1 ? 'file' : 'files'} could not be read and{' '}
            {failedCount === 1 ? 'gets' : 'get'} no copy: Results.xlsx lists{' '}
            {failedCount === 1 ? 'it' : 'them'} with the error. Remove a file from the queue to
            leave it out.
          </p>
        )}
        {filters && (
          <p className="export-filters">
            Filters of this batch:{' '}
            {off.length === 0
              ? 'every type on'
              : `${off.map((t) => entityTypeInfo(t).label).join(', ')} off`}
            ; model threshold {filters.modelThreshold.toFixed(2)}.
          </p>
        )}
        <FolderField
          label="Export folder"
          value={folder}
          nativeDialogs={nativeDialogs}
          onChange={setFolder}
          onPick={onPickFolder}
        />
        <fieldset className="export-boxes">
          <legend>Boxes in redacted PDFs and images</legend>
          <label>
            Box colour{' '}
            <select aria-label="Box colour" value={fill} onChange={(e) => setFill(e.target.value)}>
              {Object.entries(BOX_FILLS).map(([name, value]) => (
                <option key={value} value={value}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <span
            className="swatch"
            aria-hidden="true"
            style={{ backgroundColor: fill, display: 'inline-block', width: 16, height: 16 }}
          />
          <label>
            Text on boxes{' '}
            <select
              aria-label="Text on boxes"
              value={overlay}
              onChange={(e) => setOverlay(e.target.value as ExportBoxes['overlay'])}
            >
              <option value="none">none</option>
              <option value="placeholder">the placeholder, e.g. [NAME REDACTED]</option>
              <option value="code">a code I type (an exemption code)</option>
            </select>
          </label>
          {overlay === 'code' && (
            <input
              aria-label="Overlay code"
              placeholder="(b)(6)"
              maxLength={MAX_OVERLAY_CODE}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
          <p className="hint">
            Dark colours only: reading a copy back tells its boxes from print by their darkness.
          </p>
        </fieldset>
        {hidden > 0 && preview && (
          <div className="export-warning" role="alert">
            <p>
              <strong>
                {hidden} detection{hidden === 1 ? '' : 's'} hidden by your filters will be exported
                in clear
              </strong>{' '}
              (
              {Object.entries(preview.hiddenByType)
                .map(([type, n]) => `${n} ${entityTypeInfo(type).label}`)
                .join(', ')}
              ): a type is switched off, or the model threshold is above the calibrated{' '}
              {preview.baseline.modelThreshold.toFixed(2)}.
            </p>
            <label>
              <input
                type="checkbox"
                checked={acknowledged}
                onChange={(e) => setAcknowledged(e.target.checked)}
              />{' '}
              Export them in clear anyway
            </label>
          </div>
        )}
        {renamed.length > 0 && !summary && (
          <div className="export-renamed" role="note" aria-label="Names redacted">
            <p>
              Names of files inside e-mails and archives are content: {renamed.length}{' '}
              {renamed.length === 1 ? 'is' : 'are'} written redacted, in the copies&apos; paths, the
              rebuilt e-mails and archives and Results.xlsx, as the CLI writes them:
            </p>
            <ul>
              {renamed.map((r) => (
                <li key={r.from}>
                  {r.from} → {r.to}
                </li>
              ))}
            </ul>
          </div>
        )}
        {processing > 0 && !summary && (
          <p className="export-pending" role="note">
            {processing} file{processing === 1 ? ' is' : 's are'} still being processed and{' '}
            {processing === 1 ? 'is' : 'are'} not in this export: wait for{' '}
            {processing === 1 ? 'it' : 'them'}, or export the others now and again later.
          </p>
        )}
        {busy && (
          <div className="export-progress" aria-live="polite" aria-label="Export progress">
            <progress value={progress?.done ?? 0} max={progress?.total ?? fileCount} />{' '}
            {progressText(progress)}
          </div>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {held && (
          <div className="export-held" role="alert">
            <p>
              <strong>Nothing was written.</strong> Reading the redacted copies back found{' '}
              {heldCount} {heldCount === 1 ? 'value' : 'values'} the review has not shown:
            </p>
            <ul>
              {held.map((f) => (
                <li key={f.file}>
                  {f.relativePath}: {f.findings.length}{' '}
                  {f.findings.length === 1 ? 'value' : 'values'}
                </li>
              ))}
            </ul>
            <p>
              Open {held.length === 1 ? 'the file' : 'each file'}: the values are listed under
              “Found on reading the copy”. Accept (redact) or reject each, then export again.
            </p>
          </div>
        )}
        {summary && !held && summary.failed.length > 0 && (
          <div className="export-failed" role="alert">
            <p>
              <strong>
                {summary.failed.length} {summary.failed.length === 1 ? 'file was' : 'files were'}{' '}
                not exported whole
              </strong>{' '}
              — do not hand these out until they are checked. Every other file was exported; fix the
              cause and retry (an export replaces the earlier one in this folder):
            </p>
            <ul>
              {summary.failed.map((f) => (
                <li key={f.file}>{f.error}</li>
              ))}
            </ul>
          </div>
        )}
        {summary && !held && (
          <div className="export-summary" role="status">
            <CountsChart counts={summary.counts} />
            <p>
              Wrote {summary.written.length} files to {summary.outputFolder}, in two parts:
            </p>
            {EXPORT_PARTS.map((part) => {
              const files = summary.written
                .map((f) =>
                  f.startsWith(summary.outputFolder) ? f.slice(summary.outputFolder.length + 1) : f,
                )
                .filter(part.holds);
              return (
                <section key={part.id} className={`export-part export-part-${part.id}`}>
                  <h3>{part.heading}</h3>
                  <p>{part.says}</p>
                  <ul aria-label={`${part.id} files`}>
                    {files.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
        <div className="button-row end">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button
            type="submit"
            className="primary"
            disabled={
              busy ||
              folder.trim() === '' ||
              fileCount === 0 ||
              (hidden > 0 && !acknowledged) ||
              codeMissing
            }
          >
            {busy ? 'Exporting…' : summary && summary.failed.length > 0 ? 'Retry export' : 'Export'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
