/**
 * A reviewer's decisions about one document, kept apart from the detections they are about, so
 * the same decisions can be applied under any detection policy, by the review view and by the
 * export alike. Plain data: it crosses the API as JSON.
 */
import type { EntityType } from './entityTypes.js';
import type { Span } from './span.js';

export interface ReviewDecisions {
  /** Indices into the document's candidates that the reviewer rejected. */
  readonly rejected: readonly number[];
  /** Candidates the reviewer gave another type. */
  readonly retyped: readonly { readonly index: number; readonly type: EntityType }[];
  /** Detections the reviewer added by hand (`source: 'manual'`). */
  readonly added: readonly Span[];
}

export const NO_DECISIONS: ReviewDecisions = { rejected: [], retyped: [], added: [] };
