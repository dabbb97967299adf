/**
 * How a run's output folder is laid out. `split` (the app's export and the CLI's default):
 * `shareable/` holds the redacted copies, the anonymised texts and a Results.xlsx without
 * original values — what may be handed out; the folder itself keeps the full Results.xlsx and
 * detections.jsonl, which hold every value found and stay inside. `flat` (the CLI's
 * `--layout flat`): the copies and texts beside them, as earlier versions wrote them.
 */
export type OutputLayout = 'split' | 'flat';
export const OUTPUT_LAYOUTS: readonly OutputLayout[] = ['split', 'flat'];
