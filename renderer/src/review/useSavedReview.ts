/**
 * Keeps the review across reloads and restarts: on start, the saved queue is processed again and
 * its decisions wait for their documents; as the reviewer works, each document's decisions are
 * saved, with the newest steps of its undo history. A file changed since its review gets no decisions, and the reviewer is told.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FinRedactApi, ReviewedFile } from '../../../src/api/finredactApi.js';
import {
  REVIEW_HISTORY_STEPS,
  type ReviewDecisions,
  type ReviewHistory,
} from '../../../src/domain/reviewDecisions.js';
import { correctionCount, type ReviewState } from './reviewState.js';

function decisionCount(decisions: ReviewDecisions): number {
  return correctionCount({ decisions } as ReviewState);
}

export interface SavedReview {
  /**
   * Saved decisions for a document being opened, and its undo history, with added spans' text
   * read from `text`.
   */
  readonly decisionsFor: (
    file: string,
    text: string,
  ) => { decisions: ReviewDecisions; history?: ReviewHistory } | undefined;
  /** Corrections saved for files not opened since a reload: the queue shows them. */
  readonly savedCorrections: Readonly<Record<string, number>>;
  /** Saves what changed among the open documents' decisions. */
  readonly save: (documents: Readonly<Record<string, { readonly state: ReviewState }>>) => void;
}

export function useSavedReview(
  api: FinRedactApi,
  ready: boolean,
  addPaths: (paths: string[], only?: readonly string[]) => void,
  onNotice: (message: string) => void,
): SavedReview {
  const [saved, setSaved] = useState<ReadonlyMap<string, ReviewedFile>>(new Map());
  const restored = useRef(false);
  const lastSaved = useRef(new Map<string, ReviewDecisions>());

  useEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    api.getReview().then(
      (files) => {
        setSaved(new Map(files.map((f) => [f.file, f])));
        const changed = files.filter((f) => f.changed).length;
        if (changed > 0) {
          onNotice(
            `${changed} file${changed === 1 ? '' : 's'} changed since ${changed === 1 ? 'it was' : 'they were'} reviewed; ${changed === 1 ? 'its' : 'their'} saved decisions were not applied.`,
          );
        }
        // Added again as they were added (a folder as the folder), so relative paths come back;
        // only the saved files, so a file removed from the queue stays out.
        const roots = [...new Set(files.map((f) => f.root))];
        if (roots.length > 0)
          addPaths(
            roots,
            files.map((f) => f.file),
          );
      },
      (err: unknown) => onNotice(err instanceof Error ? err.message : String(err)),
    );
  }, [api, ready, addPaths, onNotice]);

  const savedCorrections = useMemo(
    () =>
      Object.fromEntries(
        [...saved.values()]
          .filter((f) => f.decisions && !f.changed)
          .map((f) => [f.file, decisionCount(f.decisions!)]),
      ),
    [saved],
  );

  const decisionsFor = useCallback(
    (file: string, text: string) => {
      const entry = saved.get(file);
      if (!entry?.decisions || entry.changed) return undefined;
      lastSaved.current.set(file, entry.decisions);
      const withText = (d: ReviewDecisions): ReviewDecisions => ({
        ...d,
        added: d.added.map((s) => ({ ...s, text: text.slice(s.start, s.end) })),
      });
      return {
        decisions: withText(entry.decisions),
        ...(entry.history
          ? {
              history: {
                past: entry.history.past.map(withText),
                future: entry.history.future.map(withText),
              },
            }
          : {}),
      };
    },
    [saved],
  );

  const save = useCallback(
    (documents: Readonly<Record<string, { readonly state: ReviewState }>>) => {
      for (const [file, doc] of Object.entries(documents)) {
        const decisions = doc.state.decisions;
        if (lastSaved.current.get(file) === decisions) continue;
        lastSaved.current.set(file, decisions);
        // The newest steps of the undo history travel with the decisions, so a reload keeps
        // what Undo can take back.
        const history = {
          past: doc.state.past.slice(-REVIEW_HISTORY_STEPS),
          future: doc.state.future.slice(-REVIEW_HISTORY_STEPS),
        };
        api.saveReview(file, decisions, history).catch((err: unknown) => {
          onNotice(
            `Your review of ${file} could not be saved: ${err instanceof Error ? err.message : String(err)}`,
          );
        });
      }
    },
    [api, onNotice],
  );

  return { decisionsFor, save, savedCorrections };
}
