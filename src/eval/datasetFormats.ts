/** The evaluation sets `finredact eval` reads; apart from runEvaluation so `--help` loads nothing. */
export type DatasetFormat = 'jsonl' | 'presidio' | 'real-dev';
export const DATASET_FORMATS: readonly DatasetFormat[] = ['jsonl', 'presidio', 'real-dev'];
