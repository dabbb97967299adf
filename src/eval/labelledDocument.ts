/** A document with gold spans, in offsets of its own text: what every span-level loader produces. */
import type { EntityType } from '../domain/entityTypes.js';

export interface GoldSpan {
  readonly start: number;
  readonly end: number;
  readonly type: EntityType;
}

export interface LabelledDocument {
  readonly id: string;
  readonly text: string;
  readonly spans: readonly GoldSpan[];
  /**
   * The same gold drawn as LABELS.md draws it, where the data set's own convention differs
   * (presidio-synth-v2 cuts many addresses into street, unit, town and postcode pieces).
   */
  readonly policySpans?: readonly GoldSpan[];
}

/** Throws when a gold span does not fit its text: a broken data set must not score silently. */
export function checkGoldSpans(doc: LabelledDocument, where: string): LabelledDocument {
  for (const s of [...doc.spans, ...(doc.policySpans ?? [])]) {
    if (!(
      Number.isInteger(s.start) &&
      Number.isInteger(s.end) &&
      0 <= s.start &&
      s.start < s.end &&
      s.end <= doc.text.length
    )) {
      throw new Error(
        `${where}: span [${s.start}, ${s.end}) of type ${s.type} does not fit a text of ${doc.text.length} characters`,
      );
    }
  }
  return doc;
}
