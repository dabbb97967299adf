/**
 * The app's screen: documents and queue on the left, review of the open document on the right,
 * settings and export as dialogs. State that outlives a screen (queue, each document's review
 * edits, settings) lives here; the components below only render and report.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type {
  ApiCapabilities,
  ExportBoxes,
  ExportRequest,
  FileFindings,
  FinRedactApi,
  JobFile,
} from '../../src/api/finredactApi.js';
import type { EntityType } from '../../src/domain/entityTypes.js';
// "Other identifier" for what a reviewer adds by hand (order, customer, policy numbers).
import '../../src/domain/reviewTypes.js';
import { reviewView } from './review/reviewView.js';
import { AddInputs } from './components/AddInputs.js';
import { ExportDialog } from './components/ExportDialog.js';
import { QueuePanel } from './components/QueuePanel.js';
import { ReviewView } from './components/ReviewView.js';
import { SettingsDialog } from './components/SettingsDialog.js';
import { useSettings } from './settings/useSettings.js';
import { useProcessingQueue } from './queue/useProcessingQueue.js';
import { useSavedReview } from './review/useSavedReview.js';
import {
  DATE_PATTERN,
  matchesAt,
  searchMatches,
  type SearchQuery,
} from './review/searchMatches.js';
import { SearchPanel, type DocumentMatches, type SearchMode } from './components/SearchPanel.js';

const SEARCH_INPUT_ID = 'search-input';
import type { DetectionPolicy } from '../../src/domain/detectionPolicy.js';
import { NO_DECISIONS } from '../../src/domain/reviewDecisions.js';
import type { CellPlace } from '../../src/domain/documentText.js';
import {
  correctionCount,
  initialReviewState,
  pendingFindings,
  reviewReducer,
  type ReviewAction,
  type ReviewState,
} from './review/reviewState.js';

interface OpenDocument {
  readonly title: string;
  /** PDFs have pages the review can show as they will leave. */
  readonly kind?: string;
  readonly warnings: readonly string[];
  readonly state: ReviewState;
  readonly pageStarts?: readonly number[];
  /** A spreadsheet's cells, for the grid. */
  readonly cells?: readonly CellPlace[];
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Browsers open a file dropped outside the drop zone in place of the app; never do that. */
function useNoDropNavigation() {
  useEffect(() => {
    const block = (e: DragEvent) => e.preventDefault();
    window.addEventListener('dragover', block);
    window.addEventListener('drop', block);
    return () => {
      window.removeEventListener('dragover', block);
      window.removeEventListener('drop', block);
    };
  }, []);
}

