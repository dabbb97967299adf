/**
 * Adding documents: native dialogs where the platform has them (Electron), a path field where it
 * does not (a browser on the bridge), and drag-and-drop onto the drop zone in both.
 */
import { useState, type DragEvent, type FormEvent } from 'react';
import type { ApiCapabilities } from '../../../src/api/finredactApi.js';

interface Props {
  readonly capabilities: ApiCapabilities | null;
  readonly onPickFiles: () => void;
  readonly onPickFolder: () => void;
  readonly onAddPaths: (paths: string[]) => void;
  readonly onDropFiles: (files: File[]) => void;
}

export function AddInputs({
  capabilities,
  onPickFiles,
  onPickFolder,
  onAddPaths,
  onDropFiles,
}: Props) {
  const [pathText, setPathText] = useState('');
  const [dragging, setDragging] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const paths = pathText
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean);
    if (paths.length > 0) onAddPaths(paths);
    setPathText('');
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onDropFiles(files);
  }

  return (
    <section className="add-inputs" aria-labelledby="add-inputs-title">
      <h2 id="add-inputs-title">Add documents</h2>
      {capabilities?.nativeDialogs && (
        <div className="button-row">
          <button type="button" onClick={onPickFiles}>
            Add files…
          </button>
          <button type="button" onClick={onPickFolder}>
            Add folder…
          </button>
        </div>
      )}
      {capabilities && !capabilities.nativeDialogs && (
        <form className="path-form" onSubmit={submit}>
          <label htmlFor="input-path">File or folder path</label>
          <div className="button-row">
            <input
              id="input-path"
              type="text"
              value={pathText}
              placeholder="/path/to/invoices"
              onChange={(e) => setPathText(e.target.value)}
            />
            <button type="submit" disabled={pathText.trim() === ''}>
              Add
            </button>
          </div>
        </form>
      )}
      <div
        className={dragging ? 'drop-zone dragging' : 'drop-zone'}
        aria-label="Drop zone: drop files here to add them"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        Drop PDF, Word, Excel, PowerPoint, CSV, image, text, e-mail or .zip files here
      </div>
    </section>
  );
}
