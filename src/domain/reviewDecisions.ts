/**
 * A reviewer's decisions about one document, kept apart from the detections they are about, so
 * the same decisions can be applied under any detection policy, by the review view and by the
 * export alike. Plain data: it crosses the API as JSON.
 */
import type { Box } from './documentText.js';
import type { EntityType } from './entityTypes.js';
import type { Span } from './span.js';

/**
 * A document's undo history as the review keeps it across a reload: earlier decisions (newest
 * last) and undone ones, each bounded to the newest REVIEW_HISTORY_STEPS.
 */
export interface ReviewHistory {
  readonly past: readonly ReviewDecisions[];
  readonly future: readonly ReviewDecisions[];
}

/** How many undo (and redo) steps a saved review keeps per document. */
export const REVIEW_HISTORY_STEPS = 50;

export interface ReviewDecisions {
  /**
   * Indices into the document's candidates that the reviewer rejected: the value goes, with its
   * copies at other occurrences (rejecting "all occurrences" rejects every candidate of it).
   */
  readonly rejected: readonly number[];
  /**
   * One occurrence rejected where it stands ("this one"), whatever put a span there — a
   * candidate or a copy of a value found elsewhere: the value stays redacted everywhere else.
   */
  readonly rejectedAt?: readonly { readonly start: number; readonly end: number }[];
  /** One occurrence given another type where it stands ("this one"); the others keep theirs. */
  readonly retypedAt?: readonly {
    readonly start: number;
    readonly end: number;
    readonly type: EntityType;
  }[];
  /** Candidates the reviewer gave another type. */
  readonly retyped: readonly { readonly index: number; readonly type: EntityType }[];
  /** Detections the reviewer added by hand (`source: 'manual'`). */
  readonly added: readonly Span[];
  /** When each decision was made, for the audit trail; the latest entry of a key counts. */
  readonly log?: readonly ReviewLogEntry[];
  /** Areas of PDF pages redacted by hand (a signature, a stamp, a photo), or whole pages. */
  readonly areas?: readonly ReviewArea[];
}

/** A rectangle on a page, in points with a top-left origin, burnt black in the redacted copy. */
export interface ReviewArea {
  /** 1-based. */
  readonly page: number;
  readonly box: Box;
  /** The whole page, not just a drawn rectangle. */
  readonly wholePage?: boolean;
}

/** The type of the text found under a redacted area, in the text outputs. */
export const AREA_TYPE = 'AREA';

export const NO_DECISIONS: ReviewDecisions = { rejected: [], retyped: [], added: [] };

/**
 * When a decision was made, by key: `reject:c<i>`, `reject-at:<start>-<end>` (one occurrence),
 * `retype:c<i>`, `add:<start>-<end>` (added by selection, or one occurrence retyped),
 * `search:<start>-<end>` (added by search and redact), `found:<start>-<end>` (a value reading the
 * copy back found, accepted; rejecting one is `reject-at`).
 */
export interface ReviewLogEntry {
  readonly key: string;
  /** ISO 8601 time. */
  readonly at: string;
}

export type ReviewAction =
  | 'accepted as found'
  | 'rejected'
  | 'retyped'
  | 'added by selection'
  | 'added by search'
  | 'added on reading the copy'
  | 'area redacted'
  | 'page redacted'
  | 'unreviewed';

/** One row of the audit trail (the Review sheet, detections.jsonl's `review`). */
export interface ReviewRecord {
  readonly action: ReviewAction;
  /** For areas and pages. */
  readonly page?: number;
  readonly box?: Box;
  readonly start?: number;
  readonly end?: number;
  readonly text?: string;
  readonly type?: string;
  /** For a retype, the type the detector gave. */
  readonly fromType?: string;
  /** Where the detection came from and how sure it was (not for additions). */
  readonly source?: string;
  readonly score?: number;
  readonly reviewer?: string;
  /** ISO 8601: when the decision was made (accepted as found: when it was exported). */
  readonly at?: string;
}