export function App({ api }: { api: FinRedactApi }) {
  const [capabilities, setCapabilities] = useState<ApiCapabilities | null>(null);
  const [documents, setDocuments] = useState<Record<string, OpenDocument>>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'settings' | 'export' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // What the last export's reading of the copies found and held for review, by file.
  const [held, setHeld] = useState<Readonly<Record<string, FileFindings>>>({});
  const { settings, allow, updateSettings, saveSettings } = useSettings(api, setNotice);
  const forgetDocuments = useCallback((files: readonly string[]) => {
    setDocuments((docs) => {
      const kept = { ...docs };
      for (const f of files) delete kept[f];
      return kept;
    });
  }, []);
  const onQueued = useCallback(
    (files: readonly JobFile[]) => forgetDocuments(files.map((f) => f.file)),
    [forgetDocuments],
  );
  const processing = useProcessingQueue(api, settings, {
    onQueued,
    onError: setNotice,
  });
  const { queue } = processing;
  useNoDropNavigation();
  const savedReview = useSavedReview(api, settings !== null, processing.addPaths, setNotice);
  const { save: saveReview } = savedReview;
  useEffect(() => saveReview(documents), [documents, saveReview]);

  useEffect(() => {
    api.capabilities().then(setCapabilities, (err: unknown) => setNotice(message(err)));
  }, [api]);

  const removeFile = useCallback(
    (file: string) => {
      processing.remove(file).then(
        (files) => {
          forgetDocuments(files);
          setSelected((s) => (s !== null && files.includes(s) ? null : s));
        },
        (err: unknown) => setNotice(message(err)),
      );
    },
    [processing, forgetDocuments],
  );

  const addPaths = useCallback(
    (paths: string[]) => {
      setNotice(null);
      processing.addPaths(paths);
    },
    [processing],
  );

  // One policy for what the review shows and what the export writes; the backend applies it.
  // The review's filters belong to this batch: they start from the Settings defaults and are
  // never saved, so a threshold raised for one batch does not greet the next one silently.
  const [filters, setFilters] = useState<DetectionPolicy | null>(null);
  useEffect(() => {
    if (settings && !filters) {
      setFilters({ types: settings.types, modelThreshold: settings.threshold });
    }
  }, [settings, filters]);
  // The allow-list and the propagation scope come from Settings, not from the batch's filters.
  // The model's per-type thresholds hold while the slider stays at the calibrated default, as
  // in the CLI; a threshold the reviewer sets applies to every type.
  const policy = useMemo<DetectionPolicy | null>(() => {
    if (!filters || !settings) return filters;
    const perType = capabilities?.modelTypeThresholds ?? {};
    const calibrated =
      capabilities !== null &&
      filters.modelThreshold === capabilities.modelThreshold &&
      Object.keys(perType).length > 0;
    return {
      ...filters,
      propagate: settings.propagate,
      ...(allow.length > 0 ? { allow } : {}),
      ...(calibrated ? { typeThresholds: perType } : {}),
    };
  }, [filters, settings, allow, capabilities]);

  async function loadDocument(file: string): Promise<OpenDocument> {
    const existing = documents[file];
    if (existing) return existing;
    const result = await api.getResult(file);
    const fresh = initialReviewState(result.text, result.candidates ?? result.spans);
    const restored = savedReview.decisionsFor(file, result.text);
    const doc = {
      title: result.relativePath,
      ...(result.kind ? { kind: result.kind } : {}),
      warnings: result.warnings,
      ...(result.pageStarts ? { pageStarts: result.pageStarts } : {}),
      ...(result.cells ? { cells: result.cells } : {}),
      state: restored
        ? {
            ...fresh,
            decisions: restored.decisions,
            past: restored.history?.past ?? [],
            future: restored.history?.future ?? [],
          }
        : fresh,
    };
    setDocuments((docs) => ({ ...docs, [file]: docs[file] ?? doc }));
    return doc;
  }

  function openDocument(file: string) {
    loadDocument(file).then(
      () => setSelected(file),
      (err: unknown) => setNotice(message(err)),
    );
  }

  const dispatchReview = useCallback(
    (action: ReviewAction) => {
      if (!selected) return;
      setDocuments((docs) => {
        const doc = docs[selected];
        return doc
          ? { ...docs, [selected]: { ...doc, state: reviewReducer(doc.state, action) } }
          : docs;
      });
    },
    [selected],
  );

  const exportable = queue.rows.filter((r) => r.status === 'done' || r.status === 'error');

  /**
   * Only the decisions travel: the backend resolves every file's spans from its stored
   * candidates under the same policy, so files never opened need no round trip through here.
   */
  function exportRequest(folder: string, boxes?: ExportBoxes): ExportRequest {
    if (!policy) throw new Error('Settings are still loading; try again in a moment.');
    const files = exportable.map((row) => {
      const decisions = documents[row.file]?.state.decisions;
      return decisions ? { file: row.file, decisions } : { file: row.file };
    });
    return {
      outputFolder: folder,
      policy,
      files,
      ...(boxes ? { boxes } : {}),
      holdFindings: true,
      layout: 'split',
    };
  }

  async function exportTo(folder: string, boxes: ExportBoxes) {
    const summary = await api.exportResults(exportRequest(folder, boxes));
    // Held findings stay listed until an export writes the copies (then there are none).
    setHeld(Object.fromEntries((summary.findings ?? []).map((f) => [f.file, f])));
    if (settings && settings.outputFolder !== folder)
      updateSettings({ ...settings, outputFolder: folder });
    return summary;
  }

  const openDecisions = selected ? documents[selected]?.state.decisions : undefined;
  const loadPage = useCallback(
    (page: number) => {
      if (!selected || !policy) return Promise.reject(new Error('No document is open.'));
      return api.getPageView(selected, page, policy, openDecisions);
    },
    [api, selected, policy, openDecisions],
  );

  /** Search and redact: the open document, or every processed one (loaded as needed). */
  async function searchDocuments(
    query: SearchQuery,
    scope: 'document' | 'all',
    mode: SearchMode = 'term',
  ): Promise<DocumentMatches[] | string> {
    const files =
      scope === 'document' && selected
        ? [selected]
        : queue.rows.filter((r) => r.status === 'done').map((r) => r.file);
    const found: DocumentMatches[] = [];
    for (const file of files) {
      const doc = await loadDocument(file);
      const matches =
        mode === 'term'
          ? searchMatches(doc.state.text, query)
          : mode === 'DATE'
            ? searchMatches(doc.state.text, {
                pattern: DATE_PATTERN,
                regex: true,
                caseSensitive: false,
                wholeWord: false,
              })
            : matchesAt(doc.state.text, await api.findByType(file, mode));
      if (typeof matches === 'string') return matches;
      const redacted = policy ? reviewView(doc.state, policy).redacted : [];
      found.push({
        file,
        title: doc.title,
        matches: matches.map((m) =>
          redacted.some((s) => s.start <= m.start && s.end >= m.end) ? { ...m, redacted: true } : m,
        ),
      });
    }
    return found;
  }

  function redactMatches(
    picked: readonly { file: string; ranges: readonly { start: number; end: number }[] }[],
    type: EntityType,
  ) {
    setDocuments((docs) => {
      const next = { ...docs };
      for (const { file, ranges } of picked) {
        const doc = next[file];
        if (doc)
          next[file] = {
            ...doc,
            state: reviewReducer(doc.state, { kind: 'add-many', ranges, type }),
          };
      }
      return next;
    });
  }

  function toggleType(type: EntityType, on: boolean) {
    setFilters((f) =>
      f ? { ...f, types: on ? [...f.types, type] : f.types.filter((t) => t !== type) } : f,
    );
  }

  // Files not opened since a reload show the corrections saved for them.
  const corrections = useMemo(
    () => ({
      ...savedReview.savedCorrections,
      ...Object.fromEntries(
        Object.entries(documents).map(([file, doc]) => [file, correctionCount(doc.state)]),
      ),
    }),
    [documents, savedReview.savedCorrections],
  );
  const toDecide = useMemo(
    () =>
      Object.fromEntries(
        Object.values(held).map((f) => [
          f.file,
          pendingFindings(f.findings, documents[f.file]?.state.decisions ?? NO_DECISIONS).length,
        ]),
      ),
    [held, documents],
  );
  const open = selected ? documents[selected] : undefined;
  return (
    <div className="app">
      <header className="app-header">
        <h1>FinRedact</h1>
        <div className="button-row">
          <button type="button" onClick={() => setDialog('settings')} disabled={!settings}>
            Settings
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => setDialog('export')}
            disabled={exportable.length === 0}
          >
            Export…
          </button>
        </div>
      </header>
      {notice && (
        <p className="notice" role="alert">
          {notice}
        </p>
      )}
      <div className="app-body">
        <aside className="sidebar">
          <AddInputs
            capabilities={capabilities}
            onPickFiles={() => void api.pickFiles().then(addPaths)}
            onPickFolder={() => void api.pickFolder().then((p) => addPaths(p ? [p] : []))}
            onAddPaths={addPaths}
            onDropFiles={(files) =>
              void api
                .pathsForDroppedFiles(files)
                .then(addPaths, (err: unknown) => setNotice(message(err)))
            }
          />
          <QueuePanel
            queue={queue}
            running={processing.running}
            selectedFile={selected}
            corrections={corrections}
            toDecide={toDecide}
            onOpen={openDocument}
            onCancel={processing.cancel}
            onRemove={removeFile}
          />
        </aside>
        <main className="main">
          {open && policy && (
            <SearchPanel
              inputId={SEARCH_INPUT_ID}
              openFile={selected}
              onSearch={searchDocuments}
              onRedact={redactMatches}
            />
          )}
          {open && policy ? (
            <ReviewView
              key={selected}
              title={open.title}
              findings={(selected && held[selected]?.findings) || []}
              {...(open.cells ? { cells: open.cells } : {})}
              warnings={open.warnings}
              state={open.state}
              dispatch={dispatchReview}
              policy={policy}
              placeholders={settings?.placeholders ?? 'redacted'}
              onToggleType={toggleType}
              onThreshold={(modelThreshold) =>
                setFilters((f) => (f ? { ...f, modelThreshold } : f))
              }
              {...(open.kind === 'pdf' || open.kind === 'image'
                ? { loadPage, canDrawAreas: true, pageStarts: open.pageStarts ?? [] }
                : {})}
            />
          ) : (
            <div className="empty-state">
              <h2>Review</h2>
              <p>
                Add documents on the left. When a file is processed, open it here to review its
                detections.
              </p>
            </div>
          )}
        </main>
      </div>
      {dialog === 'settings' && settings && (
        <SettingsDialog
          settings={settings}
          capabilities={capabilities}
          onPickFolder={() => api.pickFolder()}
          onSave={async (next) => {
            const saved = await saveSettings(next);
            // New defaults apply to the review at once, as a fresh batch would get them.
            setFilters({ types: saved.types, modelThreshold: saved.threshold });
          }}
          onCheckRecognizers={(text, sample) => api.checkRecognizers(text, sample)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'export' && (
        <ExportDialog
          fileCount={exportable.filter((r) => r.status === 'done').length}
          failedCount={exportable.filter((r) => r.status === 'error').length}
          initialFolder={settings?.outputFolder ?? ''}
          nativeDialogs={capabilities?.nativeDialogs ?? false}
          onPickFolder={() => api.pickFolder()}
          onExport={exportTo}
          // The preview writes nothing, so any absolute folder satisfies the request's shape.
          onPreview={() => api.previewExport(exportRequest('/'))}
          onPreviewNames={() => api.previewNames(exportRequest('/'))}
          onProgress={() => api.exportProgress()}
          processing={
            queue.rows.filter((r) => r.status === 'queued' || r.status === 'processing').length
          }
          filters={policy}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
