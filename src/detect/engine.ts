/**
 * The detection engine: runs the registered recognizers for the requested types on a text,
 * keeps only spans of those types and merges them. It orchestrates only — how a type is found
 * lives in its recognizer, how conflicts are settled lives in mergeSpans.
 */
import { entityTypes, type EntityType } from '../domain/entityTypes.js';
import type { Span } from '../domain/span.js';
import { mergeSpans } from '../merge/mergeSpans.js';
import { loadNerRecognizer, type ClosableRecognizer } from './nerLoader.js';
import { RecognizerRegistry } from './registry.js';

export interface Detector {
  /** Merged, sorted, non-overlapping spans of the requested types. */
  detect(text: string): Promise<Span[]>;
  close?(): Promise<void>;
}

export interface DetectorOptions {
  types?: readonly EntityType[];
  ner?: boolean;
  nerThreshold?: number;
  /** Folder holding model.onnx; defaults to models/pii-ner in the package. */
  modelDir?: string;
}

export async function createDetector(opts: DetectorOptions = {}): Promise<Detector> {
  const types: readonly EntityType[] = opts.types ?? entityTypes.list();
  const registry = new RecognizerRegistry();
  let model: ClosableRecognizer | undefined;
  if (opts.ner) {
    model = await loadNerRecognizer({ threshold: opts.nerThreshold, modelDir: opts.modelDir });
    registry.add(model);
  }
  const recognizers = registry.forTypes(types);
  return {
    async detect(text: string): Promise<Span[]> {
      const found = await Promise.all(recognizers.map((r) => r.analyze(text)));
      const wanted = found.flat().filter((s) => types.includes(s.type));
      return mergeSpans(wanted, text);
    },
    async close(): Promise<void> {
      await model?.close?.();
    },
  };
}
