/** Export of the reviewed results to a folder, and the list of what was written. */
import { useState, type FormEvent } from 'react';
import type { ExportSummary } from '../../../src/api/finredactApi.js';
import { Dialog } from './Dialog.js';
import { FolderField } from './FolderField.js';

interface Props {
  readonly fileCount: number;
  readonly initialFolder: string;
  readonly nativeDialogs: boolean;
  readonly onPickFolder: () => Promise<string | null>;
  readonly onExport: (folder: string) => Promise<ExportSummary>;
  readonly onClose: () => void;
}

export function ExportDialog({
  fileCount,
  initialFolder,
  nativeDialogs,
  onPickFolder,
  onExport,
  onClose,
}: Props) {
  const [folder, setFolder] = useState(initialFolder);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<ExportSummary | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSummary(await onExport(folder.trim()));
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
          Writes Results.xlsx with your corrections, the anonymised text and redacted copies of{' '}
          {fileCount} processed
          {fileCount === 1 ? ' file' : ' files'}. An earlier export in the same folder is replaced.
        </p>
        <FolderField
          label="Export folder"
          value={folder}
          nativeDialogs={nativeDialogs}
          onChange={setFolder}
          onPick={onPickFolder}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {summary && (
          <div className="export-summary" role="status">
            <p>
              Wrote {summary.written.length} files to {summary.outputFolder}:
            </p>
            <ul>
              {summary.written.map((f) => (
                <li key={f}>
                  {f.startsWith(summary.outputFolder)
                    ? f.slice(summary.outputFolder.length + 1)
                    : f}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="button-row end">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button
            type="submit"
            className="primary"
            disabled={busy || folder.trim() === '' || fileCount === 0}
          >
            {busy ? 'Exporting…' : 'Export'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
