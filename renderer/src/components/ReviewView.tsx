/**
 * Side-by-side review of one document: navigation, filters, the detection inspector and the two
 * panes, which scroll together. Keys: j / → next detection, k / ← previous, x / Delete rejects
 * or restores the active one, Escape clears it, Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes.
 */
import type { CellPlace } from '../../../src/domain/documentText.js';
import { sheetGrids } from '../review/sheetGrid.js';
import { SheetGridView } from './SheetGridView.js';
import type { HeldFinding } from '../../../src/api/finredactApi.js';
import { FindingsPanel } from './FindingsPanel.js';
import type { PlaceholderMode } from '../../../src/domain/placeholderMode.js';
import { Replacements } from '../../../src/anonymise/replacements.js';
import { replacementsBySpan } from '../../../src/anonymise/anonymise.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DetectionPolicy } from '../../../src/domain/detectionPolicy.js';
import type { EntityType } from '../../../src/domain/entityTypes.js';
import { occurrencesOf, reviewView, stepActive } from '../review/reviewView.js';
import type { ReviewAction, ReviewState } from '../review/reviewState.js';
import { followScroll, ScrollPairing } from '../review/scrollSync.js';
import { selectionOffsets } from '../review/selectionOffsets.js';
import { anonymisedSegments, originalSegments } from '../review/textSegments.js';
import { DetectionInspector, SelectionBar, type DecisionScope } from './DetectionInspector.js';
import { AnonymisedPane, OriginalPane } from './TextPanes.js';
import { ThresholdSlider } from './ThresholdSlider.js';
import type { PageView as PageViewData } from '../../../src/api/finredactApi.js';
import { Dialog } from './Dialog.js';
import { PageView } from './PageView.js';
import { MarksList } from './MarksList.js';
import { pageOfOffset } from '../review/pageRanges.js';
import { TypeFilter } from './TypeFilter.js';

interface Props {
  readonly title: string;
  /** Values the export's reading of this document's copy found, held for a decision. */
  readonly findings?: readonly HeldFinding[];
  /** A spreadsheet's cells: the review opens on a grid of them. */
  readonly cells?: readonly CellPlace[];
  readonly warnings: readonly string[];
  readonly state: ReviewState;
  readonly dispatch: (action: ReviewAction) => void;
  readonly policy: DetectionPolicy;
  readonly onToggleType: (type: EntityType, on: boolean) => void;
  readonly onThreshold: (value: number) => void;
  /** For PDFs: a page with the boxes its redacted copy will get. */
  readonly loadPage?: (page: number) => Promise<PageViewData>;
  /** Areas can be drawn on PDF pages (images get their boxes only). */
  readonly canDrawAreas?: boolean;
  /** The placeholder mode of Settings: numbered and masked values are shown as exported. */
  readonly placeholders?: PlaceholderMode;
  /** Where each page's text starts: the page of a detection, for the page view and marks list. */
  readonly pageStarts?: readonly number[];
}

/**
 * Whether a key belongs to the control that has focus rather than to the review's shortcuts:
 * text fields take every key; a select or a slider keeps its arrow keys (and a select its
 * space); a checkbox, a radio or a button takes none, so j/k/x work wherever the reviewer
 * clicked last.
 */
function isTyping(target: EventTarget | null, key = ''): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA') return true;
  const arrows = key.startsWith('Arrow');
  if (target.tagName === 'SELECT') return arrows || key === ' ';
  if (target instanceof HTMLInputElement) {
    if (target.type === 'range') return arrows;
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  }
  return false;
}

/** Keeps the two panes on the same part of the document, whichever one the user scrolls. */
function useScrollSync() {
  const left = useRef<HTMLDivElement>(null);
  const right = useRef<HTMLDivElement>(null);
  const pairing = useRef(new ScrollPairing<HTMLDivElement>(followScroll));
  const follow = useCallback((from: HTMLDivElement | null, to: HTMLDivElement | null) => {
    if (from && to) pairing.current.scrolled(from, to);
  }, []);
  return {
    left,
    right,
    onLeftScroll: () => follow(left.current, right.current),
    onRightScroll: () => follow(right.current, left.current),
  };
}

