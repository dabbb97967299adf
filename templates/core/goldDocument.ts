import type { EntityType } from '../../src/domain/entityTypes.js';

/** A labelled value to be placed in a document: the text exactly as printed, and its type. */
export interface Pii {
  readonly type: EntityType;
  readonly value: string;
}

/** A gold span: `[start, end)` into the document text it belongs to. */
export interface GoldSpan {
  readonly start: number;
  readonly end: number;
  readonly type: EntityType;
}

export type Split = 'train' | 'dev' | 'test';

/** One line of train/dev/test.jsonl — the schema MODEL and the evaluation read. */
export interface GoldDocument {
  readonly id: string;
  readonly family: string;
  readonly template: string;
  readonly locale: string;
  readonly text: string;
  readonly spans: readonly GoldSpan[];
}

export function pii(type: EntityType, value: string): Pii {
  return { type, value };
}

export function isPii(value: unknown): value is Pii {
  return typeof value === 'object' && value !== null && 'type' in value && 'value' in value;
}
