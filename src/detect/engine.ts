/**
 * The detection engine: runs the registered recognizers for the requested types on a text. It
 * orchestrates only — how a type is found lives in its recognizer, which detections count lives
 * in the DetectionPolicy, how conflicts are settled lives in src/merge.
 */
import { FALLBACK_MODEL_THRESHOLD, type DetectionPolicy } from '../domain/detectionPolicy.js';
import { entityTypes, type EntityType } from '../domain/entityTypes.js';
import type { Span } from '../domain/span.js';
import { tablesWithPersonHeader } from '../merge/nameColumns.js';
import { plainSpans, resolveDetections } from '../merge/resolveDetections.js';
import { sheetCandidates } from '../merge/sheetCandidates.js';
import {
  calibratedTypeThresholds,
  loadNerRecognizer,
  type ClosableRecognizer,
} from './nerLoader.js';
import { textTableCells } from './textTables.js';
import { normalisedView, originalRange } from './normalisedView.js';
import { RecognizerRegistry } from './registry.js';
import { registerUserTypes } from './userPatterns.js';
import { userRecognizer } from './userRecognizers.js';
import type { PropagationScope, UserRecognizerConfig } from '../domain/userRecognizers.js';

export interface Detector {
  /**
   * Every recognizer's detections of the requested types, not merged and not filtered by any
   * threshold (the model's down to score 0): what a policy and a review decide about.
   */
  candidates(text: string): Promise<Span[]>;
  /** The detector's own policy: its types, and the model's threshold (calibrated unless given). */
  readonly policy: DetectionPolicy;
  /** Merged, sorted, non-overlapping spans under `policy`. */
  detect(text: string): Promise<Span[]>;
  /**
   * As `detect`, without the model: validated patterns and the user's recognizers only (what a
   * redacted copy's raw parts are read with: markup is not prose).
   */
  detectPatterns(text: string): Promise<Span[]>;
  close?(): Promise<void>;
}

export interface DetectorOptions {
  types?: readonly EntityType[];
  ner?: boolean;
  /** The policy's model threshold; by default the model's calibrated one from labels.json. */
  nerThreshold?: number;
  /** Folder holding model.onnx; defaults to models/pii-ner in the package. */
  modelDir?: string;
  /** A recognizers file's types (registered here), recognizers and allow-list. */
  userRecognizers?: UserRecognizerConfig;
  /** The policy's propagation scope; `document` by default. */
  propagate?: PropagationScope;
  /** The model's intra-op threads (2 by default): a queue worker is one lane of one core. */
  nerThreads?: number;
}

export async function createDetector(opts: DetectorOptions = {}): Promise<Detector> {
  const user = opts.userRecognizers;
  // Before the type list is read: a file's own types are redacted by default like built-in ones.
  if (user) registerUserTypes(user);
  const types: readonly EntityType[] = opts.types ?? entityTypes.list();
  const registry = new RecognizerRegistry();
  for (const spec of user?.recognizers ?? []) registry.add(userRecognizer(spec));
  let model: ClosableRecognizer | undefined;
  if (opts.ner) {
    // Threshold 0: the model reports every span it decodes, and the policy decides which count.
    model = await loadNerRecognizer({
      threshold: 0,
      modelDir: opts.modelDir,
      ...(opts.nerThreads ? { threads: opts.nerThreads } : {}),
    });
    registry.add(model);
  }
  const recognizers = registry.forTypes(types);
  const typeThresholds = model ? calibratedTypeThresholds(opts.modelDir) : {};
  const policy: DetectionPolicy = {
    types,
    modelThreshold: opts.nerThreshold ?? model?.calibratedThreshold ?? FALLBACK_MODEL_THRESHOLD,
    // The model's per-type thresholds hold only while no threshold is given.
    ...(model && opts.nerThreshold === undefined && Object.keys(typeThresholds).length > 0
      ? { typeThresholds }
      : {}),
    ...(user && user.allow.length > 0 ? { allow: user.allow } : {}),
    propagate: opts.propagate ?? 'document',
  };
  async function candidates(text: string, withModel = true): Promise<Span[]> {
    // Patterns read the text as a reader sees it (invisible characters out, look-alike spaces
    // and dashes unified), their spans mapped back to the original, whole. The model reads the
    // original: it learnt from text as documents print it, dashes and all, and its measured
    // quality is on that text.
    const view = normalisedView(text);
    const found = await Promise.all(
      recognizers
        .filter((r) => withModel || r !== model)
        .map(async (r) => {
          if (!view || r === model) return r.analyze(text);
          return (await r.analyze(view.text)).map((s) => {
            const { start, end } = originalRange(view, s.start, s.end);
            return { ...s, start, end, text: text.slice(start, end) };
          });
        }),
    );
    const spans = found
      .flat()
      .filter((s) => types.includes(s.type))
      .map((s) => withTrailingMarks(text, s));
    // A text's tables with a person's header are read as a sheet's are: a model span over a
    // block of their cells is cut at the cells, and a column of names the model found one of
    // is filled (sheetCandidates). Other text tables are left to the model: an invoice's "Bill
    // to" and "Ship to" blocks side by side are a table of addresses.
    if (!withModel || !model) return spans;
    return sheetCandidates(text, spans, tablesWithPersonHeader(text, textTableCells(text)));
  }
  return {
    policy,
    candidates: (text) => candidates(text),
    async detect(text: string): Promise<Span[]> {
      return plainSpans(resolveDetections(text, await candidates(text), policy));
    },
    async detectPatterns(text: string): Promise<Span[]> {
      return plainSpans(resolveDetections(text, await candidates(text, false), policy));
    },
    async close(): Promise<void> {
      await model?.close?.();
    },
  };
}

/**
 * A span that ends on a letter carrying combining marks ("2\u0308") takes the marks in: they are
 * drawn over that letter, so a placeholder must replace them with it, and a box must cover it.
 */
function withTrailingMarks(text: string, span: Span): Span {
  let end = span.end;
  while (end < text.length && /\p{M}/u.test(text[end] ?? '')) end++;
  return end === span.end ? span : { ...span, end, text: text.slice(span.start, end) };
}