export function ReviewView({
  title,
  warnings,
  state,
  dispatch,
  policy,
  onToggleType,
  onThreshold,
  loadPage,
  canDrawAreas = false,
  placeholders = 'redacted',
  pageStarts = [],
  findings = [],
  cells,
}: Props) {
  const hasGrid = cells !== undefined && cells.some((c) => c.kind === 'value');
  const [mode, setMode] = useState<'text' | 'page' | 'grid'>(hasGrid ? 'grid' : 'text');
  const gridRef = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState(1);
  const { shown, redacted } = useMemo(() => reviewView(state, policy), [state, policy]);
  const enabledTypes = useMemo(() => new Set(policy.types), [policy.types]);
  const original = useMemo(() => originalSegments(state.text, shown), [state.text, shown]);
  const anonymised = useMemo(() => {
    // Fakes are drawn at export from the whole export's values; the view shows placeholders.
    if (placeholders === 'redacted' || placeholders === 'fake') {
      return anonymisedSegments(state.text, redacted);
    }
    const replacements = new Replacements({ mode: placeholders }).forDocument(
      '',
      state.text,
      redacted,
    );
    return anonymisedSegments(state.text, redacted, replacementsBySpan(redacted, replacements));
  }, [state.text, redacted, placeholders]);
  const active = shown.find((s) => s.id === state.activeId) ?? null;
  // "All N occurrences" unless the reviewer says "this one"; kept from one detection to the next.
  const [scope, setScope] = useState<DecisionScope>('all');
  const occurrences = useMemo(
    () =>
      active && active.status === 'accepted' ? occurrencesOf({ redacted, shown }, active) : [],
    [active, redacted, shown],
  );
  const decide = useCallback(
    (what: 'reject' | 'restore' | { retype: EntityType }) => {
      if (!active) return;
      const { start, end, origin } = active;
      if (what === 'restore') {
        dispatch(
          active.rejectedHere ? { kind: 'restore-one', start, end } : { kind: 'restore', origin },
        );
        return;
      }
      const alone = occurrences.length <= 1;
      // A company name joined from pieces, alone in its document, is decided by its pieces.
      const all =
        (scope === 'all' && occurrences.length > 1) ||
        (occurrences.length === 1 && (active.joined?.length ?? 0) > 0);
      if (what === 'reject') {
        if (all) dispatch({ kind: 'reject-all', occurrences });
        else if (alone) dispatch({ kind: 'reject', origin });
        else dispatch({ kind: 'reject-one', start, end });
        return;
      }
      const type = what.retype;
      if (all) dispatch({ kind: 'retype-all', occurrences, type });
      else if (alone) dispatch({ kind: 'retype', origin, type });
      else dispatch({ kind: 'retype-one', start, end, type });
    },
    [active, dispatch, occurrences, scope],
  );
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  const [help, setHelp] = useState(false);
  const panes = useScrollSync();

  const step = useCallback(
    (direction: 1 | -1) =>
      dispatch({ kind: 'activate', id: stepActive(shown, state.activeId, direction) }),
    [dispatch, shown, state.activeId],
  );

  // The page view follows the active detection when it changes (j/k, a click in the marks
  // list) — not on every decision, which would pull the reviewer back from a page they went to.
  const activeStart = active?.start;
  useEffect(() => {
    if (mode !== 'page' || activeStart === undefined || pageStarts.length === 0) return;
    setPage(pageOfOffset(pageStarts, activeStart));
  }, [mode, state.activeId, pageStarts]);

  useEffect(() => {
    if (!state.activeId) return;
    for (const pane of [panes.left.current, panes.right.current, gridRef.current]) {
      pane
        ?.querySelector(`[data-span-id="${state.activeId}"]`)
        ?.scrollIntoView({ block: 'center' });
    }
  }, [state.activeId, panes.left, panes.right]);
  const grids = useMemo(
    () => (hasGrid && mode === 'grid' ? sheetGrids(cells, original, anonymised) : []),
    [hasGrid, mode, cells, original, anonymised],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      // A dialog open over the document (export, settings, this help) owns the keyboard: a key
      // meant for it must never decide a detection behind it (x there once un-redacted a value
      // that then left in clear), and Escape is the dialog's, to close it.
      if (document.querySelector('dialog[open]')) return;
      if (isTyping(event.target, event.key)) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey) {
        const key = event.key.toLowerCase();
        if (key === 'z') dispatch({ kind: event.shiftKey ? 'redo' : 'undo' });
        else if (key === 'y') dispatch({ kind: 'redo' });
        else return;
        event.preventDefault();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'j' || event.key === 'ArrowRight') step(1);
      else if (event.key === 'k' || event.key === 'ArrowLeft') step(-1);
      else if ((event.key === 'x' || event.key === 'Delete') && active) {
        decide(active.status === 'accepted' ? 'reject' : 'restore');
      } else if (event.key === 'Escape') dispatch({ kind: 'activate', id: null });
      else if (event.key === '/') document.getElementById('search-input')?.focus();
      else if (event.key === 't' && active) {
        document.querySelector<HTMLSelectElement>('select[aria-label="Detection type"]')?.focus();
      } else if (event.key === '?') setHelp((shown) => !shown);
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, active, dispatch, decide]);

  function onMouseUp() {
    const pane = panes.left.current;
    setSelection(pane ? selectionOffsets(window.getSelection(), pane) : null);
  }

  const position = active ? shown.indexOf(active) + 1 : 0;
  return (
    <section className="review" aria-labelledby="review-title">
      <div className="review-toolbar">
        <h2 id="review-title" title={title}>
          {title}
        </h2>
        <div className="nav" role="group" aria-label="Detections">
          <button
            type="button"
            onClick={() => step(-1)}
            aria-label="Previous detection (k)"
            disabled={shown.length === 0}
          >
            ‹ Prev
          </button>
          <span className="nav-position" aria-live="polite">
            {position > 0 ? `${position} / ${shown.length}` : `${shown.length} detections`}
          </span>
          <button
            type="button"
            onClick={() => step(1)}
            aria-label="Next detection (j)"
            disabled={shown.length === 0}
          >
            Next ›
          </button>
        </div>
        <div className="button-row" role="group" aria-label="History">
          <button
            type="button"
            onClick={() => dispatch({ kind: 'undo' })}
            disabled={state.past.length === 0}
            aria-label="Undo (Ctrl+Z)"
          >
            Undo
          </button>
          <button
            type="button"
            onClick={() => dispatch({ kind: 'redo' })}
            disabled={state.future.length === 0}
            aria-label="Redo (Ctrl+Shift+Z)"
          >
            Redo
          </button>
        </div>
        <ThresholdSlider value={policy.modelThreshold} onChange={onThreshold} />
      </div>
      <TypeFilter enabled={enabledTypes} onToggle={onToggleType} />
      {findings.length > 0 && (
        <FindingsPanel
          text={state.text}
          findings={findings}
          decisions={state.decisions}
          onDecide={(found, accept) =>
            dispatch({ kind: 'decide-findings', findings: found, accept })
          }
          onShow={(f) => {
            const span = shown.find((s) => s.start <= f.start && s.end >= f.end);
            if (span) dispatch({ kind: 'activate', id: span.id });
          }}
        />
      )}
      {warnings.length > 0 && (
        <ul className="warnings" aria-label="Warnings">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div className="inspector-slot">
        {selection ? (
          <SelectionBar
            text={state.text.slice(selection.start, selection.end)}
            onAdd={(type) => {
              dispatch({ kind: 'add', start: selection.start, end: selection.end, type });
              setSelection(null);
              window.getSelection()?.removeAllRanges();
            }}
            onDismiss={() => setSelection(null)}
          />
        ) : active ? (
          <DetectionInspector
            span={active}
            occurrences={occurrences.length}
            scope={scope}
            onScope={setScope}
            onReject={() => decide('reject')}
            onRestore={() => decide('restore')}
            onRetype={(type) => decide({ retype: type })}
          />
        ) : (
          <p className="hint">
            Click a highlight to change or reject it; select text to add a detection. Keys: j/k
            next/previous, x reject/restore, t type, / search, Ctrl+Z undo, Ctrl+Shift+Z redo, ?
            help.
          </p>
        )}
      </div>
      {help && (
        <Dialog title="Keyboard" onClose={() => setHelp(false)}>
          <dl className="key-help">
            <dt>j / →</dt>
            <dd>next detection</dd>
            <dt>k / ←</dt>
            <dd>previous detection</dd>
            <dt>x / Delete</dt>
            <dd>reject or restore the active detection</dd>
            <dt>t</dt>
            <dd>change the active detection's type</dd>
            <dt>/</dt>
            <dd>search and redact</dd>
            <dt>Ctrl+Z / Ctrl+Shift+Z</dt>
            <dd>undo / redo</dd>
            <dt>Esc</dt>
            <dd>clear the active detection</dd>
            <dt>?</dt>
            <dd>this help</dd>
          </dl>
        </Dialog>
      )}
      {(loadPage || hasGrid) && (
        <div className="button-row view-mode" role="group" aria-label="View">
          {(
            [
              ...(hasGrid ? [['grid', 'Grid']] : []),
              ['text', 'Text'],
              ...(loadPage ? [['page', 'Page']] : []),
            ] as [typeof mode, string][]
          ).map(([value, label]) => (
            <label key={value} className="checkbox">
              <input
                type="radio"
                name="view-mode"
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              {label}
            </label>
          ))}
        </div>
      )}
      {mode === 'page' && loadPage ? (
        <div className="page-mode">
          <PageView
            load={loadPage}
            page={page}
            onPage={setPage}
            active={active ?? undefined}
            areas={state.decisions.areas ?? []}
            canDrawAreas={canDrawAreas}
            onSelect={(start, end) => {
              const span = shown.find((s) => s.start === start && s.end === end);
              if (span) dispatch({ kind: 'activate', id: span.id });
            }}
            onAddArea={(area) => dispatch({ kind: 'add-area', area })}
            onAddAreas={(areas) => dispatch({ kind: 'add-areas', areas })}
            onRemoveArea={(index) => dispatch({ kind: 'remove-area', index })}
          />
          <MarksList
            spans={shown}
            areas={state.decisions.areas ?? []}
            pageStarts={pageStarts}
            activeId={state.activeId}
            onSpan={(span, p) => {
              dispatch({ kind: 'activate', id: span.id });
              setPage(p);
            }}
            onArea={setPage}
          />
        </div>
      ) : null}
      {mode === 'grid' && hasGrid && (
        <div ref={gridRef} className="grid-mode">
          <SheetGridView
            grids={grids}
            activeId={state.activeId}
            onSpanClick={(id) => dispatch({ kind: 'activate', id })}
          />
        </div>
      )}
      <div
        className="panes"
        style={
          (mode === 'page' && loadPage !== undefined) || (mode === 'grid' && hasGrid)
            ? { display: 'none' }
            : undefined
        }
      >
        <OriginalPane
          segments={original}
          activeId={state.activeId}
          paneRef={panes.left}
          onScroll={panes.onLeftScroll}
          onSpanClick={(id) => dispatch({ kind: 'activate', id })}
          onMouseUp={onMouseUp}
        />
        <AnonymisedPane
          segments={anonymised}
          activeId={state.activeId}
          paneRef={panes.right}
          onScroll={panes.onRightScroll}
        />
      </div>
    </section>
  );
}
