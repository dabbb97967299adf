/**
 * The detector for one run. With the model asked for but not demanded (`nerRequired` false, the
 * CLI's default), a model that cannot be loaded — typically not installed — is a notice and the
 * run goes on with the validated patterns only, rather than failing every file.
 */
import { createDetector, type Detector, type DetectorOptions } from '../detect/engine.js';
import type { RedactOptions } from './redactOptions.js';
import { UsageError } from '../domain/usageError.js';

/** The detector a run holds, for callers outside the pipeline (queue workers, the service). */
export type RunDetector = Detector;

export async function createRunDetector(
  opts: Pick<
    RedactOptions,
    'types' | 'ner' | 'nerThreshold' | 'nerRequired' | 'recognizers' | 'propagate' | 'nerThreads'
  >,
  onNotice: (message: string) => void,
  create: (options: DetectorOptions) => Promise<Detector> = createDetector,
): Promise<Detector> {
  const base = {
    types: [...opts.types],
    nerThreshold: opts.nerThreshold,
    ...(opts.recognizers ? { userRecognizers: opts.recognizers } : {}),
    ...(opts.propagate ? { propagate: opts.propagate } : {}),
    ...(opts.nerThreads ? { nerThreads: opts.nerThreads } : {}),
  };
  if (!opts.ner) return create({ ...base, ner: false });
  try {
    return await create({ ...base, ner: true });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (opts.nerRequired)
      throw new UsageError(`--ner was given but the NER model cannot be loaded: ${detail}`);
    onNotice(
      `NER model not available, so NAME, COMPANY and ADDRESS are not detected; running the validated patterns only. (${detail})`,
    );
    return create({ ...base, ner: false });
  }
}
