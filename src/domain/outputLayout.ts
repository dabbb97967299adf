/**
 * How a run's output folder is laid out. `split` (the app's export; the CLI's `--layout split`):
 * `shareable/` holds the redacted copies, the anonymised texts and a Results.xlsx without
 * original values — what may be handed out; `internal/` the full Results.xlsx and
 * detections.jsonl, which hold every value found and stay inside. `flat`: everything in one
 * folder (the CLI's default), for the scripts that read a run's outputs there.
 */
export type OutputLayout = 'split' | 'flat';
export const OUTPUT_LAYOUTS: readonly OutputLayout[] = ['split', 'flat'];
