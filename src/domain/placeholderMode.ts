/**
 * What a detection is replaced by in anonymised text: the type's placeholder (`redacted`, the
 * published system's format and the default), a numbered placeholder that says which detections
 * are the same value (`numbered`), a consistent realistic substitute (`fake`), or the value with
 * all but what a display policy allows starred out (`mask`).
 */
export type PlaceholderMode = 'redacted' | 'numbered' | 'fake' | 'mask';
export const PLACEHOLDER_MODES: readonly PlaceholderMode[] = [
  'redacted',
  'numbered',
  'fake',
  'mask',
];

/** Where equal values get equal replacements: within a document, or across the run. */
export type ConsistencyScope = 'document' | 'batch';
export const CONSISTENCY_SCOPES: readonly ConsistencyScope[] = ['document', 'batch'];

/** One line of the mapping table a controller may ask for (`--mapping`). */
export interface MappingEntry {
  /** The file the value was found in (the first one, in batch scope). */
  readonly file: string;
  readonly type: string;
  readonly original: string;
  readonly replacement: string;
}

/**
 * A replacement where the format forbids brackets — Excel's sheet names — in parentheses
 * ("(COMPANY NAME REDACTED)"): the sheet writer writes it so, and the read-back of a copy knows
 * it as the copy's own.
 */
export function bracketsAsParentheses(text: string): string {
  return text.replace(/\[/g, '(').replace(/\]/g, ')');
}
