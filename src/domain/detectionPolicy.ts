/**
 * What a run redacts, in one place for the CLI, the app's review and its export: which types,
 * and how sure the model must be. The threshold has one meaning: it filters the model's
 * detections only. A validated pattern detection (checksum, libphonenumber, TLD list) is never
 * hidden by it, and a reviewer's own detection is never hidden by anything.
 */
import type { EntityType } from './entityTypes.js';
import type { Span } from './span.js';
import type { PropagationScope } from './userRecognizers.js';

export interface DetectionPolicy {
  /** Types to redact; detections of other types are left as text. */
  readonly types: readonly EntityType[];
  /** Model detections scoring below this, in [0, 1], are not redacted. */
  readonly modelThreshold: number;
  /**
   * Per-type thresholds chosen from the model's precision-recall curves (labels.json
   * `type_thresholds`); a type listed here uses its own instead of `modelThreshold`. Present only
   * while the threshold is the calibrated default: a threshold the user sets applies to all types.
   */
  readonly typeThresholds?: Readonly<Record<string, number>>;
  /** Values never redacted, whatever found them (a recognizers file's `allow`). */
  readonly allow?: readonly string[];
  /**
   * Where a detected value's other occurrences are redacted too: in its document (the default),
   * in every file of the run, or nowhere.
   */
  readonly propagate?: PropagationScope;
}

/** Used when no model is loaded to say otherwise; labels.json's calibrated value is the default. */
export const FALLBACK_MODEL_THRESHOLD = 0.5;

export function passesPolicy(
  span: Pick<Span, 'type' | 'source' | 'score'>,
  policy: DetectionPolicy,
): boolean {
  if (span.source === 'manual') return true;
  if (!policy.types.includes(span.type)) return false;
  return span.source !== 'ner' || span.score >= modelThresholdFor(span.type, policy);
}

/** The threshold a model detection of `type` must reach under `policy`. */
export function modelThresholdFor(type: string, policy: DetectionPolicy): number {
  return policy.typeThresholds?.[type] ?? policy.modelThreshold;
}

export function applyDetectionPolicy<T extends Span>(
  spans: readonly T[],
  policy: DetectionPolicy,
): T[] {
  return spans.filter((s) => passesPolicy(s, policy));
}
