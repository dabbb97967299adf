/**
 * How a run's output folder is laid out. `split` (the CLI's and the app's default):
 * `shareable/` holds the redacted copies, the anonymised texts and a Results.xlsx without
 * original values — what may be handed out; `internal/` the full Results.xlsx and
 * detections.jsonl, which hold every value found and stay inside. `flat`: everything in one
 * folder, as before the split, for scripts that rely on it.
 */
export type OutputLayout = 'split' | 'flat';
export const OUTPUT_LAYOUTS: readonly OutputLayout[] = ['split', 'flat'];
