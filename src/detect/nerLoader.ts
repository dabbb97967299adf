/**
 * Finds and loads the NER model recognizer (src/detect/ner/, owned by the model work) without
 * making the pattern-only path depend on it: the module is imported only when NER is asked for,
 * and a missing model file is a clear error rather than a silent fall-back to patterns.
 */
import { existsSync, readFileSync } from 'node:fs';
import { FALLBACK_MODEL_THRESHOLD } from '../domain/detectionPolicy.js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Recognizer } from './recognizer.js';

export type ClosableRecognizer = Recognizer & {
  close?(): Promise<void>;
  readonly calibratedThreshold?: number;
};

/** The folder holding package.json, from src/detect (tsx) or dist/src/detect (built). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot find the FinRedact package folder (no package.json above src/detect)');
}

export function defaultModelDir(): string {
  return join(packageRoot(), 'models', 'pii-ner');
}

/**
 * The model's calibrated threshold from its labels.json, without loading the model: the default
 * of the app's threshold setting. The fallback when no model is installed (then it filters nothing).
 */
export function calibratedModelThreshold(modelDir: string = defaultModelDir()): number {
  try {
    const raw = JSON.parse(readFileSync(join(modelDir, 'labels.json'), 'utf8')) as {
      threshold?: unknown;
    };
    const t = raw.threshold;
    return typeof t === 'number' && t >= 0 && t <= 1 ? t : FALLBACK_MODEL_THRESHOLD;
  } catch {
    return FALLBACK_MODEL_THRESHOLD;
  }
}

/**
 * The model's per-type thresholds from labels.json (`type_thresholds`), chosen from its
 * precision-recall curves (`finredact eval --report`); empty when it has none.
 */
export function calibratedTypeThresholds(
  modelDir: string = defaultModelDir(),
): Record<string, number> {
  try {
    const raw = JSON.parse(readFileSync(join(modelDir, 'labels.json'), 'utf8')) as {
      type_thresholds?: unknown;
    };
    const table = raw.type_thresholds;
    if (typeof table !== 'object' || table === null) return {};
    return Object.fromEntries(
      Object.entries(table).filter(
        (e): e is [string, number] => typeof e[1] === 'number' && e[1] >= 0 && e[1] <= 1,
      ),
    );
  } catch {
    return {};
  }
}

export async function loadNerRecognizer(opts: {
  threshold?: number;
  modelDir?: string;
  threads?: number;
}): Promise<ClosableRecognizer> {
  const modelDir = opts.modelDir ?? defaultModelDir();
  if (!existsSync(join(modelDir, 'model.onnx'))) {
    throw new Error(
      `The NER model is missing: ${join(modelDir, 'model.onnx')} does not exist. ` +
        'Run `npm run train` to produce it, or pass --no-ner to detect with patterns only.',
    );
  }
  // Imported on demand: the pattern-only path never loads onnxruntime.
  const { createNerRecognizer } = await import('./ner/index.js');
  // An undefined threshold leaves the model's own calibrated one (labels.json) in force.
  return createNerRecognizer({
    modelDir,
    threshold: opts.threshold,
    ...(opts.threads ? { threads: opts.threads } : {}),
  });
}
