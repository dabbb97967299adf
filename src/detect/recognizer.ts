import type { EntityType } from '../domain/entityTypes.js';
import type { Span } from '../domain/span.js';

/**
 * One detector of one or more entity types. Pattern recognizers are synchronous; the NER model
 * is asynchronous, so the engine awaits every result the same way.
 */
export interface Recognizer {
  readonly name: string;
  readonly types: readonly EntityType[];
  analyze(text: string): Span[] | Promise<Span[]>;
}
